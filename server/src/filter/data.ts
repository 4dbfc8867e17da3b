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
  /** Points in the window (three years and two months before the fund's own latest NAV). */
  n: number
  /** The latest NAV date and its adjusted NAV and daily return. */
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

/**
 * Every fund's filter figures aggregated in the database, one row per fund (not its NAVs): the
 * window is three years and two months before each fund's OWN latest NAV, each period's base is the
 * last NAV on or before its start (calendar months clamped to the month's end, as monthsBefore), and
 * the 1-year drawdown runs over the points from the 1-year base on (the whole window without one).
 */
export async function statsFigures(database: Database) {
  const { rows } = await sql<FundFiguresRow>`
    with l as (select fund_code, max(nav_date) as anchor from fund_navs group by fund_code),
    w as (
      select n.fund_code, n.nav_date, n.adj_nav, n.daily_return, l.anchor from fund_navs n join l on l.fund_code = n.fund_code
      where n.nav_date >= l.anchor - interval '3 years 2 months'
    ),
    s as (select fund_code, anchor, max(nav_date) filter (where adj_nav is not null) as last from w group by fund_code, anchor),
    b as (
      select s.fund_code, s.anchor, s.last, count(w.adj_nav)::int as n,
        max(w.nav_date) filter (where w.adj_nav is not null and w.nav_date <= s.last - interval '1 month') as m1,
        max(w.nav_date) filter (where w.adj_nav is not null and w.nav_date <= s.last - interval '3 months') as m3,
        max(w.nav_date) filter (where w.adj_nav is not null and w.nav_date <= s.last - interval '6 months') as m6,
        max(w.nav_date) filter (where w.adj_nav is not null and w.nav_date <= s.last - interval '1 year') as y1,
        max(w.nav_date) filter (where w.adj_nav is not null and w.nav_date <= s.last - interval '3 years') as y3,
        max(w.nav_date) filter (where w.adj_nav is not null and w.nav_date < date_trunc('year', s.last)) as ytd
      from s join w on w.fund_code = s.fund_code
      where s.last is not null
      group by s.fund_code, s.anchor, s.last
    ),
    dd as (
      select fund_code, min(v / peak - 1) as dd, count(*)::int as ddn from (
        select w.fund_code, w.adj_nav::float8 as v,
          max(w.adj_nav::float8) over (partition by w.fund_code order by w.nav_date rows between unbounded preceding and current row) as peak
        from w join b on b.fund_code = w.fund_code where w.adj_nav is not null and (b.y1 is null or w.nav_date >= b.y1)
      ) x group by fund_code
    )
    select b.fund_code as c, b.n, to_char(b.last, 'YYYY-MM-DD') as d, nl.adj_nav::text as last, na.daily_return::text as r,
      n1.adj_nav::text as m1, n3.adj_nav::text as m3, n6.adj_nav::text as m6, ny1.adj_nav::text as y1, ny3.adj_nav::text as y3,
      nytd.adj_nav::text as ytd, dd.dd::text as dd, dd.ddn
    from b join dd on dd.fund_code = b.fund_code
      join fund_navs nl on nl.fund_code = b.fund_code and nl.nav_date = b.last
      join fund_navs na on na.fund_code = b.fund_code and na.nav_date = b.anchor
      left join fund_navs n1 on n1.fund_code = b.fund_code and n1.nav_date = b.m1
      left join fund_navs n3 on n3.fund_code = b.fund_code and n3.nav_date = b.m3
      left join fund_navs n6 on n6.fund_code = b.fund_code and n6.nav_date = b.m6
      left join fund_navs ny1 on ny1.fund_code = b.fund_code and ny1.nav_date = b.y1
      left join fund_navs ny3 on ny3.fund_code = b.fund_code and ny3.nav_date = b.y3
      left join fund_navs nytd on nytd.fund_code = b.fund_code and nytd.nav_date = b.ytd`.execute(database.db)
  return rows
}
