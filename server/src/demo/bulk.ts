import { sql, type Insertable, type Kysely } from 'kysely'
import type { Queryable } from '../db'
import type { DB } from '../db/schema'

/** A table of the Database interface (server/src/db/schema.ts). */
export type Table = keyof DB
/** One row to insert into `T`, typed by the Database interface. */
export type Row<T extends Table> = Insertable<DB[T]>

export interface InsertOptions<T extends Table> {
  /** Rows per statement (PGlite wants batches). */
  batch?: number
  /** Upsert by these key columns: the other columns given are overwritten, or the row is skipped when there are none. */
  onConflict?: ReadonlyArray<keyof Row<T> & string>
}

/** A value as the text its column's type reads: JSON for objects and arrays (jsonb columns), ISO 8601 for moments. */
const toText = (v: unknown): string | null => {
  if (v === null || v === undefined) return null
  if (v instanceof Date) return v.toISOString()
  if (typeof v === 'object') return JSON.stringify(v)
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean') return String(v)
  throw new Error(`a ${typeof v} is no column value`)
}

/** The type of each column of a table, as the database has it (without modifiers: numeric, not numeric(12,4)). */
async function columnTypes(db: Kysely<DB>, table: Table): Promise<Map<string, string>> {
  const { rows } = await sql<{ name: string; type: string }>`
    select attname as name, format_type(atttypid, null) as type from pg_attribute
    where attrelid = ${table}::regclass and attnum > 0 and not attisdropped`.execute(db)
  return new Map(rows.map((r) => [r.name, r.type]))
}

/**
 * Inserts many rows in few statements: one text array per column, unnested and cast on the
 * server to the column's own type (read from the catalog), so it works the same on PGlite and
 * PostgreSQL and keeps first start fast. Every row gives the same columns (null where it has no
 * value); the columns left out take their defaults.
 */
export async function insertRows<T extends Table>(q: Queryable, table: T, rows: ReadonlyArray<Row<T>>, opts: InsertOptions<T> = {}) {
  if (!rows.length) return
  const given = (row: Record<string, unknown>) => Object.keys(row).filter((k) => row[k] !== undefined)
  const names = given(rows[0])
  rows.forEach((row: Record<string, unknown>, i) => {
    let count = 0
    let same = true
    for (const k in row)
      if (row[k] !== undefined) {
        count++
        same &&= names.includes(k)
      }
    if (!same || count !== names.length)
      throw new Error(`${table}: row ${i} gives ${given(row).join(', ')}; the first row gives ${names.join(', ')}`)
  })
  const db = q.db
  const types = await columnTypes(db, table)
  const casts = names.map((c, i) => {
    const type = types.get(c)
    if (!type) throw new Error(`${table} has no column ${c}`)
    return sql`${sql.ref(`c${i}`)}::${sql.raw(type)}`
  })
  const aliases = sql.join(names.map((_, i) => sql.ref(`c${i}`)))
  const keys = opts.onConflict ?? []
  const others = names.filter((c) => !keys.includes(c as never))
  const conflict = !keys.length
    ? sql``
    : others.length
      ? sql`on conflict (${sql.join(keys.map((k) => sql.ref(k)))}) do update set ${sql.join(others.map((c) => sql`${sql.ref(c)} = ${sql.ref(`excluded.${c}`)}`))}`
      : sql`on conflict (${sql.join(keys.map((k) => sql.ref(k)))}) do nothing`
  const batch = opts.batch ?? 20_000
  for (let start = 0; start < rows.length; start += batch) {
    const chunk = rows.slice(start, start + batch) as ReadonlyArray<Record<string, unknown>>
    const arrays = names.map((c) => sql`${chunk.map((r) => toText(r[c]))}::text[]`)
    await sql`insert into ${sql.table(table)} (${sql.join(names.map((c) => sql.ref(c)))})
      select ${sql.join(casts)} from unnest(${sql.join(arrays)}) as x(${aliases}) ${conflict}`.execute(db)
  }
}
