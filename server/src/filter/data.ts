import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import type { Database } from '../db'
import type { FundNavsTable } from '../db/schema'

/** A saved filter as the schema's SavedFilter. */
const SAVED_FILTER_COLUMNS = ['filter_id as filterId', 'name', 'form_value as formValue', 'created_at as createdAt'] as const

/** The user's saved filters in their order (reordered ones first, then newest first). */
export function savedFilters(database: Database, userId: string) {
  return database.db
    .selectFrom('saved_filters')
    .select([...SAVED_FILTER_COLUMNS])
    .where('user_id', '=', userId)
    .orderBy(sql`seq asc nulls first`)
    .orderBy('created_at', 'desc')
    .execute()
}

export function savedFilter(database: Database, userId: string, filterId: string) {
  return database.db
    .selectFrom('saved_filters')
    .select([...SAVED_FILTER_COLUMNS])
    .where('filter_id', '=', filterId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
}

/** Saved filters one user may keep: the list is a screen of its own, not storage. */
export const MAX_SAVED_FILTERS = 50

/**
 * Saves a filter unless the user already has MAX_SAVED_FILTERS; undefined then. The user's row is
 * locked for the count and the insert, so concurrent saves cannot pass the cap together.
 */
export function insertFilter(database: Database, userId: string, name: string, formValue: object) {
  return database.db.transaction().execute(async (trx) => {
    await sql`select 1 from users where user_id = ${userId} for update`.execute(trx)
    const { n } = await trx
      .selectFrom('saved_filters')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow()
    if (Number(n) >= MAX_SAVED_FILTERS) return undefined
    return trx
      .insertInto('saved_filters')
      .values({ filter_id: randomUUID(), user_id: userId, name, form_value: JSON.stringify(formValue) })
      .returning([...SAVED_FILTER_COLUMNS])
      .executeTakeFirstOrThrow()
  })
}

/** Deletes one of the user's filters; false when it is not theirs. */
export async function deleteFilter(database: Database, userId: string, filterId: string): Promise<boolean> {
  const result = await database.db
    .deleteFrom('saved_filters')
    .where('filter_id', '=', filterId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return result.numDeletedRows > 0n
}

export function renameFilter(database: Database, userId: string, filterId: string, name: string) {
  return database.db
    .updateTable('saved_filters')
    .set({ name })
    .where('filter_id', '=', filterId)
    .where('user_id', '=', userId)
    .returning([...SAVED_FILTER_COLUMNS])
    .executeTakeFirst()
}

/** Every filter of the user, unordered (to check a new order against). */
export function ownFilters(database: Database, userId: string) {
  return database.db
    .selectFrom('saved_filters')
    .select([...SAVED_FILTER_COLUMNS])
    .where('user_id', '=', userId)
    .execute()
}

/** Stores the user's order: position i for filterIds[i], in one transaction. */
export async function storeFilterOrder(database: Database, userId: string, filterIds: readonly string[]): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
    for (const [i, filterId] of filterIds.entries()) {
      await trx.updateTable('saved_filters').set({ seq: i }).where('filter_id', '=', filterId).where('user_id', '=', userId).execute()
    }
  })
}

/** What the statistics depend on: the latest NAV date, the fund count, the terminated count and the import's data version. */
export async function statsKeyRow(database: Database) {
  return database.db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('fund_navs')
        .select((navs) => navs.fn.max('nav_date').as('d'))
        .as('d'),
      eb.selectFrom('funds').select(eb.fn.countAll<number>().as('n')).as('n'),
      eb.selectFrom('funds').select(eb.fn.countAll<number>().as('t')).where('terminated_date', 'is not', null).as('t'),
      eb.selectFrom('data_version').select('version').where('id', '=', 1).as('v'),
    ])
    .executeTakeFirst()
}

/** Each fund's fields that filters read, with its manager's career start. */
export async function statsFunds(database: Database) {
  return database.db
    .selectFrom('funds as f')
    .leftJoin('managers as m', 'm.manager_id', 'f.manager_id')
    .select((eb) => [
      'f.fund_code as fundCode',
      'f.category_code as categoryCode',
      'f.risk_level as riskLevel',
      eb('f.terminated_date', 'is not', null).$castTo<boolean>().as('isTerminated'),
      'f.buy_fee_rate as buyFeeRate',
      'f.fund_size as fundSize',
      'm.career_start as careerStart',
    ])
    .orderBy('f.fund_code')
    .execute()
}

/** One fund's figures as the database aggregates them: NAVs as their decimal text, so the ratios are computed exactly as from the series. */
export interface FundFiguresRow {
  c: FundNavsTable['fund_code']
  /** The fund's last NAV date with an adjusted NAV, that NAV, and the daily return of its latest NAV. */
  d: string
  last: string
  r: string | null
  /** Each period's base adjusted NAV: the last one on or before the period's start (YTD: before 1 January); null when the window has none. */
  m1: string | null
  m3: string | null
  m6: string | null
  y1: string | null
  y3: string | null
  ytd: string | null
  /** The 1-year drawdown (most negative fall from a running peak, in float8 as JavaScript divides) over the points from the 1-year base on, and their count. */
  dd: string | null
  ddn: number
}

/** The last date with an adjusted NAV in the fund's window on or before `until` (a backward walk of the primary key). */
const baseDate = (until: string) => `(select max(n.nav_date) from fund_navs n where n.fund_code = l.fund_code and n.adj_nav is not null
  and n.nav_date >= l.since and n.nav_date ${until})`

/** An adjusted NAV (or daily return) by its key, as text. */
const valueAt = (column: string, date: string) =>
  `(select n.${column}::text from fund_navs n where n.fund_code = b.fund_code and n.nav_date = b.${date})`

/**
 * Every fund's filter figures aggregated in the database, one row per fund (not its NAVs), each
 * by key look-ups on the fund's own rows: the window is three years and two months before each
 * fund's OWN latest NAV, each period's base is the last NAV on or before its start (calendar
 * months clamped to the month's end, as monthsBefore), and the 1-year drawdown runs over the
 * points from the 1-year base on (the whole window without one).
 */
export async function statsFigures(database: Database) {
  return database.transaction(async (tx) => {
    // Its planned cost (per-fund look-ups the planner overestimates) would start PostgreSQL's JIT: 1 s of compiling for 0.4 s of work at 1,000 funds.
    await sql`set local jit = off`.execute(tx.db)
    const { rows } = await sql<FundFiguresRow>`
    with l as (
      select f.fund_code, a.anchor, (a.anchor - interval '3 years 2 months')::date as since, s.last
      from funds f
        cross join lateral (select max(nav_date) as anchor from fund_navs where fund_code = f.fund_code) a
        cross join lateral (select max(nav_date) as last from fund_navs where fund_code = f.fund_code and adj_nav is not null
          and nav_date >= (a.anchor - interval '3 years 2 months')::date) s
      where s.last is not null
    ),
    b as (
      select l.fund_code, l.anchor, l.since, l.last,
        ${sql.raw(baseDate("<= (l.last - interval '1 month')::date"))} as m1,
        ${sql.raw(baseDate("<= (l.last - interval '3 months')::date"))} as m3,
        ${sql.raw(baseDate("<= (l.last - interval '6 months')::date"))} as m6,
        ${sql.raw(baseDate("<= (l.last - interval '1 year')::date"))} as y1,
        ${sql.raw(baseDate("<= (l.last - interval '3 years')::date"))} as y3,
        ${sql.raw(baseDate("< date_trunc('year', l.last)::date"))} as ytd
      from l
    )
    select b.fund_code as c, to_char(b.last, 'YYYY-MM-DD') as d, ${sql.raw(valueAt('adj_nav', 'last'))} as last,
      ${sql.raw(valueAt('daily_return', 'anchor'))} as r, ${sql.raw(valueAt('adj_nav', 'm1'))} as m1, ${sql.raw(valueAt('adj_nav', 'm3'))} as m3,
      ${sql.raw(valueAt('adj_nav', 'm6'))} as m6, ${sql.raw(valueAt('adj_nav', 'y1'))} as y1, ${sql.raw(valueAt('adj_nav', 'y3'))} as y3,
      ${sql.raw(valueAt('adj_nav', 'ytd'))} as ytd, d.dd, d.ddn
    from b cross join lateral (
      select min(x.v / x.peak - 1)::text as dd, count(*)::int as ddn from (
        select n.adj_nav::float8 as v,
          max(n.adj_nav::float8) over (order by n.nav_date rows between unbounded preceding and current row) as peak
        from fund_navs n where n.fund_code = b.fund_code and n.adj_nav is not null and n.nav_date >= coalesce(b.y1, b.since)
      ) x
    ) d`.execute(tx.db)
    return rows
  })
}
