import Taro from '@tarojs/taro'
import { TARGET, type Target } from '@/platform/env'
import { HOME, pathParams, routes, type RouteName } from '@/routes'
import { isNativeApp } from '@/platform/host'
import { currentLocation } from '@/platform/web'
import { stringifyQuery, withTimestamp, type QueryValue } from '@/utils/url'
import { callNative } from './bridge'
import { tracker } from './tracking'

export type RouteParams = Record<string, QueryValue>

/**
 * The url of a screen for a target: on H5 the spec's browser path with its `:params` filled
 * in, elsewhere the mini-program page with every parameter in the query. Always ends with `ts`.
 */
export function routeUrl(name: RouteName, params: RouteParams = {}, target: Target = TARGET, now: number = Date.now()): string {
  const entry = routes[name]
  const query: RouteParams = { ...params }
  let path = `/${entry.page}`
  if (target === 'h5') {
    const names = pathParams(name)
    // A path parameter that is missing keeps the page reachable through its own path.
    if (names.every((p) => query[p] !== undefined && query[p] !== null && query[p] !== '')) {
      path = entry.h5[0].replace(/:([A-Za-z]\w*)/g, (_, p: string) => {
        const value = encodeURIComponent(String(query[p]))
        delete query[p]
        return value
      })
    }
  }
  const search = stringifyQuery(query)
  return withTimestamp(search ? `${path}?${search}` : path, now)
}

/**
 * The moves below are what taps do, so they return nothing: a move the host refuses (a full page
 * stack, a page that is not there) is logged here instead of rejecting unhandled.
 */
function reportFailure(move: Promise<unknown>, what: string): void {
  move.catch((err: unknown) => console.warn(`${what} failed`, err))
}

export function navigateTo(name: RouteName, params?: RouteParams): void {
  reportFailure(Taro.navigateTo({ url: routeUrl(name, params) }), 'navigateTo')
}

export function redirectTo(name: RouteName, params?: RouteParams): void {
  reportFailure(Taro.redirectTo({ url: routeUrl(name, params) }), 'redirectTo')
}

export function goHome(): void {
  reportFailure(Taro.reLaunch({ url: routeUrl(HOME) }), 'reLaunch')
}

/** Pages in the stack; 1 when the host cannot tell (the H5 router before it starts). */
export function pageStackDepth(): number {
  try {
    return Taro.getCurrentPages().length
  } catch {
    return 1
  }
}

/** Back when there is a page to go back to, home otherwise (deep links open with no history). */
export function goBackOrHome(): void {
  if (pageStackDepth() > 1) reportFailure(Taro.navigateBack(), 'navigateBack')
  else goHome()
}

/** The default share path: the home page of the mini-program (spec section 2). */
export const DEFAULT_SHARE_PATH = `/${routes[HOME].page}`

/** After going back in the native app, the web view closes if the page is still there (spec section 9). */
export const CLOSE_NATIVE_PAGE_DELAY_MS = 60
export const CLOSE_NATIVE_PAGE_CALL = 'closePage'

/**
 * Back: the back event is tracked; in the native app the page goes back and, when nothing was
 * left to go back to, the app's page closes after 60 ms; elsewhere back or home.
 */
export function goBack(): void {
  tracker.back()
  if (TARGET === 'h5' && isNativeApp()) {
    const before = currentLocation()?.href
    if (Taro.getCurrentPages().length > 1) void Taro.navigateBack().catch(() => undefined)
    setTimeout(() => {
      if (currentLocation()?.href === before)
        void callNative(CLOSE_NATIVE_PAGE_CALL).catch((err: unknown) => console.warn('closePage failed', err))
    }, CLOSE_NATIVE_PAGE_DELAY_MS)
    return
  }
  goBackOrHome()
}
