import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { matches, sortFunds } from '../src/filter/conditions'
import { fundStats, STATS_CHECK_MS, type FundStats } from '../src/filter/stats'
import { gql, login, useTestApp } from './helpers'

const stat = (fundCode: string, over: Partial<FundStats> = {}): FundStats => ({
  fundCode,
  categoryCode: 'stock',
  riskLevel: 'High',
  isTerminated: false,
  buyFeeRate: 0.0015,
  fundSize: 12.5,
  managerYears: 5,
  navDate: '2024-06-28',
  dailyReturn: 0.01,
  returns: { '1M': 0.01, '3M': 0.02, '6M': 0.03, '1Y': 0.1, '3Y': 0.2, YTD: 0.05 },
  maxDrawdown1Y: 0.1,
  ...over,
})

describe('a filter condition keeps only the funds that meet it', () => {
  it('an empty filter keeps every running fund, not terminated ones', () => {
    assert.equal(matches(stat('1'), {}), true)
    assert.equal(matches(stat('1', { isTerminated: true }), {}), false)
    assert.equal(matches(stat('1', { isTerminated: true }), { includeTerminated: true }), true)
  })
  it('fund type and risk level are lists; empty lists do not filter', () => {
    assert.equal(matches(stat('1'), { categoryCodes: ['bond'] }), false)
    assert.equal(matches(stat('1'), { categoryCodes: [], riskLevels: [] }), true)
    assert.equal(matches(stat('1'), { riskLevels: ['Low', 'High'] }), true)
  })
  it('return over a period is at least x (one year by default); a fund too young for the period fails', () => {
    assert.equal(matches(stat('1'), { minReturn: 0.1 }), true)
    assert.equal(matches(stat('1'), { minReturn: 0.11 }), false)
    assert.equal(matches(stat('1'), { returnPeriod: '3Y', minReturn: 0.15 }), true)
    assert.equal(matches(stat('1', { returns: { ...stat('1').returns, '3Y': null } }), { returnPeriod: '3Y', minReturn: -1 }), false)
  })
  it('max drawdown at most x, manager tenure at least y, fee at most z', () => {
    assert.equal(matches(stat('1'), { maxDrawdown: 0.1 }), true)
    assert.equal(matches(stat('1'), { maxDrawdown: 0.09 }), false)
    assert.equal(matches(stat('1'), { minManagerYears: 6 }), false)
    assert.equal(matches(stat('1'), { maxBuyFeeRate: 0.001 }), false)
  })
  it('fund size (亿元) is at least min and below max; a fund without a size fails a size condition', () => {
    assert.equal(matches(stat('1'), { minFundSize: 10, maxFundSize: 50 }), true)
    assert.equal(matches(stat('1'), { minFundSize: 12.5 }), true)
    assert.equal(matches(stat('1'), { maxFundSize: 12.5 }), false)
    assert.equal(matches(stat('1'), { maxFundSize: 2 }), false)
    assert.equal(matches(stat('1', { fundSize: 1.2 }), { maxFundSize: 2 }), true)
    assert.equal(matches(stat('1', { fundSize: null }), { minFundSize: 0 }), false)
    assert.equal(matches(stat('1', { fundSize: null }), {}), true)
  })
})

describe('sorting: normal ascending, reverse descending, missing figures last', () => {
  const list = [stat('a', { dailyReturn: 0.02 }), stat('b', { dailyReturn: null }), stat('c', { dailyReturn: -0.01 })]
  it('normal', () =>
    assert.deepEqual(
      sortFunds(list, 'DAILY', 'normal').map((f) => f.fundCode),
      ['c', 'a', 'b'],
    ))
  it('reverse', () =>
    assert.deepEqual(
      sortFunds(list, 'DAILY', 'reverse').map((f) => f.fundCode),
      ['a', 'c', 'b'],
    ))
})

describe('the fund filter on the demo data', () => {
  const app = useTestApp()

  it('statistics are computed once per NAV date, not per request', async () => {
    const first = await fundStats(app.database)
    assert.ok(first.fundCount >= 500)
    assert.equal(await fundStats(app.database), first)
    // Past the check interval the NAV date is read again; unchanged, the same snapshot is kept.
    assert.equal(await fundStats(app.database, Date.now() + STATS_CHECK_MS + 1), first)
  })

  it('the live count equals the result total; conditions narrow it', async () => {
    const all = await gql(app.t, 'query { fundFilterCount }')
    const some = await gql(app.t, 'query($c: JSON) { fundFilterCount(conditions: $c) }', {
      c: { returnPeriod: 'Y1', minReturn: '0', maxDrawdown: '0.2' },
    })
    assert.ok(all.body.data.fundFilterCount >= 400, JSON.stringify(all.body))
    assert.ok(some.body.data.fundFilterCount < all.body.data.fundFilterCount)
    const list = await gql(app.t, 'query($c: JSON) { fundFilter(conditions: $c) { totalCount } }', {
      c: { returnPeriod: 'Y1', minReturn: '0', maxDrawdown: '0.2' },
    })
    assert.equal(list.body.data.fundFilter.totalCount, some.body.data.fundFilterCount)
  })

  it('results page by pageInfo and sort by the chosen column', async () => {
    const q = `query($p: PageInput, $d: String) { fundFilter(sort: "M3", direction: $d, page: $p) {
      totalCount navDate pageInfo { cursor hasMore } list { fund { fundCode nav navDate } returns { m3 } maxDrawdown1Y } } }`
    const first = await gql(app.t, q, { p: { size: 20 }, d: 'reverse' })
    const r = first.body.data.fundFilter
    assert.equal(r.list.length, 20)
    assert.equal(r.pageInfo.hasMore, true)
    const values = r.list.map((f: { returns: { m3: string } }) => Number(f.returns.m3))
    assert.deepEqual(
      values,
      [...values].sort((a, b) => b - a),
    )
    assert.match(r.list[0].fund.nav, /^\d+\.\d{4}$/)
    const second = await gql(app.t, q, { p: { size: 20, cursor: r.pageInfo.cursor }, d: 'reverse' })
    const next = second.body.data.fundFilter.list
    assert.ok(Number(next[0].returns.m3) <= values[19])
    assert.notEqual(next[0].fund.fundCode, r.list[0].fund.fundCode)
  })

  it('every set-up fund has a size and a quarter-end date; money funds are large, some index funds are below 2亿', async () => {
    const rows = await app.database.query<{ c: string; s: string | null; d: string | null; stage: string }>(
      'select category_code as c, fund_size::text as s, fund_size_date as d, offering_stage as stage from funds',
    )
    for (const r of rows) {
      if (r.stage !== 'SETUP') assert.equal(r.s, null)
      else assert.ok(Number(r.s) > 0 && /^\d{4}-(03-31|06-30|09-30|12-31)$|^\d{4}-\d{2}-\d{2}$/.test(r.d ?? ''), JSON.stringify(r))
    }
    const sizes = (c: string) => rows.filter((r) => r.c === c && r.s !== null).map((r) => Number(r.s))
    const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]
    assert.ok(median(sizes('MONEY')) > 100, `money median ${median(sizes('MONEY'))}`)
    assert.ok(sizes('INDEX').filter((v) => v < 2).length >= 5)
    assert.ok(median(sizes('MONEY')) > median(sizes('INDEX')) * 5)
  })

  it('the fund carries fundSize and fundSizeDate', async () => {
    const res = await gql(app.t, 'query { fundFilter(page: { size: 3 }) { list { fund { fundCode fundSize fundSizeDate } } } }')
    for (const { fund } of res.body.data.fundFilter.list) {
      assert.match(fund.fundSize, /^\d+\.\d{2}$/, JSON.stringify(fund))
      assert.match(fund.fundSizeDate, /^\d{4}-\d{2}-\d{2}$/)
    }
  })

  it('filtering by fund size: the count equals the list total, every hit is in range, the ranges partition the funds with a size', async () => {
    const ranges = [
      { maxFundSize: '2' },
      { minFundSize: '2', maxFundSize: '10' },
      { minFundSize: '10', maxFundSize: '50' },
      { minFundSize: '50', maxFundSize: '100' },
      { minFundSize: '100' },
    ]
    let sum = 0
    for (const c of ranges) {
      const count = (await gql(app.t, 'query($c: JSON) { fundFilterCount(conditions: $c) }', { c })).body.data.fundFilterCount as number
      const list = (
        await gql(app.t, 'query($c: JSON) { fundFilter(conditions: $c, page: { size: 100 }) { totalCount list { fund { fundSize } } } }', {
          c,
        })
      ).body.data.fundFilter
      assert.equal(list.totalCount, count, JSON.stringify(c))
      assert.ok(count > 0, JSON.stringify(c))
      for (const { fund } of list.list) {
        const v = Number(fund.fundSize)
        assert.ok(v >= Number(c.minFundSize ?? 0) && v < Number(c.maxFundSize ?? Infinity), `${v} ${JSON.stringify(c)}`)
      }
      sum += count
    }
    const [sized] = await app.database.query<{ n: number }>(
      'select count(*)::int as n from funds where fund_size is not null and terminated_date is null',
    )
    assert.equal(sum, sized.n) // the five ranges neither overlap nor leave a gap
    const both = await gql(app.t, 'query($c: JSON) { fundFilterCount(conditions: $c) }', {
      c: { categoryCodes: ['MONEY'], maxFundSize: '2' },
    })
    assert.equal(both.body.data.fundFilterCount, 0)
  })

  it('saved filters keep the order the user drags them into; a later save comes first; only a full list of their own is accepted', async () => {
    const token = await login(app.t)
    const auth = { authorization: `Bearer ${token}` }
    const ids: string[] = []
    for (const name of ['一', '二', '三'])
      ids.push(
        (await gql(app.t, 'mutation($n: String!) { saveFilter(name: $n, formValue: {}) { filterId } }', { n: name }, auth)).body.data
          .saveFilter.filterId,
      )
    const names = async () =>
      (await gql(app.t, 'query { me { savedFilters { name } } }', {}, auth)).body.data.me.savedFilters.map((f: { name: string }) => f.name)
    assert.deepEqual(await names(), ['三', '二', '一']) // newest first until reordered
    const res = await gql(
      app.t,
      'mutation($ids: [String!]!) { reorderFilters(filterIds: $ids) { name } }',
      { ids: [ids[1], ids[0], ids[2]] },
      auth,
    )
    assert.deepEqual(
      res.body.data.reorderFilters.map((f: { name: string }) => f.name),
      ['二', '一', '三'],
    )
    assert.deepEqual(await names(), ['二', '一', '三'])
    await gql(app.t, 'mutation { saveFilter(name: "四", formValue: {}) { filterId } }', {}, auth)
    assert.deepEqual(await names(), ['四', '二', '一', '三'])
    const partial = await gql(
      app.t,
      'mutation($ids: [String!]!) { reorderFilters(filterIds: $ids) { name } }',
      { ids: [ids[0], ids[1], ids[2]] },
      auth,
    )
    assert.equal(partial.body.errors?.[0].extensions?.code, 'BAD_USER_INPUT')
    const other = await login(app.t)
    const theirs = await gql(
      app.t,
      'mutation($ids: [String!]!) { reorderFilters(filterIds: $ids) { name } }',
      { ids },
      { authorization: `Bearer ${other}` },
    )
    assert.equal(theirs.body.errors?.[0].extensions?.code, 'BAD_USER_INPUT')
    const anonymous = await gql(app.t, 'mutation($ids: [String!]!) { reorderFilters(filterIds: $ids) { name } }', { ids })
    assert.equal(anonymous.body.errors?.[0].extensions?.code, 'UNAUTHENTICATED')
  })

  it('a bad condition is a BAD_USER_INPUT error', async () => {
    const res = await gql(app.t, 'query { fundFilterCount(conditions: { minReturn: "abc" }) }')
    assert.ok(res.body.errors?.length)
  })

  it('saved filters: save, read one, rename, delete; only the owner sees them; anonymous is UNAUTHENTICATED', async () => {
    const token = await login(app.t)
    const auth = { authorization: `Bearer ${token}` }
    const saved = await gql(app.t, 'mutation { saveFilter(name: "稳健", formValue: { maxDrawdown: "0.1" }) { filterId name } }', {}, auth)
    const filterId = saved.body.data.saveFilter.filterId
    const renamed = await gql(
      app.t,
      'mutation($id: String!) { renameFilter(filterId: $id, name: " 低回撤 ") { name formValue } }',
      { id: filterId },
      auth,
    )
    assert.deepEqual(renamed.body.data.renameFilter, { name: '低回撤', formValue: { maxDrawdown: '0.1' } })
    const one = await gql(app.t, 'query($id: String!) { savedFilter(filterId: $id) { name } }', { id: filterId }, auth)
    assert.equal(one.body.data.savedFilter.name, '低回撤')
    const other = await login(app.t)
    const theirs = await gql(
      app.t,
      'query($id: String!) { savedFilter(filterId: $id) { name } }',
      { id: filterId },
      { authorization: `Bearer ${other}` },
    )
    assert.equal(theirs.body.data.savedFilter, null)
    const stolen = await gql(
      app.t,
      'mutation($id: String!) { renameFilter(filterId: $id, name: "x") { name } }',
      { id: filterId },
      { authorization: `Bearer ${other}` },
    )
    assert.equal(stolen.body.errors?.[0].extensions?.code, 'NOT_FOUND')
    const anonymous = await gql(app.t, 'mutation($id: String!) { renameFilter(filterId: $id, name: "x") { name } }', { id: filterId })
    assert.equal(anonymous.body.errors?.[0].extensions?.code, 'UNAUTHENTICATED')
    const empty = await gql(app.t, 'mutation($id: String!) { renameFilter(filterId: $id, name: "  ") { name } }', { id: filterId }, auth)
    assert.equal(empty.body.errors?.[0].extensions?.code, 'BAD_USER_INPUT')
  })
})
