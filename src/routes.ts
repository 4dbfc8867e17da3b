/**
 * The one route table: every screen of spec section 2.
 *
 * app.config.ts, the H5 router aliases, the navigation helpers, the share paths and the route
 * tests are all derived from this list, so a route is added here and nowhere else.
 * Mini-programs have no path parameters: there the `:name` segments of an H5 path travel as
 * query parameters of the mini-program page.
 */

export interface PageOptions {
  /** Sharing to chat is enabled (default false). */
  share?: boolean
  /** The page draws its own (capsule-aware) navigation bar (default false). */
  customNav?: boolean
  /** Page scroll is disabled (default false). */
  disableScroll?: boolean
  /** Pull-down refresh reloads the screen's data (default false). */
  refresh?: boolean
}

/** The feature folders of src/features, each with an index.ts that page shells import. */
export const FEATURES = [
  'account',
  'aip',
  'alerts',
  'basis',
  'compare',
  'content',
  'course',
  'diagnosis',
  'filter',
  'fund',
  'glossary',
  'home',
  'live',
  'manager',
  'market',
  'portfolio',
  'search',
  'site',
  'watchlist',
  'web',
] as const
export type FeatureName = (typeof FEATURES)[number]

export interface RouteEntry extends PageOptions {
  /**
   * The feature whose screen this is: its page shell imports `@/features/<feature>` and nothing
   * else of src/features (test/unit/layers.test.ts). Absent on app screens (not found)
   * and on placeholders until their screen is built; scripts/scaffold-pages.mjs writes the import.
   */
  feature?: FeatureName
  /** Mini-program page path without the leading slash: `pages/...` or `subPkg/pages/...`. */
  page: string
  /**
   * A `pages/...` screen that is its own subpackage rooted at its folder: its path stays
   * `/pages/.../index` while its code (F2 charts, feature screens) stays out of the main
   * package (450 KB budget). The main package keeps the home page and light pages.
   */
  ownPackage?: boolean
  /** H5 browser paths; the first is canonical. `:name` marks a path parameter. */
  h5: readonly string[]
  /** Chinese screen title. */
  title: string
}

export const SUBPACKAGE_ROOT = 'subPkg'

const main = (name: string) => `pages/${name}/index`
const sub = (name: string) => `${SUBPACKAGE_ROOT}/pages/${name}/index`
const po = (name: string) => sub(`portfolio/${name}`)
/** H5 path of a page that has no browser path in the spec: its mini-program path. */
const own = (page: string) => [`/${page}`]

export const routes = {
  // ---- Main package ("Other pages" of spec section 2) ----
  home: {
    feature: 'home',
    refresh: true,
    page: main('home'),
    h5: own(main('home')),
    title: 'Alfa 基金',
    // spec screen: home
    share: true,
    customNav: true,
  },
  product: {
    feature: 'portfolio',
    ownPackage: true,
    page: main('product'),
    h5: own(main('product')),
    title: '策略',
    // spec screen: product
    share: true,
  },
  favourites: {
    feature: 'watchlist',
    ownPackage: true,
    refresh: true,
    page: main('favourites'),
    h5: own(main('favourites')),
    title: '我的自选',
    // spec screen: favourites (My Watchlist)
  },
  fund: {
    feature: 'fund',
    refresh: true,
    ownPackage: true,
    page: main('fund'),
    h5: ['/alfa/fund/:fundCode/detail', '/pages/fund/index'],
    title: '基金详情',
    // spec screen: fund detail
    share: true,
  },
  manager: {
    feature: 'manager',
    refresh: true,
    ownPackage: true,
    page: main('manager'),
    h5: ['/alfa/fund/manager/:fundManagerId', '/pages/manager/index'],
    title: '基金经理',
    // spec screen: fund manager profile
    share: true,
  },
  stockMarket: {
    feature: 'market',
    refresh: true,
    ownPackage: true,
    page: main('stock_market'),
    h5: own(main('stock_market')),
    title: '市场行情',
    // spec screen: stock market (market quotes)
    share: true,
  },
  fundArchives: {
    feature: 'fund',
    refresh: true,
    ownPackage: true,
    page: main('fundArchives'),
    h5: ['/alfa/fund/achieves/:fundCode', '/pages/fundArchives/index'],
    title: '基金业绩',
    // spec screen: fund achievements
    share: true,
  },
  filterDetail: {
    feature: 'filter',
    ownPackage: true,
    page: main('filterDetail'),
    h5: own(main('filterDetail')),
    title: '筛选条件',
    // spec screen: filter detail
  },
  filterResult: {
    feature: 'filter',
    ownPackage: true,
    refresh: true,
    page: main('filterResult'),
    h5: own(main('filterResult')),
    title: '筛选结果',
    // spec screen: filter result (My Filter)
  },
  favouritesManage: {
    feature: 'watchlist',
    ownPackage: true,
    page: main('favouritesManage'),
    h5: own(main('favouritesManage')),
    title: '管理自选',
    // spec screen: favourites manage
  },
  stockFilter: {
    feature: 'filter',
    ownPackage: true,
    refresh: true,
    page: main('stockFilter'),
    h5: own(main('stockFilter')),
    title: '选基结果',
    // spec screen: stock filter (filter results)
  },
  tradeModal: {
    feature: 'portfolio',
    ownPackage: true,
    page: main('tradeModal'),
    h5: own(main('tradeModal')),
    title: '交易须知',
    // spec screen: trade modal (Notice)
  },
  appDownload: {
    feature: 'site',
    ownPackage: true,
    page: main('appDownload'),
    h5: own(main('appDownload')),
    title: '下载App',
    // spec screen: app download
  },
  appOpen: {
    feature: 'site',
    ownPackage: true,
    page: main('appOpen'),
    h5: own(main('appOpen')),
    title: '打开App',
    // spec screen: app download (open in app)
  },
  appDownloadGuide: {
    feature: 'site',
    ownPackage: true,
    page: main('appDownloadGuide'),
    h5: own(main('appDownloadGuide')),
    title: '下载指引',
    // spec screen: app download (guide)
  },
  wallet: {
    feature: 'site',
    ownPackage: true,
    page: main('wallet'),
    h5: own(main('wallet')),
    title: '我的钱包',
    // spec screen: wallet
  },
  diagnosis: {
    feature: 'diagnosis',
    ownPackage: true,
    page: main('diagnosis'),
    h5: own(main('diagnosis')),
    title: '基金诊断',
    // spec screen: diagnosis (fund diagnosis)
    share: true,
  },
  valuationDetail: {
    feature: 'fund',
    refresh: true,
    ownPackage: true,
    page: main('valuationDetail'),
    h5: own(main('valuationDetail')),
    title: '估值详情',
    // spec screen: valuation detail
  },
  site: {
    feature: 'site',
    ownPackage: true,
    page: main('site'),
    h5: own(main('site')),
    title: '关于我们',
    // spec screen: site
  },
  downloading: {
    feature: 'site',
    ownPackage: true,
    page: main('downloading'),
    h5: own(main('downloading')),
    title: '正在下载',
    // spec screen: downloading
  },
  back: {
    feature: 'site',
    ownPackage: true,
    page: main('back'),
    h5: own(main('back')),
    title: '返回',
    // spec screen: back
  },
  fund0008: {
    feature: 'fund',
    refresh: true,
    ownPackage: true,
    page: main('fund0008'),
    h5: own(main('fund0008')),
    title: '基金详情',
    // spec screen: fund (0008 variant)
    share: true,
  },
  fundArchives0008: {
    feature: 'fund',
    refresh: true,
    ownPackage: true,
    page: main('fundArchives0008'),
    h5: own(main('fundArchives0008')),
    title: '基金业绩',
    // spec screen: achievements (0008 variant)
    share: true,
  },
  manager0008: {
    feature: 'manager',
    refresh: true,
    ownPackage: true,
    page: main('manager0008'),
    h5: own(main('manager0008')),
    title: '基金经理',
    // spec screen: manager (0008 variant)
    share: true,
  },
  webview: {
    feature: 'web',
    ownPackage: true,
    page: main('webview'),
    h5: own(main('webview')),
    title: '网页',
    // spec screen: web-view fallback
  },

  // ---- Portfolio routes (subpackage; poCode travels as a query parameter in mini-programs) ----
  // Static paths come before `/alfa/portfolio/:poCode` so that they win on H5.
  portfolioModals: { feature: 'portfolio', page: po('modals'), h5: ['/alfa/portfolio/modals'], title: '策略提示' }, // spec screen: modals
  advisorContent: {
    feature: 'portfolio',
    page: po('advisorContent'),
    h5: ['/alfa/portfolio/advisor-content'],
    title: '投顾内容',
    // spec screen: advisor content
    share: true,
  },
  portfolioEntry: {
    feature: 'portfolio',
    page: po('entry'),
    h5: ['/alfa/portfolio/:poCode', '/alfa/portfolio'],
    title: '策略',
    // spec screen: portfolio entry
    share: true,
    customNav: true,
  },
  portfolioDetail: {
    feature: 'portfolio',
    page: po('detail'),
    h5: ['/alfa/portfolio/:poCode/detail'],
    title: '策略详情',
    // spec screen: Strategy details
    share: true,
    customNav: true,
  },
  portfolioSignal: {
    feature: 'portfolio',
    page: po('signal'),
    h5: ['/alfa/portfolio/:poCode/signal'],
    title: '发车记录',
    // spec screen: Departure (signal) records
    share: true,
  },
  portfolioAdjustment: {
    feature: 'portfolio',
    page: po('adjustment'),
    h5: ['/alfa/portfolio/:poCode/adjustment'],
    title: '调仓记录',
    // spec screen: Adjustment records
    share: true,
  },
  portfolioInformation: {
    feature: 'portfolio',
    page: po('information'),
    h5: ['/alfa/portfolio/:poCode/information'],
    title: '策略信息',
    // spec screen: Strategy information
    share: true,
  },
  portfolioAdvisor: {
    feature: 'portfolio',
    page: po('advisor'),
    h5: ['/alfa/portfolio/:poCode/advisor'],
    title: '投顾服务',
    // spec screen: Advisory service
    share: true,
  },
  portfolioIntro: {
    feature: 'portfolio',
    page: po('intro'),
    h5: ['/alfa/portfolio/:poCode/index'],
    title: '策略介绍',
    // spec screen: intro page (images)
    share: true,
  },
  portfolioDailyNav: {
    feature: 'portfolio',
    page: po('dailyNav'),
    h5: ['/alfa/portfolio/:poCode/daily-nav'],
    title: '策略走势',
    // spec screen: Strategy movement
    share: true,
  },
  portfolioAipList: {
    feature: 'portfolio',
    page: po('aipList'),
    h5: ['/alfa/portfolio/:poCode/aip-list'],
    title: '定投建议',
    // spec screen: Regular-investment suggestions (list)
    share: true,
  },
  portfolioAipDetail: {
    feature: 'portfolio',
    page: po('aipDetail'),
    h5: ['/alfa/portfolio/:poCode/aip-detail/:sigId'],
    title: '定投建议详情',
    // spec screen: regular-investment suggestion detail
    share: true,
  },
  // Portfolio screens the spec implies.
  portfolioAnalysis: {
    feature: 'portfolio',
    page: po('analysis'),
    h5: ['/alfa/portfolio/:poCode/analysis'],
    title: '策略分析',
    // spec screen: analysis page
    share: true,
  },
  portfolioComposition: {
    feature: 'portfolio',
    page: po('composition'),
    h5: ['/alfa/portfolio/:poCode/composition'],
    title: '基金组成',
    // spec screen: fund composition
    share: true,
  },
  portfolioInvestPool: {
    feature: 'portfolio',
    page: po('investPool'),
    h5: ['/alfa/portfolio/:poCode/invest-pool'],
    title: '基金池',
    // spec screen: fund invest pool
    share: true,
  },
  portfolioTimeline: {
    feature: 'portfolio',
    page: po('timeline'),
    h5: ['/alfa/portfolio/:poCode/timeline'],
    title: '策略动态',
    // spec screen: timeline posts list
    share: true,
  },
  portfolioFaq: { feature: 'portfolio', page: po('faq'), h5: ['/alfa/portfolio/:poCode/faq'], title: '常见问题' }, // spec screen: FAQ links
  portfolioThermometer: {
    feature: 'portfolio',
    page: po('thermometer'),
    h5: ['/alfa/portfolio/:poCode/thermometer'],
    title: '温度计',
    // spec screen: thermometer
    share: true,
  },

  // ---- Fund routes in the subpackage ----
  fundIntro: {
    feature: 'fund',
    refresh: true,
    page: sub('fundIntro'),
    h5: ['/alfa/fund/intro/:fundCode'],
    title: '基金概况',
    // spec screen: fund intro
    share: true,
  },
  fundNav: {
    feature: 'fund',
    refresh: true,
    page: sub('fundNav'),
    h5: ['/alfa/fund/nav/:fundCode'],
    title: '历史业绩',
    // spec screen: Historical performance (fund NAV)
    share: true,
  },
  // 净值提醒 (issue #25): the user's NAV alerts on one fund of their watchlist.
  navAlert: {
    feature: 'alerts',
    page: sub('navAlert'),
    h5: ['/alfa/fund/alert/:fundCode'],
    title: '净值提醒',
  },
  fundCompare: {
    feature: 'compare',
    page: sub('fundCompare'),
    h5: ['/alfa/fund/compare'],
    title: '基金对比',
    // issue #25: fund comparison (codes=000001,110011)
    share: true,
  },
  // 定投计算器 (issue #25): a regular-investment plan of the fund (?fundCode=) over its past NAVs.
  aipCalculator: {
    feature: 'aip',
    page: sub('aipCalculator'),
    h5: ['/alfa/fund/aip-calculator'],
    title: '定投计算器',
    share: true,
  },
  // `/alfa/fund/:fundCode` is last among fund paths: `/alfa/fund/intro/x` must not reach it.
  fundEntry: {
    feature: 'fund',
    refresh: true,
    page: sub('fundEntry'),
    h5: ['/alfa/fund/:fundCode'],
    title: '基金详情',
    // spec screen: fund entry (Fund details)
    share: true,
    customNav: true,
  },

  // ---- Other subpackage pages ----
  search: { feature: 'search', page: sub('search'), h5: own(sub('search')), title: '搜索' }, // spec screen: search
  column: { feature: 'content', refresh: true, page: sub('column'), h5: own(sub('column')), title: '专栏', share: true }, // spec screen: column
  columnDetail: {
    feature: 'content',
    refresh: true,
    page: sub('columnDetail'),
    h5: own(sub('columnDetail')),
    title: '专栏详情',
    // spec screen: column detail
    share: true,
  },
  article: { feature: 'content', page: sub('article'), h5: own(sub('article')), title: '文章', share: true }, // spec screen: article
  tradeWebview: { feature: 'web', page: sub('tradeWebview'), h5: own(sub('tradeWebview')), title: '交易' }, // spec screen: trade webview
  filterManage: { feature: 'filter', page: sub('filterManage'), h5: own(sub('filterManage')), title: '管理筛选' }, // spec screen: filter manage
  filter: { feature: 'filter', page: sub('filter'), h5: own(sub('filter')), title: '基金筛选' }, // spec screen: filter
  myFilter: { feature: 'filter', refresh: true, page: sub('myFilter'), h5: own(sub('myFilter')), title: '我的筛选' }, // spec screen: my filter
  externalLink: { feature: 'web', page: sub('externalLink'), h5: own(sub('externalLink')), title: '外部链接' }, // spec screen: external link
  webIframe: { feature: 'web', page: sub('webIframe'), h5: own(sub('webIframe')), title: '网页浏览' }, // spec screen: web iframe
  // The video page plays a course's lessons (courseId, lessonId); 课程 and 课程详情 lead to it.
  video: { feature: 'course', page: sub('video'), h5: own(sub('video')), title: '视频', share: true }, // spec screen: video page
  courseList: {
    feature: 'course',
    refresh: true,
    page: sub('courseList'),
    h5: own(sub('courseList')),
    title: '课程',
    // spec screen: course list
    share: true,
  },
  course: {
    feature: 'course',
    refresh: true,
    page: sub('course'),
    h5: own(sub('course')),
    title: '课程详情',
    // spec screen: course (lessons)
    share: true,
  },
  // /n/user/login: the native deep link (spec section 2); opened outside the app, it is this page.
  login: {
    feature: 'account',
    page: sub('login'),
    h5: ['/user/signup', `/${sub('login')}`, '/n/user/login'],
    title: '登录',
    // spec screen: login
  },
  followed: {
    feature: 'account',
    refresh: true,
    page: sub('followed'),
    h5: own(sub('followed')),
    title: '我的关注',
    // spec screen: my follows (我的关注)
  },
  // 消息 (issue #25): the user's messages, NAV alerts first among them.
  messages: {
    feature: 'alerts',
    refresh: true,
    page: sub('messages'),
    h5: ['/alfa/user/messages', `/${sub('messages')}`],
    title: '消息',
  },
  productList: {
    feature: 'portfolio',
    page: sub('productList'),
    h5: own(sub('productList')),
    title: '更多策略',
    // spec screen: product list (More strategies)
    share: true,
  },
  fundList: {
    feature: 'market',
    refresh: true,
    page: sub('fundList'),
    h5: own(sub('fundList')),
    title: '更多基金',
    // spec screen: fund list (More funds)
    share: true,
  },
  managerList: {
    feature: 'manager',
    refresh: true,
    page: sub('managerList'),
    h5: own(sub('managerList')),
    title: '更多经理',
    // spec screen: manager list (More managers)
    share: true,
  },
  industryTheme: {
    feature: 'market',
    refresh: true,
    page: sub('industryTheme'),
    h5: own(sub('industryTheme')),
    title: '行业主题',
    // spec screen: industry theme
    share: true,
  },
  fundDiagnosis: {
    feature: 'diagnosis',
    refresh: true,
    page: sub('fundDiagnosis'),
    h5: own(sub('fundDiagnosis')),
    title: '诊断报告',
    // spec screen: fund diagnosis
    share: true,
  },
  fundGlossary: {
    feature: 'glossary',
    page: sub('fundGlossary'),
    h5: own(sub('fundGlossary')),
    title: '基金术语',
    // spec screen: fund glossary (Fund terms)
    share: true,
  },
  live: { feature: 'live', refresh: true, page: sub('live'), h5: own(sub('live')), title: '直播', share: true }, // spec screen: live
  liveAuth: {
    feature: 'live',
    page: sub('liveAuth'),
    h5: own(sub('liveAuth')),
    title: '消息授权',
    // spec screen: live message authorization
  },
  commentDetail: {
    feature: 'live',
    page: sub('commentDetail'),
    h5: own(sub('commentDetail')),
    title: '评论详情',
    // spec screen: comment detail
  },

  // The H5 catch-all: must stay last.
  notFound: { page: main('notFound'), h5: ['/:rest(.*)'], title: '页面不存在' }, // spec screen: Route not found
} as const satisfies Record<string, RouteEntry>

export type RouteName = keyof typeof routes

export const routeNames = Object.keys(routes) as RouteName[]

/** The home page: the first page of the app and the default share path. */
export const HOME: RouteName = 'home'

export const isSubpackagePage = (page: string) => page.startsWith(`${SUBPACKAGE_ROOT}/`)

/** The subpackage root of a screen, or null for the main package. */
export function packageRoot(name: RouteName): string | null {
  const entry: RouteEntry = routes[name]
  if (isSubpackagePage(entry.page)) return SUBPACKAGE_ROOT
  if (entry.ownPackage) return entry.page.slice(0, entry.page.lastIndexOf('/'))
  return null
}

/** The path parameter names of a route, in order (`:poCode`, `:sigId`). */
export function pathParams(name: RouteName): string[] {
  const canonical = routes[name].h5[0]
  return [...canonical.matchAll(/:([A-Za-z]\w*)/g)].map((m) => m[1])
}

/** Pages of the mini-program main package, home first. */
export function mainPackagePages(): string[] {
  return routeNames.filter((n) => packageRoot(n) === null).map((n) => routes[n].page)
}

/** The mini-program subpackages: `subPkg` first, then each chart screen's own. */
export function subpackages(): Array<{ root: string; pages: string[] }> {
  const byRoot = new Map<string, string[]>()
  for (const n of routeNames) {
    const root = packageRoot(n)
    if (root === null) continue
    byRoot.set(root, [...(byRoot.get(root) ?? []), routes[n].page.slice(root.length + 1)])
  }
  return [...byRoot]
    .map(([root, pages]) => ({ root, pages }))
    .sort((a, b) => Number(b.root === SUBPACKAGE_ROOT) - Number(a.root === SUBPACKAGE_ROOT))
}

/**
 * H5 aliases in the shape of Taro's `router.customRoutes`: page path to browser paths, for the
 * screens whose browser path is not their page path (the router routes the others by it).
 */
export function h5CustomRoutes(): Record<string, string[]> {
  const out: Record<string, string[]> = {}
  for (const n of routeNames) {
    const own = `/${routes[n].page}`
    if (routes[n].h5.length === 1 && routes[n].h5[0] === own) continue
    // The page's own path stays routable too, so a mini-program style url also opens it.
    out[own] = [...new Set<string>([...routes[n].h5, own])]
  }
  return out
}

/**
 * Every H5 browser path with its page path, a page's own path included: exact paths before
 * `:param` patterns (the order the router tries them), each path once. The H5 build's
 * route-chunks.json is written from it (config/plugins/route-chunks.ts).
 */
export function h5PathRows(): Array<[string, string]> {
  const rows = routeNames.flatMap((n) => [...routes[n].h5, `/${routes[n].page}`].map((p): [string, string] => [p, routes[n].page]))
  rows.sort((a, b) => Number(a[0].includes(':')) - Number(b[0].includes(':')))
  return rows.filter(([p], i) => rows.findIndex(([q]) => q === p) === i)
}

export function routeByPage(page: string): RouteName | undefined {
  const bare = page.replace(/^\//, '').split('?')[0]
  return routeNames.find((n) => routes[n].page === bare)
}

/** The page config (`*.config.ts`) of a screen, from its entry. */
export function pageConfig(name: RouteName) {
  const entry: RouteEntry = routes[name]
  return {
    navigationBarTitleText: entry.title,
    // Share handlers (chat, and WeChat's timeline) are registered by the Page component.
    ...(entry.share ? { enableShareAppMessage: true, enableShareTimeline: true } : {}),
    ...(entry.customNav ? { navigationStyle: 'custom' as const } : {}),
    ...(entry.disableScroll ? { disableScroll: true } : {}),
    ...(entry.refresh ? { enablePullDownRefresh: true } : {}),
  }
}
