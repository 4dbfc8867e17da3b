import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { gql, useTestApp } from './helpers'
import { MARKET_INDICES, intraday, quote, sessionMinutes, summary } from '../src/market/data'
import { sortByReturn, themeOf } from '../src/market/ranking'

const app = useTestApp()

describe('market indices: deterministic demo quotes', () => {
  it('lists 上证指数, 深证成指, 创业板指, 沪深300, 中证500 and 恒生指数 with change = latest − previous close', async () => {
    const { body } = await gql(app.t, '{ marketIndices { indexCode indexName latest previousClose change changePercent isDemo date } }')
    const names = body.data.marketIndices.map((q: { indexName: string }) => q.indexName)
    for (const n of ['上证指数', '深证成指', '创业板指', '沪深300', '中证500', '恒生指数']) assert.ok(names.includes(n), n)
    for (const q of body.data.marketIndices) {
      assert.equal(q.isDemo, true)
      assert.equal(Number(q.change).toFixed(2), (Number(q.latest) - Number(q.previousClose)).toFixed(2))
      assert.ok(Math.abs(Number(q.changePercent) - Number(q.change) / Number(q.previousClose)) < 1e-5)
    }
  })
  it('the same index gives the same figures on every call', () => {
    assert.deepEqual(summary(quote(MARKET_INDICES[0])), summary(quote({ ...MARKET_INDICES[0] })))
  })
  it('intraday runs 09:30–15:00 and ends on the latest close; daily ends on the latest day', async () => {
    const { body } = await gql(
      app.t,
      '{ marketIndex(indexCode: "399006") { latest date daily(days: 30) { time value } intraday { time value } } }',
    )
    const q = body.data.marketIndex
    assert.equal(q.daily.length, 30)
    assert.equal(q.daily.at(-1).time, q.date)
    assert.equal(q.intraday.length, sessionMinutes().length)
    assert.equal(q.intraday[0].time, '09:30')
    assert.equal(q.intraday.at(-1).time, '15:00')
    assert.equal(q.intraday.at(-1).value, q.latest)
    assert.equal(intraday(quote(MARKET_INDICES[2]))[0].value, quote(MARKET_INDICES[2]).daily.at(-2)!.value)
  })
  it('an unknown index is null; days outside 1–500 are refused', async () => {
    assert.equal((await gql(app.t, '{ marketIndex(indexCode: "X") { latest } }')).body.data.marketIndex, null)
    const bad = await gql(app.t, '{ marketIndex(indexCode: "000001") { daily(days: 0) { time } } }')
    assert.equal(bad.body.errors?.[0].extensions?.code, 'BAD_USER_INPUT')
  })
})

describe('more funds: by category, sorted by period return', () => {
  const Q = `query ($cat: String, $period: String, $dir: SortDirection) { fundRanking(categoryCode: $cat, period: $period, direction: $dir, page: { size: 20 }) {
    totalCount pageInfo { hasMore cursor } list { periodReturn fund { fundCode categoryCode } } } }`
  it('best first within a category', async () => {
    const r = (await gql(app.t, Q, { cat: 'STOCK', period: '1Y', dir: 'reverse' })).body.data.fundRanking
    assert.ok(r.totalCount > 20 && r.pageInfo.hasMore)
    assert.ok(r.list.every((x: { fund: { categoryCode: string } }) => x.fund.categoryCode === 'STOCK'))
    const v = r.list.map((x: { periodReturn: string }) => Number(x.periodReturn))
    assert.deepEqual(
      v,
      [...v].sort((a, b) => b - a),
    )
  })
  it('an unknown period is refused', async () => {
    assert.equal((await gql(app.t, Q, { period: '2W' })).body.errors?.[0].extensions?.code, 'BAD_USER_INPUT')
  })
  it('funds without a return sort last', () => {
    const s = sortByReturn(
      [
        { fundCode: 'a', periodReturn: null },
        { fundCode: 'b', periodReturn: '-0.1' },
      ],
      'reverse',
    )
    assert.deepEqual(
      s.map((x) => x.fundCode),
      ['b', 'a'],
    )
  })
})

describe('industry themes: a deterministic mapping of funds to themes', () => {
  it('consumer, healthcare, new energy, tech and finance each have funds with returns', async () => {
    const { body } = await gql(
      app.t,
      '{ industryThemes { themeCode name fundCount averageReturn funds(limit: 3) { periodReturn fund { fundName } } } }',
    )
    const names = body.data.industryThemes.map((x: { name: string }) => x.name)
    assert.deepEqual(names.slice(0, 5), ['消费', '医药', '新能源', '科技', '金融'])
    for (const th of body.data.industryThemes) assert.ok(th.fundCount > 0 && th.funds.length > 0, th.name)
    assert.deepEqual(
      themeOf('易方达消费股票A').map((x) => x.name),
      ['消费'],
    )
  })
})
