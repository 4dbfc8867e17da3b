import { sql, type RawBuilder } from 'kysely'

/**
 * `any($1::text[])`: a list of values as one array parameter, however long (`in (…)` binds one
 * parameter per value and makes a new statement per list length). Use as `.where(col, '=', anyText(xs))`.
 */
/** The database's now(): the transaction's start, one clock for every instance. */
export const now = sql<Date>`now()`

export const anyText = (values: readonly string[]): RawBuilder<string> => sql<string>`any(${values}::text[])`
