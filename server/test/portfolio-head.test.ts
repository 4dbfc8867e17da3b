// The strategy detail's joined statements (issue #24) answer exactly what the look-ups they stand
// for answer: the head (row, manager, benchmarks, latest signal, latest NAV), the composition (parts,
// their funds, the last adjustment, the category names), the chart's NAVs with adjustments, and a
// benchmark from a known day. Every seeded portfolio, and ones made to miss what a join could get
// wrong: no manager, no benchmark, no signal, no parts, no adjustment, no NAV, a NAV gap longer than
// the latest NAV's range, a range start clamped to a month's end; read by nobody and by a reader who
// follows, holds and has signed some.
import assert from 'node:assert/strict'
import fs from 'node:fs'
import { after, before, describe, it } from 'node:test'
import type { Database } from '../src/db'
import { memoInRequest, runInQueryScope } from '../src/db/abort'
import { loadFunds } from '../src/fund/data'
import { loadManager } from '../src/manager/data'
import { composition } from '../src/portfolio/composition'
import * as po from '../src/portfolio/data'
import { rangeStart } from '../src/ranges'
import { DEMO_USER } from '../src/demo/seed'
import { PG_BIN, pgliteTestDatabase, seededPostgres, startPostgres, type ThrowawayPostgres } from './helpers'

/** Runs `work` as a request does (its own memo), counting its statements. */
async function inRequest<T>(work: () => Promise<T>): Promise<{ value: T; statements: number }> {
  const statements = { count: 0 }
  const value = await runInQueryScope({ signal: new AbortController().signal, statementTimeoutMs: 0, statements, memo: new Map() }, work)
  return { value, statements: statements.count }
}

/** What the request's memo holds under `key` (fails when nothing primed it). */
const primed = <T>(key: string) => memoInRequest<T>(key, () => Promise.reject(new Error(`${key} was not primed`)))

const EDGES = {
  bare: 'ZH015676', // no manager, benchmark, signal, part or adjustment
  noNav: '', // set below: a portfolio without NAVs
  gap: '', // the NAVs of the month and a week before its last removed
  monthEnd: '', // its last NAV on a 31st after a 30-day month
}

async function makeEdges(database: Database, codes: string[]) {
  const others = codes.filter((c) => c !== EDGES.bare)
  ;[EDGES.noNav, EDGES.gap, EDGES.monthEnd] = others.slice(-3)
  const q = (text: string, params: unknown[]) => database.query(text, params)
  // No manager, and a preferred benchmark that is no index.
  await q(
    `update portfolios set manager_id = null, asset_classes_testing_index = 'NO-SUCH-INDEX', preferences = preferences - 'defaultComparableBenchmark' where po_code = $1`,
    [EDGES.bare],
  )
  await q(`delete from portfolio_benchmarks where po_code = $1`, [EDGES.bare])
  await q(`delete from signal_orders where sig_id in (select sig_id from signals where po_code = $1)`, [EDGES.bare])
  await q(`delete from signals where po_code = $1`, [EDGES.bare])
  await q(`delete from portfolio_parts where po_code = $1`, [EDGES.bare])
  await q(`delete from adjustment_parts where adjustment_id in (select adjustment_id from adjustments where po_code = $1)`, [EDGES.bare])
  await q(`delete from adjustments where po_code = $1`, [EDGES.bare])
  await q(`delete from portfolio_navs where po_code = $1`, [EDGES.noNav])
  // The demo reader follows one portfolio (and holds what the seed gives it).
  await q(`insert into follows (user_id, po_code) values ($1, $2) on conflict do nothing`, [DEMO_USER.userId, 'LW000001'])
  // Another reader follows and holds what the demo reader does not: none of it is the demo reader's.
  await q(`insert into users (user_id, nickname) values ('other-reader', '别人')`, [])
  await q(`insert into follows (user_id, po_code) select 'other-reader', po_code from portfolios on conflict do nothing`, [])
  await q(
    `insert into user_holdings (user_id, po_code, ca_id, units, signed) select 'other-reader', po_code, 'CA-OTHER', 1.5, true from portfolios on conflict do nothing`,
    [],
  )
  await q(
    `delete from portfolio_navs where po_code = $1 and nav_date < (select max(nav_date) from portfolio_navs where po_code = $1)
       and nav_date >= (select max(nav_date) from portfolio_navs where po_code = $1) - 50`,
    [EDGES.gap],
  )
  // 30 Nov and 31 Dec after its last NAV: the 1M range of 31 Dec starts on 30 Nov (clamped), not 1 Dec.
  const [{ y }] = await database.query<{ y: number }>(
    `select extract(year from max(nav_date))::int + 1 as y from portfolio_navs where po_code = $1`,
    [EDGES.monthEnd],
  )
  await q(`insert into portfolio_navs (po_code, nav_date, nav) values ($1, $2, 1.2345), ($1, $3, 1.3579)`, [
    EDGES.monthEnd,
    `${y}-11-30`,
    `${y}-12-31`,
  ])
}

function headSuite(engine: string, open: () => Promise<Database>) {
  describe(`the strategy detail’s joined statements answer what their look-ups answer (issue #24), ${engine}`, () => {
    let database: Database
    let codes: string[] = []
    before(async () => {
      database = await open()
      codes = (await database.query<{ po_code: string }>(`select po_code from portfolios order by po_code`)).map((r) => r.po_code)
      await makeEdges(database, codes)
    })
    after(() => database?.close())

    it('the head: one statement, and the row, manager, benchmarks, latest signal, latest NAV, NAV days, invested units and the reader’s state and holding its look-ups read', async () => {
      const seen = {
        noManager: 0,
        noBenchmark: 0,
        noSignal: 0,
        signal: 0,
        noNav: 0,
        noPreviousInRange: 0,
        followed: 0,
        holding: 0,
        signed: 0,
        units: 0,
        noUnits: 0,
      }
      for (const userId of [DEMO_USER.userId, null])
        for (const code of codes) {
          const row = (await po.loadPortfolioRow(database, code))!
          const expected = {
            row,
            manager: row.manager_id ? await loadManager(database, row.manager_id) : undefined,
            benchmarks: await po.comparableBenchmarks(database, code),
            signal: await po.signals(database, code, 'SIGNAL', 0, 1),
            latestNav: await po.dailyNavs(database, code, '1M', 0, 1),
            first: await po.firstNavDate(database, code),
            last: await po.lastNavDate(database, code),
            invested: await po.investedUnit(database, row),
            state: userId ? await po.userPortfolioState(database, userId, code) : null,
            holdings: userId ? await po.capitalAccountHoldings(database, userId, code) : null,
          }
          const { value: actual, statements } = await inRequest(async () => ({
            row: await po.loadPortfolioHead(database, code, userId),
            manager: row.manager_id ? await primed(po.headKeys.manager(row.manager_id)) : undefined,
            benchmarks: await primed(po.headKeys.comparableBenchmarks(code)),
            signal: await primed(po.headKeys.signals(code, 'SIGNAL', 0, 1)),
            latestNav: await primed(po.headKeys.dailyNavs(code, '1M', 0, 1)),
            first: await po.firstNavDate(database, code),
            last: await po.lastNavDate(database, code),
            invested: await primed(po.headKeys.investedUnit(code)),
            state: userId ? await primed(po.headKeys.userState(userId, code)) : null,
            holdings: userId ? await primed(po.headKeys.holdings(userId, code)) : null,
          }))
          assert.deepEqual(actual, expected, `${code} ${userId}`)
          assert.equal(statements, 1, code)
          if (!row.manager_id) seen.noManager++
          if (!expected.benchmarks.length) seen.noBenchmark++
          if (expected.signal.rows.length) seen.signal++
          else seen.noSignal++
          if (!expected.last) seen.noNav++
          if (expected.latestNav.rows[0] && expected.latestNav.rows[0].dailyReturn === null) seen.noPreviousInRange++
          if (expected.state?.followed) seen.followed++
          if (expected.state?.signed) seen.signed++
          if (expected.holdings?.length) seen.holding++
          if (expected.invested === null) seen.noUnits++
          else seen.units++
        }
      for (const [what, n] of Object.entries(seen)) assert.ok(n > 0, `no portfolio with ${what}`)
    })

    it('the head primes what the resolvers then read: the memoised look-ups send nothing more', async () => {
      const { statements } = await inRequest(async () => {
        await po.loadPortfolioHead(database, 'LW000001')
        await po.comparableBenchmarks(database, 'LW000001')
        await po.signals(database, 'LW000001', 'SIGNAL', 0, 1)
        await po.dailyNavs(database, 'LW000001', '1m', 0, 1)
        await po.lastNavDate(database, 'LW000001')
      })
      assert.equal(statements, 1)
    })

    it('the latest NAV’s 1M range starts on the clamped day (31 Dec → 30 Nov) and its return needs the NAV before it', async () => {
      const { value } = await inRequest(async () => {
        await po.loadPortfolioHead(database, EDGES.monthEnd)
        return primed<Awaited<ReturnType<typeof po.dailyNavs>>>(po.headKeys.dailyNavs(EDGES.monthEnd, '1M', 0, 1))
      })
      assert.equal(value.totalCount, 2)
      assert.equal(value.rows[0].value, '1.3579')
      assert.equal(value.rows[0].dailyReturn, (1.3579 / 1.2345 - 1).toFixed(6))
    })

    it('the composition: its parts, their funds (primed for the fund look-up), the last adjustment and category names, in one statement', async () => {
      const names = new Map(
        (await database.query<{ code: string; name: string }>(`select category_code as code, name from categories`)).map((r) => [
          r.code,
          r.name,
        ]),
      )
      let twoFundsOneGroup = 0
      for (const code of codes) {
        const row = (await po.loadPortfolioRow(database, code))!
        const parts = await database.query<{ fund_code: string; category_code: string; percent: string; unit: number | null }>(
          `select fund_code, category_code, percent, unit from portfolio_parts where po_code = $1 order by percent desc, fund_code`,
          [code],
        )
        const funds = await loadFunds(
          database,
          parts.map((p) => p.fund_code),
        )
        const [{ d }] = await database.query<{ d: string | null }>(`select max(adj_date) as d from adjustments where po_code = $1`, [code])
        const { value, statements } = await inRequest(async () => {
          const c = await composition(database, row, null)
          const primedFunds = await Promise.all(parts.map((p) => primed(`fund:${p.fund_code}`)))
          return { c, primedFunds }
        })
        assert.equal(statements, parts.length ? 1 : 2, code)
        assert.equal(value.c.updatedAt, d ?? row.created_date, code)
        assert.deepEqual(
          value.c.groups.flatMap((g) =>
            g.parts.map((p) => ({ fund_code: p.fundCode, category_code: p.categoryCode, percent: p.percent, unit: p.unit })),
          ),
          // grouped by stored category in the order each first appears
          [...new Set(parts.map((p) => p.category_code))].flatMap((c) => parts.filter((p) => p.category_code === c)),
          code,
        )
        for (const g of value.c.groups) assert.equal(g.categoryName, names.get(g.categoryCode) ?? null, `${code} ${g.categoryCode}`)
        assert.deepEqual(
          value.primedFunds,
          parts.map((p) => funds.get(p.fund_code)),
          code,
        )
        if (value.c.groups.some((g) => g.parts.length > 1)) twoFundsOneGroup++
      }
      assert.ok(twoFundsOneGroup > 0, 'no group of two funds')
    })

    it('the chart’s NAVs and adjustments: one statement, the NAVs of the range and the adjustments from its start, oldest first', async () => {
      let withAdjustment = 0
      for (const code of codes)
        for (const [range, all] of [
          ['1Y', false],
          ['MAX', false],
          ['1M', true],
        ] as const) {
          const last = await po.lastNavDate(database, code)
          const start = last && !all ? rangeStart(range, last) : null
          const navs = last
            ? await database.query<{ date: string; value: string }>(
                `select nav_date as date, nav as value from portfolio_navs where po_code = $1 and ($2::date is null or nav_date >= $2) order by nav_date`,
                [code, start],
              )
            : []
          const adjustments = last
            ? await database.query<{ adjustmentId: string; date: string }>(
                `select adjustment_id as "adjustmentId", adj_date as date from adjustments where po_code = $1 and ($2::date is null or adj_date >= $2) order by adj_date, adjustment_id`,
                [code, start],
              )
            : []
          const { value, statements } = await inRequest(async () => {
            await po.lastNavDate(database, code)
            return po.navSeriesWithAdjustments(database, code, range, all)
          })
          assert.deepEqual(value, { series: navs, adjustments }, `${code} ${range} ${all}`)
          assert.equal(statements, last ? 2 : 1, code)
          if (adjustments.length) withAdjustment++
        }
      assert.ok(withAdjustment > 0)
    })

    it('the chart in one statement: NAVs, accumulated returns, real money, adjustments and the preferred benchmark, as their own queries read them', async () => {
      const seen = { benchmark: 0, unknownBenchmark: 0, realMoney: 0, wholeSeries: 0 }
      for (const code of codes)
        for (const range of ['1Y', '3M', 'MAX']) {
          const row = (await po.loadPortfolioRow(database, code))!
          const bench = po.defaultBenchmarkCode(row)
          const last = await po.lastNavDate(database, code)
          const start = last ? rangeStart(range, last) : null
          const navs = (extra: string, value: string) =>
            last
              ? database.query<{ date: string; value: string }>(
                  `select nav_date as date, ${value} as value from portfolio_navs where po_code = $1 and ($2::date is null or nav_date >= $2) ${extra} order by nav_date`,
                  [code, start],
                )
              : Promise.resolve([])
          const expected = {
            acr: await navs('', 'round(nav / first_value(nav) over (order by nav_date) - 1, 6)'),
            real: await navs('and real_value is not null', 'real_value'),
            series: await navs('', 'nav'),
            benchmark: last && start !== null && bench ? await po.benchmark(database, bench, range, start) : undefined,
          }
          const { value: actual, statements } = await inRequest(async () => {
            await po.lastNavDate(database, code)
            const [nav, acr, real] = await Promise.all([
              po.navSeriesWithAdjustments(database, code, range, false, bench),
              po.acrHistory(database, code, range, bench),
              po.realMoneyHistory(database, code, range, bench),
            ])
            const benchmark = last && start !== null && bench ? (await po.chartRows(database, code, start, bench)).benchmark : undefined
            return { acr, real, series: nav.series, benchmark }
          })
          assert.deepEqual(actual, expected, `${code} ${range}`)
          assert.equal(statements, last ? 2 : 1, `${code} ${range}`)
          if (expected.benchmark?.history.length) seen.benchmark++
          if (expected.benchmark === null) seen.unknownBenchmark++
          if (expected.real.length) seen.realMoney++
          if (last && start === null) seen.wholeSeries++
        }
      for (const [what, n] of Object.entries(seen)) assert.ok(n > 0, `no chart with ${what}`)
    })

    it('a benchmark from a known day, in one statement, is the benchmark of the range that starts that day; an unknown index is none', async () => {
      const indexes = await database.query<{ code: string; last: string }>(
        `select index_code as code, max(value_date) as last from benchmark_values group by index_code order by index_code`,
      )
      assert.ok(indexes.length > 0)
      for (const { code, last } of indexes)
        for (const range of ['1Y', '3M', 'YTD']) {
          const whole = await po.benchmark(database, code, range)
          const { value, statements } = await inRequest(() => po.benchmark(database, code, range, rangeStart(range, last)))
          assert.deepEqual(value, whole, `${code} ${range}`)
          assert.ok(value!.history.length > 0)
          assert.equal(statements, 1)
        }
      const { value: none } = await inRequest(() => po.benchmark(database, 'NO-SUCH-INDEX', '1Y', '2024-01-01'))
      assert.equal(none, null)
      const [{ code }] = indexes
      const { value: empty } = await inRequest(() => po.benchmark(database, code, '1Y', '2999-01-01'))
      assert.deepEqual(empty?.history, [])
    })
  })
}

headSuite('PGlite', async () => (await pgliteTestDatabase()).database)

if (fs.existsSync(`${PG_BIN}/initdb`)) {
  let pg: ThrowawayPostgres | undefined
  after(() => pg?.stop())
  headSuite('PostgreSQL 15', () => seededPostgres((pg ??= startPostgres()).url))
}
