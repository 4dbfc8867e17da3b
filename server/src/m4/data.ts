import type { Database } from '../db'

/** The hand-picked funds (精选) with their reasons, in their order. */
export function handPickedRows(database: Database) {
  return database.db.selectFrom('hand_picked').select(['fund_code as fundCode', 'reason', 'seq']).orderBy('seq').execute()
}
