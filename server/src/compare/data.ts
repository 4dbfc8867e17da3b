import { sql } from 'kysely'
import type { Database } from '../db'
import type { FundsTable, ManagersTable } from '../db/schema'
import type { NavPoint } from '../fund/performance'
import { tenures } from '../manager/data'

/**
 * A fund's series as `date=adjNav,…` text (fund/data.ts adjustedSeries' shape) read straight into
 * numeric points, in one pass: the engine reads each value many times, and a second array of
 * string points per fund was a third of the request's garbage.
 */
export function numericSeries(text: string | null): NavPoint[] {
  const out: NavPoint[] = []
  if (!text) return out
  for (let i = 0; i < text.length;) {
    const comma = text.indexOf(',', i)
    const end = comma < 0 ? text.length : comma
    out.push({ date: text.slice(i, i + 10), value: Number(text.slice(i + 11, end)) })
    i = end + 1
  }
  return out
}

/**
 * Two statements for all the compared funds (PGlite plans each statement for milliseconds): each
 * fund's adjusted series (as adjustedSeries reads it), unavailable mark and manager's name in one,
 * the managers' tenures (manager/data.ts, as the manager page shows them) in the other. The dates
 * are the date type's own text (yyyy-MM-dd, as every date the database hands us: db/pglite-pool.ts
 * TYPE_PARSERS), cheaper than to_char per NAV row.
 */
export async function comparisonData(database: Database, codes: readonly string[]) {
  const [{ rows }, tenureRows] = await Promise.all([
    sql<{
      fundCode: FundsTable['fund_code']
      unavailable: FundsTable['figures_unavailable']
      managerId: ManagersTable['manager_id'] | null
      managerName: ManagersTable['manager_name'] | null
      s: string | null
    }>`
      select f.fund_code as "fundCode", f.figures_unavailable as unavailable, m.manager_id as "managerId", m.manager_name as "managerName",
        (select string_agg(n.nav_date::text || '=' || n.adj_nav::text, ',' order by n.nav_date)
           from fund_navs n where n.fund_code = f.fund_code) as s
      from funds f left join managers m on m.manager_id = f.manager_id
      where f.fund_code = any(${codes}::text[])`.execute(database.db),
    tenures(database, null, codes),
  ])
  return {
    series: new Map(rows.map((r) => [r.fundCode, numericSeries(r.s)])),
    unavailable: new Map(rows.map((r) => [r.fundCode, r.unavailable])),
    tenures: new Map(tenureRows.map((r) => [r.fundCode, r])),
    managerNames: new Map(rows.flatMap((r) => (r.managerId && r.managerName ? [[r.managerId, r.managerName] as const] : []))),
  }
}
