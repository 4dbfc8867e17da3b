import { h5CustomRoutes, pathParams, routeNames, routes, type RouteName } from '../../../src/routes'

/** The demo data's values for the route table's path parameters (server/src/demo: a strategy, a fund, its manager, a suggestion). */
export const SAMPLE_PARAMS: Record<string, string> = {
  poCode: 'ZH015676',
  fundCode: '000001',
  fundManagerId: 'M1001',
  sigId: 'AIP-ZH015676-001',
}

/**
 * The demo data's values for the screens that read their subject from the query rather than a
 * path parameter (the fund, manager and strategy of SAMPLE_PARAMS; server/src/demo: column C100
 * and its first article, course CO200 and its first lesson, the live stream LIVE001 and its first
 * comment, the 预告 LIVE003), and the allowed addresses the web screens open (the demo's partner
 * pages on alfa.example, the product's own host for the trade page). The route walks open each
 * screen with them (pageVisits).
 */
export const SAMPLE_QUERIES: Partial<Record<RouteName, Record<string, string>>> = {
  fund0008: { fundCode: SAMPLE_PARAMS.fundCode },
  fundArchives0008: { fundCode: SAMPLE_PARAMS.fundCode },
  valuationDetail: { fundCode: SAMPLE_PARAMS.fundCode },
  manager0008: { fundManagerId: SAMPLE_PARAMS.fundManagerId },
  tradeModal: { poCode: SAMPLE_PARAMS.poCode },
  columnDetail: { columnId: 'C100' },
  article: { articleId: 'A10000' },
  course: { courseId: 'CO200' },
  video: { courseId: 'CO200', lessonId: 'L200-1' },
  live: { liveId: 'LIVE001' },
  liveAuth: { liveId: 'LIVE003' },
  commentDetail: { commentId: '1' },
  fundDiagnosis: { fundCode: SAMPLE_PARAMS.fundCode },
  aipCalculator: { fundCode: SAMPLE_PARAMS.fundCode },
  appOpen: { path: '/alfa/fund/000001' },
  externalLink: { url: 'https://www.alfa.example/faq/buy' },
  webIframe: { url: 'https://www.alfa.example/notice' },
  webview: { url: 'https://community.alfa.example/po/ZH015676' },
  tradeWebview: { url: 'https://localhost/trade/buy?poCode=ZH015676' },
}

/** Routes whose sample query opens a page outside the app (the browser walk leaves those to links.test.ts). */
export const WEB_ROUTES: readonly RouteName[] = ['externalLink', 'webIframe', 'webview', 'tradeWebview']

/** The `ts` that navigation appends (a fixed one, so runs are comparable). */
export const TS = '1763769600000'

export interface RouteVisit {
  route: RouteName
  title: string
  /** Path and query to open. */
  url: string
  /** Why this url is opened (canonical H5 path, alias, mini-program page path, spec example). */
  kind: 'canonical' | 'alias' | 'page path' | 'spec example' | 'sample query'
}

const fill = (pattern: string, params: Record<string, string>) =>
  pattern.replace(/:([A-Za-z]\w*)/g, (_, p: string) => {
    const v = params[p]
    if (v === undefined) throw new Error(`no sample value for :${p} in ${pattern}`)
    return encodeURIComponent(v)
  })

const withQuery = (path: string, query: Record<string, string>) => {
  const qs = new URLSearchParams(query).toString()
  return qs ? `${path}?${qs}` : path
}

/** True for the H5 catch-all (`/:rest(.*)`), which is the 404 page and opened separately. */
const isCatchAll = (p: string) => p.includes('(.*)')

/**
 * Every url of the route table: each screen's canonical browser path as navigateTo builds it
 * (params filled in, `ts` appended), and every other path the H5 router accepts for it (the
 * mini-program page path with the parameters in the query).
 */
export function routeVisits(): RouteVisit[] {
  const aliases = h5CustomRoutes()
  const out: RouteVisit[] = []
  for (const route of routeNames) {
    const entry = routes[route]
    if (entry.h5.some(isCatchAll)) continue
    const names = pathParams(route)
    const params = Object.fromEntries(names.map((n) => [n, SAMPLE_PARAMS[n]]))
    const canonical = entry.h5[0]
    out.push({ route, title: entry.title, kind: 'canonical', url: withQuery(fill(canonical, params), { ts: TS }) })
    for (const path of aliases[`/${entry.page}`] ?? []) {
      if (path === canonical || isCatchAll(path)) continue
      if (path.includes(':')) {
        out.push({ route, title: entry.title, kind: 'alias', url: fill(path, params) })
      } else if (/^\/(pages|subPkg\/pages)\//.test(path)) {
        // A mini-program page path: path parameters travel in the query.
        out.push({ route, title: entry.title, kind: 'page path', url: withQuery(path, params) })
      } else {
        out.push({ route, title: entry.title, kind: 'alias', url: path })
      }
    }
  }
  return out
}

export interface PageVisit {
  route: RouteName
  title: string
  /** Mini-program page path (no leading slash). */
  page: string
  /** The page's query: its path parameters (SAMPLE_PARAMS) and its SAMPLE_QUERIES. */
  query: Record<string, string>
}

/**
 * Every page of the route table once, as a mini-program opens it: the page path with its path
 * parameters and sample query values in the query (the simulator's route walk).
 */
export function pageVisits(): PageVisit[] {
  return routeNames.map((route) => {
    const params = Object.fromEntries(pathParams(route).map((n) => [n, SAMPLE_PARAMS[n]]))
    return { route, title: routes[route].title, page: routes[route].page, query: { ...params, ...SAMPLE_QUERIES[route] } }
  })
}

/**
 * The browser visits of the screens with a SAMPLE_QUERIES subject in the app (content, course, live,
 * diagnosis, open-in-app): their own path with that query, so the walk sees them with the demo's data.
 */
export function sampleQueryVisits(): RouteVisit[] {
  return pageVisits()
    .filter((p) => SAMPLE_QUERIES[p.route] && !WEB_ROUTES.includes(p.route) && !pathParams(p.route).length)
    .map((p) => ({ route: p.route, title: p.title, kind: 'sample query', url: withQuery(`/${p.page}`, p.query) }))
}

/** The browser paths the spec (section 2) and issue 2 name as examples. */
export function specExamples(): RouteVisit[] {
  const v = (route: RouteName, url: string): RouteVisit => ({ route, title: routes[route].title, kind: 'spec example', url })
  return [
    v('portfolioDetail', '/alfa/portfolio/ZH015676/detail'),
    v('portfolioDetail', '/alfa/portfolio/ZH015677/detail'),
    v('portfolioEntry', '/alfa/portfolio/ZH015676'),
    v('portfolioAipDetail', '/alfa/portfolio/ZH015676/aip-detail/1'),
    v('fundArchives', '/alfa/fund/achieves/000001?tabIndex=2'),
    v('fundArchives', '/alfa/fund/achieves/000001'),
    v('fundArchives', '/pages/fundArchives/index?fundCode=000001&tabIndex=2'),
    v('manager', '/alfa/fund/manager/30001'),
    v('fund', '/pages/fund/index?fundCode=000001'),
    v('fundEntry', '/alfa/fund/000001'),
    v('fund', '/alfa/fund/000001/detail'),
    v('fundIntro', '/alfa/fund/intro/000001'),
    v('fundNav', '/alfa/fund/nav/000001'),
    v('stockMarket', '/pages/stock_market/index'),
    v('login', `/user/signup?back=${encodeURIComponent('http://localhost/alfa/portfolio/ZH015676/detail')}`),
    v('columnDetail', '/subPkg/pages/columnDetail/index?columnId=1'),
    v('webview', `/pages/webview/index?url=${encodeURIComponent('https://example.com/a?b=1')}&auth=1`),
  ]
}

/** Addresses no route answers: the app's 404 page. */
export const UNKNOWN_PATHS = [
  '/no/such/page',
  '/alfa/portfolio/ZH015676/no-such-screen',
  '/pages/nosuch/index',
  '/alfa/fund/000001/detail/extra',
]

export const NOT_FOUND_TITLE = routes.notFound.title
export const HOME_PATH = routes.home.h5[0]
export { routes }
