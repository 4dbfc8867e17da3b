import { sql, type RawBuilder } from 'kysely'

/**
 * `any($1::text[])`: a list of values as one array parameter, however long (`in (…)` binds one
 * parameter per value and makes a new statement per list length). Use as `.where(col, '=', anyText(xs))`.
 */
export const anyText = (values: readonly string[]): RawBuilder<string> => sql<string>`any(${values}::text[])`
