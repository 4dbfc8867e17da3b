import type { Database } from '../db'
import { anyText } from '../db/sql'
import { adjustedSeries } from '../fund/data'
import type { NavPoint } from '../fund/performance'
import { tenures } from '../manager/data'

/** One statement per kind for all the compared funds (PGlite plans each statement for milliseconds). */
export async function comparisonData(database: Database, codes: readonly string[]) {
  const [series, rows, tenureRows] = await Promise.all([
    adjustedSeries(database, codes),
    // Each fund's unavailable mark and its manager's name, in one statement.
    database.db
      .selectFrom('funds as f')
      .leftJoin('managers as m', 'm.manager_id', 'f.manager_id')
      .select([
        'f.fund_code as fundCode',
        'f.figures_unavailable as unavailable',
        'm.manager_id as managerId',
        'm.manager_name as managerName',
      ])
      .where('f.fund_code', '=', anyText(codes))
      .execute(),
    tenures(database, null, codes),
  ])
  // The engine reads each value many times: numbers once, rather than parsing the decimal text in every pass.
  const numeric = new Map<string, NavPoint[]>()
  for (const [code, points] of series)
    numeric.set(
      code,
      points.map((p) => ({ date: p.date, value: Number(p.value) })),
    )
  return {
    series: numeric,
    unavailable: new Map(rows.map((r) => [r.fundCode, r.unavailable])),
    tenures: new Map(tenureRows.map((r) => [r.fundCode, r])),
    managerNames: new Map(rows.flatMap((r) => (r.managerId && r.managerName ? [[r.managerId, r.managerName] as const] : []))),
  }
}
