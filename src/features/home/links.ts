import { routeNames, routes, type RouteName } from '@/routes'
import { canOpenExternal, openExternal } from '@/services/external'
import { navigateTo } from '@/services/navigation'
import { tracker } from '@/services/tracking'
import { isAppPath } from '@/utils/externalUrl'
import { isMiniProgramPageUrl, parseUrl } from '@/utils/url'

/** The product's host: a url on it whose path is a page is an in-mini-program url (spec section 2). */
const PRODUCT_HOST = process.env.ALFA_PRODUCT_HOST || 'localhost'

export interface RouteTarget {
  name: RouteName
  params: Record<string, string>
}

/** Whether a route pattern ('/alfa/fund/:fundCode') matches a path; fills `params` from its `:name` segments. */
function matches(pattern: string, segments: string[], params: Record<string, string>): boolean {
  const parts = pattern.split('/')
  if (parts.length !== segments.length) return false
  return parts.every((p, i) => (p.startsWith(':') ? !!(params[p.slice(1)] = segments[i]) : p === segments[i]))
}

/**
 * The screen an address inside the app opens: an app path ('/alfa/fund/000001', '/pages/diagnosis/index?x=1')
 * or an in-mini-program url, matched against the route table's browser and page paths (exact paths
 * before `:param` ones, as the H5 router tries them); null for anything else.
 */
export function routeOf(url: string): RouteTarget | null {
  if (!isAppPath(url) && !isMiniProgramPageUrl(url, PRODUCT_HOST)) return null
  const { pathname, query } = parseUrl(url)
  const segments = pathname.split('/').map((s) => {
    try {
      return decodeURIComponent(s)
    } catch {
      return s
    }
  })
  for (const withParams of [false, true])
    for (const name of routeNames) {
      if (name === 'notFound') continue
      for (const pattern of [...routes[name].h5, `/${routes[name].page}`]) {
        const params: Record<string, string> = {}
        if (pattern.includes(':') === withParams && matches(pattern, segments, params)) return { name, params: { ...query, ...params } }
      }
    }
  return null
}

/** Whether a tap on `url` opens something: a screen of the app, or an external page on the allow-list. */
export function canOpen(url: string | null | undefined): url is string {
  return !!url && (routeOf(url) !== null || canOpenExternal(url))
}

/**
 * Opens a link of the home page's configured content (ads, widgets, the notice): app paths and
 * in-mini-program urls as screens of the app, anything else through the external-page allow-list
 * (services/external.ts; services/links.ts's openLink takes this over). Returns whether it opened.
 */
export function openHomeLink(url: string | null | undefined): boolean {
  if (!url) return false
  const target = routeOf(url)
  if (target) {
    void navigateTo(target.name, target.params)
    return true
  }
  return openExternal(url)
}

/** Reports a tap on configured content with its trackProperties (spec section 3) and what was tapped. */
export function reportTap(
  event: 'ad_click' | 'widget_click' | 'notice_click',
  trackProperties: unknown,
  properties: Record<string, unknown>,
) {
  const own = trackProperties && typeof trackProperties === 'object' && !Array.isArray(trackProperties) ? trackProperties : {}
  tracker.track(event, { ...own, ...properties })
}
