import type { Queryable } from '../db'

export type Column = [name: string, type: string]

const toText = (v: unknown): string | null => {
  if (v === null || v === undefined) return null
  if (typeof v === 'object') return JSON.stringify(v)
  return String(v)
}

/**
 * Inserts many rows in few statements: one text array per column, unnested and cast on the
 * server. Works the same on PGlite and PostgreSQL and keeps first start fast.
 */
export async function insertRows(
  database: Queryable,
  table: string,
  columns: Column[],
  rows: unknown[][],
  batch = 20_000,
  onConflict = '',
) {
  const names = columns.map(([n]) => n).join(', ')
  const casts = columns.map(([, t], i) => `c${i}::${t}`).join(', ')
  const arrays = columns.map((_, i) => `$${i + 1}::text[]`).join(', ')
  const aliases = columns.map((_, i) => `c${i}`).join(', ')
  const statement = `insert into ${table} (${names}) select ${casts} from unnest(${arrays}) as x(${aliases}) ${onConflict}`
  for (let start = 0; start < rows.length; start += batch) {
    const chunk = rows.slice(start, start + batch)
    const params = columns.map((_, i) => chunk.map((r) => toText(r[i])))
    await database.query(statement, params)
  }
}
