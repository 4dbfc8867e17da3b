import type { Database } from '../db'
import { anyText } from '../db/sql'
import { adjustedSeries } from '../fund/data'
import type { NavPoint } from '../fund/performance'
import { tenures } from '../manager/data'

/** One statement per kind for all the compared funds (PGlite plans each statement for milliseconds). */
export async function comparisonData(database: Database, codes: readonly string[]) {
  const [series, marks, tenureRows, managers] = await Promise.all([
    adjustedSeries(database, codes),
    database.db.selectFrom('funds').select(['fund_code', 'figures_unavailable']).where('fund_code', '=', anyText(codes)).execute(),
    tenures(database, null, codes),
    database.db
      .selectFrom('managers as m')
      .innerJoin('funds as f', 'f.manager_id', 'm.manager_id')
      .select(['m.manager_id as managerId', 'm.manager_name as managerName'])
      .where('f.fund_code', '=', anyText(codes))
      .execute(),
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
    unavailable: new Map(marks.map((m) => [m.fund_code, m.figures_unavailable])),
    tenures: new Map(tenureRows.map((r) => [r.fundCode, r])),
    managerNames: new Map(managers.map((m) => [m.managerId, m.managerName])),
  }
}
