import type { RestFund } from '@alfa/common/api'
import type { Database, Queryable } from '../db'
import { adjustSeries, reconcile, type FundEvent, type RawNav, type Reconciliation } from './adjusted'
import type { NavPoint } from './performance'
import { pageWithTotal } from '../paging'

/** A fund as the server loads it: the REST answer's shape, shared with the app (common/api.ts). */
export type Fund = RestFund

const FUND_SELECT = `select f.fund_code as "fundCode", f.fund_name as "fundName", n.nav, n.nav_date as "navDate", n.daily_return as "dailyReturn",
  f.category_code as "categoryCode", c.name as "categoryName", f.risk_level as "riskLevel", f.offering_stage as "offeringStage",
  f.setup_date as "setupDate", f.terminated_date is not null as "isTerminated", f.terminated_date as "terminatedDate",
  f.buy_fee_rate as "buyFeeRate", f.lowest_buy_amount as "lowestBuyAmount", f.intro, f.manager_id as "managerId",
  f.can_buy as "canBuy", f.can_not_buy_reason as "canNotBuyReason", f.fund_size as "fundSize", f.fund_size_date as "fundSizeDate",
  f.is_demo as "isDemo", f.benchmark`
const FUND_FROM = `from funds f
  left join categories c on c.category_type = 'FundCategory' and c.category_code = f.category_code
  left join lateral (select nav, nav_date, daily_return from fund_navs where fund_code = f.fund_code order by nav_date desc limit 1) n on true`

export async function loadFunds(database: Database, codes: string[]): Promise<Map<string, Fund>> {
  if (!codes.length) return new Map()
  const rows = await database.query<Fund>(`${FUND_SELECT} ${FUND_FROM} where f.fund_code = any($1::text[])`, [codes])
  return new Map(rows.map((r) => [r.fundCode, r]))
}

/** A page of funds by code (of one category, or all), and their total. */
export function listFunds(database: Database, offset: number, size: number, categoryCode?: string | null) {
  const where = categoryCode ? 'where f.category_code = $3' : ''
  return pageWithTotal(
    (from, n) =>
      database.query<Fund & { totalCount: number }>(
        `${FUND_SELECT}, count(*) over ()::int as "totalCount" ${FUND_FROM} ${where} order by f.fund_code limit $1 offset $2`,
        categoryCode ? [n, from, categoryCode] : [n, from],
      ),
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
  return database.query<{ date: string; value: string; extra: unknown }>(
    `select nav_date as date, adj_nav::text as value, json_build_object('nav', nav, 'accNav', acc_nav, 'dailyReturn', daily_return) as extra
     from fund_navs
     where fund_code = $1 and ($2::date is null or nav_date >= coalesce((select max(nav_date) from fund_navs where fund_code = $1 and nav_date <= $2::date), $2::date))
     order by nav_date`,
    [fundCode, base],
  )
}

/** Every fund's whole adjusted series, oldest first, packed one row per fund (PGlite hands over few rows much faster than many). */
export async function adjustedSeries(
  database: Queryable,
  fundCodes: readonly string[] | null,
  since: string | null = null,
): Promise<Map<string, NavPoint[]>> {
  const rows = await database.query<{ c: string; s: string }>(
    `select fund_code as c, string_agg(to_char(nav_date, 'YYYY-MM-DD') || '=' || adj_nav::text, ',' order by nav_date) as s
     from fund_navs where ($1::text[] is null or fund_code = any($1::text[])) and ($2::date is null or nav_date >= $2::date) group by fund_code`,
    [fundCodes, since],
  )
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
    fundCodes ?? (await q.query<{ c: string }>('select distinct fund_code as c from fund_navs where adj_nav is null')).map((r) => r.c)
  let written = 0
  // A few hundred funds at a time keeps memory flat on a 10-year, 500-fund data set.
  for (let i = 0; i < codes.length; i += 200) {
    const chunk = codes.slice(i, i + 200)
    const [rows, events] = await Promise.all([
      q.query<{ c: string; s: string }>(
        `select fund_code as c, string_agg(to_char(nav_date, 'YYYY-MM-DD') || '|' || nav::text || '|' || acc_nav::text || '|' || coalesce(growth::text, ''), ',' order by nav_date) as s
         from fund_navs where fund_code = any($1::text[]) group by fund_code`,
        [chunk],
      ),
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
      await q.query(
        `update fund_navs f set adj_nav = v.a::numeric, daily_return = v.r::numeric
         from unnest($1::text[], $2::date[], $3::text[], $4::text[]) as v(c, d, a, r)
         where f.fund_code = v.c and f.nav_date = v.d`,
        [c.slice(j, j + 50_000), d.slice(j, j + 50_000), a.slice(j, j + 50_000), r.slice(j, j + 50_000)],
      )
    }
    await q.query(
      `update funds f set figures_unavailable = v.u from unnest($1::text[], $2::text[]) as v(c, u)
       where f.fund_code = v.c and f.figures_unavailable is distinct from v.u`,
      [marks.map((m) => m[0]), marks.map((m) => m[1])],
    )
    written += c.length
  }
  return written
}

/** Explicit distributions and splits per fund, oldest first. */
export async function fundEvents(q: Queryable, fundCodes: readonly string[]): Promise<Map<string, FundEvent[]>> {
  const rows = await q.query<{
    c: string
    d: string
    k: 'dividend' | 'split'
    cash: string | null
    ratio: string | null
    r: string | null
  }>(
    `select fund_code as c, to_char(ex_date, 'YYYY-MM-DD') as d, kind as k, cash_per_unit::text as cash, split_ratio::text as ratio,
       to_char(reinvest_date, 'YYYY-MM-DD') as r
     from fund_events where fund_code = any($1::text[]) order by fund_code, ex_date`,
    [fundCodes],
  )
  const out = new Map<string, FundEvent[]>()
  for (const r of rows) {
    const list = out.get(r.c) ?? []
    list.push({
      date: r.d,
      kind: r.k,
      cash: r.cash === null ? undefined : Number(r.cash),
      ratio: r.ratio === null ? undefined : Number(r.ratio),
      ...(r.r ? { reinvestDate: r.r } : {}),
    })
    out.set(r.c, list)
  }
  return out
}

/** The NAV table: a page of a fund's NAVs, newest first. */
export function fundNavRows(database: Database, fundCode: string, offset: number, size: number) {
  return pageWithTotal(
    (from, n) =>
      database.query<{ date: string; nav: string; accNav: string | null; dailyReturn: string | null; totalCount: number }>(
        `select nav_date as date, nav, acc_nav as "accNav", daily_return as "dailyReturn", count(*) over ()::int as "totalCount" from fund_navs
     where fund_code = $1 order by nav_date desc limit $2 offset $3`,
        [fundCode, n, from],
      ),
    offset,
    size,
  )
}

export async function lastFundNavDate(database: Database, fundCode: string): Promise<string | null> {
  const [row] = await database.query<{ d: string | null }>('select max(nav_date) as d from fund_navs where fund_code = $1', [fundCode])
  return row?.d ?? null
}

/** Every fund's code, name and category, by code. */
export function fundNames(database: Queryable) {
  return database.query<{ fundCode: string; fundName: string; categoryCode: string }>(
    `select fund_code as "fundCode", fund_name as "fundName", category_code as "categoryCode" from funds order by fund_code`,
  )
}

/** Names of these benchmark indexes (those that exist). */
export function benchmarkInfos(q: Queryable, codes: readonly string[]) {
  return q.query<{ indexCode: string; indexShortName: string; name: string; description: string | null }>(
    `select index_code as "indexCode", index_short_name as "indexShortName", name, description from benchmarks where index_code = any($1::text[])`,
    [codes],
  )
}

/** The days from `from` to `to` on which every one of these indexes has a value, with the values in the codes' order. */
export function benchmarkValueRows(q: Queryable, codes: readonly string[], from: string | null, to: string) {
  return q.query<{ date: string; values: string[] }>(
    `select value_date as date, array_agg(value::text order by array_position($1::text[], index_code)) as values
     from benchmark_values where index_code = any($1::text[]) and ($2::date is null or value_date >= $2::date) and value_date <= $3::date
     group by value_date having count(*) = $4 order by value_date`,
    [codes, from, to, codes.length],
  )
}

/** Bumps the data version (an import changed the funds); returns the new version. */
export async function incrementDataVersion(q: Queryable): Promise<number> {
  const [row] = await q.query<{ version: string }>(
    'update data_version set version = version + 1, changed_at = now() where id = 1 returning version::text as version',
  )
  return Number(row.version)
}
