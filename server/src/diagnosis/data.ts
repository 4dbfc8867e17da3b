import { sql } from 'kysely'
import type { Database } from '../db'

/** The fund's adjusted NAV over the last `days` calendar days up to its latest NAV, oldest first. */
export async function recentAdjustedNavs(database: Database, fundCode: string, days: number) {
  const latest = database.db
    .selectFrom('fund_navs')
    .select((eb) => eb.fn.max('nav_date').as('d'))
    .where('fund_code', '=', fundCode)
  return database.db
    .selectFrom('fund_navs')
    .select(['nav_date as date', sql<string>`adj_nav::text`.as('value')])
    .where('fund_code', '=', fundCode)
    .where('nav_date', '>=', sql<string>`(${latest}) - ${days}::int`)
    .orderBy('nav_date')
    .execute()
}

/** The manager's career start (yyyy-MM-dd), null when unknown. */
export async function careerStart(database: Database, managerId: string): Promise<string | null> {
  const row = await database.db.selectFrom('managers').select('career_start').where('manager_id', '=', managerId).executeTakeFirst()
  return row?.career_start ?? null
}
