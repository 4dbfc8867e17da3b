/**
 * Issue #25's 定投计算器 in Debian's Chromium against the real server, on a real fund: 广发稳健增长混合A
 * (270002, server/test/fixtures/real) imported into the server's copy of the demo data. From the fund
 * page's 定投计算器 card to the calculator (/alfa/fund/aip-calculator?fundCode=270002): the default
 * plan (1000 元 on the 1st of each month over the last 3 years, fee 0.15%, reinvested) and then a
 * weekly plan paid in cash, each checked against this test's own computation from the NAVs the server
 * serves (navHistory: unit and accumulated NAV; a distribution is the rise of accumulated − unit NAV):
 * units bought at the NAV day on or after each scheduled day, net = amount / (1 + fee), distributions
 * reinvested at the ex-date NAV or paid in cash, XIRR by bisection. Then a figure's 口径 sheet (the
 * fund page's 近1月): its days and NAVs are the ones worked out here and the ones the NAV list (历史业绩)
 * shows. Light scheme; no console error, no page error, no failed request.
 *
 *   node --import tsx --test test/e2e/aip.test.ts
 */
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import type { Locator } from 'playwright-core'
import { execFileSync } from 'node:child_process'
import { monthsBefore } from '../../server/test/realFixture'
import { seededDataDirCopy } from '../../server/test/template'
import { apiHeaders } from './lib/api'
import { newMobileContext, ProblemLog, type Tab } from './lib/browser'
import { expectScreen, Harness, open } from './lib/harness'
import { ROOT } from './lib/paths'
import { apiTraffic, drawnPixels, pageOf, text, until } from './lib/wait'

const h = new Harness()
const CODE = '270002'
const FIXTURE = path.join(ROOT, 'server', 'test', 'fixtures', 'real')
let dataDir = ''

interface Nav {
  date: string
  nav: number
  /** Cash per unit distributed on this day (0 on most days): the rise of accumulated − unit NAV. */
  cash: number
}
let navs: Nav[] = []

before(
  async () => {
    // The demo data with the real fund imported, in a folder the server is started on.
    dataDir = await seededDataDirCopy()
    execFileSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server', 'src', 'import', 'main.ts'), FIXTURE], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: undefined, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    await h.start((line) => console.log(`# ${line}`), { DATA_DIR: dataDir })
    const res = await fetch(`${h.origin}/alfa/v1/graphql`, {
      method: 'POST',
      headers: apiHeaders(),
      body: JSON.stringify({ query: `{ fund(fundCode: "${CODE}") { navHistory(range: "Max") { date extra } } }` }),
    })
    const body = (await res.json()) as {
      data?: { fund: { navHistory: Array<{ date: string; extra: { nav: number | string; accNav: number | string } }> } }
    }
    const points = body.data!.fund.navHistory
    navs = points.map((p, i) => {
      const gap = (k: number) => Number(points[k].extra.accNav) - Number(points[k].extra.nav)
      const rise = i ? Math.round((gap(i) - gap(i - 1)) * 1e4) / 1e4 : 0
      return { date: p.date, nav: Number(p.extra.nav), cash: rise > 0 ? rise : 0 }
    })
    assert.equal(navs.length, 4132, 'the server serves the fund’s 4,132 NAVs')
  },
  { timeout: 15 * 60_000 },
)
after(async () => {
  await h.stop()
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
})

interface Plan {
  amount: number
  weekly: boolean
  /** Weekday 1–5 (weekly) or day of the month. */
  day: number
  start: string
  end: string
  fee: number
  cash: boolean
}

const ms = (d: string) => Date.parse(`${d}T00:00:00Z`)
const iso = (t: number) => new Date(t).toISOString().slice(0, 10)

/** The plan worked out here from the served NAVs alone. */
function expected(p: Plan) {
  const days: string[] = []
  if (p.weekly) {
    let t = ms(p.start)
    while ((new Date(t).getUTCDay() || 7) !== p.day) t += 86_400_000
    for (; iso(t) <= p.end; t += 7 * 86_400_000) days.push(iso(t))
  } else
    for (let y = Number(p.start.slice(0, 4)), m = Number(p.start.slice(5, 7)); ; m === 12 ? ((m = 1), y++) : m++) {
      const d = `${y}-${String(m).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`
      if (d > p.end) break
      if (d >= p.start) days.push(d)
    }
  const end = navs.filter((n) => n.date <= p.end).length - 1
  const buys = days.map((d) => navs.findIndex((n) => n.date >= d)).filter((i) => i >= 0 && i <= end)
  let units = 0
  let paid = 0
  const flows: Array<{ t: number; amount: number }> = []
  for (let i = buys[0]; i <= end; i++) {
    const { date, nav, cash } = navs[i]
    if (cash && i > buys[0]) {
      if (p.cash) {
        paid += units * cash
        flows.push({ t: ms(date), amount: units * cash })
      } else units += (units * cash) / nav
    }
    for (const b of buys) {
      if (b !== i) continue
      units += p.amount / (1 + p.fee) / nav
      flows.push({ t: ms(date), amount: -p.amount })
    }
  }
  const invested = buys.length * p.amount
  const endValue = units * navs[end].nav
  flows.push({ t: ms(navs[end].date), amount: endValue })
  const npv = (r: number) => flows.reduce((s, f) => s + f.amount / Math.pow(1 + r, (f.t - flows[0].t) / (365 * 86_400_000)), 0)
  let lo = -0.99
  let hi = 10
  for (let k = 0; k < 200; k++) {
    const mid = (lo + hi) / 2
    if (npv(mid) * npv(lo) > 0) lo = mid
    else hi = mid
  }
  const profit = endValue + paid - invested
  return { count: buys.length, invested, endValue, paid, profit, totalReturn: profit / invested, xirr: (lo + hi) / 2 }
}

/** A shown figure as a number: 元 amounts (thousands separators) and percents (as ratios). */
const figure = (s: string) => {
  const n = Number(s.replace(/[,元期\s+]/g, '').replace('%', ''))
  return s.includes('%') ? n / 100 : n
}

async function rowsOf(section: Locator): Promise<Record<string, string>> {
  const out: Record<string, string> = {}
  for (const row of await section.locator('.alfa-rows__row').all())
    out[await text(row.locator('.alfa-rows__label'))] = await text(row.locator('.alfa-rows__value'))
  return out
}

function check(shown: Record<string, string>, e: ReturnType<typeof expected>, what: string) {
  const near = (label: string, want: number, tol: number) =>
    assert.ok(
      shown[label] !== undefined && Math.abs(figure(shown[label]) - want) <= tol,
      `${what} ${label}: shown ${shown[label]}, computed ${want}`,
    )
  assert.equal(shown['定投期数'], `${e.count} 期`, `${what}: purchases`)
  near('投入本金', e.invested, 0.005)
  near('期末市值', e.endValue, 0.015)
  near('收益', e.profit, 0.015)
  near('累计收益率', e.totalReturn, 0.00005 + 1e-9)
  near('年化收益率(XIRR)', e.xirr, 0.00005 + 1e-6)
  if (e.paid) near('现金分红', e.paid, 0.015)
}

describe('定投计算器 on a real fund (light)', () => {
  it('from the fund page: the default plan and a weekly cash plan match this test’s own computation', { timeout: 120_000 }, async () => {
    const context = await newMobileContext(h.browser!, h.origin, { scheme: 'light' })
    try {
      const page = await context.newPage()
      const tab: Tab = { page, log: new ProblemLog(page, h.origin) }
      const traffic = apiTraffic(page)

      await open(tab, h.origin, `/alfa/fund/${CODE}/detail`)
      const entry = pageOf(page, 'fund').locator('.alfa-section', { hasText: '定投计算器' }).locator('.alfa-section__more')
      await entry.waitFor({ timeout: 30_000 })
      await entry.tap()

      const calc = pageOf(page, 'aipCalculator')
      const result = calc.locator('.alfa-aip-result')
      await result.waitFor({ timeout: 30_000 })
      assert.equal(new URL(page.url()).pathname, '/alfa/fund/aip-calculator')
      assert.equal(new URL(page.url()).searchParams.get('fundCode'), CODE)
      // The default plan: the dates the server filled in are shown in the form.
      const dates = await calc.locator('.alfa-aip__date').allTextContents()
      assert.deepEqual(
        dates.map((d) => d.replace(' ›', '').trim()),
        ['2018-07-19', '2021-07-19'],
      )
      check(
        await rowsOf(result),
        expected({ amount: 1000, weekly: false, day: 1, start: '2018-07-19', end: '2021-07-19', fee: 0.0015, cash: false }),
        'default plan',
      )
      assert.match(await text(calc.locator('.alfa-aip-lump')), /若在 2018-08-01 以单位净值 [\d.]+ 一次性投入 36,000\.00 元/)
      // The chart engine comes after the first screen (idle time): wait for its drawing, do not count on it being there.
      await until('the chart to be drawn', () => drawnPixels(calc.locator('.alfa-aip')))

      // Weekly on Wednesdays, 500 元, fee 1.2%, dividends in cash, 2015-01-05 … 2020-12-31.
      await calc.locator('[role="tab"]', { hasText: /^每周$/ }).tap()
      await calc.locator('[role="tab"]', { hasText: /^周三$/ }).tap()
      await calc.locator('[role="tab"]', { hasText: /^现金分红$/ }).tap()
      await calc.locator('input[aria-label="每期金额"], [aria-label="每期金额"] input').first().fill('500')
      await calc.locator('input[aria-label="申购费率"], [aria-label="申购费率"] input').first().fill('1.2')
      await calc.locator('input[type="date"][aria-label="开始日期"]').fill('2015-01-05')
      await calc.locator('input[type="date"][aria-label="结束日期"]').fill('2020-12-31')
      await calc.locator('.alfa-aip__submit').tap()
      const weekly = expected({ amount: 500, weekly: true, day: 3, start: '2015-01-05', end: '2020-12-31', fee: 0.012, cash: true })
      assert.ok(weekly.paid > 0, 'the plan was paid distributions')
      await until('the weekly plan’s result', async () => (await rowsOf(result))['定投期数'] === `${weekly.count} 期`)
      check(await rowsOf(result), weekly, 'weekly cash plan')

      await traffic.quiet()
      await expectScreen(
        tab,
        { route: 'aipCalculator', scheme: 'light', texts: ['一次性投入对比', '投入与资产走势'] },
        h.origin,
        'calculator',
      )
      assert.deepEqual([...tab.log.problems], [], 'problems logged by the tab')
    } finally {
      await context.close()
    }
  })
})

describe('口径 of a real fund’s figure (light)', () => {
  it(
    '近1月 on the fund page: the sheet’s days and NAVs are the NAV list’s; the base day is the last NAV on or before a month earlier',
    { timeout: 120_000 },
    async () => {
      const context = await newMobileContext(h.browser!, h.origin, { scheme: 'light' })
      try {
        const page = await context.newPage()
        const tab: Tab = { page, log: new ProblemLog(page, h.origin) }
        const traffic = apiTraffic(page)
        // Worked out here from the served NAVs: the last day, and the last NAV day on or before a month before it.
        const end = navs[navs.length - 1]
        const monthBefore = monthsBefore(end.date, 1)
        const start = navs.filter((n) => n.date <= monthBefore).at(-1)!
        const cashBetween = navs.filter((n) => n.date > start.date && n.date <= end.date && n.cash > 0)

        await open(tab, h.origin, `/alfa/fund/${CODE}/detail`)
        const fund = pageOf(page, 'fund')
        const cell = fund.locator('.alfa-fund-grid__cell[data-period="1M"]')
        await cell.waitFor({ timeout: 30_000 })
        const shown = await text(cell.locator('.alfa-figures__value'))
        assert.equal(await cell.getAttribute('aria-haspopup'), 'dialog')
        await cell.tap()
        const sheet = page.locator('.alfa-basis[role="dialog"]')
        await sheet.locator('.alfa-basis__row[data-point="终点"]').waitFor({ timeout: 20_000 })
        const point = async (name: string) =>
          (await sheet.locator(`.alfa-basis__row[data-point="${name}"] [role="cell"]`).allTextContents()).map((t) => t.trim())
        const [, startDate, startNav, startAcc] = await point('起点')
        const [, endDate, endNav, endAcc] = await point('终点')
        assert.deepEqual([startDate, Number(startNav)], [start.date, start.nav], 'the base day and its unit NAV')
        assert.deepEqual([endDate, Number(endNav)], [end.date, end.nav], 'the last day and its unit NAV')
        assert.equal(await text(sheet.locator('.alfa-basis__figure')), shown, 'the sheet’s figure is the one tapped')
        const steps = (await sheet.locator('.alfa-basis__step').allTextContents()).join('\n')
        // The day asked for (a month before) is named when it had to move to a NAV day.
        if (start.date !== monthBefore) assert.ok(steps.includes(monthBefore), steps)
        for (const c of cashBetween) assert.ok(steps.includes(c.date), `the distribution on ${c.date} is in the steps`)
        await sheet.locator('.alfa-basis__close').tap()
        await traffic.quiet()

        // The NAV list (历史业绩) shows the same NAVs on those days.
        await open(tab, h.origin, `/alfa/fund/nav/${CODE}`)
        const list = pageOf(page, 'fundNav')
        const rowOf = (date: string) => list.locator('.alfa-fund-table__row', { hasText: date })
        await list.locator('.alfa-fund-table__row[role="row"]').nth(1).waitFor({ timeout: 20_000 })
        await until('the base day’s row in the NAV list', async () => {
          if ((await rowOf(startDate).count()) > 0) return true
          const more = list.locator('.alfa-load-more--more')
          if ((await more.count()) > 0) await more.tap()
          return false
        })
        for (const [date, nav, acc] of [
          [startDate, startNav, startAcc],
          [endDate, endNav, endAcc],
        ]) {
          const cells = (await rowOf(date).first().locator('[role="cell"]').allTextContents()).map((t) => t.trim())
          assert.deepEqual([Number(cells[1]), Number(cells[2])], [Number(nav), Number(acc)], `the NAV list on ${date}`)
        }
        await traffic.quiet()
        assert.deepEqual([...tab.log.problems], [], 'problems logged by the tab')
      } finally {
        await context.close()
      }
    },
  )
})
