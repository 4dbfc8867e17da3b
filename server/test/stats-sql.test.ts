import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { sql } from 'kysely'
import type { Database } from '../src/db'
import { statsFunds } from '../src/filter/data'
import { FILTER_PERIODS, fundStats, invalidateFundStats, type FilterPeriod, type FundStats } from '../src/filter/stats'
import { baseIndex, maxDrawdown, periodReturn, periodStart, type NavPoint } from '../src/fund/performance'
import { pgliteTestDatabase, seededPostgres, startPostgres, type ThrowawayPostgres } from './helpers'

/** The statistics as they were computed before issue #24: every fund's last three years of NAVs read into the instance. */
async function statsFromSeries(database: Database): Promise<FundStats[]> {
  const funds = await statsFunds(database)
  const { rows } = await sql<{ c: string; s: string; r: string | null }>`
    select n.fund_code as c, string_agg(to_char(n.nav_date, 'YYYY-MM-DD') || '=' || n.adj_nav::text, ',' order by n.nav_date) as s,
      (array_agg(n.daily_return::text order by n.nav_date desc))[1] as r
    from fund_navs n join (select fund_code, max(nav_date) as last from fund_navs group by fund_code) l on l.fund_code = n.fund_code
    where n.nav_date >= l.last - interval '3 years 2 months' group by n.fund_code`.execute(database.db)
  const series = new Map<string, { points: NavPoint[]; lastDaily: string | null }>()
  for (const row of rows) {
    const points = row.s.split(',').map((item): NavPoint => ({ date: item.slice(0, 10), value: item.slice(11) }))
    series.set(row.c, { points, lastDaily: row.r })
  }
  return funds.map((f): FundStats => {
    const s = series.get(f.fundCode)
    const points = s?.points ?? []
    const last = points.at(-1)
    const returns = Object.fromEntries(FILTER_PERIODS.map((p) => [p, periodReturn(points, p)])) as Record<FilterPeriod, number | null>
    const yearBase = last ? baseIndex(points, periodStart('1Y', last.date) ?? '') : -1
    const lastYear = yearBase >= 0 ? points.slice(yearBase) : points
    return {
      fundCode: f.fundCode,
      categoryCode: f.categoryCode,
      riskLevel: f.riskLevel,
      isTerminated: f.isTerminated,
      buyFeeRate: Number(f.buyFeeRate),
      fundSize: f.fundSize === null ? null : Number(f.fundSize),
      managerYears: f.careerStart && last ? Math.max(0, (Date.parse(last.date) - Date.parse(f.careerStart)) / (365.25 * 86_400_000)) : null,
      navDate: last?.date ?? null,
      dailyReturn: s?.lastDaily != null ? Number(s.lastDaily) : null,
      returns,
      maxDrawdown1Y: lastYear.length >= 2 ? Math.abs(maxDrawdown(lastYear).value) : null,
    }
  })
}

/** The new statistics equal the old computation exactly (every figure, bit for bit), fund by fund. */
async function assertSameAsSeries(database: Database) {
  invalidateFundStats(database)
  const snapshot = await fundStats(database)
  const old = await statsFromSeries(database)
  assert.ok(old.length >= 500, `${old.length} funds`)
  assert.equal(snapshot.fundCount, old.length)
  for (const [i, f] of old.entries()) assert.deepEqual(snapshot.list[i], f, f.fundCode)
  const latest = old.reduce<string | null>((m, f) => (f.navDate && (!m || f.navDate > m) ? f.navDate : m), null)
  assert.equal(snapshot.navDate, latest)
  // The demo data exercises each figure: a fund too young for 3 years, drawdowns, year-to-date returns.
  assert.ok(old.some((f) => f.returns['3Y'] === null) && old.some((f) => f.returns['3Y'] !== null))
  assert.ok(old.some((f) => (f.maxDrawdown1Y ?? 0) > 0))
}

describe('fund statistics aggregated in the database equal the series computation on the demo data', () => {
  describe('PGlite', () => {
    let database: Database
    before(async () => {
      database = (await pgliteTestDatabase()).database
    })
    after(() => database?.close())
    it('every fund, every figure', () => assertSameAsSeries(database))
    it('also where a fund has no NAVs, and where the latest NAVs lack an adjusted value', async () => {
      await database.query(
        `update fund_navs set adj_nav = null where fund_code = '000001' and nav_date > (select max(nav_date) - 10 from fund_navs where fund_code = '000001')`,
      )
      await database.query(`delete from fund_navs where fund_code = '000002'`)
      await assertSameAsSeries(database)
    })
  })
  describe('PostgreSQL', () => {
    let pg: ThrowawayPostgres
    let database: Database
    before(async () => {
      pg = startPostgres()
      database = await seededPostgres(pg.url)
    })
    after(async () => {
      await database?.close()
      pg?.stop()
    })
    it('every fund, every figure', () => assertSameAsSeries(database))
  })
})
