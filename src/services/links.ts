import Taro from '@tarojs/taro'
import { isH5, TARGET, type Target } from '@/platform/env'
import { currentHost } from '@/platform/host'
import { assignLocation } from '@/platform/web'
import { webViewNavigateTo } from '@/platform/wechatSdk'
import { HOME, h5PathRows, routeByPage, type RouteName } from '@/routes'
import { isAllowedExternalUrl, isAppPath } from '@/utils/externalUrl'
import { parseUrl, withQuery } from '@/utils/url'
import { ALLOW_HTTP_ON_LOOPBACK, externalHosts, productHosts } from './external'
import { routeUrl, type RouteParams } from './navigation'
import { user } from './user'
import { inMiniProgramWebView } from './webView'

/**
 * The link rules (issue 21): every link the app follows goes through openLink.
 * - an app path (`/alfa/...`, `/pages/...`, `/subPkg/pages/...`) and a url of the product's own
 *   host whose path is one of the app's pages (spec section 2: an in-mini-program page) navigate
 *   inside the app, with `ts` (H5 in a mini-program's web-view: the mini-program's page, through
 *   its bridge); so does an article of the product (`/article/<id>`);
 * - an https url on the allow-list opens as a web page: on H5 in the same tab, in a mini-program
 *   in the external-link page's web-view (which only loads the business-domain hosts, the same
 *   list); `auth` adds the user's token, and only on the product's own hosts;
 * - anything else opens the refusal page, which shows the address with a copy button.
 */

export interface LinkOptions {
  /** The page needs the user's login: the token is added (access_token) on the product's own hosts only. */
  auth?: boolean
}

export type LinkPlan =
  /** A page of this app: `url` is what navigation opens (with ts). */
  | { kind: 'app'; url: string; route: RouteName }
  /** An allowed web page: `url` is what is loaded (with the token when it was asked for and may be given). */
  | { kind: 'web'; url: string }
  /** Not opened: `url` is the address as given, for the refusal page. */
  | { kind: 'refused'; url: string }

/** What the rules depend on; the current build's and user's by default (tests pass their own). */
export interface LinkRules {
  target: Target
  /** The product's own hosts (subdomains included): in-app urls, and the only ones given the token. */
  productHosts: readonly string[]
  /** Every host a web page may be opened on (the product's and its partners'; subdomains included). */
  allowedHosts: readonly string[]
  /** Plain http on loopback (development only). */
  allowHttp: boolean
  token: string | null
  now: number
}

export function currentLinkRules(): LinkRules {
  return {
    target: TARGET,
    productHosts: productHosts(),
    allowedHosts: externalHosts(),
    allowHttp: ALLOW_HTTP_ON_LOOPBACK,
    token: user.token,
    now: Date.now(),
  }
}

/** The query parameter that carries the token to the product's own pages (spec section 5). */
export const TOKEN_PARAM = 'access_token'

/** Where the product publishes an article: `/article/<articleId>` (the seed's and the content pages'). */
const ARTICLE_PATH = /^\/article\/([^/]+)$/

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s)
  } catch {
    return s
  }
}

/** The `:name` parameters of `path` under `pattern` (plain segments only), or null when it does not match. */
function matchPath(pattern: string, path: string): RouteParams | null {
  const want = pattern.split('/')
  const got = path.split('/')
  if (want.length !== got.length) return null
  const params: RouteParams = {}
  for (let i = 0; i < want.length; i++) {
    if (want[i].startsWith(':')) {
      if (!got[i]) return null
      params[want[i].slice(1)] = safeDecode(got[i])
    } else if (want[i] !== got[i]) return null
  }
  return params
}

let pathRows: Array<[pattern: string, route: RouteName]> | null = null

/** The browser paths of every screen, exact ones first; the H5 catch-all (`/:rest(.*)`) is not-found, not a match. */
function screenPaths(): Array<[string, RouteName]> {
  pathRows ??= h5PathRows().flatMap(([pattern, page]): Array<[string, RouteName]> => {
    const route = routeByPage(page)
    return route && !pattern.includes('(') ? [[pattern, route]] : []
  })
  return pathRows
}

/** The screen an app path names, with its path parameters; null when no screen has it. */
export function screenOfPath(pathname: string): { route: RouteName; params: RouteParams } | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  if (path === '/') return { route: HOME, params: {} }
  const article = ARTICLE_PATH.exec(path)
  if (article) return { route: 'article', params: { articleId: safeDecode(article[1]) } }
  for (const [pattern, route] of screenPaths()) {
    const params = matchPath(pattern, path)
    if (params) return { route, params }
  }
  return null
}

/** The in-app url of an app path with its query (ts replaced); the not-found page for an unknown path. */
function appPlan(pathname: string, query: Record<string, string>, rules: LinkRules): LinkPlan {
  const screen = screenOfPath(pathname) ?? { route: 'notFound' as const, params: {} }
  const { ts: _ts, ...rest } = query
  return { kind: 'app', route: screen.route, url: routeUrl(screen.route, { ...rest, ...screen.params }, rules.target, rules.now) }
}

const hostOf = (authority: string) => authority.replace(/:\d+$/, '')
const onHosts = (host: string, hosts: readonly string[]) =>
  hosts.some((h) => {
    const a = h.toLowerCase().replace(/^\./, '')
    return host === a || host.endsWith(`.${a}`)
  })

/** What following `url` does under the link rules (no side effect). */
export function planLink(url: string, { auth = false }: LinkOptions = {}, rules: LinkRules = currentLinkRules()): LinkPlan {
  const given = typeof url === 'string' ? url : ''
  const refused: LinkPlan = { kind: 'refused', url: given }
  const trimmed = given.trim()
  // Control characters, whitespace and backslashes inside let parsers disagree about the host.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point: they are refused
  if (!trimmed || /[\u0000-\u001f\u007f\\\s]/.test(trimmed)) return refused
  if (isAppPath(trimmed)) {
    const { pathname, query } = parseUrl(trimmed)
    return appPlan(pathname, query, rules)
  }
  // Only absolute http(s) urls on the allow-list get further (this refuses javascript:, data:, //host, userinfo…).
  if (!isAllowedExternalUrl(trimmed, rules.allowedHosts, { allowHttp: rules.allowHttp })) return refused
  const { host: authority, pathname, query } = parseUrl(trimmed)
  const own = onHosts(hostOf(authority), rules.productHosts)
  // A page of this app on the product's own host opens inside the app (spec section 2's in-mini-program url).
  if (own && screenOfPath(pathname)) return appPlan(pathname, query, rules)
  if (auth && own && rules.token) return { kind: 'web', url: withQuery(trimmed, { [TOKEN_PARAM]: rules.token }) }
  return { kind: 'web', url: trimmed }
}

/** Whether the product's own hosts hold `url` (the trade web-view opens nothing else). */
export function isProductUrl(url: string, rules: Pick<LinkRules, 'productHosts'> = currentLinkRules()): boolean {
  return onHosts(hostOf(parseUrl(url.trim()).host), rules.productHosts)
}

/**
 * A url parameter as a page receives it: H5 hands it decoded, the mini-programs as sent (encoded);
 * older links encoded it twice. Decoded until it is an address (an app path or scheme:...).
 */
export function urlParam(raw: unknown): string {
  let value = typeof raw === 'string' ? raw.trim() : ''
  for (let i = 0; i < 3 && value && !/^(\/|[a-z][a-z\d+.-]*:)/i.test(value); i++) {
    const next = safeDecode(value)
    if (next === value) break
    value = next.trim()
  }
  return value
}

/**
 * An app page from H5 inside a mini-program's web-view: the mini-program opens its own page
 * through the web-view bridge (the app is the mini-program there); H5 navigates when the bridge is missing.
 */
function openAppPage(plan: Extract<LinkPlan, { kind: 'app' }>, url: string, options: LinkOptions): void {
  if (!inMiniProgramWebView()) return void Taro.navigateTo({ url: plan.url })
  const page = planLink(url, options, { ...currentLinkRules(), target: 'weapp' })
  void webViewNavigateTo(page.url, currentHost().baidu).then((opened) => {
    if (!opened) void Taro.navigateTo({ url: plan.url })
  })
}

/**
 * Follows a link under the rules: navigates inside the app, opens an allowed web page (H5: this
 * tab; mini-programs: the web-view page, `webview` with auth, else `externalLink`), or opens the
 * refusal page. Never leaves for an address off the allow-list.
 */
export function openLink(url: string | null | undefined, options: LinkOptions = {}): LinkPlan {
  const plan = planLink(url ?? '', options)
  if (plan.kind === 'app') openAppPage(plan, url ?? '', options)
  else if (plan.kind === 'web' && isH5) assignLocation(plan.url)
  else {
    // The page checks the address again and shows the web-view or the refusal; the token is added there.
    const page: RouteName = plan.kind === 'web' && options.auth ? 'webview' : 'externalLink'
    void Taro.navigateTo({ url: routeUrl(page, { url: url ?? '', auth: options.auth ? 1 : undefined }) })
  }
  return plan
}
