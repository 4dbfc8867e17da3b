/**
 * The H5 build, served by the project's server, in Debian's Chromium on a phone-sized touch
 * screen, light and dark (issue 2, item 7): every route of the table opens with its title and
 * no console error and no serious accessibility fault (a11y.ts), reloads and history keep the screen,
 * unknown paths show the 404 page, text follows the user's font size.
 *
 *   node --import tsx --test test/e2e/*.test.ts     (npm run test:e2e)
 */
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { after, before, describe, it, type TestContext } from 'node:test'
import type { BrowserContext } from 'playwright-core'
import { newMobileContext, ProblemLog, TabPool, UA_WECHAT_ANDROID, type Scheme, type Tab } from './lib/browser'
import { expectScreen, Harness, open, type Check } from './lib/harness'
import { SCREENSHOT_DIR } from './lib/paths'
import {
  HOME_PATH,
  NOT_FOUND_TITLE,
  routes,
  routeVisits,
  sampleQueryVisits,
  specExamples,
  UNKNOWN_PATHS,
  type RouteVisit,
} from './lib/routeUrls'
import { readScreen, settle } from './lib/screen'
import { axeReport, tappableNameProblems } from './a11y'
/** WeChat's JS-SDK (src/platform/wechatSdk.ts WECHAT_JSSDK_URL). */
const WECHAT_JSSDK_URL = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js'

const h = new Harness()
const TABS = 3
const SLOW = { timeout: 120_000 }

before(async () => h.start((line) => console.log(`# ${line}`)), { timeout: 15 * 60_000 })
after(async () => h.stop())

const HOME = { route: 'home', documentTitle: routes.home.title } as const
const NOT_FOUND: Check = {
  route: 'notFound',
  documentTitle: NOT_FOUND_TITLE,
  navTitle: NOT_FOUND_TITLE,
  texts: ['页面不存在', '返回首页'],
}

/** Routes (with their scheme) whose screen the walk has already given to the accessibility checks. */
const audited = new Set<string>()

/**
 * The accessibility checks of the displayed screen (issue 24), once per route and scheme, on the
 * page the walk has open anyway: axe-core's serious and critical violations and every tappable
 * element that is not a named control fail; axe's other findings are printed as diagnostics.
 */
async function checkAccessibility(tab: Tab, route: string, scheme: Scheme, t: TestContext) {
  const key = `${route} ${scheme}`
  if (audited.has(key)) return
  audited.add(key)
  // The dark scheme changes colours only: there axe checks colour contrast, the light walk everything.
  const axe = await axeReport(tab.page, scheme === 'dark' ? ['color-contrast'] : undefined)
  for (const line of axe.lines) t.diagnostic(line)
  const unnamed = scheme === 'dark' ? [] : await tappableNameProblems(tab.page)
  const bad = [...axe.failing, ...unnamed]
  if (bad.length) assert.fail(`accessibility of ${route} (${scheme}):\n  - ${bad.join('\n  - ')}`)
}

/**
 * The full check of one route: page, both titles, address, theme, its data shown (not the loading
 * placeholder), no problems; with a test context, its accessibility too (checkAccessibility).
 */
async function checkRoute(tab: Tab, v: RouteVisit, scheme: Scheme, t?: TestContext) {
  await open(tab, h.origin, v.url)
  await expectScreen(
    tab,
    { route: v.route, documentTitle: v.title, navTitle: v.title, scheme, url: v.url, loaded: true },
    h.origin,
    `${v.url} (${v.kind}, ${scheme})`,
  )
  if (t) await checkAccessibility(tab, v.route, scheme, t)
}

/** One context per scheme with a few tabs. */
function schemePool(scheme: Scheme) {
  const state: { context?: BrowserContext; pool?: TabPool } = {}
  before(async () => {
    state.context = await newMobileContext(h.browser!, h.origin, { scheme })
    state.pool = await TabPool.open(state.context, h.origin, TABS)
  })
  after(async () => state.context?.close())
  return (job: (tab: Tab) => Promise<void>) => state.pool!.use(job)
}

for (const scheme of ['light', 'dark'] as const) {
  // Light opens every address the router accepts; dark every screen once, plus the examples.
  // The back page leaves at once by design (its own test below); 我的关注 sends an anonymous
  // visitor to log in (test/e2e/home.test.ts follows it there and back); 正在下载 starts the download
  // of the package on a partner host at once (its own test: links.test.ts, with that host stubbed).
  const visits = [...routeVisits(), ...specExamples(), ...sampleQueryVisits()]
    .filter((v) => v.route !== 'back' && v.route !== 'followed' && v.route !== 'downloading')
    .filter((v) => scheme === 'light' || (v.kind !== 'page path' && v.kind !== 'alias'))

  describe(`every route of the table opens (${scheme})`, { concurrency: TABS }, () => {
    const use = schemePool(scheme)
    for (const v of visits) {
      it(`${v.route}: ${v.url}`, SLOW, (t) => use((tab) => checkRoute(tab, v, scheme, t)))
    }
    for (const p of UNKNOWN_PATHS) {
      it(`404 page for ${p}`, SLOW, (t) =>
        use(async (tab) => {
          // The server answers 404 with the app, which shows its 页面不存在 screen.
          await open(tab, h.origin, p, 404)
          // The address bar keeps the unknown address.
          await expectScreen(tab, { ...NOT_FOUND, scheme, url: p }, h.origin, `${p} (${scheme})`)
          await checkAccessibility(tab, 'notFound', scheme, t)
        }),
      )
    }
  })
}

describe('the server', () => {
  const use = schemePool('light')

  it('opens the home page at the site root /', SLOW, () =>
    use(async (tab) => {
      await open(tab, h.origin, '/')
      await expectScreen(tab, { ...HOME }, h.origin, 'GET /')
    }),
  )

  it('serves a favicon (browsers ask every site for one; a 404 is a console error)', SLOW, () =>
    use(async (tab) => {
      const html = await (await fetch(`${h.origin}${HOME_PATH}`)).text()
      const declared = html.match(/<link[^>]+rel="(?:shortcut )?icon"[^>]*href="([^"]+)"/)?.[1]
      const icon = declared ?? '/favicon.ico'
      if (!icon.startsWith('data:')) {
        const res = await fetch(new URL(icon, h.origin))
        assert.equal(
          res.status,
          200,
          `${icon} answers ${res.status} (index.html declares ${declared ? `rel=icon ${declared}` : 'no icon'})`,
        )
      }
      await open(tab, h.origin, HOME_PATH)
      await settle(tab.page, HOME)
      assert.deepEqual(tab.log.favicon, [], 'the browser logged a favicon error')
    }),
  )
})

describe('the 404 page', () => {
  const use = schemePool('light')

  it('返回首页 leads to the home page', SLOW, () =>
    use(async (tab) => {
      await open(tab, h.origin, '/no/such/page', 404)
      await expectScreen(tab, { ...NOT_FOUND, url: '/no/such/page' }, h.origin, '404 page')
      await tab.page.locator('.alfa-page[data-route="notFound"]').getByText('返回首页', { exact: true }).tap()
      const s = await expectScreen(tab, HOME, h.origin, 'after tapping 返回首页')
      assert.equal(s.pathname, HOME_PATH)
    }),
  )

  it('the navigation bar button of a deep-linked page leads home', SLOW, () =>
    use(async (tab) => {
      await open(tab, h.origin, '/no/such/page', 404)
      await expectScreen(tab, { ...NOT_FOUND }, h.origin, '404 page')
      // Opened directly, there is nothing to go back to: the bar offers home.
      await tab.page.locator('.alfa-page[data-route="notFound"] .alfa-navbar__action[aria-label="首页"]').tap()
      const s = await expectScreen(tab, HOME, h.origin, 'after tapping the bar home button')
      assert.equal(s.pathname, HOME_PATH)
    }),
  )
})

describe("text follows the user's font size setting (issue 24)", () => {
  // Chromium's default font size (Settings → Appearance → Font size, or Android's text scaling),
  // set through the DevTools protocol before the page loads; 16 px is every browser's default.
  const LARGER = 24
  const screens = [
    { url: HOME_PATH, route: 'home', title: routes.home.title },
    { url: '/alfa/fund/000001/detail', route: 'fund', title: routes.fund.title },
  ]

  /** Root and navigation title font sizes (px) of a screen opened with the given default font size. */
  async function fontSizes(url: string, route: string, title: string, defaultSize?: number) {
    const context = await newMobileContext(h.browser!, h.origin, { scheme: 'light' })
    try {
      const page = await context.newPage()
      if (defaultSize) await (await context.newCDPSession(page)).send('Page.setFontSizes', { fontSizes: { standard: defaultSize } })
      const tab = { page, log: new ProblemLog(page, h.origin) }
      await open(tab, h.origin, url)
      const s = await expectScreen(
        tab,
        { route, documentTitle: title, navTitle: title, loaded: true },
        h.origin,
        `${url} at ${defaultSize ?? 16} px`,
      )
      const px = (selector: string) => page.$eval(selector, (el) => parseFloat(getComputedStyle(el).fontSize))
      return { root: await px('html'), title: await px(`.alfa-page[data-route="${route}"] .alfa-navbar__title`), overflowX: s.overflowX }
    } finally {
      await context.close()
    }
  }

  for (const { url, route, title } of screens) {
    it(`${url}: ${LARGER} px default text makes the text ${LARGER / 16}× larger, and the page no wider than the screen`, SLOW, async () => {
      const normal = await fontSizes(url, route, title)
      const larger = await fontSizes(url, route, title, LARGER)
      // expectScreen already failed on a horizontal scroll; the sizes grow in proportion.
      assert.equal(larger.overflowX, false)
      assert.ok(Math.abs(larger.root / normal.root - LARGER / 16) < 0.01, `root font size ${normal.root} px → ${larger.root} px`)
      assert.ok(Math.abs(larger.title / normal.title - LARGER / 16) < 0.02, `navigation title ${normal.title} px → ${larger.title} px`)
    })
  }
})

describe('a reload keeps the screen', { concurrency: TABS }, () => {
  const use = schemePool('light')
  const deepLinks = specExamples().filter((v) =>
    [
      '/alfa/portfolio/ZH015676/detail',
      '/alfa/portfolio/ZH015676/aip-detail/1',
      '/alfa/fund/achieves/000001?tabIndex=2',
      '/alfa/fund/manager/30001',
      '/pages/fund/index?fundCode=000001',
      '/pages/fundArchives/index?fundCode=000001&tabIndex=2',
    ].includes(v.url),
  )
  for (const v of deepLinks) {
    it(`reload of ${v.url}`, SLOW, () =>
      use(async (tab) => {
        await checkRoute(tab, v, 'light')
        tab.log.leaving()
        const res = await tab.page.reload({ waitUntil: 'domcontentloaded' })
        assert.equal(res?.status(), 200, `reload answered ${res?.status()}`)
        await expectScreen(
          tab,
          { route: v.route, documentTitle: v.title, navTitle: v.title, url: v.url },
          h.origin,
          `${v.url} after reload`,
        )
      }),
    )
  }

  it('reload after navigating in the app (home → 我的自选)', SLOW, () =>
    use(async (tab) => {
      await open(tab, h.origin, HOME_PATH)
      await expectScreen(tab, HOME, h.origin, 'home')
      await tab.page.locator('.alfa-home__entry[data-route="favourites"]').tap()
      const t = routes.favourites.title
      const before = await expectScreen(tab, { route: 'favourites', documentTitle: t, navTitle: t }, h.origin, 'after tapping 我的自选')
      assert.equal(before.pathname, routes.favourites.h5[0])
      assert.match(before.query.ts ?? '', /^\d{13}$/, 'navigation appends ts')
      const url = tab.page.url()
      await tab.page.reload({ waitUntil: 'domcontentloaded' })
      await expectScreen(
        tab,
        { route: 'favourites', documentTitle: t, navTitle: t, url: url.slice(h.origin.length) },
        h.origin,
        'favourites after reload',
      )
    }),
  )
})

describe('browser back and forward', () => {
  const use = schemePool('light')

  /** Home, then a tap on one of its entries; returns the address reached. */
  async function homeThenTap(tab: Tab, route: 'product' | 'search') {
    const title = routes[route].title
    await open(tab, h.origin, HOME_PATH)
    await expectScreen(tab, HOME, h.origin, 'home')
    const target =
      route === 'search' ? tab.page.locator('.alfa-home__search') : tab.page.locator(`.alfa-home__entry[data-route="${route}"]`)
    await target.tap()
    const there = await expectScreen(tab, { route, documentTitle: title, navTitle: title }, h.origin, `after tapping the ${route} entry`)
    assert.equal(there.pathname, routes[route].h5[0])
    assert.match(there.query.ts ?? '', /^\d{13}$/, 'navigation appends ts')
    // The router's page transition is over once it has shaded (hidden) the page underneath.
    await tab.page.waitForSelector('.taro_page.taro_page_shade', { state: 'attached' })
    return tab.page.url().slice(h.origin.length)
  }

  for (const route of ['product', 'search'] as const) {
    it(`home → ${routes[route].title} → history back → history forward`, SLOW, () =>
      use(async (tab) => {
        const title = routes[route].title
        const url = await homeThenTap(tab, route)

        await tab.page.goBack()
        const back = await expectScreen(tab, HOME, h.origin, 'after history back')
        assert.equal(back.pathname, HOME_PATH)

        await tab.page.goForward()
        await expectScreen(tab, { route, documentTitle: title, navTitle: title, url }, h.origin, 'after history forward')

        // Whatever the bar offers now (back, or home when the router rebuilt its stack), it leads home.
        await tab.page.locator(`.alfa-page[data-route="${route}"] .alfa-navbar__action[role="button"]`).tap()
        const home = await expectScreen(tab, HOME, h.origin, 'after tapping the bar button')
        assert.equal(home.pathname, HOME_PATH)
      }),
    )
  }

  // @tarojs/router 4.2.1 hides the page underneath on a timer (animation duration + delay) and
  // does not cancel it when that page is shown again: a back within the transition leaves the
  // screen blank. Racy by nature, so tried several times; passes every time once fixed.
  it('history back right after a page opens shows the previous page (page transition race)', SLOW, () =>
    use(async (tab) => {
      const blank: string[] = []
      for (let i = 0; i < 8; i++) {
        await open(tab, h.origin, HOME_PATH)
        await expectScreen(tab, HOME, h.origin, 'home')
        await tab.page.locator('.alfa-home__search').tap()
        await tab.page.locator('.alfa-page[data-route="search"]').waitFor({ state: 'visible' })
        await tab.page.goBack()
        await settle(tab.page, HOME, 5_000)
        const s = await readScreen(tab.page)
        if (s.visibleRoutes.join() !== 'home') {
          const classes = await tab.page.evaluate(() => [...document.querySelectorAll('.taro_page')].map((e) => `${e.id}: ${e.className}`))
          blank.push(`try ${i + 1}: displayed [${s.visibleRoutes.join(', ')}] at ${s.pathname}; ${classes.join('; ')}`)
        }
      }
      assert.deepEqual(blank, [], 'the home page stayed hidden (taro_page_shade) after a quick history back')
    }),
  )

  it('the bar back button returns to the previous page', SLOW, () =>
    use(async (tab) => {
      await homeThenTap(tab, 'product')
      await tab.page.locator('.alfa-page[data-route="product"] .alfa-navbar__action[aria-label="返回"]').tap()
      const home = await expectScreen(tab, HOME, h.origin, 'after tapping 返回')
      assert.equal(home.pathname, HOME_PATH)
    }),
  )

  it('the back page, opened directly, goes home', SLOW, () =>
    use(async (tab) => {
      await open(tab, h.origin, routes.back.h5[0])
      const home = await expectScreen(tab, HOME, h.origin, 'after opening the back page')
      assert.equal(home.pathname, HOME_PATH)
    }),
  )
})

describe("in WeChat's browser", { concurrency: TABS }, () => {
  const state: { context?: BrowserContext; pool?: TabPool } = {}
  before(async () => {
    state.context = await newMobileContext(h.browser!, h.origin, { scheme: 'light', userAgent: UA_WECHAT_ANDROID })
    // Share pages load WeChat's JS-SDK from its allow-listed url: WeChat's own script is played by a
    // stub (the platform boundary) that accepts the config, so the share set-up runs against the server.
    await state.context.route(WECHAT_JSSDK_URL, (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: `window.wx = { config: function (c) { window.__wxConfig = c }, ready: function (cb) { setTimeout(cb, 0) }, error: function () {},
          updateAppMessageShareData: function (d) { window.__wxShare = d }, updateTimelineShareData: function () {},
          onMenuShareAppMessage: function () {}, onMenuShareTimeline: function () {} }`,
      }),
    )
    state.pool = await TabPool.open(state.context, h.origin, TABS)
  })
  after(async () => state.context?.close())
  const examples = specExamples().filter((v) =>
    ['/alfa/portfolio/ZH015676/detail', '/alfa/fund/achieves/000001?tabIndex=2', '/pages/fund/index?fundCode=000001'].includes(v.url),
  )
  for (const v of examples) {
    it(`${v.url}`, SLOW, () => state.pool!.use((tab) => checkRoute(tab, v, 'light')))
  }
})

// Pictures of the main screens for people to look at (E2E_SCREENSHOTS=1): the walk above already
// checks that every one of them displays, so npm test leaves them out (CI time).
describe('screenshots (test-results/screenshots)', { skip: !process.env.E2E_SCREENSHOTS && 'set E2E_SCREENSHOTS=1' }, () => {
  const shots: [string, string, string][] = [
    ['home', HOME_PATH, 'home'],
    ['not-found', '/no/such/page', 'notFound'],
    ['portfolio-detail', '/alfa/portfolio/ZH015676/detail', 'portfolioDetail'],
    ['fund-archives', '/alfa/fund/achieves/000001?tabIndex=2', 'fundArchives'],
    ['login', '/user/signup', 'login'],
    ['fund-entry', '/alfa/fund/000001', 'fundEntry'],
    ['fund-detail', '/alfa/fund/000001/detail', 'fund'],
    ['fund-nav', '/alfa/fund/nav/000001', 'fundNav'],
    ['fund-intro', '/alfa/fund/intro/000001', 'fundIntro'],
    ['manager', '/alfa/fund/manager/M1001', 'manager'],
    ['stock-market', '/pages/stock_market/index', 'stockMarket'],
    ['fund-list', '/subPkg/pages/fundList/index', 'fundList'],
    ['manager-list', '/subPkg/pages/managerList/index', 'managerList'],
    ['filter', '/subPkg/pages/filter/index', 'filter'],
    ['stock-filter', '/pages/stockFilter/index', 'stockFilter'],
    ['search', '/subPkg/pages/search/index', 'search'],
    ['glossary', '/subPkg/pages/fundGlossary/index', 'fundGlossary'],
  ]
  for (const scheme of ['light', 'dark'] as const) {
    it(`${scheme}`, SLOW, async () => {
      fs.mkdirSync(SCREENSHOT_DIR, { recursive: true })
      const context = await newMobileContext(h.browser!, h.origin, { scheme })
      try {
        const page = await context.newPage()
        const tab = { page, log: new ProblemLog(page, h.origin) }
        for (const [name, url, route] of shots) {
          tab.log.reset()
          await open(tab, h.origin, url, route === 'notFound' ? 404 : 200)
          await settle(page, { route, scheme })
          // Fonts must be in before the picture is taken.
          await page.evaluate(() => document.fonts.ready.then(() => undefined))
          const s = await readScreen(page)
          assert.deepEqual(s.visibleRoutes, [route], `${url}: displayed ${s.visibleRoutes.join(', ')}`)
          await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${scheme}.png`), animations: 'disabled', caret: 'hide' })
        }
      } finally {
        await context.close()
      }
    })
  }
})
