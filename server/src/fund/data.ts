import type { RestFund } from '@alfa/common/api'
import { sql, type Kysely } from 'kysely'
import { jsonBuildObject } from 'kysely/helpers/postgres'
import type { RiskLevel } from '@alfa/common/api'
import type { Database, Queryable } from '../db'
import type { BenchmarkValuesTable, DB, FundNavsTable } from '../db/schema'
import { anyText, now } from '../db/sql'
import { adjustSeries, reconcile, type FundEvent, type RawNav, type Reconciliation } from './adjusted'
import type { NavPoint } from './performance'
import { pageWithTotal, totalCount } from '../paging'

/** A fund as the server loads it: the REST answer's shape, shared with the app (common/api.ts). */
export type Fund = RestFund

/** Every fund's columns with its category's name and its latest NAV (the lateral join keeps one NAV row per fund). */
export function fundQuery(db: Kysely<DB>) {
  return db
    .selectFrom('funds as f')
    .leftJoin('categories as c', (join) => join.on('c.category_type', '=', 'FundCategory').onRef('c.category_code', '=', 'f.category_code'))
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('fund_navs')
          .select(['nav', 'nav_date', 'daily_return'])
          .whereRef('fund_navs.fund_code', '=', 'f.fund_code')
          .orderBy('nav_date', 'desc')
          .limit(1)
          .as('n'),
      (join) => join.onTrue(),
    )
    .select((eb) => [
      'f.fund_code as fundCode',
      'f.fund_name as fundName',
      'n.nav',
      'n.nav_date as navDate',
      'n.daily_return as dailyReturn',
      'f.category_code as categoryCode',
      'c.name as categoryName',
      eb.ref('f.risk_level').$castTo<RiskLevel>().as('riskLevel'),
      'f.offering_stage as offeringStage',
      'f.setup_date as setupDate',
      eb('f.terminated_date', 'is not', null).$castTo<boolean>().as('isTerminated'),
      'f.terminated_date as terminatedDate',
      'f.buy_fee_rate as buyFeeRate',
      'f.lowest_buy_amount as lowestBuyAmount',
      'f.management_fee_rate as managementFeeRate',
      'f.custody_fee_rate as custodyFeeRate',
      'f.sales_service_fee_rate as salesServiceFeeRate',
      'f.intro',
      'f.manager_id as managerId',
      'f.can_buy as canBuy',
      'f.can_not_buy_reason as canNotBuyReason',
      'f.fund_size as fundSize',
      'f.fund_size_date as fundSizeDate',
      'f.is_demo as isDemo',
      'f.benchmark',
    ])
}

export async function loadFunds(database: Database, codes: string[]): Promise<Map<string, Fund>> {
  if (!codes.length) return new Map()
  const rows: Fund[] = await fundQuery(database.db).where('f.fund_code', '=', anyText(codes)).execute()
  return new Map(rows.map((r) => [r.fundCode, r]))
}

/** A page of funds by code (of one category, or all), and their total. */
export function listFunds(database: Database, offset: number, size: number, categoryCode?: string | null) {
  return pageWithTotal(
    (from, n): Promise<Array<Fund & { totalCount: number }>> =>
      fundQuery(database.db)
        .select(totalCount)
        .$call((qb) => (categoryCode ? qb.where('f.category_code', '=', categoryCode) : qb))
        .orderBy('f.fund_code')
        .limit(n)
        .offset(from)
        .execute(),
    offset,
    size,
  )
}

/**
 * A fund's chart series from the base day of a range on: the value is the dividend-adjusted NAV,
 * so the line's growth is the fund's return; `extra` carries the unit and accumulated NAV and
 * the day's return. The first point is the last NAV on or before `base` (the same base a period
 * return uses), or the first NAV when the fund is younger.
 */
export async function fundNavHistory(database: Queryable, fundCode: string, base: string | null) {
  return database.db
    .selectFrom('fund_navs')
    .select((eb) => [
      'nav_date as date',
      sql<string>`adj_nav::text`.as('value'),
      jsonBuildObject({ nav: eb.ref('nav'), accNav: eb.ref('acc_nav'), dailyReturn: eb.ref('daily_return') })
        .$castTo<unknown>()
        .as('extra'),
    ])
    .where('fund_code', '=', fundCode)
    .$call((qb) =>
      base === null
        ? qb
        : qb.where('nav_date', '>=', (eb) =>
            eb.fn.coalesce(
              eb
                .selectFrom('fund_navs')
                .select((inner) => inner.fn.max('nav_date').as('d'))
                .where('fund_code', '=', fundCode)
                .where('nav_date', '<=', base),
              sql<string>`${base}::date`,
            ),
          ),
    )
    .orderBy('nav_date')
    .execute()
}

/** Every fund's whole adjusted series, oldest first, packed one row per fund (PGlite hands over few rows much faster than many). */
export async function adjustedSeries(
  database: Queryable,
  fundCodes: readonly string[] | null,
  since: string | null = null,
): Promise<Map<string, NavPoint[]>> {
  const { rows } = await sql<{ c: FundNavsTable['fund_code']; s: string }>`
    select fund_code as c, string_agg(to_char(nav_date, 'YYYY-MM-DD') || '=' || adj_nav::text, ',' order by nav_date) as s
    from fund_navs where (${fundCodes}::text[] is null or fund_code = any(${fundCodes}::text[])) and (${since}::date is null or nav_date >= ${since}::date)
    group by fund_code`.execute(database.db)
  return new Map(rows.map((r) => [r.c, r.s.split(',').map((item): NavPoint => ({ date: item.slice(0, 10), value: item.slice(11) }))]))
}

/** One fund's adjusted series, oldest first. */
export async function fundAdjustedSeries(database: Queryable, fundCode: string): Promise<NavPoint[]> {
  return (await adjustedSeries(database, [fundCode])).get(fundCode) ?? []
}

/**
 * Recomputes the adjusted NAV and daily return of the given funds (null: of every fund with a row
 * not computed yet) from their unit and accumulated NAVs, published daily growth and explicit
 * events, reconciled by the one engine (fund/adjusted.ts), and marks a fund whose sources cannot be
 * reconciled (funds.figures_unavailable). `report` hears each fund's reconciliation. Returns the
 * number of rows written.
 */
export async function writeAdjustedNavs(
  q: Queryable,
  fundCodes: readonly string[] | null,
  report?: (fundCode: string, reconciliation: Reconciliation) => void,
): Promise<number> {
  const codes =
    fundCodes ??
    (await q.db.selectFrom('fund_navs').select('fund_code').distinct().where('adj_nav', 'is', null).execute()).map((r) => r.fund_code)
  let written = 0
  // A few hundred funds at a time keeps memory flat on a 10-year, 500-fund data set.
  for (let i = 0; i < codes.length; i += 200) {
    const chunk = codes.slice(i, i + 200)
    const [{ rows }, events] = await Promise.all([
      sql<{ c: FundNavsTable['fund_code']; s: string }>`
        select fund_code as c,
          string_agg(to_char(nav_date, 'YYYY-MM-DD') || '|' || nav::text || '|' || acc_nav::text || '|' || coalesce(growth::text, ''), ',' order by nav_date) as s
        from fund_navs where fund_code = any(${chunk}::text[]) group by fund_code`.execute(q.db),
      fundEvents(q, chunk),
    ])
    const c: string[] = []
    const d: string[] = []
    const a: string[] = []
    const r: Array<string | null> = []
    const marks: Array<[string, string | null]> = []
    for (const row of rows) {
      const raw = row.s.split(',').map((item): RawNav => {
        const [date, nav, accNav, growth] = item.split('|')
        return { date, nav, accNav, growth: growth || null }
      })
      const rec = reconcile(raw, events.get(row.c) ?? null)
      report?.(row.c, rec)
      marks.push([row.c, rec.unavailable])
      for (const p of adjustSeries(raw, rec.events)) {
        c.push(row.c)
        d.push(p.date)
        a.push(p.adjNav.toFixed(8))
        r.push(p.dailyReturn === null ? null : p.dailyReturn.toFixed(6))
      }
    }
    for (let j = 0; j < c.length; j += 50_000) {
      const slice = (values: ReadonlyArray<string | null>) => values.slice(j, j + 50_000)
      await sql`
        update fund_navs f set adj_nav = v.a::numeric, daily_return = v.r::numeric
        from unnest(${slice(c)}::text[], ${slice(d)}::date[], ${slice(a)}::text[], ${slice(r)}::text[]) as v(c, d, a, r)
        where f.fund_code = v.c and f.nav_date = v.d`.execute(q.db)
    }
    await sql`
      update funds f set figures_unavailable = v.u from unnest(${marks.map((m) => m[0])}::text[], ${marks.map((m) => m[1])}::text[]) as v(c, u)
      where f.fund_code = v.c and f.figures_unavailable is distinct from v.u`.execute(q.db)
    written += c.length
  }
  return written
}

/** Explicit distributions and splits per fund, oldest first. */
export async function fundEvents(q: Queryable, fundCodes: readonly string[]): Promise<Map<string, FundEvent[]>> {
  const rows = await q.db
    .selectFrom('fund_events')
    .select(['fund_code', 'ex_date', 'kind', 'cash_per_unit', 'split_ratio', 'reinvest_date'])
    .where('fund_code', '=', anyText(fundCodes))
    .orderBy('fund_code')
    .orderBy('ex_date')
    .execute()
  const out = new Map<string, FundEvent[]>()
  for (const r of rows) {
    const list = out.get(r.fund_code) ?? []
    list.push({
      date: r.ex_date,
      kind: r.kind,
      cash: r.cash_per_unit === null ? undefined : Number(r.cash_per_unit),
      ratio: r.split_ratio === null ? undefined : Number(r.split_ratio),
      ...(r.reinvest_date ? { reinvestDate: r.reinvest_date } : {}),
    })
    out.set(r.fund_code, list)
  }
  return out
}

/** The NAV table: a page of a fund's NAVs, newest first. */
export function fundNavRows(database: Database, fundCode: string, offset: number, size: number) {
  return pageWithTotal(
    (from, n) =>
      database.db
        .selectFrom('fund_navs')
        .select(['nav_date as date', 'nav', 'acc_nav as accNav', 'daily_return as dailyReturn', totalCount])
        .where('fund_code', '=', fundCode)
        .orderBy('nav_date', 'desc')
        .limit(n)
        .offset(from)
        .execute(),
    offset,
    size,
  )
}

export async function lastFundNavDate(database: Database, fundCode: string): Promise<string | null> {
  const row = await database.db
    .selectFrom('fund_navs')
    .select((eb) => eb.fn.max('nav_date').as('d'))
    .where('fund_code', '=', fundCode)
    .executeTakeFirst()
  return row?.d ?? null
}

/** Why the import could not reconcile this fund's sources (funds.figures_unavailable); null when it could or the fund is unknown. */
export async function fundFiguresUnavailable(database: Queryable, fundCode: string): Promise<string | null> {
  const row = await database.db.selectFrom('funds').select('figures_unavailable').where('fund_code', '=', fundCode).executeTakeFirst()
  return row?.figures_unavailable ?? null
}

/** Every fund's code, name and category, by code. */
export function fundNames(database: Queryable) {
  return database.db
    .selectFrom('funds')
    .select(['fund_code as fundCode', 'fund_name as fundName', 'category_code as categoryCode'])
    .orderBy('fund_code')
    .execute()
}

/** Names of these benchmark indexes (those that exist). */
export function benchmarkInfos(q: Queryable, codes: readonly string[]) {
  return q.db
    .selectFrom('benchmarks')
    .select(['index_code as indexCode', 'index_short_name as indexShortName', 'name', 'description'])
    .where('index_code', '=', anyText(codes))
    .execute()
}

/** The days from `from` to `to` on which every one of these indexes has a value, with the values in the codes' order. */
export async function benchmarkValueRows(q: Queryable, codes: readonly string[], from: string | null, to: string) {
  const { rows } = await sql<{ date: BenchmarkValuesTable['value_date']; values: Array<BenchmarkValuesTable['value']> }>`
    select value_date as date, array_agg(value::text order by array_position(${codes}::text[], index_code)) as values
    from benchmark_values where index_code = any(${codes}::text[]) and (${from}::date is null or value_date >= ${from}::date) and value_date <= ${to}::date
    group by value_date having count(*) = ${codes.length} order by value_date`.execute(q.db)
  return rows
}

/** Bumps the data version (an import changed the funds); returns the new version. */
export async function incrementDataVersion(q: Queryable): Promise<number> {
  const row = await q.db
    .updateTable('data_version')
    .set((eb) => ({ version: eb('version', '+', 1), changed_at: now }))
    .where('id', '=', 1)
    .returning('version')
    .executeTakeFirstOrThrow()
  return Number(row.version)
}
