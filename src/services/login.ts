import Taro from '@tarojs/taro'
import { TARGET, type Target } from '@/platform/env'
import { currentHost, type HostInfo } from '@/platform/host'
import { assignLocation, currentLocation, replaceLocation } from '@/platform/web'
import { HOME, routes } from '@/routes'
import type { ExpiringStorage } from '@/utils/expiringStorage'
import { isMainHost } from './brand'
import { nativeLogin } from './bridge'
import { goBackOrHome, routeUrl } from './navigation'
import { expiringStorage } from './storage'
import { toast, TOAST_LONG_DURATION } from './toast'
import { user } from './user'
import { openNativeLogin } from './webView'

export const LOGIN_PROMPT = '请先进行登录'
/** The native app's login deep link (spec section 2). */
export const NATIVE_LOGIN_DEEPLINK = '/n/user/login'
export const SIGNUP_PATH = '/user/signup'

/**
 * How login starts in this context (spec section 8): the bridge in the provider's app, the deep
 * link in another app's web view (a mini-program's), the mini-program's own login page in a
 * mini-program build, the signup page with a back address on main hosts, else a prompt.
 */
export type LoginRoute = 'bridge' | 'deeplink' | 'page' | 'signup' | 'prompt'

export interface LoginContext {
  target: Target
  host: HostInfo
  hostname: string
}

export function loginRouteFor({ target, host, hostname }: LoginContext): LoginRoute {
  if (target !== 'h5') return 'page'
  if (host.kinds.includes('app')) return 'bridge'
  if (host.kinds.includes('miniProgram')) return 'deeplink'
  if (isMainHost(hostname)) return 'signup'
  return 'prompt'
}

/** /user/signup?back={encoded current address}. */
export function signupUrl(back: string): string {
  return `${SIGNUP_PATH}?back=${encodeURIComponent(back)}`
}

let pending: Promise<LoginRoute> | null = null

/** Starts the login flow once at a time (several failing requests start it once). */
export function startLogin(context: LoginContext = currentLoginContext()): Promise<LoginRoute> {
  if (pending) return pending
  pending = runLogin(context).finally(() => {
    pending = null
  })
  return pending
}

export function currentLoginContext(): LoginContext {
  return { target: TARGET, host: currentHost(), hostname: currentLocation()?.hostname ?? '' }
}

async function runLogin(context: LoginContext): Promise<LoginRoute> {
  const route = loginRouteFor(context)
  switch (route) {
    case 'bridge':
      try {
        user.login(await nativeLogin())
      } catch (err) {
        console.warn('native login failed', err)
      }
      break
    case 'deeplink':
      await openNativeLogin()
      break
    case 'page':
      await Taro.navigateTo({ url: routeUrl('login') }).catch((err: unknown) => console.warn('login page failed', err))
      break
    case 'signup':
      assignLocation(signupUrl(currentLocation()?.href ?? '/'))
      break
    case 'prompt':
      toast.open(LOGIN_PROMPT, { duration: TOAST_LONG_DURATION, noIcon: true })
      break
  }
  return route
}

/** Where a login lands when it has no (acceptable) back address: the home page. */
export const DEFAULT_BACK = `/${routes[HOME].page}`

/**
 * The back address of /user/signup?back= as a path on this origin, or null when it must be
 * refused: only a relative path ("/a?b") or an absolute url of `origin` itself. Protocol-relative
 * ("//evil"), backslash tricks ("/\evil"), other schemes (javascript:, data:) and control
 * characters are refused, and so is the login page itself (it would loop).
 */
export function safeBackPath(back: string | null | undefined, origin: string): string | null {
  if (!back) return null
  const raw = back.trim()
  // Browsers strip tabs and newlines inside urls and read "\" as "/": refuse them rather than guess.
  // eslint-disable-next-line no-control-regex -- control characters are what it refuses
  if (!raw || /[\u0000-\u001f\u007f\\]/.test(raw)) return null
  let path: string
  if (raw.startsWith('/')) {
    if (raw.startsWith('//')) return null
    path = raw
  } else {
    let url: URL
    let own: URL
    try {
      url = new URL(raw)
      own = new URL(origin)
    } catch {
      return null
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== own.origin || url.username || url.password) return null
    path = `${url.pathname}${url.search}${url.hash}`
  }
  const pathname = path.split(/[?#]/)[0]
  if (routes.login.h5.some((p) => pathname === p)) return null
  return path
}

/** The address to land on after login: the safe back address, else the home page. */
export function landingPath(back: string | null | undefined, origin: string): string {
  return safeBackPath(back, origin) ?? DEFAULT_BACK
}

/**
 * An action that needed login (a pick, a follow, a comment), remembered across the login page —
 * on H5 across full page loads — so that the screen that asked can finish it after the return.
 */
export interface PendingAction {
  kind: 'pick' | 'follow' | 'comment'
  /** What the action is about: the fund codes of a pick, the poCode of a follow, … */
  target: string
}

export const PENDING_ACTION_KEY = 'pending_login_action'
/** A login abandoned for longer than this forgets its action. */
export const PENDING_ACTION_TTL_MS = 10 * 60_000

/** Remembers the action to finish after login (one at a time: the latest wins). */
export function rememberPendingAction(action: PendingAction, storage: ExpiringStorage = expiringStorage): void {
  storage.set(PENDING_ACTION_KEY, action, PENDING_ACTION_TTL_MS)
}

/** True, once, when the remembered action is this one (it is forgotten then); false otherwise. */
export function takePendingAction(action: PendingAction, storage: ExpiringStorage = expiringStorage): boolean {
  const stored = storage.get<PendingAction>(PENDING_ACTION_KEY)
  if (!stored || stored.kind !== action.kind || stored.target !== action.target) return false
  storage.remove(PENDING_ACTION_KEY)
  return true
}

export function forgetPendingAction(storage: ExpiringStorage = expiringStorage): void {
  storage.remove(PENDING_ACTION_KEY)
}

/** The back= parameter of the login page: read from the address bar on H5 (decoded once), else the page's query. */
export function backParam(queryBack?: string | null): string | null {
  const location = currentLocation()
  if (location) return new URLSearchParams(location.search).get('back')
  return queryBack ?? null
}

/**
 * After a login: on H5 the user lands on the (checked) back address — replacing the login page in
 * the history — or the home page; in a mini-program the page that asked is still below: go back.
 */
export function leaveLogin(back: string | null): void {
  const location = currentLocation()
  if (location) {
    replaceLocation(landingPath(back, new URL(location.href).origin))
    return
  }
  goBackOrHome()
}
