import fs from 'node:fs'
import path from 'node:path'
import UniversalRouter from 'universal-router'
import { routesAlias } from '@tarojs/router'
import { installPatternAliases, type RoutesAliasLike } from '@/platform/h5Routes'
import {
  h5CustomRoutes,
  h5PathRows,
  HOME,
  mainPackagePages,
  pageConfig,
  pathParams,
  routeByPage,
  routeNames,
  routes,
  subpackages,
  type RouteName,
} from '@/routes'
import { DEFAULT_SHARE_PATH, routeUrl } from '@/services/navigation'

const SRC = path.resolve(__dirname, '../../src')

/** The browser paths the spec gives in section 2, word for word, and the screen each opens. */
const SPEC_PATHS: Array<[string, RouteName]> = [
  ['/alfa/portfolio/{poCode}', 'portfolioEntry'],
  ['/alfa/portfolio/{poCode}/detail', 'portfolioDetail'],
  ['/alfa/portfolio/modals', 'portfolioModals'],
  ['/alfa/portfolio/{poCode}/signal', 'portfolioSignal'],
  ['/alfa/portfolio/{poCode}/adjustment', 'portfolioAdjustment'],
  ['/alfa/portfolio/{poCode}/information', 'portfolioInformation'],
  ['/alfa/portfolio/{poCode}/advisor', 'portfolioAdvisor'],
  ['/alfa/portfolio/advisor-content', 'advisorContent'],
  ['/alfa/portfolio/{poCode}/index', 'portfolioIntro'],
  ['/alfa/portfolio/{poCode}/daily-nav', 'portfolioDailyNav'],
  ['/alfa/portfolio/{poCode}/aip-list', 'portfolioAipList'],
  ['/alfa/portfolio/{poCode}/aip-detail/{sigId}', 'portfolioAipDetail'],
  ['/alfa/fund/{fundCode}', 'fundEntry'],
  ['/alfa/fund/{fundCode}/detail', 'fund'],
  ['/alfa/fund/achieves/{fundCode}', 'fundArchives'],
  ['/alfa/fund/manager/{fundManagerId}', 'manager'],
  ['/alfa/fund/intro/{fundCode}', 'fundIntro'],
  ['/alfa/fund/nav/{fundCode}', 'fundNav'],
  ['/pages/stock_market/index', 'stockMarket'],
  ['/pages/fund/index', 'fund'],
  ['/pages/fundArchives/index', 'fundArchives'],
  ['/user/signup', 'login'],
]

/** Screens the spec names without a path (section 2), by the route that carries each. */
const SPEC_SCREENS: RouteName[] = [
  // Implied portfolio screens.
  'portfolioAnalysis',
  'portfolioComposition',
  'portfolioInvestPool',
  'portfolioTimeline',
  'portfolioFaq',
  'portfolioThermometer',
  // Other pages.
  'home',
  'product',
  'favourites',
  'fund',
  'manager',
  'stockMarket',
  'fundArchives',
  'filterDetail',
  'filterResult',
  'favouritesManage',
  'stockFilter',
  'tradeModal',
  'appDownload',
  'appOpen',
  'appDownloadGuide',
  'wallet',
  'diagnosis',
  'valuationDetail',
  'site',
  'downloading',
  'back',
  'fund0008',
  'fundArchives0008',
  'manager0008',
  // Sub-package pages.
  'search',
  'column',
  'columnDetail',
  'article',
  'tradeWebview',
  'filterManage',
  'filter',
  'myFilter',
  'externalLink',
  'webIframe',
  'video',
  'login',
  'productList',
  'fundList',
  'managerList',
  'fundIntro',
  'fundEntry',
  'industryTheme',
  'fundDiagnosis',
  'fundGlossary',
  'live',
  'liveAuth',
  'commentDetail',
  'fundNav',
  // The web-view fallback page.
  'webview',
]

const SAMPLE: Record<string, string> = { poCode: 'ZH015676', fundCode: '000001', fundManagerId: '30001', sigId: '7' }
const fill = (pattern: string) => pattern.replace(/\{(\w+)\}|:(\w+)/g, (_, a, b) => SAMPLE[a ?? b])

/** Resolves a browser path exactly as Taro's H5 router does: universal-router over the pages. */
function resolveH5(pathname: string): Promise<string> {
  // As Taro's createRouter: a page's aliases, or its own path when it has none.
  const h5Routes = routeNames.map((n) => ({
    path: h5CustomRoutes()[`/${routes[n].page}`] ?? `/${routes[n].page}`,
    action: () => n,
  }))
  return new UniversalRouter(h5Routes).resolve(pathname) as Promise<string>
}

describe('every screen of spec section 2 is in the route table', () => {
  it.each(SPEC_PATHS)('%s opens %s', async (specPath, name) => {
    const pattern = specPath.replace(/\{(\w+)\}/g, ':$1')
    expect(routes[name].h5).toContain(pattern)
    await expect(resolveH5(fill(specPath))).resolves.toBe(name)
  })

  it.each(SPEC_SCREENS)('%s has a page', (name) => {
    expect(routes[name]).toBeDefined()
  })

  it('portfolio and fund screens with a path parameter live in the subpackage or take it as a query', () => {
    for (const name of routeNames) {
      const entry = routes[name]
      expect(entry.page).toMatch(/^(pages|subPkg\/pages)\/[\w/]+\/index$/)
    }
  })

  it('titles are Chinese and present', () => {
    for (const name of routeNames) expect(routes[name].title).toMatch(/[\u4e00-\u9fa5]/)
  })

  it('mini-program page paths are unique', () => {
    const pages = routeNames.map((n) => routes[n].page)
    expect(new Set(pages).size).toBe(pages.length)
  })

  it('the spec titles of the portfolio routes', () => {
    expect(routes.portfolioDetail.title).toBe('策略详情')
    expect(routes.portfolioSignal.title).toBe('发车记录')
    expect(routes.portfolioAdjustment.title).toBe('调仓记录')
    expect(routes.portfolioInformation.title).toBe('策略信息')
    expect(routes.portfolioAdvisor.title).toBe('投顾服务')
    expect(routes.portfolioAipList.title).toBe('定投建议')
    expect(routes.fundNav.title).toBe('历史业绩')
    expect(routes.fundGlossary.title).toBe('基金术语')
    expect(routes.productList.title).toBe('更多策略')
    expect(routes.fundList.title).toBe('更多基金')
    expect(routes.managerList.title).toBe('更多经理')
    expect(routes.favourites.title).toBe('我的自选')
  })
})

describe('H5 accepts the browser paths as deep links', () => {
  it.each([
    ['/alfa/portfolio/ZH015677/aip-detail/42', 'portfolioAipDetail'],
    ['/alfa/portfolio/modals', 'portfolioModals'],
    ['/alfa/portfolio/advisor-content', 'advisorContent'],
    ['/alfa/portfolio', 'portfolioEntry'],
    ['/alfa/fund/intro/000001', 'fundIntro'],
    ['/alfa/fund/000001', 'fundEntry'],
    ['/subPkg/pages/portfolio/detail/index', 'portfolioDetail'],
    ['/pages/home/index', 'home'],
  ])('%s → %s', async (url, name) => {
    await expect(resolveH5(url)).resolves.toBe(name)
  })

  it.each(['/no/such/page', '/alfa/portfolio/ZH015676/detail/extra', '/alfa'])('an unknown path %s opens the 404 page', async (url) => {
    await expect(resolveH5(url)).resolves.toBe('notFound')
  })
})

describe("the H5 router's alias table understands :param paths", () => {
  const alias = routesAlias as unknown as RoutesAliasLike
  beforeAll(() => {
    alias.conf = []
    ;(routesAlias as unknown as { set: (r: object) => void }).set(h5CustomRoutes())
    installPatternAliases(
      alias,
      routeNames.map((n) => `/${routes[n].page}`),
    )
  })

  it('finds the page of a filled-in path (for its title and options)', () => {
    expect(alias.getOrigin('/alfa/portfolio/ZH015676/detail')).toBe('/subPkg/pages/portfolio/detail/index')
    expect(alias.getOrigin('/alfa/fund/achieves/000001')).toBe('/pages/fundArchives/index')
    expect(alias.getOrigin('/alfa/portfolio/modals')).toBe('/subPkg/pages/portfolio/modals/index')
  })

  it('keeps exact paths exact', () => {
    expect(alias.getOrigin('/pages/home/index')).toBe('/pages/home/index')
    expect(alias.getOrigin('/pages/fund/index')).toBe('/pages/fund/index')
    // A page with no alias is not taken by the catch-all 404.
    expect(alias.getOrigin('/subPkg/pages/search/index')).toBe('/subPkg/pages/search/index')
  })

  it('sends unknown paths to the 404 page', () => {
    expect(alias.getOrigin('/no/such/page')).toBe('/pages/notFound/index')
  })

  it('looks a path up once however often the router asks (it asks once per route each time it reads a page config)', () => {
    const local: RoutesAliasLike = { conf: [], getConfig: () => undefined, getOrigin: () => '', getAlias: () => '' }
    installPatternAliases(
      local,
      routeNames.map((n) => `/${routes[n].page}`),
    )
    // As in the app: Taro fills the table after the aliases are installed.
    local.conf.push(...alias.conf)
    const find = jest.spyOn(local.conf, 'find')
    for (let i = 0; i < routeNames.length; i++)
      expect(local.getOrigin('/alfa/portfolio/ZH015676/detail')).toBe('/subPkg/pages/portfolio/detail/index')
    // One scan for an exact row, one for the patterns.
    expect(find).toHaveBeenCalledTimes(2)
    // A row added to the table later is seen.
    expect(local.getOrigin('/alfa/later')).toBe('/pages/notFound/index')
    local.conf.push(['/pages/later/index', '/alfa/later'])
    expect(local.getOrigin('/alfa/later')).toBe('/pages/later/index')
  })

  it('leaves a browser path as it is and never answers a :pattern', () => {
    expect(alias.getAlias('/alfa/portfolio/ZH015676/detail')).toBe('/alfa/portfolio/ZH015676/detail')
    expect(alias.getAlias('/subPkg/pages/portfolio/detail/index')).toBe('/subPkg/pages/portfolio/detail/index')
    expect(alias.getAlias('/pages/fundArchives/index')).toBe('/pages/fundArchives/index')
  })
})

describe('app.config.ts is derived from the route table', () => {
  const load = (env: 'weapp' | 'h5') => {
    const saved = process.env.TARO_ENV
    process.env.TARO_ENV = env
    ;(global as unknown as { defineAppConfig: (c: object) => object }).defineAppConfig = (c) => c
    try {
      let config: Record<string, unknown> = {}
      jest.isolateModules(() => {
        // eslint-disable-next-line @typescript-eslint/no-require-imports -- isolateModules loads synchronously
        config = require('@/app.config').default
      })
      return config as { pages: string[]; subPackages: Array<{ root: string; pages: string[] }>; router?: { customRoutes: object } }
    } finally {
      process.env.TARO_ENV = saved
    }
  }

  it('mini-programs: main package pages (home first), the subPkg subpackage and one per chart screen', () => {
    const config = load('weapp')
    expect(config.pages).toEqual(mainPackagePages())
    expect(config.pages[0]).toBe(routes[HOME].page)
    expect(config.subPackages).toEqual(subpackages())
    expect(config.subPackages[0].root).toBe('subPkg')
    expect(config.subPackages).toContainEqual({ root: 'pages/fund', pages: ['index'] })
    const all = [...config.pages, ...config.subPackages.flatMap((s) => s.pages.map((p) => `${s.root}/${p}`))]
    expect(all.sort()).toEqual(routeNames.map((n) => routes[n].page).sort())
  })

  it('no page of the main package lives under a subpackage root', () => {
    const roots = subpackages().map((s) => `${s.root}/`)
    for (const page of mainPackagePages()) expect(roots.some((r) => page.startsWith(r))).toBe(false)
  })

  it('chart screens keep the spec paths /pages/fund/index and /pages/fundArchives/index', () => {
    expect(routes.fund.page).toBe('pages/fund/index')
    expect(routes.fundArchives.page).toBe('pages/fundArchives/index')
    expect(routes.stockMarket.page).toBe('pages/stock_market/index')
    expect(mainPackagePages()).not.toContain('pages/fund/index')
  })

  it('H5: every page in table order with the catch-all 404 last, and the browser paths', () => {
    const config = load('h5')
    expect(config.pages).toEqual(routeNames.map((n) => routes[n].page))
    expect(config.pages[config.pages.length - 1]).toBe(routes.notFound.page)
    expect(config.router?.customRoutes).toEqual(h5CustomRoutes())
  })
})

describe('every route has its page shell and page config', () => {
  it.each(routeNames)('%s', (name) => {
    const base = path.join(SRC, routes[name].page)
    expect(fs.existsSync(`${base}.tsx`)).toBe(true)
    const config = fs.readFileSync(`${base}.config.ts`, 'utf8')
    expect(config).toContain(`pageConfig('${name}')`)
    expect(fs.readFileSync(`${base}.tsx`, 'utf8')).toContain(`route='${name}'`)
  })

  it('page options come from the table', () => {
    expect(pageConfig('portfolioDetail')).toEqual({
      navigationBarTitleText: '策略详情',
      enableShareAppMessage: true,
      enableShareTimeline: true,
      navigationStyle: 'custom',
    })
    expect(pageConfig('favouritesManage')).toEqual({ navigationBarTitleText: '管理自选' })
    expect(pageConfig('favourites')).toEqual({ navigationBarTitleText: '我的自选', enablePullDownRefresh: true })
  })

  it('routeByPage finds a screen by its page path', () => {
    expect(routeByPage('/subPkg/pages/portfolio/detail/index?poCode=X')).toBe('portfolioDetail')
    expect(routeByPage('pages/nothing/index')).toBeUndefined()
  })
})

describe('navigation urls', () => {
  it('H5 fills in the path parameters and appends ts', () => {
    expect(routeUrl('portfolioDetail', { poCode: 'ZH015676' }, 'h5', 9)).toBe('/alfa/portfolio/ZH015676/detail?ts=9')
    expect(routeUrl('portfolioAipDetail', { poCode: 'ZH015676', sigId: 3 }, 'h5', 9)).toBe('/alfa/portfolio/ZH015676/aip-detail/3?ts=9')
    expect(routeUrl('fundArchives', { fundCode: '000001', tabIndex: 2 }, 'h5', 9)).toBe('/alfa/fund/achieves/000001?tabIndex=2&ts=9')
  })

  it('mini-programs carry every parameter in the query', () => {
    expect(routeUrl('portfolioDetail', { poCode: 'ZH015676' }, 'weapp', 9)).toBe(
      '/subPkg/pages/portfolio/detail/index?poCode=ZH015676&ts=9',
    )
    expect(routeUrl('fund', { fundCode: '000001' }, 'swan', 9)).toBe('/pages/fund/index?fundCode=000001&ts=9')
  })

  it('a missing path parameter falls back to the page path (which shows the placeholder)', () => {
    expect(routeUrl('portfolioDetail', {}, 'h5', 9)).toBe('/subPkg/pages/portfolio/detail/index?ts=9')
  })

  it('path parameters are encoded', () => {
    expect(routeUrl('manager', { fundManagerId: 'a b/c' }, 'h5', 1)).toBe('/alfa/fund/manager/a%20b%2Fc?ts=1')
  })

  it('pathParams lists the :names in order', () => {
    expect(pathParams('portfolioAipDetail')).toEqual(['poCode', 'sigId'])
    expect(pathParams('home')).toEqual([])
  })

  it('the default share path is the mini-program home page', () => {
    expect(DEFAULT_SHARE_PATH).toBe('/pages/home/index')
  })
})

describe('H5 path rows (what route-chunks.json is written from)', () => {
  const rows = h5PathRows()
  it('hold every browser path and every page’s own path, each once, with its page', () => {
    const byPath = new Map(rows)
    expect(byPath.size).toBe(rows.length)
    for (const n of routeNames) {
      for (const p of [...routes[n].h5, `/${routes[n].page}`]) expect([p, byPath.get(p)]).toEqual([p, routes[n].page])
    }
  })
  it('put every exact path before the first :param pattern (the router tries them in that order)', () => {
    const firstPattern = rows.findIndex(([p]) => p.includes(':'))
    expect(firstPattern).toBeGreaterThan(0)
    expect(rows.slice(firstPattern).every(([p]) => p.includes(':'))).toBe(true)
  })
})
