import type { Database } from '../db'

/** The hand-picked funds (精选) with their reasons, in their order. */
export function handPickedRows(database: Database) {
  return database.query<{ fundCode: string; reason: string | null; seq: number }>(
    'select fund_code as "fundCode", reason, seq from hand_picked order by seq',
  )
}
