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

/**
 * Three years and a little more of each fund's adjusted NAV before its OWN latest NAV, packed one
 * row per fund as "date=value,…" (PGlite hands over 500 rows far faster than 400 000), with its last daily return.
 */
export async function statsSeries(database: Database) {
  const { rows } = await sql<{ c: FundNavsTable['fund_code']; s: string; r: FundNavsTable['daily_return'] }>`
    select n.fund_code as c, string_agg(to_char(n.nav_date, 'YYYY-MM-DD') || '=' || n.adj_nav::text, ',' order by n.nav_date) as s,
      (array_agg(n.daily_return::text order by n.nav_date desc))[1] as r
    from fund_navs n join (select fund_code, max(nav_date) as last from fund_navs group by fund_code) l on l.fund_code = n.fund_code
    where n.nav_date >= l.last - interval '3 years 2 months' group by n.fund_code`.execute(database.db)
  return rows
}
