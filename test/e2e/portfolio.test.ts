/**
 * Issue 12's strategy screens in Debian's Chromium against the real server and its demo data:
 * every portfolio route and implied screen for an ordinary strategy, a long-win plan and an
 * investment (AP) plan, with the server's values on screen; follow and unfollow (kept after a
 * reload; anonymous goes to login); the trade modal of a step-rate strategy; paging through
 * adjustments and signals; the profit calculator against a figure computed here from the same
 * series; an unknown poCode. Every page: no console error, no page error, no failed request.
 *
 *   node --import tsx --test test/e2e/portfolio.test.ts
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { BrowserContext, Page } from 'playwright-core'
import { newMobileContext, ProblemLog, type Scheme, type Tab } from './lib/browser'
import { apiHeaders, devLogin } from './lib/api'
import { expectScreen, Harness, open } from './lib/harness'
import { apiTraffic, drawnPixels, pageOf, text, until } from './lib/wait'

const h = new Harness()
const SLOW = { timeout: 240_000 }
const WAIT = { timeout: 20_000 }
const GRAPHQL = '/alfa/v1/graphql'

/** One strategy of each kind (the demo data's). */
const KINDS = { ordinary: 'ZH015676', longWin: 'LW000001', investPlan: 'AP000001' } as const
/** The demo strategy whose advisor charge goes by asset steps. */
const STEP_RATE = 'LW000002'

let token = ''
const headers = (auth = false) => apiHeaders(auth ? token : undefined)

async function gql<T>(query: string, variables: Record<string, unknown> = {}, auth = false): Promise<T> {
  const res = await fetch(h.origin + GRAPHQL, { method: 'POST', headers: headers(auth), body: JSON.stringify({ query, variables }) })
  const body = (await res.json()) as { data?: T; errors?: unknown }
  assert.ok(body.data && !body.errors, `GraphQL ${query}: ${JSON.stringify(body).slice(0, 400)}`)
  return body.data
}

interface Po {
  poCode: string
  poName: string
  runningDays: number
  followersCount: number
  hasFollowed: boolean
}
const known: Record<string, Po> = {}
let aipSigId = ''

before(
  async () => {
    await h.start((line) => console.log(`# ${line}`))
    token = await devLogin(h.origin)
    for (const poCode of [...Object.values(KINDS), STEP_RATE]) {
      const { portfolio } = await gql<{ portfolio: Po }>(
        'query($poCode: String!) { portfolio(poCode: $poCode) { poCode poName runningDays followersCount hasFollowed } }',
        { poCode },
      )
      assert.ok(portfolio, `${poCode} is in the demo data`)
      known[poCode] = portfolio
    }
    const { portfolio } = await gql<{ portfolio: { aipAdvices: { list: Array<{ sigId: string }> } } }>(
      'query { portfolio(poCode: "ZH015676") { aipAdvices(page: { size: 1 }) { list { sigId } } } }',
    )
    aipSigId = portfolio.aipAdvices.list[0]?.sigId ?? ''
    assert.ok(aipSigId, 'ZH015676 has a regular-investment suggestion')
  },
  { timeout: 15 * 60_000 },
)
after(async () => h.stop())

const traffic = new WeakMap<Page, ReturnType<typeof apiTraffic>>()
/** Waits until the tab's API answers are in (a reload or another address would abort them). */
const quiet = (page: Page) => traffic.get(page)!.quiet()

async function withTab(scheme: Scheme, loggedIn: boolean, job: (tab: Tab) => Promise<void>) {
  const context: BrowserContext = await newMobileContext(h.browser!, h.origin, { scheme })
  try {
    if (loggedIn) await context.addCookies([{ name: 'access_token', value: token, url: h.origin }])
    const page = await context.newPage()
    const tab = { page, log: new ProblemLog(page, h.origin) }
    traffic.set(page, apiTraffic(page))
    await job(tab)
    assert.deepEqual([...tab.log.problems], [], 'problems logged by the tab')
  } finally {
    await context.close()
  }
}

/** Every strategy screen: its route, its address for a poCode. */
const SCREENS: Array<[route: string, url: (poCode: string) => string]> = [
  ['portfolioEntry', (c) => `/alfa/portfolio/${c}`],
  ['portfolioDetail', (c) => `/alfa/portfolio/${c}/detail`],
  ['portfolioSignal', (c) => `/alfa/portfolio/${c}/signal`],
  ['portfolioAdjustment', (c) => `/alfa/portfolio/${c}/adjustment`],
  ['portfolioInformation', (c) => `/alfa/portfolio/${c}/information`],
  ['portfolioAdvisor', (c) => `/alfa/portfolio/${c}/advisor`],
  ['portfolioIntro', (c) => `/alfa/portfolio/${c}/index`],
  ['portfolioDailyNav', (c) => `/alfa/portfolio/${c}/daily-nav`],
  ['portfolioAipList', (c) => `/alfa/portfolio/${c}/aip-list`],
  ['portfolioAnalysis', (c) => `/alfa/portfolio/${c}/analysis`],
  ['portfolioComposition', (c) => `/alfa/portfolio/${c}/composition`],
  ['portfolioInvestPool', (c) => `/alfa/portfolio/${c}/invest-pool`],
  ['portfolioTimeline', (c) => `/alfa/portfolio/${c}/timeline`],
  ['portfolioFaq', (c) => `/alfa/portfolio/${c}/faq`],
  ['portfolioThermometer', (c) => `/alfa/portfolio/${c}/thermometer`],
  ['portfolioModals', (c) => `/alfa/portfolio/modals?poCode=${c}`],
  ['advisorContent', (c) => `/alfa/portfolio/advisor-content?poCode=${c}`],
  ['tradeModal', (c) => `/pages/tradeModal/index?poCode=${c}`],
]

/** Opens a strategy screen and waits until it shows the strategy's name (or its empty state, which names nothing). */
async function openScreen(tab: Tab, route: string, url: string, poName: string, scheme: Scheme) {
  await open(tab, h.origin, url)
  const root = pageOf(tab.page, route)
  await until(`${url} to show ${poName} or an empty state`, async () => {
    const t = await text(root).catch(() => '')
    return (t.includes(poName) || (await root.locator('.alfa-empty').count()) > 0) && !t.includes('正在加载')
  })
  await quiet(tab.page)
  await expectScreen(tab, { route, scheme }, h.origin, `${url} (${scheme})`)
  return root
}

for (const [kind, poCode] of Object.entries(KINDS)) {
  const schemes: Scheme[] = kind === 'ordinary' ? ['light', 'dark'] : ['light']
  for (const scheme of schemes) {
    describe(`every strategy screen of a${kind === 'ordinary' ? 'n' : ''} ${kind} strategy (${poCode}, ${scheme})`, () => {
      it('opens with the server’s name, without a console error or a failed request', SLOW, () =>
        withTab(scheme, false, async (tab) => {
          const po = known[poCode]
          const screens = [...SCREENS]
          if (poCode === KINDS.ordinary) screens.push(['portfolioAipDetail', (c) => `/alfa/portfolio/${c}/aip-detail/${aipSigId}`])
          for (const [route, url] of screens) {
            const root = await openScreen(tab, route, url(poCode), po.poName, scheme)
            // Strategy screens without the feature say so; the rest name the strategy.
            const shown = await text(root)
            assert.ok(!/undefined|NaN|\[object/.test(shown), `${url(poCode)} shows a broken value: ${shown.slice(0, 300)}`)
          }
        }),
      )
    })
  }
}

describe('strategy details show the server’s values', () => {
  it('ordinary: name, running days, followers, the chart drawn, the profit calculator’s figure', SLOW, () =>
    withTab('light', false, async (tab) => {
      const po = known[KINDS.ordinary]
      const root = await openScreen(tab, 'portfolioDetail', `/alfa/portfolio/${po.poCode}/detail`, po.poName, 'light')
      assert.equal(await text(root.locator('.alfa-po-head__name')), po.poName)
      assert.match(await text(root.locator('.alfa-po-head__meta')), new RegExp(`运行 ${po.runningDays} 天`))
      const w = Math.trunc(po.followersCount / 1000) / 10
      assert.match(await text(root.locator('.alfa-po-head__meta')), new RegExp(`${String(w).replace('.', '\\.')}w\\+人关注`))
      // The chart of 近1年 against its benchmark is drawn.
      const chart = root.locator('.alfa-section', { hasText: '业绩走势' })
      await until('the NAV chart to be drawn', () => drawnPixels(chart))
      // 10,000 on the first day of the series shown, worth on its last day: computed here from the API's series.
      const { portfolio } = await gql<{ portfolio: { navHistory: { series: Array<{ date: string; value: string }> } } }>(
        'query($poCode: String!) { portfolio(poCode: $poCode) { navHistory(range: "1Y", hasAdjustment: true) { series { date value } } } }',
        { poCode: po.poCode },
      )
      const s = portfolio.navHistory.series
      const worth = (10000 * Number(s[s.length - 1].value)) / Number(s[0].value)
      const expected = worth.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
      const calc = root.locator('.alfa-po-profit')
      await calc.waitFor(WAIT)
      assert.match(await text(calc), new RegExp(`持有至 ${s[s.length - 1].date} 价值 ?${expected.replace(/[.,]/g, '\\$&')}元`))
    }),
  )

  it('composition: the pie is drawn and its legend has the server’s categories and percents', SLOW, () =>
    withTab('dark', false, async (tab) => {
      const po = known[KINDS.ordinary]
      const { portfolio } = await gql<{ portfolio: { composition: { groups: Array<{ categoryName: string; percent: string }> } } }>(
        'query($poCode: String!) { portfolio(poCode: $poCode) { composition { groups { categoryName percent } } } }',
        { poCode: po.poCode },
      )
      const root = await openScreen(tab, 'portfolioComposition', `/alfa/portfolio/${po.poCode}/composition`, po.poName, 'dark')
      const pie = root.locator('.alfa-pie')
      await until('the pie to be drawn', () => drawnPixels(pie))
      const legend = await text(pie.locator('.alfa-pie__legend'))
      for (const g of portfolio.composition.groups) assert.match(legend, new RegExp(g.categoryName))
    }),
  )

  it(
    'composition (long-win): a group’s 累计收益率 opens its 口径 with the server’s NAVs, and a fund its span with the distributions between (issue #25)',
    SLOW,
    () =>
      withTab('light', false, async (tab) => {
        const po = known[KINDS.longWin]
        interface Basis {
          value: string
          parts: Array<{ fund: { fundCode: string }; entryDate: string; endDate: string; entryAdjNav: string; endAdjNav: string }>
        }
        const { portfolio } = await gql<{
          portfolio: {
            composition: { groups: Array<{ categoryCode: string; accProfitRate: string | null; accProfitBasis: Basis | null }> }
          }
        }>(
          `query($poCode: String!) { portfolio(poCode: $poCode) { composition(categoryType: FundCategory) { groups { categoryCode accProfitRate
          accProfitBasis { value parts { fund { fundCode } entryDate endDate entryAdjNav endAdjNav } } } } } }`,
          { poCode: po.poCode },
        )
        const group = portfolio.composition.groups.find((g) => g.accProfitBasis && g.accProfitBasis.parts.length > 1)!
        assert.ok(group, `${po.poCode} has a group of several funds with a 累计收益率`)
        const root = await openScreen(tab, 'portfolioComposition', `/alfa/portfolio/${po.poCode}/composition`, po.poName, 'light')
        const figure = root.locator(`.alfa-po-comp__group[data-category="${group.categoryCode}"] [data-figure="accProfitRate"]`)
        const pct = (v: string) => `${Number(v) > 0 ? '+' : ''}${(Number(v) * 100).toFixed(2)}%`
        assert.equal(await text(figure.locator('.alfa-num')), pct(group.accProfitRate!))
        await figure.click()
        const sheet = tab.page.locator('.alfa-basis[role="dialog"]')
        await sheet.locator('.alfa-basis__step').first().waitFor(WAIT)
        for (const p of group.accProfitBasis!.parts) {
          const row = sheet.locator(`[data-fund-code="${p.fund.fundCode}"]`)
          const cells = row.locator('[role="cell"]')
          for (const [k, nav, day] of [
            [1, p.entryAdjNav, p.entryDate],
            [2, p.endAdjNav, p.endDate],
          ] as const) {
            const cell = await text(cells.nth(k))
            assert.ok(cell.includes(nav) && cell.includes(day), `${p.fund.fundCode}: ${cell} shows ${nav} on ${day}`)
          }
        }
        assert.match(
          await text(sheet.locator('.alfa-basis__figure')),
          new RegExp(pct(group.accProfitBasis!.value).replace(/[+.]/g, '\\$&')),
        )
        await quiet(tab.page)
        // A fund of the group: its own span, from the day it came in to the strategy's last NAV day.
        const first = group.accProfitBasis!.parts[0]
        await sheet.locator(`[data-fund-code="${first.fund.fundCode}"]`).click()
        const span = tab.page.locator('.alfa-basis[role="dialog"] [data-point="起点"]')
        await span.waitFor(WAIT)
        assert.match(await text(span), new RegExp(first.entryDate))
        assert.match(await text(tab.page.locator('.alfa-basis[role="dialog"] .alfa-basis__note')), new RegExp(`（${first.fund.fundCode}）`))
        assert.match(await text(tab.page.locator('.alfa-basis[role="dialog"] [data-point="终点"]')), new RegExp(first.endDate))
        await quiet(tab.page)
      }),
  )

  it('an unknown poCode shows 策略不存在 on the entry, the details and a sub-screen', SLOW, () =>
    withTab('light', false, async (tab) => {
      for (const [route, url] of [
        ['portfolioEntry', '/alfa/portfolio/ZZ999999'],
        ['portfolioDetail', '/alfa/portfolio/ZZ999999/detail'],
        ['portfolioAdjustment', '/alfa/portfolio/ZZ999999/adjustment'],
      ]) {
        await open(tab, h.origin, url)
        await pageOf(tab.page, route).getByText('策略不存在', { exact: true }).waitFor(WAIT)
        await quiet(tab.page)
        await expectScreen(tab, { route, texts: ['策略不存在'] }, h.origin, url)
      }
    }),
  )
})

async function followState(poCode: string): Promise<boolean> {
  const { portfolio } = await gql<{ portfolio: { hasFollowed: boolean } }>(
    'query($poCode: String!) { portfolio(poCode: $poCode) { hasFollowed } }',
    { poCode },
    true,
  )
  return portfolio.hasFollowed
}

describe('follow', () => {
  const poCode = KINDS.ordinary
  const button = (page: Page) => pageOf(page, 'portfolioDetail').locator('.alfa-po-follow')

  it('a logged-in user follows and unfollows; the state is the server’s and stays after a reload', SLOW, () =>
    withTab('light', true, async (tab) => {
      const before = await followState(poCode)
      await openScreen(tab, 'portfolioDetail', `/alfa/portfolio/${poCode}/detail`, known[poCode].poName, 'light')
      const b = button(tab.page)
      await until('the follow button to show the server state', async () => (await b.getAttribute('aria-pressed')) === String(before))
      for (const want of [!before, before]) {
        await b.tap()
        await until(`the button to read ${want ? '已关注' : '+ 关注'}`, async () => (await text(b)) === (want ? '已关注' : '+ 关注'))
        await until('the toggle to finish', async () => (await b.getAttribute('aria-busy')) !== 'true')
        await tab.page.locator('.alfa-toast__text', { hasText: want ? '关注成功' : '已取消关注' }).waitFor(WAIT)
        assert.equal(await followState(poCode), want, 'the server has the new state')
        await quiet(tab.page)
        await tab.page.reload({ waitUntil: 'domcontentloaded' })
        await pageOf(tab.page, 'portfolioDetail').locator('.alfa-po-head__name').waitFor(WAIT)
        // The page shows the kept answer at once: it must already have the new state.
        assert.equal(await b.getAttribute('aria-pressed'), String(want), 'the state kept after a reload')
        await quiet(tab.page)
        assert.equal(await b.getAttribute('aria-pressed'), String(want), 'the state after the refresh')
      }
    }),
  )

  it('an anonymous user is sent to log in, with the way back', SLOW, () =>
    withTab('light', false, async (tab) => {
      await openScreen(tab, 'portfolioDetail', `/alfa/portfolio/${poCode}/detail`, known[poCode].poName, 'light')
      await button(tab.page).tap()
      await until('the login page', async () => new URL(tab.page.url()).pathname === '/user/signup')
      const back = new URL(tab.page.url()).searchParams.get('back') ?? ''
      assert.match(decodeURIComponent(back), new RegExp(`/alfa/portfolio/${poCode}/detail`))
    }),
  )
})

describe('trade modal and records', () => {
  it(`the trade modal of a step-rate strategy (${STEP_RATE}) lists every step and the mode`, SLOW, () =>
    withTab('light', false, async (tab) => {
      const { portfolio } = await gql<{ portfolio: { tradeRule: { advisorCharge: { mode: string; stepRates: unknown[] } } } }>(
        'query($poCode: String!) { portfolio(poCode: $poCode) { tradeRule { advisorCharge { mode stepRates { lower } } } } }',
        { poCode: STEP_RATE },
      )
      assert.equal(portfolio.tradeRule.advisorCharge.mode, 'STEP_ASSET')
      const root = await openScreen(tab, 'tradeModal', `/pages/tradeModal/index?poCode=${STEP_RATE}`, known[STEP_RATE].poName, 'light')
      await root.locator('.alfa-po-steps__row').first().waitFor(WAIT)
      assert.equal(await root.locator('.alfa-po-steps__row').count(), portfolio.tradeRule.advisorCharge.stepRates.length)
      assert.match(await text(root), /按资产阶梯/)
      assert.match(await text(root), /本页仅展示交易规则，不在此下单/)
    }),
  )

  for (const [route, path, field] of [
    ['portfolioAdjustment', 'adjustment', 'adjustments'],
    ['portfolioSignal', 'signal', 'signals'],
  ] as const) {
    it(`${path}: the next page comes on scroll until all the server’s records are listed`, SLOW, () =>
      withTab('light', false, async (tab) => {
        const poCode = KINDS.ordinary
        const { portfolio } = await gql<{ portfolio: Record<string, { totalCount: number }> }>(
          `query($poCode: String!) { portfolio(poCode: $poCode) { ${field} { totalCount } } }`,
          { poCode },
        )
        const total = portfolio[field].totalCount
        assert.ok(total > 10, `${poCode} has more than one page of ${field} (${total})`)
        const root = await openScreen(tab, route, `/alfa/portfolio/${poCode}/${path}`, known[poCode].poName, 'light')
        const rows = root.locator('.alfa-po-rec')
        await rows.first().waitFor(WAIT)
        await until(
          `all ${total} ${field} to be listed`,
          async () => {
            // As a finger does: up a little, then to the end of the page (the H5 page scrolls in .taro_page).
            await root
              .locator('.alfa-load-more')
              .first()
              .evaluate(async (el) => {
                const scroller = el.closest('.taro_page') as HTMLElement
                scroller.scrollTop = Math.max(0, scroller.scrollTop - 400)
                await new Promise((r) => setTimeout(r, 50))
                scroller.scrollTop = scroller.scrollHeight
              })
            await new Promise((r) => setTimeout(r, 300))
            return (await rows.count()) === total
          },
          60_000,
        )
        assert.equal(await text(root.locator('.alfa-load-more')), '没有更多了')
      }),
    )
  }
})

/** Pixels of the chart's canvas within a few levels of `hex`: where a line of that colour is drawn. */
const pixelsOf = (root: ReturnType<typeof pageOf>, hex: string) =>
  root
    .locator('.alfa-chart__host canvas')
    .first()
    .evaluate(
      (c: HTMLCanvasElement, rgb: number[]) => {
        const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data
        const at: number[] = []
        for (let i = 0; i < data.length; i += 4)
          if (data[i + 3] > 200 && Math.abs(data[i] - rgb[0]) + Math.abs(data[i + 1] - rgb[1]) + Math.abs(data[i + 2] - rgb[2]) < 24)
            at.push(i / 4)
        return at
      },
      [1, 3, 5].map((k) => parseInt(hex.slice(k, k + 2), 16)),
    )

describe('the strategy chart (issue 23)', () => {
  const poCode = KINDS.ordinary

  it('a benchmark switch redraws the second line, is named in the legend and kept after a reload; the expected line is drawn', SLOW, () =>
    withTab('light', false, async (tab) => {
      const { portfolio } = await gql<{
        portfolio: {
          comparableBenchmarks: Array<{ indexCode: string; indexShortName: string }>
          annualizedReturnRateRange: { expectedAnnualizedReturnRate: string | null }
          preference: { defaultComparableBenchmark: string; listSeriesSettings: Array<{ key: string; name: string; color: string }> }
        }
      }>(
        `query($poCode: String!) { portfolio(poCode: $poCode) { comparableBenchmarks { indexCode indexShortName }
           annualizedReturnRateRange { expectedAnnualizedReturnRate } preference { defaultComparableBenchmark listSeriesSettings { key name color } } } }`,
        { poCode },
      )
      assert.ok(portfolio.comparableBenchmarks.length > 1, `${poCode} has benchmarks to choose from`)
      assert.ok(Number(portfolio.annualizedReturnRateRange.expectedAnnualizedReturnRate) > 0, `${poCode} has an expected return`)
      const byCode = new Map(portfolio.comparableBenchmarks.map((b) => [b.indexCode, b.indexShortName]))
      const preset = portfolio.preference.defaultComparableBenchmark
      const other = portfolio.comparableBenchmarks.find((b) => b.indexCode !== preset)!
      const setting = (key: string) => portfolio.preference.listSeriesSettings.find((s) => s.key === key)!

      const root = await openScreen(tab, 'portfolioDetail', `/alfa/portfolio/${poCode}/detail`, known[poCode].poName, 'light')
      const card = root.locator('.alfa-section', { hasText: '业绩走势' })
      const legend = card.locator('.alfa-chart__legend').first()
      const checked = card.locator('[role="radio"][aria-checked="true"]')
      await until('the NAV chart to be drawn', () => drawnPixels(card))
      assert.equal(await text(checked), byCode.get(preset), 'the preference’s default benchmark is preselected')
      // The legend names each line (the list-series settings' names, the benchmark by its index), at the axis labels' 11 CSS px.
      assert.deepEqual(await legend.locator('.alfa-chart__legend-item').allTextContents(), [
        setting('nav').name,
        byCode.get(preset),
        '预期收益',
      ])
      for (const el of [legend, card.locator('.alfa-chart__toggle')])
        assert.equal(await el.evaluate((e) => getComputedStyle(e).fontSize), '11px')
      await until('the expected line to be drawn in its colour', async () => (await pixelsOf(card, '#8E6CEF')).length > 20)
      const before = await pixelsOf(card, setting('benchmark').color)
      assert.ok(before.length > 20, 'the benchmark line is drawn in its setting’s colour')

      const asked = tab.page.waitForRequest(
        (r) => r.url().includes(GRAPHQL) && (r.postData() ?? '').includes(`"comparingIndexCode":"${other.indexCode}"`),
      )
      await card.locator(`[role="radio"][data-index="${other.indexCode}"]`).tap()
      await asked
      await until(`the legend to name ${other.indexShortName}`, async () =>
        (await legend.locator('.alfa-chart__legend-item').allTextContents()).includes(other.indexShortName),
      )
      await quiet(tab.page)
      await until('the second line redrawn', async () => {
        const after = await pixelsOf(card, setting('benchmark').color)
        return after.length > 20 && after.join() !== before.join()
      })
      assert.equal(await text(checked), other.indexShortName)

      await tab.page.reload({ waitUntil: 'domcontentloaded' })
      await until(
        'the chosen benchmark after a reload',
        async () => (await checked.count()) === 1 && (await text(checked)) === other.indexShortName,
      )
      await until(`the legend to name ${other.indexShortName} after a reload`, async () =>
        (await legend.locator('.alfa-chart__legend-item').allTextContents()).includes(other.indexShortName),
      )
      await quiet(tab.page)
      await until('the chart drawn after a reload', () => drawnPixels(card))
    }),
  )
})
