import type { Database } from '../db'
import type { PortfolioRow } from '../db/schema'
import { sumDecimals } from '../decimal'
import { FUND_CATEGORY_ASSET_CLASS } from '../fund/categories'
import { compositionRows, type CompositionPartRow } from './data'
import { groupProfitRate } from './groupProfit'

/** Category code of a part under a category type: fund category or asset class. */
export function categoryFor(fundCategory: string, categoryType: string | null | undefined, stored: string): string {
  if (categoryType === 'FundCategory') return fundCategory
  if (categoryType === 'AssetClassLevel1') return FUND_CATEGORY_ASSET_CLASS[fundCategory] ?? stored
  return stored
}

/** The portfolio's parts grouped by category (as stored, by fund category or by asset class), with each group's sums. */
export async function composition(database: Database, row: PortfolioRow, categoryType?: string | null) {
  const { parts, lastAdjustment: updated, names } = await compositionRows(database, row.po_code)
  const groups = new Map<string, CompositionPartRow[]>()
  for (const p of parts) {
    const code = categoryFor(p.fundCategory, categoryType, p.categoryCode)
    groups.set(code, [...(groups.get(code) ?? []), { ...p, categoryCode: code }])
  }
  return {
    updatedAt: updated ?? row.created_date,
    groups: [...groups.entries()].map(([categoryCode, list]) => ({
      poCode: row.po_code,
      categoryCode,
      categoryName: names.get(categoryCode) ?? null,
      percent: sumDecimals(list.map((p) => p.percent)),
      unit: list.some((p) => p.unit != null) ? list.reduce((s, p) => s + (p.unit ?? 0), 0) : null,
      accProfitRate: groupProfitRate(list),
      parts: list.map((p) => ({
        percent: p.percent,
        categoryCode,
        unit: p.unit,
        fundCode: p.fundCode,
        candidateFundCodes: p.candidateFundCodes,
        latestMovement: p.latestMovement,
        latestMovementName: p.latestMovementName,
        varietyName: p.varietyName,
        accProfitRate: p.accProfitRate,
        entryDate: p.entryDate,
      })),
    })),
  }
}
