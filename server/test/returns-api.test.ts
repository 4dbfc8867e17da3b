import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { migrate, openDatabase, type Database } from '../src/db'
import { importFolder } from '../src/import/importer'
import { apiHeaders, gql, login, startApp, type TestApp } from './helpers'

/**
 * One fund, one period, one figure on every screen. A fund's total-return path is generated
 * here first; its unit NAV is then derived by paying a cash distribution out of it now and then
 * (the accumulated NAV records them), as a real fund's published NAVs are. The expected returns
 * come from the generated total-return path, not from the code under test.
 */

const FUND = '200001'
const SHORT = '200002' // its NAVs end half a year before the others'
const DIVIDEND_DAYS = new Set([180, 420, 650, 900])

function tradingDays(from: string, count: number): string[] {
  const out: string[] = []
  const d = new Date(`${from}T00:00:00Z`)
  while (out.length < count) {
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) out.push(d.toISOString().slice(0, 10))
    d.setUTCDate(d.getUTCDate() + 1)
  }
  return out
}

interface Generated {
  days: string[]
  /** Total return (dividends reinvested) per day. */
  tr: number[]
  rows: string[]
}

/** A deterministic walk; distributions of 6% of the NAV on DIVIDEND_DAYS. */
function generate(code: string, days: string[], seed: number): Generated {
  let x = seed
  const rand = () => (x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
  const rows: string[] = []
  const navs: number[] = []
  const cashPaid: number[] = []
  let level = 1
  let factor = 1
  let paid = 0
  days.forEach((day, i) => {
    if (i > 0) level *= 1 + (rand() - 0.48) * 0.03
    let nav = level / factor
    let cash = 0
    if (DIVIDEND_DAYS.has(i)) {
      cash = Number((nav * 0.06).toFixed(4))
      factor *= nav / (nav - cash)
      paid += cash
      nav -= cash
    }
    navs.push(Number(nav.toFixed(4)))
    cashPaid.push(cash)
    rows.push(`${code},${day},${nav.toFixed(4)},${(Number(nav.toFixed(4)) + paid).toFixed(4)}`)
  })
  // What a holder of the published (rounded) NAV got, distributions reinvested on the ex-date.
  const tr = [1]
  for (let i = 1; i < navs.length; i++) tr.push(tr[i - 1] * ((navs[i] + cashPaid[i]) / navs[i - 1]))
  return { days, tr, rows }
}

/** The generator's return from the last value on or before `start` to the last value. */
function expectedReturn(g: Generated, start: string): number | null {
  let base = -1
  g.days.forEach((d, i) => {
    if (d <= start) base = i
  })
  return base < 0 ? null : g.tr[g.tr.length - 1] / g.tr[base] - 1
}

const sameDayBefore = (date: string, months: number) => {
  const d = new Date(`${date}T00:00:00Z`)
  const t = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - months, 1))
  const last = new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() + 1, 0)).getUTCDate()
  t.setUTCDate(Math.min(d.getUTCDate(), last))
  return t.toISOString().slice(0, 10)
}

const days = tradingDays('2021-01-04', 1000)
const main = generate(FUND, days, 7)
const short = generate(SHORT, days.slice(0, 870), 11)

let database: Database
let t: TestApp
let token: string
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'alfa-returns-'))

before(async () => {
  fs.writeFileSync(
    path.join(dir, 'funds.csv'),
    `fund_code,fund_name,category_code,setup_date,risk_level,benchmark\n${FUND},测试分红指数A,INDEX,${days[0]},High,IDX1\n${SHORT},测试提前结束指数,INDEX,${days[0]},High,IDX1*0.6+IDX2*0.4\n`,
  )
  fs.writeFileSync(path.join(dir, 'fund_navs.csv'), ['fund_code,nav_date,nav,acc_nav', ...main.rows, ...short.rows].join('\n'))
  fs.writeFileSync(path.join(dir, 'benchmarks.csv'), 'index_code,index_short_name,name\nIDX1,指数一,测试指数一\nIDX2,指数二,测试指数二\n')
  fs.writeFileSync(
    path.join(dir, 'benchmark_values.csv'),
    [
      'index_code,value_date,value',
      ...days.map((d, i) => `IDX1,${d},${(1000 + i).toFixed(4)}`),
      ...days.map((d, i) => `IDX2,${d},${(100 + i / 10).toFixed(4)}`),
    ].join('\n'),
  )
  database = await openDatabase({})
  await migrate(database)
  await importFolder(database, dir)
  t = await startApp(database)
  token = await login(t)
  const picked = await t.app.inject({
    method: 'POST',
    url: '/alfa/v1/user-fund-picks/batch',
    headers: apiHeaders({ authorization: `Bearer ${token}` }),
    payload: { fundCodes: [FUND, SHORT], op: 'add' },
  })
  assert.equal(picked.statusCode, 200)
})

after(async () => {
  await t?.app.close()
  await database?.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

const PERIODS = { '1M': 'm1', '3M': 'm3', '6M': 'm6', '1Y': 'y1', '3Y': 'y3', YTD: 'ytd' } as const

describe('every screen shows the same figure for the same fund and period', () => {
  it('fund page, achievements, filter, watchlist and ranking agree, and match the total return', async () => {
    const last = days[days.length - 1]
    const page = await gql(t, `query($c: String!) { fund(fundCode: $c) { performance { periodReturns { period value } } } }`, { c: FUND })
    assert.equal(page.status, 200, JSON.stringify(page.body))
    const fromPage = Object.fromEntries(
      page.body.data.fund.performance.periodReturns.map((p: { period: string; value: string }) => [p.period, p.value]),
    )
    const filter = await gql(
      t,
      `{ fundFilter(conditions: { categoryCodes: ["INDEX"] }) { list { fund { fundCode } returns { m1 m3 m6 y1 y3 ytd asOf } } } }`,
    )
    const fromFilter = filter.body.data.fundFilter.list.find((f: { fund: { fundCode: string } }) => f.fund.fundCode === FUND).returns
    const picks = await gql(
      t,
      `{ myPicks { fund { fundCode } returns { m1 m3 m6 y1 y3 ytd asOf } } }`,
      {},
      { authorization: `Bearer ${token}` },
    )
    const fromPicks = picks.body.data.myPicks.find((f: { fund: { fundCode: string } }) => f.fund.fundCode === FUND).returns
    for (const [period, key] of Object.entries(PERIODS)) {
      const expected = expectedReturn(
        main,
        period === 'YTD'
          ? `${Number(last.slice(0, 4)) - 1}-12-31`
          : sameDayBefore(last, period.endsWith('Y') ? Number(period[0]) * 12 : Number(period[0])),
      )
      assert.ok(expected !== null)
      assert.ok(Math.abs(Number(fromPage[period]) - expected) < 0.0002, `${period}: page ${fromPage[period]} vs total return ${expected}`)
      assert.equal(fromFilter[key], fromPage[period], `${period}: filter`)
      assert.equal(fromPicks[key], fromPage[period], `${period}: watchlist`)
      if (period !== 'YTD') {
        const ranking = await gql(
          t,
          `query($p: String) { fundRanking(period: $p, categoryCode: "INDEX") { list { fund { fundCode } periodReturn } } }`,
          { p: period },
        )
        assert.equal(
          ranking.body.data.fundRanking.list.find((f: { fund: { fundCode: string } }) => f.fund.fundCode === FUND).periodReturn,
          fromPage[period],
          `${period}: ranking`,
        )
      }
    }
    const setup = main.tr[main.tr.length - 1] - 1
    assert.ok(Math.abs(Number(fromPage.SETUP) - setup) < 0.0002, `成立以来 ${fromPage.SETUP} vs ${setup}`)
    // The unit NAV alone would show a much lower figure: four 6% distributions were paid.
    const unitOnly = Number(main.rows.at(-1)!.split(',')[2]) - 1
    assert.ok(Number(fromPage.SETUP) - unitOnly > 0.2)
    assert.equal(fromFilter.asOf, last)
  })

  it('the chart of 近1年 starts on the base day, so its 区间收益 is the 近1年 return', async () => {
    const r = await gql(
      t,
      `query($c: String!) { fund(fundCode: $c) { navHistory(range: "1Y") { date value } performance { periodReturns { period value } } } }`,
      { c: FUND },
    )
    const h = r.body.data.fund.navHistory as Array<{ date: string; value: string }>
    const chart = Number(h[h.length - 1].value) / Number(h[0].value) - 1
    const y1 = r.body.data.fund.performance.periodReturns.find((p: { period: string }) => p.period === '1Y').value
    assert.ok(Math.abs(chart - Number(y1)) < 0.00006, `chart ${chart} vs 近1年 ${y1}`)
  })

  it('an ex-dividend day shows the day’s real return, not the distribution as a loss', async () => {
    const exDay = days[420]
    const r = await gql(t, `query($c: String!) { fund(fundCode: $c) { navRows(page: { size: 100 }) { list { date nav dailyReturn } } } }`, {
      c: FUND,
    })
    assert.equal(r.status, 200)
    const all = await database.query<{ d: string; r: string }>(
      `select nav_date as d, daily_return::text as r from fund_navs where fund_code = $1 and nav_date = $2`,
      [FUND, exDay],
    )
    const expected = main.tr[420] / main.tr[419] - 1
    assert.ok(Math.abs(Number(all[0].r) - expected) < 0.00001, `${all[0].r} vs ${expected}`)
    const unitDrop = Number(main.rows[420].split(',')[2]) / Number(main.rows[419].split(',')[2]) - 1
    assert.ok(unitDrop < expected - 0.04, 'the unit NAV fell by the distribution')
  })

  it('a fund whose data ends early keeps its figures, as of its own last NAV', async () => {
    const filter = await gql(
      t,
      `{ fundFilter(conditions: { categoryCodes: ["INDEX"] }) { list { fund { fundCode } returns { y1 asOf } } } }`,
    )
    const row = filter.body.data.fundFilter.list.find((f: { fund: { fundCode: string } }) => f.fund.fundCode === SHORT)
    const lastShort = short.days[short.days.length - 1]
    assert.equal(row.returns.asOf, lastShort)
    const expected = expectedReturn(short, sameDayBefore(lastShort, 12))!
    assert.ok(Math.abs(Number(row.returns.y1) - expected) < 0.0002, `${row.returns.y1} vs ${expected}`)
  })

  it('a fund is drawn against its imported benchmark, a weighted mix rebalanced daily', async () => {
    const r = await gql(
      t,
      `query($c: String!) { fund(fundCode: $c) { comparisonBenchmark(range: "Max") { indexCode indexShortName history { date value } } navHistory(range: "Max") { date } } }`,
      { c: SHORT },
    )
    const b = r.body.data.fund.comparisonBenchmark
    assert.equal(b.indexCode, 'IDX1*0.6+IDX2*0.4')
    assert.equal(b.indexShortName, '60%指数一+40%指数二')
    assert.equal(b.history[0].date, r.body.data.fund.navHistory[0].date)
    assert.equal(b.history.at(-1).date, short.days.at(-1))
    // By hand: each day 0.6 × IDX1's return + 0.4 × IDX2's, compounded.
    let level = 1
    for (let i = 1; i < short.days.length; i++)
      level *= 1 + 0.6 * ((1000 + i) / (999 + i) - 1) + 0.4 * ((100 + i / 10) / (100 + (i - 1) / 10) - 1)
    assert.equal(b.history.at(-1).value, level.toFixed(4))
  })

  it('imported funds are not demo data: no generated holdings or valuation', async () => {
    const r = await gql(
      t,
      `query($c: String!) { fund(fundCode: $c) { isDemo benchmark topHoldings { isDemo list { securityName } } valuation { estimatedNav } } }`,
      { c: FUND },
    )
    assert.equal(r.status, 200, JSON.stringify(r.body))
    assert.deepEqual(r.body.data.fund, { isDemo: false, benchmark: 'IDX1', topHoldings: { isDemo: false, list: [] }, valuation: null })
  })
})
