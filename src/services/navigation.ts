import Taro from '@tarojs/taro'
import { TARGET, type Target } from '@/platform/env'
import { HOME, pathParams, routes, type RouteName } from '@/routes'
import { stringifyQuery, withTimestamp, type QueryValue } from '@/utils/url'

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

export function navigateTo(name: RouteName, params?: RouteParams) {
  return Taro.navigateTo({ url: routeUrl(name, params) })
}

export function redirectTo(name: RouteName, params?: RouteParams) {
  return Taro.redirectTo({ url: routeUrl(name, params) })
}

export function goHome() {
  return Taro.reLaunch({ url: routeUrl(HOME) })
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
export function goBackOrHome() {
  if (pageStackDepth() > 1) return Taro.navigateBack()
  return goHome()
}

/** The default share path: the home page of the mini-program (spec section 2). */
export const DEFAULT_SHARE_PATH = `/${routes[HOME].page}`
