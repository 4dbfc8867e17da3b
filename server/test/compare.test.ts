import assert from 'node:assert/strict'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { loadConfig } from '../src/config'
import type { Database } from '../src/db'
import { importFolder } from '../src/import/importer'
import { gql, operation, pgliteTestDatabase, startApp, TEST_APP_ENV, type TestApp } from './helpers'

/**
 * 基金对比 (issue #25) on the two sourced real-data funds the figure tests use (270002 with 22
 * distributions, server/test/fixtures/real; 510300 with its 份额折算, fixtures/etf510300) and one
 * demo fund: the comparison's figures equal the fund query's (the fund page's), the drawdown,
 * volatility and rebased chart equal what this test computes from the adjusted NAV rows in the
 * database, and every bad input is refused in Chinese.
 */

const FIXTURES = path.join(__dirname, 'fixtures')
const REAL = ['270002', '510300']

/** The comparison screen's own document (server/operations/FundComparison.graphql, written by codegen from the app's). */
const COMPARE = operation('FundComparison')

const FUND = `query($c: String!) {
  fund(fundCode: $c) {
    fundCode fundSize riskLevelName buyFeeRate isDemo
    tradeRules { managementFeeRate custodyFeeRate salesServiceFeeRate }
    manager { managerId managedFunds { fund { fundCode } tenureStart tenureDays } }
    topHoldings { list { securityCode securityName percent } }
    performance {
      periodReturns { period label value }
      yearlyReturns { label value }
      maxDrawdown maxDrawdownStart maxDrawdownEnd volatility sharpeRatio
    }
  }
}`

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read by path */
type Answer = any

/** The adjusted NAV rows of a fund, oldest first, read straight from the database. */
async function adjRows(database: Database, code: string) {
  const rows = await database.query<{ date: string; v: string }>(
    `select to_char(nav_date, 'YYYY-MM-DD') as date, adj_nav::text as v from fund_navs where fund_code = $1 order by nav_date`,
    [code],
  )
  return rows.map((r) => ({ date: r.date, v: Number(r.v), text: r.v }))
}

const r4 = (x: number) => (Math.round(x * 1e4) / 1e4).toFixed(4)

/** Annualised volatility (sample deviation of daily returns × √250) and annualised return (365-day years) of rows, by hand. */
function byHand(rows: Array<{ date: string; v: number }>) {
  const daily = rows.slice(1).map((r, i) => r.v / rows[i].v - 1)
  const mean = daily.reduce((a, b) => a + b, 0) / daily.length
  const vol = Math.sqrt(daily.reduce((a, b) => a + (b - mean) ** 2, 0) / (daily.length - 1)) * Math.sqrt(250)
  const years = (Date.parse(rows.at(-1)!.date) - Date.parse(rows[0].date)) / 86_400_000 / 365
  return { vol, annual: (rows.at(-1)!.v / rows[0].v) ** (1 / years) - 1 }
}

describe('基金对比 (fundComparison)', () => {
  let database: Database
  let t: TestApp
  let demo: string[]
  before(async () => {
    database = (await pgliteTestDatabase()).database
    await importFolder(database, path.join(FIXTURES, 'real'))
    await importFolder(database, path.join(FIXTURES, 'etf510300'))
    t = await startApp(database)
    // Two demo stock funds that have holdings (the real funds' import carries none) and NAVs since before 2018.
    const rows = await database.query<{ c: string }>(
      `select f.fund_code as c from funds f where f.is_demo and f.category_code = 'STOCK' and f.manager_id is not null
         and exists (select 1 from fund_navs n where n.fund_code = f.fund_code and n.nav_date < '2017-06-01') order by f.fund_code limit 2`,
    )
    demo = rows.map((r) => r.c)
    assert.equal(demo.length, 2)
  })
  after(async () => {
    await t?.app.close()
    await database?.close()
  })

  const compare = async (codes: unknown, range?: string) => {
    const res = await gql(t, COMPARE, { codes, range })
    return res
  }
  const fundAnswer = async (code: string) => {
    const { body } = await gql(t, FUND, { c: code })
    assert.equal(body.errors, undefined, JSON.stringify(body.errors))
    return body.data.fund
  }

  describe('three funds (two real, one demo) over 成立以来', () => {
    let cmp: Answer
    let codes: string[]
    before(async () => {
      codes = [...REAL, demo[0]]
      const { body } = await compare(codes, 'SETUP')
      assert.equal(body.errors, undefined, JSON.stringify(body.errors))
      cmp = body.data.fundComparison
    })

    it('every period, calendar-year, drawdown, volatility and Sharpe figure equals the fund page’s (the fund query)', async () => {
      assert.deepEqual(
        cmp.funds.map((f: Answer) => f.fund.fundCode),
        codes,
      )
      for (const f of cmp.funds) {
        const page = await fundAnswer(f.fund.fundCode)
        const p = page.performance
        assert.deepEqual(
          f.periodReturns.map((r: Answer) => [r.key, r.label, r.value]),
          p.periodReturns.map((r: Answer) => [r.period, r.label, r.value]),
        )
        assert.deepEqual(
          f.yearlyReturns.map((r: Answer) => [r.key, r.value]),
          p.yearlyReturns.map((r: Answer) => [r.label, r.value]),
        )
        assert.ok(f.yearlyReturns.length >= 5, `${f.fund.fundCode} has years`)
        assert.deepEqual(
          [f.maxDrawdown.value, f.maxDrawdown.peakDate, f.maxDrawdown.troughDate],
          [p.maxDrawdown, p.maxDrawdownStart, p.maxDrawdownEnd],
        )
        assert.equal(f.volatility.value, p.volatility)
        assert.equal(f.sharpeRatio.value, p.sharpeRatio)
        assert.equal(f.fund.fundSize, page.fundSize)
        assert.equal(f.fund.riskLevelName, page.riskLevelName)
        assert.equal(f.fees.buyFeeRate, page.buyFeeRate)
        // The fund page's yearly fees; the real funds' import leaves them out, so none is invented for them.
        const t = page.tradeRules
        assert.deepEqual(
          [f.fees.managementFeeRate, f.fees.custodyFeeRate, f.fees.salesServiceFeeRate],
          [t.managementFeeRate, t.custodyFeeRate, t.salesServiceFeeRate],
        )
        if (page.isDemo) assert.ok(t.managementFeeRate !== null, 'a demo fund has its fees')
        else assert.deepEqual([t.managementFeeRate, t.custodyFeeRate, t.salesServiceFeeRate], [null, null, null])
        const managed = page.manager?.managedFunds.find((m: Answer) => m.fund.fundCode === f.fund.fundCode)
        // The tenure in years, to one place rounded down, of the days the manager page counts.
        const years = (days: number) => (Math.floor((days / 365.25) * 10) / 10).toFixed(1)
        assert.deepEqual(
          f.managers.map((m: Answer) => [m.managerId, m.tenureStart, m.tenureYears]),
          managed ? [[page.manager.managerId, managed.tenureStart, years(managed.tenureDays)]] : [],
        )
      }
      // The real 270002 has a manager-less import; the demo fund has one.
      assert.equal(cmp.funds[2].managers.length, 1)
    })

    it('each return carries the dates and adjusted NAVs it was measured between, and is their ratio', async () => {
      for (const f of cmp.funds) {
        const rows = await adjRows(database, f.fund.fundCode)
        const byDate = new Map(rows.map((r) => [r.date, r]))
        for (const r of [...f.periodReturns, ...f.yearlyReturns]) {
          if (r.value === null) continue
          assert.equal(Number(r.startNav), byDate.get(r.startDate)!.v, `${f.fund.fundCode} ${r.key} start`)
          assert.equal(Number(r.endNav), byDate.get(r.endDate)!.v, `${f.fund.fundCode} ${r.key} end`)
          assert.equal(r.value, r4(Number(r.endNav) / Number(r.startNav) - 1), `${f.fund.fundCode} ${r.key}`)
        }
        // 近1年's base is the last NAV on or before the same day a year before the last NAV.
        const last = rows[rows.length - 1].date
        const yearAgo = `${Number(last.slice(0, 4)) - 1}${last.slice(4)}`
        const base = rows.filter((r) => r.date <= yearAgo).at(-1)!
        const y = f.periodReturns.find((r: Answer) => r.key === '1Y')
        assert.deepEqual([y.startDate, y.endDate], [base.date, last])
      }
    })

    it('the drawdown and the volatility equal this test’s own computation from the adjusted NAV rows', async () => {
      for (const f of cmp.funds) {
        const rows = await adjRows(database, f.fund.fundCode)
        let peak = rows[0]
        let worst = { fall: 0, peak: '', trough: '', peakNav: 0, troughNav: 0 }
        for (const r of rows) {
          if (r.v > peak.v) peak = r
          if (r.v / peak.v - 1 < worst.fall)
            worst = { fall: r.v / peak.v - 1, peak: peak.date, trough: r.date, peakNav: peak.v, troughNav: r.v }
        }
        assert.deepEqual(
          [
            f.maxDrawdown.value,
            f.maxDrawdown.peakDate,
            f.maxDrawdown.troughDate,
            Number(f.maxDrawdown.peakNav),
            Number(f.maxDrawdown.troughNav),
          ],
          [r4(worst.fall), worst.peak, worst.trough, worst.peakNav, worst.troughNav],
        )
        const { vol, annual } = byHand(rows)
        assert.equal(f.volatility.value, r4(vol))
        assert.deepEqual([f.volatility.startDate, f.volatility.endDate], [rows[0].date, rows.at(-1)!.date])
        // Sharpe: (annualised return − the default 1.5%) / volatility.
        assert.equal(f.sharpeRatio.value, r4((annual - 0.015) / vol))
      }
      assert.equal(cmp.riskFreeRate, '0.0150')
    })

    it('the chart: every fund at 100 on the latest first NAV day, to the earliest last NAV day, read from the rows', async () => {
      const all = await Promise.all(codes.map((c) => adjRows(database, c)))
      const start = all
        .map((r) => r[0].date)
        .sort()
        .at(-1)
      const end = all.map((r) => r.at(-1)!.date).sort()[0]
      assert.equal(start, all[2][0].date, 'the demo fund (from 2016) starts last of the three')
      assert.equal(end, '2018-06-11', '510300 ends first')
      assert.deepEqual([cmp.startDate, cmp.endDate, cmp.chartFundCodes], [start, end, codes])
      assert.ok(cmp.series.length <= 240 && cmp.series.length > 200, `${cmp.series.length} points`)
      assert.deepEqual(cmp.series[0], { date: start, values: codes.map(() => '100.0000') })
      assert.equal(cmp.series.at(-1).date, end)
      const onOrBefore = (rows: (typeof all)[0], d: string) => rows.filter((r) => r.date <= d).at(-1)!
      for (const point of [cmp.series[57], cmp.series[120], cmp.series.at(-1)])
        codes.forEach((_c, j) => {
          const rows = all[j]
          assert.equal(
            point.values[j],
            ((onOrBefore(rows, point.date).v / onOrBefore(rows, start).v) * 100).toFixed(4),
            `${point.date} #${j}`,
          )
        })
      cmp.funds.forEach((f: Answer, j: number) => {
        assert.equal(f.windowReturn.value, r4(Number(cmp.series.at(-1).values[j]) / 100 - 1))
        assert.deepEqual([f.windowReturn.startDate, f.windowReturn.endDate], [onOrBefore(all[j], start).date, onOrBefore(all[j], end).date])
      })
    })

    it('best of each row: the highest return, the smallest fall, the lowest volatility; rows no fund wins are left out', () => {
      const best = new Map<string, string[]>(cmp.best.map((b: Answer) => [b.row, b.fundCodes]))
      const winners = (values: Array<string | null>, lower = false) => {
        const xs = values.map((v) => (v === null ? null : Number(v)))
        const present = xs.filter((x): x is number => x !== null)
        if (present.length < 2 || present.every((x) => x === present[0])) return undefined
        const pick = lower ? Math.min(...present) : Math.max(...present)
        return codes.filter((_c, i) => xs[i] === pick)
      }
      for (const key of ['1M', '1Y', '3Y', '5Y', 'SETUP']) {
        const k = cmp.funds[0].periodReturns.findIndex((r: Answer) => r.key === key)
        assert.deepEqual(best.get(`period:${key}`), winners(cmp.funds.map((f: Answer) => f.periodReturns[k].value)), key)
      }
      assert.deepEqual(best.get('maxDrawdown'), winners(cmp.funds.map((f: Answer) => f.maxDrawdown.value)))
      assert.deepEqual(
        best.get('volatility'),
        winners(
          cmp.funds.map((f: Answer) => f.volatility.value),
          true,
        ),
      )
      assert.deepEqual(best.get('sharpeRatio'), winners(cmp.funds.map((f: Answer) => f.sharpeRatio.value)))
      assert.deepEqual(best.get('windowReturn'), winners(cmp.funds.map((f: Answer) => f.windowReturn.value)))
      // 2005: only 270002 existed, so nobody wins that year.
      assert.equal(best.has('year:2005'), false)
      assert.ok(best.get('year:2015'), 'a year of all three has a winner')
      assert.equal(best.get('maxDrawdown')!.length, 1)
    })

    it('holdings overlap is unknown where a fund has no holdings (the real funds)', () => {
      assert.equal(cmp.overlaps.length, 3)
      for (const o of cmp.overlaps) assert.deepEqual([o.known, o.overlap, o.commonCount], [false, null, 0])
    })
  })

  it('two demo funds: the overlap of their top holdings, as the fund pages list them', async () => {
    const { body } = await compare(demo, '1Y')
    assert.equal(body.errors, undefined, JSON.stringify(body.errors))
    const [a, b] = await Promise.all(demo.map(fundAnswer))
    const inB = new Map<string, number>(b.topHoldings.list.map((h: Answer) => [h.securityCode, Number(h.percent)]))
    const common = a.topHoldings.list.filter((h: Answer) => inB.has(h.securityCode))
    const o = body.data.fundComparison.overlaps[0]
    assert.deepEqual([o.fundCodeA, o.fundCodeB, o.known, o.commonCount], [...demo, true, common.length])
    assert.ok(common.length > 0, 'two stock funds share a holding')
    assert.deepEqual(
      o.commonNames,
      common.map((h: Answer) => h.securityName),
    )
    assert.equal(
      o.overlap,
      common.reduce((s: number, h: Answer) => s + Math.min(Number(h.percent), inB.get(h.securityCode)!), 0).toFixed(4),
    )
    // 近1年 tab: both lines start on the last NAV on or before the same day a year before the last NAV.
    const cmp = body.data.fundComparison
    assert.equal(cmp.range, '1Y')
    const rows = await adjRows(database, demo[0])
    const last = rows.at(-1)!.date
    assert.equal(cmp.startDate, rows.filter((r) => r.date <= `${Number(last.slice(0, 4)) - 1}${last.slice(4)}`).at(-1)!.date)
  })

  it('the risk-free rate is the configured RISK_FREE_RATE, and the fund page uses the same; the environment is not read per request', async () => {
    // An app configured with 3 %, while the process environment says something else (it is read once, by loadConfig).
    const configured = await startApp(database, { RISK_FREE_RATE: 0.03 })
    const before = process.env.RISK_FREE_RATE
    process.env.RISK_FREE_RATE = '0.07'
    try {
      const { body } = await gql(configured, COMPARE, { codes: REAL, range: 'SETUP' })
      assert.equal(body.errors, undefined, JSON.stringify(body.errors))
      const cmp = body.data.fundComparison
      assert.equal(cmp.riskFreeRate, '0.0300')
      const { vol, annual } = byHand(await adjRows(database, '270002'))
      assert.equal(cmp.funds[0].sharpeRatio.annualizedReturn, r4(annual))
      assert.equal(cmp.funds[0].sharpeRatio.value, r4((annual - 0.03) / vol))
      const page = (await gql(configured, FUND, { c: '270002' })).body.data.fund
      assert.equal(page.performance.sharpeRatio, cmp.funds[0].sharpeRatio.value)
      // The suite's app, configured with the default, still answers 1.5 %.
      assert.equal((await compare(REAL, 'SETUP')).body.data.fundComparison.riskFreeRate, '0.0150')
    } finally {
      if (before === undefined) delete process.env.RISK_FREE_RATE
      else process.env.RISK_FREE_RATE = before
      await configured.app.close()
    }
    assert.throws(() => loadConfig({ ...TEST_APP_ENV, RISK_FREE_RATE: 'abc' }), /RISK_FREE_RATE/)
    assert.throws(() => loadConfig({ ...TEST_APP_ENV, RISK_FREE_RATE: '0.5' }), /RISK_FREE_RATE/)
    assert.equal(loadConfig({ ...TEST_APP_ENV }).RISK_FREE_RATE, 0.015)
  })

  describe('bad input: a clear Chinese message (BAD_USER_INPUT), nothing else', () => {
    const cases: Array<[string, unknown, RegExp, string?]> = [
      ['one code', ['270002'], /至少选择 2 只基金/],
      ['no code', [], /至少选择 2 只基金/],
      ['five codes', ['270002', '510300', '000001', '000002', '000003'], /最多对比 4 只基金，当前选择了 5 只/],
      ['a repeated code', ['270002', '510300', '270002'], /基金 270002 重复/],
      ['a repeated code with spaces', ['270002', ' 270002 '], /基金 270002 重复/],
      ['an empty code', ['270002', ''], /第 2 个基金代码为空/],
      ['unknown codes', ['270002', '999999', 'abc'], /未找到基金 999999、abc/],
      ['a range no chart takes', ['270002', '510300'], /^时间范围无效：range 应为 Max、YTD/, 'forever'],
      ['a code of 50,000 characters', ['270002', '0'.repeat(50_000)], /^未找到基金 000000000000…，请检查基金代码$/],
    ]
    for (const [name, codes, message, range] of cases)
      it(name, async () => {
        const { status, body } = await compare(codes, range)
        assert.ok(status < 500, `status ${status}`)
        assert.equal(body.data, null)
        assert.equal(body.errors?.[0].extensions?.code, 'BAD_USER_INPUT', JSON.stringify(body.errors))
        assert.match(body.errors[0].message, message)
        assert.ok(body.errors[0].message.length < 100, `a message of ${body.errors[0].message.length} characters`)
      })
  })
})
