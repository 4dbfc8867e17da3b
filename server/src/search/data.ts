import type { Database } from '../db'
import type { RiskLevel } from '../../generated/resolvers'

/** Every name a search looks at: funds, managers and portfolios (with their brand). */
export function searchableNames(database: Database) {
  return Promise.all([
    database.query<{ id: string; name: string }>('select fund_code as id, fund_name as name from funds'),
    database.query<{ id: string; name: string }>('select manager_id as id, manager_name as name from managers'),
    database.query<{ id: string; name: string; brand: string }>('select po_code as id, po_name as name, brand from portfolios'),
  ])
}

const RISK_LEVELS: readonly RiskLevel[] = ['High', 'MidHigh', 'Medium', 'MidLow', 'Low']

/** A portfolio's risk level, as the schema's enum (null when missing or not one of its values). */
export async function portfolioRiskLevel(database: Database, poCode: string): Promise<RiskLevel | null> {
  const [row] = await database.query<{ risk_level: string | null }>('select risk_level from portfolios where po_code = $1', [poCode])
  const level = row?.risk_level as RiskLevel | null | undefined
  return level && RISK_LEVELS.includes(level) ? level : null
}
