import type { Database } from '../db'
import type { RiskLevel } from '../../generated/resolvers'

/** Every name a search looks at: funds, managers and portfolios (with their brand). */
export function searchableNames(database: Database) {
  const { db } = database
  return Promise.all([
    db.selectFrom('funds').select(['fund_code as id', 'fund_name as name']).execute(),
    db.selectFrom('managers').select(['manager_id as id', 'manager_name as name']).execute(),
    db.selectFrom('portfolios').select(['po_code as id', 'po_name as name', 'brand']).execute(),
  ])
}

const RISK_LEVELS: readonly RiskLevel[] = ['High', 'MidHigh', 'Medium', 'MidLow', 'Low']

/** A portfolio's risk level, as the schema's enum (null when missing or not one of its values). */
export async function portfolioRiskLevel(database: Database, poCode: string): Promise<RiskLevel | null> {
  const row = await database.db.selectFrom('portfolios').select('risk_level').where('po_code', '=', poCode).executeTakeFirst()
  const level = row?.risk_level as RiskLevel | undefined
  return level && RISK_LEVELS.includes(level) ? level : null
}
