/**
 * The regular-investment calculator (定投计算器, issue #25) on a real fund: 广发稳健增长混合A (270002,
 * server/test/fixtures/real/SOURCE.md: 4,132 published NAVs, 22 cash distributions, the 8 early ones
 * reinvested two NAV days after their ex-date) imported with the real importer. Every expected figure
 * is computed here from the fixture's CSV files alone, never with the server's code: the scheduled
 * days moved to the next NAV day, units bought at that day's unit NAV after the front-end fee
 * (net = amount / (1 + rate)), each distribution on the units held before its ex-date reinvested at
 * the NAV of its reinvestment day or paid in cash, and the XIRR by bisection. Also: the move of a
 * purchase off a non-trading day, and every refused input (BAD_USER_INPUT in Chinese).
 *
 *   node --import tsx --test --test-concurrency=1 --test-force-exit server/test/aip.test.ts
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Database } from '../src/db'
import { importFolder } from '../src/import/importer'
import { aipRows, calculateAip } from '../src/aip/calc'
import type { FundEvent } from '../src/fund/adjusted'
import { gql, pgliteTestDatabase, startApp, type TestApp } from './helpers'
import { readRealCsv, REAL_FIXTURE } from './realFixture'

const FIXTURE = REAL_FIXTURE
const CODE = '270002'

const navs = readRealCsv('fund_navs.csv').map((r) => ({ date: r.nav_date, nav: Number(r.nav) }))
const dividends = readRealCsv('fund_events.csv').map((r) => ({
  ex: r.ex_date,
  cash: Number(r.cash_per_unit),
  pay: r.reinvest_date || r.ex_date,
}))

interface Plan {
  amount: number
  frequency: 'WEEKLY' | 'BIWEEKLY' | 'MONTHLY'
  day: number
  startDate: string
  endDate: string
  feeRate: number
  dividendMode: 'REINVEST' | 'CASH'
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10)
const ms = (d: string) => Date.parse(`${d}T00:00:00Z`)

/** The plan's days: a weekday every 7 or 14 days from the first on or after the start, or a day of each month. */
function schedule(p: Plan): string[] {
  const out: string[] = []
  if (p.frequency === 'MONTHLY') {
    for (let t = new Date(`${p.startDate.slice(0, 7)}-01T00:00:00Z`); ; t.setUTCMonth(t.getUTCMonth() + 1)) {
      const d = `${day(t.getTime()).slice(0, 8)}${String(p.day).padStart(2, '0')}`
      if (d > p.endDate) return out
      if (d >= p.startDate) out.push(d)
    }
  }
  let t = ms(p.startDate)
  while ((new Date(t).getUTCDay() || 7) !== p.day) t += 86_400_000
  for (; day(t) <= p.endDate; t += (p.frequency === 'WEEKLY' ? 7 : 14) * 86_400_000) out.push(day(t))
  return out
}

/** XIRR by bisection on the rate: Σ amount × (1 + r)^(−days / 365) = 0. */
function xirrBisection(flows: Array<{ date: string; amount: number }>): number {
  const t0 = ms(flows[0].date)
  const f = (r: number) => flows.reduce((s, x) => s + x.amount / Math.pow(1 + r, (ms(x.date) - t0) / (365 * 86_400_000)), 0)
  let lo = -0.99
  let hi = 10
  assert.ok(f(lo) * f(hi) < 0, 'the XIRR is bracketed')
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2
    if (f(mid) * f(lo) > 0) lo = mid
    else hi = mid
  }
  return (lo + hi) / 2
}

/** The plan (or one purchase of `lump` on the first purchase day) worked out from the fixture by units. */
function expected(p: Plan, lump?: number) {
  const end = navs.filter((n) => n.date <= p.endDate).length - 1
  const idx = (d: string) => navs.findIndex((n) => n.date >= d)
  let buys = schedule(p)
    .map((s) => ({ scheduled: s, i: idx(s) }))
    .filter((b) => b.i >= 0 && b.i <= end)
  if (lump !== undefined) buys = [{ scheduled: navs[buys[0].i].date, i: buys[0].i }]
  const amount = lump ?? p.amount
  let units = 0
  let pending: Array<{ cash: number; pay: string }> = []
  let paid = 0
  let invested = 0
  const flows: Array<{ date: string; amount: number }> = []
  for (let i = buys[0].i; i <= end; i++) {
    const { date, nav } = navs[i]
    // Distributions reach the units held before the day's purchases (which buy at the ex-date NAV).
    for (const d of dividends.filter((x) => x.ex === date && i > buys[0].i)) {
      if (p.dividendMode === 'CASH') {
        paid += units * d.cash
        flows.push({ date: d.pay, amount: units * d.cash })
      } else pending.push({ cash: units * d.cash, pay: d.pay })
    }
    for (const q of pending.filter((x) => x.pay <= date)) units += q.cash / nav
    pending = pending.filter((x) => x.pay > date)
    for (let k = buys.filter((x) => x.i === i).length; k > 0; k--) {
      units += amount / (1 + p.feeRate) / nav
      invested += amount
      flows.push({ date, amount: -amount })
    }
  }
  const endValue = units * navs[end].nav + pending.reduce((s, x) => s + x.cash, 0)
  flows.push({ date: navs[end].date, amount: endValue })
  flows.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
  const profit = endValue + paid - invested
  return {
    buys: buys.map((b) => ({ scheduled: b.scheduled, date: navs[b.i].date })),
    endDate: navs[end].date,
    invested,
    endValue,
    paid,
    profit,
    totalReturn: profit / invested,
    xirr: xirrBisection(flows),
  }
}

const OUTCOME = 'purchaseCount invested fees units endValue cashDividends profit totalReturn annualizedReturn'
const QUERY = `query($input: AipCalculationInput!) { aipCalculation(input: $input) {
  fundCode fundName firstNavDate lastNavDate startDate endDate firstPurchaseDate startNav endNavDate endNav endAdjNav
  outcome { ${OUTCOME} } lumpSum { date nav outcome { ${OUTCOME} } }
  purchases { scheduledDate date nav amount fee units } events { date kind cashPerUnit cashPaid } series { date invested value } } }`

let database: Database
let t: TestApp
before(async () => {
  database = (await pgliteTestDatabase()).database
  await importFolder(database, FIXTURE, { report: () => {} })
  t = await startApp(database)
})
after(async () => {
  await t?.app.close()
  await database?.close()
})

const ask = (input: Record<string, unknown>) => gql(t, QUERY, { input })
const ok = async (p: Plan, fundCode = CODE) => {
  const { status, body } = await ask({ fundCode, ...p, amount: String(p.amount), feeRate: String(p.feeRate) })
  assert.equal(status, 200, JSON.stringify(body))
  assert.equal(body.errors, undefined, JSON.stringify(body.errors))
  return body.data.aipCalculation
}
const near = (ours: string | null, theirs: number, tol: number, what: string) =>
  assert.ok(ours !== null && Math.abs(Number(ours) - theirs) <= tol, `${what}: server ${ours}, test ${theirs}`)

/** Every figure of an outcome against the test's own computation: money to the fen, rates to their 4 places. */
function matches(o: Record<string, string | number | null>, e: ReturnType<typeof expected>, what: string) {
  assert.equal(o.purchaseCount, e.buys.length, `${what}: purchases`)
  near(o.invested as string, e.invested, 0.005, `${what} invested`)
  near(o.endValue as string, e.endValue, 0.01, `${what} end value`)
  near(o.cashDividends as string, e.paid, 0.01, `${what} cash dividends`)
  near(o.profit as string, e.profit, 0.01, `${what} profit`)
  near(o.totalReturn as string, e.totalReturn, 0.00005 + 1e-9, `${what} total return`)
  near(o.annualizedReturn as string, e.xirr, 0.00005 + 1e-6, `${what} XIRR`)
}

const THREE_YEARS: Plan = {
  amount: 1000,
  frequency: 'MONTHLY',
  day: 1,
  startDate: '2016-01-01',
  endDate: '2021-07-19',
  feeRate: 0.0015,
  dividendMode: 'REINVEST',
}

describe('定投计算器 on a real fund (270002) against the test’s own computation', () => {
  it('monthly on the 1st, 2016-01 … 2021-07, dividends reinvested: every figure and the lump sum', async () => {
    const r = await ok(THREE_YEARS)
    const e = expected(THREE_YEARS)
    assert.equal(r.fundName, '广发稳健增长混合A')
    assert.equal(r.endNavDate, '2021-07-19')
    assert.equal(r.firstPurchaseDate, e.buys[0].date)
    matches(r.outcome, e, 'plan')
    // 7 distributions after the first purchase, each applied to the plan.
    assert.deepEqual(
      r.events.map((x: { date: string }) => x.date),
      dividends.filter((d) => d.ex > e.buys[0].date && d.ex <= e.endDate).map((d) => d.ex),
    )
    const lump = expected(THREE_YEARS, e.invested)
    assert.equal(r.lumpSum.date, e.buys[0].date)
    matches(r.lumpSum.outcome, { ...lump, buys: [{ scheduled: '', date: '' }] }, 'lump sum')
    // The chart: at most 300 points, from the first purchase to the end, ending on the end figures.
    assert.ok(r.series.length <= 300 && r.series.length > 100, `${r.series.length} points`)
    assert.equal(r.series[0].date, e.buys[0].date)
    assert.deepEqual(r.series.at(-1), { date: '2021-07-19', invested: r.outcome.invested, value: r.outcome.endValue })
  })

  it('the same plan with dividends paid in cash: the cash is in the profit and the XIRR', async () => {
    const p: Plan = { ...THREE_YEARS, dividendMode: 'CASH' }
    const r = await ok(p)
    const e = expected(p)
    assert.ok(e.paid > 1000, `the plan was paid ${e.paid}`)
    matches(r.outcome, e, 'cash plan')
    matches(r.lumpSum.outcome, { ...expected(p, e.invested), buys: [{ scheduled: '', date: '' }] }, 'cash lump sum')
    const paid = r.events.reduce((s: number, x: { cashPaid: string }) => s + Number(x.cashPaid), 0)
    near(r.outcome.cashDividends, paid, 0.05, 'the events’ cash adds up')
  })

  it('weekly on Wednesdays through 2005–2008, when distributions were reinvested two NAV days after the ex-date', async () => {
    const p: Plan = { ...THREE_YEARS, frequency: 'WEEKLY', day: 3, startDate: '2005-01-01', endDate: '2008-12-31', feeRate: 0.012 }
    matches((await ok(p)).outcome, expected(p), 'weekly 2005–2008')
  })

  it('every two weeks on Fridays over ten years, no fee', async () => {
    const p: Plan = { ...THREE_YEARS, frequency: 'BIWEEKLY', day: 5, startDate: '2011-07-01', endDate: '2021-07-01', feeRate: 0 }
    const r = await ok(p)
    matches(r.outcome, expected(p), 'biweekly 10 years')
    assert.equal(r.outcome.fees, '0.00')
  })

  it('a purchase on a day without a NAV moves to the next NAV day', async () => {
    const r = await ok(THREE_YEARS)
    const moved = r.purchases.filter((x: { scheduledDate: string; date: string }) => x.scheduledDate !== x.date)
    // 2016-10-01 (National Day) and 2017-01-01 (New Year) are closed days with NAVs on 10-10 and 01-03.
    assert.deepEqual(
      moved.slice(0, 4).map((x: { scheduledDate: string; date: string }) => `${x.scheduledDate}→${x.date}`),
      expected(THREE_YEARS)
        .buys.filter((b) => b.scheduled !== b.date)
        .slice(0, 4)
        .map((b) => `${b.scheduled}→${b.date}`),
    )
    const oct = r.purchases.find((x: { scheduledDate: string }) => x.scheduledDate === '2016-10-01')
    assert.deepEqual(
      { date: oct.date, nav: oct.nav },
      { date: '2016-10-10', nav: navs.find((n) => n.date === '2016-10-10')!.nav.toFixed(4) },
    )
    for (const x of r.purchases)
      assert.ok(
        navs.some((n) => n.date === x.date),
        `${x.date} is a NAV day`,
      )
    // The fee convention: net = amount / (1 + rate), so the fees are invested × rate / (1 + rate), not invested × rate.
    const invested = Number(r.outcome.invested)
    near(r.outcome.fees, invested - invested / 1.0015, 0.005, 'fees')
  })

  it('refuses bad input with a clear Chinese message and no figures', async () => {
    const base = { fundCode: CODE, ...THREE_YEARS, amount: '1000', feeRate: '0.0015' }
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ fundCode: '999999' }, /基金不存在：999999/],
      [{ startDate: '2004-07-01' }, /开始日期早于该基金的首个净值日（2004-07-26）/],
      [{ startDate: '2021-08-02', endDate: '2021-09-01' }, /开始日期晚于该基金的最新净值日（2021-07-19）/],
      [{ startDate: '2020-01-01', endDate: '2019-12-31' }, /结束日期不能早于开始日期/],
      [{ amount: '0' }, /定投金额必须大于 0/],
      [{ amount: '-100' }, /定投金额必须大于 0/],
      [{ amount: '20000000' }, /每期定投金额不能超过 1000 万元/],
      [{ amount: '12.345' }, /定投金额应为数字，最多两位小数/],
      [{ amount: 'abc' }, /定投金额应为数字/],
      [{ feeRate: '0.06' }, /申购费率应在 0 到 5% 之间/],
      [{ feeRate: '-0.001' }, /申购费率应在 0 到 5% 之间/],
      [{ day: 29 }, /每月定投日应为 1 到 28 日/],
      [{ frequency: 'WEEKLY', day: 6 }, /每周定投日应为周一到周五/],
      [{ startDate: '2021-02-30' }, /开始日期应为有效日期/],
      [{ endDate: '2021/07/01' }, /结束日期应为有效日期/],
      [{ startDate: '2005-01-01', endDate: '2035-01-02' }, /定投区间最长 30 年/],
      [{ startDate: '2021-07-02', endDate: '2021-07-19', day: 28 }, /所选区间内没有定投扣款日/],
    ]
    for (const [change, message] of cases) {
      const { status, body } = await ask({ ...base, ...change })
      const what = JSON.stringify(change)
      assert.ok(status < 500, `${what}: ${status}`)
      assert.equal(body.data?.aipCalculation ?? null, null, what)
      assert.equal(body.errors?.[0]?.extensions?.code, 'BAD_USER_INPUT', `${what}: ${JSON.stringify(body.errors)}`)
      assert.match(body.errors[0].message, message, what)
    }
  })

  it('an end date after the last NAV ends the plan at the last NAV', async () => {
    const r = await ok({ ...THREE_YEARS, startDate: '2021-01-01', endDate: '2026-11-26' })
    assert.equal(r.endNavDate, '2021-07-19')
    assert.equal(r.outcome.purchaseCount, 7)
  })

  it('without dates the plan is the last 3 years up to the last NAV (one request for the first screen)', async () => {
    const { status, body } = await ask({
      fundCode: CODE,
      amount: '1000',
      frequency: 'MONTHLY',
      day: 1,
      feeRate: '0.0015',
      dividendMode: 'REINVEST',
    })
    assert.equal(status, 200, JSON.stringify(body))
    const r = body.data.aipCalculation
    assert.deepEqual([r.firstNavDate, r.lastNavDate, r.startDate, r.endDate], ['2004-07-26', '2021-07-19', '2018-07-19', '2021-07-19'])
    matches(r.outcome, expected({ ...THREE_YEARS, startDate: '2018-07-19', endDate: '2021-07-19' }), 'default plan')
  })

  it('a change of the fund’s NAVs changes the answer at once (the kept reconciliation is the text it was made from)', async () => {
    const before = await ok(THREE_YEARS)
    await database.query(`update fund_navs set nav = nav * 2 where fund_code = $1 and nav_date = '2021-07-19'`, [CODE])
    try {
      const after = await ok(THREE_YEARS)
      assert.equal(after.endNav, (navs.at(-1)!.nav * 2).toFixed(4))
      near(after.outcome.endValue, Number(before.outcome.endValue) * 2, 0.02, 'the end value follows the NAV')
    } finally {
      await database.query(`update fund_navs set nav = nav / 2 where fund_code = $1 and nav_date = '2021-07-19'`, [CODE])
    }
    assert.deepEqual((await ok(THREE_YEARS)).outcome, before.outcome)
  })
})

describe('定投计算器: a split and a distribution on the first purchase day, worked by hand', () => {
  // 2024-01-02 (a Tuesday) NAV 1.00; a 2-for-1 split on 01-03 (NAV 0.50); 01-04 NAV 0.55. A 0.10 distribution
  // with its ex-date on 01-02 reaches nobody: the purchase that day buys at the ex-date NAV.
  const raw = [
    { date: '2024-01-02', nav: '1.0000', accNav: null },
    { date: '2024-01-03', nav: '0.5000', accNav: null },
    { date: '2024-01-04', nav: '0.5500', accNav: null },
  ]
  const events: FundEvent[] = [
    { date: '2024-01-02', kind: 'dividend', cash: 0.1 },
    { date: '2024-01-03', kind: 'split', ratio: 2 },
  ]
  for (const dividendMode of ['REINVEST', 'CASH'] as const)
    it(`${dividendMode}: 101 元 at 1% buys 100 units, the split makes 200, worth 110 元`, () => {
      const r = calculateAip(aipRows(raw, events), events, {
        amount: 101,
        frequency: 'WEEKLY',
        day: 2,
        startDate: '2024-01-01',
        endDate: '2024-01-04',
        feeRate: 0.01,
        dividendMode,
      })!
      assert.equal(r.plan.purchaseCount, 1)
      assert.ok(Math.abs(r.plan.units - 200) < 1e-9, `${r.plan.units} units`)
      assert.ok(Math.abs(r.plan.endValue - 110) < 1e-9, `${r.plan.endValue}`)
      assert.ok(Math.abs(r.plan.fees - 1) < 1e-9 && Math.abs(r.plan.profit - 9) < 1e-9)
      assert.equal(r.plan.cashDividends, 0)
      assert.deepEqual(
        r.events.map((e) => `${e.date} ${e.kind}`),
        ['2024-01-03 split'],
      )
    })
})
