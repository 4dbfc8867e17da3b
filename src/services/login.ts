import Taro from '@tarojs/taro'
import { TARGET, type Target } from '@/platform/env'
import { currentHost, type HostInfo } from '@/platform/host'
import { assignLocation, currentLocation } from '@/platform/web'
import { isMainHost } from './brand'
import { nativeLogin } from './bridge'
import { routeUrl } from './navigation'
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
