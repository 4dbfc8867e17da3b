// The scale generator (server/bench/scale-data.ts, npm run bench:scale) at a tiny SCALE on a copy of
// the seeded database: the server answers its funds, strategies and users' watchlists as the app
// asks them (the generated documents), so the generator cannot drift from the schema unnoticed.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { GRAPHQL_ACCEPT } from '@alfa/common/apiPaths'
import { issueToken } from '../src/account/tokens'
import type { Database } from '../src/db'
import { generateScaleData, scaleFundCode, scalePoCode, scaleUserId, type ScaleResult } from '../bench/scale-data'
import { appDocument, graphqlJson } from '../bench/harness'
import { apiHeaders, pgliteTestDatabase, startApp, type TestApp } from './helpers'

describe('scale data generator at a tiny SCALE (issue #24)', () => {
  let database: Database
  let t: TestApp
  let result: ScaleResult
  before(async () => {
    database = (await pgliteTestDatabase()).database
    result = await generateScaleData(database, 0.0001)
    t = await startApp(database)
  })
  after(async () => {
    await t?.app.close()
    await database?.close()
  })

  /** One of the app's documents, as the app sends it, answered as one JSON (a @defer answer merged). */
  async function ask(operation: string, variables: Record<string, unknown>, auth: Record<string, string> = {}) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/alfa/v1/graphql',
      headers: apiHeaders({ 'content-type': 'application/json', accept: GRAPHQL_ACCEPT, ...auth }),
      payload: { query: appDocument(operation), variables, operationName: operation },
    })
    assert.equal(res.statusCode, 200, res.body.slice(0, 300))
    const json = graphqlJson({ body: res.body, type: String(res.headers['content-type']) })
    assert.equal(json.errors, undefined, JSON.stringify(json.errors))
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read by path
    return json.data as any
  }

  it('generates the minimum of each kind with 10 years of trading days', async () => {
    assert.deepEqual([result.generated.funds, result.generated.strategies, result.generated.users], [20, 3, 20])
    const [{ n, first, last }] = await database.query<{ n: string; first: string; last: string }>(
      'select count(*) as n, min(nav_date)::text as first, max(nav_date)::text as last from fund_navs where fund_code = $1',
      [scaleFundCode(1)],
    )
    assert.equal(Number(n), result.generated.fundNavs / result.generated.funds)
    assert.ok(Number(n) > 2400, n)
    assert.ok(last > first)
    // The keys dropped for the load are back.
    const keys = await database.query<{ conname: string }>(
      "select conname from pg_constraint where conrelid in ('fund_navs'::regclass, 'portfolio_navs'::regclass, 'user_fund_picks'::regclass) and contype = 'p' order by 1",
    )
    assert.deepEqual(
      keys.map((k) => k.conname),
      ['fund_navs_pkey', 'portfolio_navs_pkey', 'user_fund_picks_pkey'],
    )
  })

  it('the latest NAV date and the NAVs lacking an adjusted value are read through indexes (migration 0012), rebuilt after the load', async () => {
    const plan = async (q: string) =>
      (await database.query<{ 'QUERY PLAN': string }>(`explain ${q}`)).map((r) => r['QUERY PLAN']).join('\n')
    // The statistics' snapshot key (filter/stats.ts) and the start-up's question (db/startup.ts, fund/data.ts writeAdjustedNavs).
    const latest = await plan('select max(nav_date) from fund_navs')
    assert.match(latest, /fund_navs_nav_date_idx/, latest)
    assert.doesNotMatch(latest, /Seq Scan on fund_navs/, latest)
    const missing = await plan('select distinct fund_code from fund_navs where adj_nav is null')
    assert.match(missing, /fund_navs_adj_missing_idx/, missing)
  })

  it("a generated fund's detail comes back with its figures", async () => {
    const data = await ask('FundDetail', { fundCode: scaleFundCode(20) })
    assert.equal(data.fund.fundCode, scaleFundCode(20))
    assert.match(data.fund.nav, /^\d+\.\d{4}$/)
    const y1 = data.fund.performance.periodReturns.find((r: { period: string }) => r.period === '1Y')
    assert.match(y1.value, /^-?\d+\.\d+$/)
  })

  it("a generated strategy's detail comes back with its composition and chart", async () => {
    const data = await ask('Portfolio', { poCode: scalePoCode(2), needQueryHolding: false, range: '1Y' })
    assert.equal(data.portfolio.poCode, scalePoCode(2))
    assert.equal(data.portfolio.composition.groups.flatMap((g: { parts: unknown[] }) => g.parts).length, 5)
    assert.ok(data.portfolio.navHistory.series.length > 200, String(data.portfolio.navHistory.series.length))
  })

  it("a generated user's watchlist lists the user's picks with returns", async () => {
    // User 20 picks 20 % 21 = 20 funds, from the 20 generated ones: all of them.
    const auth = { authorization: `Bearer ${(await issueToken(t.config.JWT_SECRET, scaleUserId(20))).token}` }
    const data = await ask('WatchlistPicks', {}, auth)
    assert.equal(data.myPicks.length, 20)
    assert.equal(new Set(data.myPicks.map((p: { fund: { fundCode: string } }) => p.fund.fundCode)).size, 20)
    assert.ok(data.myPicks.every((p: { returns: { y1: string | null } }) => p.returns.y1 !== null))
  })

  it('search and the fund filter find generated funds', async () => {
    const search = await ask('SearchAll', { keyword: scaleFundCode(7), limit: 5 })
    assert.deepEqual(
      search.search.funds.map((f: { fundCode: string }) => f.fundCode),
      [scaleFundCode(7)],
    )
    const filter = await ask('FilterFunds', { conditions: {}, size: 1 })
    assert.ok(filter.fundFilter.totalCount >= result.totals.funds - 60, String(filter.fundFilter.totalCount))
  })
})
