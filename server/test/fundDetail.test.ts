import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Database } from '../src/db'
import { fundNavHistory } from '../src/fund/data'
import { periodReturn, rate } from '../src/fund/performance'
import { demoHoldings, demoValuation, quarterEnd } from '../src/fund/demo'
import { gql, pgliteTestDatabase, startApp, type TestApp } from './helpers'

let t: TestApp
let database: Database
let live: { code: string; category: string }
let money: string
let terminated: string
before(async () => {
  database = (await pgliteTestDatabase()).database
  t = await startApp(database)
  const pick = async (where: string) =>
    (
      await database.query<{ code: string; category: string }>(
        `select fund_code as code, category_code as category from funds f where ${where} and exists (select 1 from fund_navs n where n.fund_code = f.fund_code) order by fund_code limit 1`,
      )
    )[0]
  live = await pick(`terminated_date is null and category_code = 'STOCK' and setup_date < '2022-01-01'`)
  money = (await pick(`terminated_date is null and category_code = 'MONEY'`)).code
  terminated = (await pick('terminated_date is not null')).code
})
after(async () => {
  await t.app.close()
  await database.close()
})

const DETAIL = `query ($code: String!) { fund(fundCode: $code) { fundCode riskLevelName
  performance { periodReturns { period label value } yearlyReturns { label value } quarterlyReturns { label value }
    maxDrawdown maxDrawdownStart maxDrawdownEnd volatility sharpeRatio peerRank1Y { rank total categoryName } }
  topHoldings { reportDate isDemo list { securityCode securityName percent } }
  tradeRules { canBuy canNotBuyReason buyFeeRate lowestBuyAmount redeemRules }
  valuation { lastNav lastNavDate estimatedNav estimatedReturn estimatedAt isDemo }
  comparisonBenchmark(range: "1Y") { indexShortName history { date value } }
  navHistory(range: "1Y") { date value } } }`

describe('fund performance is computed on the server from the NAV history', () => {
  it('period returns follow performance.ts, labelled 近1月 … 成立以来', async () => {
    const { body } = await gql(t, DETAIL, { code: live.code })
    const p = body.data.fund.performance
    const series = (await fundNavHistory(database, live.code, null)).map((r) => ({ date: r.date, value: r.value }))
    assert.deepEqual(
      p.periodReturns.map((r: { label: string }) => r.label),
      ['近1月', '近3月', '近6月', '近1年', '近3年', '近5年', '今年以来', '成立以来'],
    )
    assert.equal(p.periodReturns.find((r: { period: string }) => r.period === '1Y').value, rate(periodReturn(series, '1Y')))
    assert.ok(p.yearlyReturns.length >= 4 && p.quarterlyReturns.length > p.yearlyReturns.length)
    assert.match(p.maxDrawdown, /^-0\.\d{4}$/)
    assert.ok(p.maxDrawdownStart < p.maxDrawdownEnd)
    assert.match(p.volatility, /^0\.\d{4}$/)
    assert.match(p.sharpeRatio, /^-?\d+\.\d{4}$/)
  })
  it('the 1-year return ranks among live funds of the same category', async () => {
    const { body } = await gql(t, DETAIL, { code: live.code })
    const r = body.data.fund.performance.peerRank1Y
    const [{ n }] = await database.query<{ n: number }>(
      `select count(*)::int as n from funds where category_code = 'STOCK' and terminated_date is null and setup_date <= '2025-09-30'`,
    )
    assert.ok(r.rank >= 1 && r.rank <= r.total && r.total >= n - 2, JSON.stringify(r))
    assert.equal(r.categoryName, '股票型')
  })
  it('the comparison benchmark starts where the fund NAV of the range starts', async () => {
    const { body } = await gql(t, DETAIL, { code: live.code })
    const f = body.data.fund
    assert.equal(f.comparisonBenchmark.indexShortName, '沪深300')
    assert.equal(f.comparisonBenchmark.history[0].value, '1.0000')
    assert.ok(f.comparisonBenchmark.history[0].date >= f.navHistory[0].date)
  })
})

describe('trade rules, demo holdings and valuation', () => {
  it('a stock fund has ten holdings, falling, and redeem rules by holding days', async () => {
    const { body } = await gql(t, DETAIL, { code: live.code })
    const f = body.data.fund
    assert.equal(f.topHoldings.list.length, 10)
    assert.equal(f.topHoldings.isDemo, true)
    const pcts = f.topHoldings.list.map((h: { percent: string }) => Number(h.percent))
    assert.deepEqual(
      [...pcts].sort((a, b) => b - a),
      pcts,
    )
    assert.ok(f.tradeRules.redeemRules.some((r: string) => r.includes('不足7天')))
    assert.match(f.tradeRules.buyFeeRate, /^\d+(\.\d+)?$/)
    assert.equal(f.valuation.isDemo, true)
    assert.equal(Number(f.valuation.estimatedNav).toFixed(4), f.valuation.estimatedNav)
  })
  it('a money-market fund discloses no holdings and has no comparison index', async () => {
    const { body } = await gql(t, DETAIL, { code: money })
    assert.deepEqual(body.data.fund.topHoldings.list, [])
    assert.equal(body.data.fund.comparisonBenchmark, null)
  })
  it('a terminated fund cannot be bought, has no valuation and no peer rank', async () => {
    const { body } = await gql(t, DETAIL, { code: terminated })
    const f = body.data.fund
    assert.equal(f.tradeRules.canBuy, false)
    assert.equal(f.valuation, null)
    assert.equal(f.performance.peerRank1Y, null)
    const last = f.navHistory[f.navHistory.length - 1].date
    if (f.comparisonBenchmark) assert.ok(f.comparisonBenchmark.history.every((p: { date: string }) => p.date <= last))
  })
  it('demo figures are the same on every call', () => {
    assert.deepEqual(demoHoldings('000001', 'STOCK'), demoHoldings('000001', 'STOCK'))
    assert.deepEqual(demoValuation('000001', 'STOCK', '1.2345', '2026-09-30'), demoValuation('000001', 'STOCK', '1.2345', '2026-09-30'))
    assert.equal(demoValuation('000001', 'STOCK', '1.2345', '2026-09-30').estimatedAt, '2026-10-01 14:30')
    assert.equal(quarterEnd('2026-09-30'), '2026-09-30')
    assert.equal(quarterEnd('2026-02-10'), '2025-12-31')
  })
})

describe('NAV table pages newest first', () => {
  it('pages follow pageInfo without gaps', async () => {
    const Q = `query ($code: String!, $cursor: String) { fund(fundCode: $code) { navRows(page: { size: 5, cursor: $cursor }) { totalCount pageInfo { cursor hasMore } list { date nav accNav dailyReturn } } } }`
    const first = (await gql(t, Q, { code: live.code })).body.data.fund.navRows
    const second = (await gql(t, Q, { code: live.code, cursor: first.pageInfo.cursor })).body.data.fund.navRows
    assert.equal(first.list.length, 5)
    assert.ok(first.pageInfo.hasMore && first.totalCount > 100)
    assert.ok(first.list[0].date > first.list[4].date && first.list[4].date > second.list[0].date)
  })
  it('an unknown fund code answers null, not an error', async () => {
    const { body } = await gql(t, DETAIL, { code: '999999' })
    assert.equal(body.errors, undefined)
    assert.equal(body.data.fund, null)
  })
})
