import type { Database } from '../db'

/** The fund's adjusted NAV over the last `days` calendar days up to its latest NAV, oldest first. */
export function recentAdjustedNavs(database: Database, fundCode: string, days: number) {
  return database.query<{ date: string; value: string }>(
    `select to_char(nav_date, 'YYYY-MM-DD') as date, adj_nav::text as value from fund_navs
     where fund_code = $1 and nav_date >= (select max(nav_date) from fund_navs where fund_code = $1) - $2::int order by nav_date`,
    [fundCode, days],
  )
}

/** The manager's career start (yyyy-MM-dd), null when unknown. */
export async function careerStart(database: Database, managerId: string): Promise<string | null> {
  const [row] = await database.query<{ d: string | null }>(
    `select to_char(career_start, 'YYYY-MM-DD') as d from managers where manager_id = $1`,
    [managerId],
  )
  return row?.d ?? null
}
