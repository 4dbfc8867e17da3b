import { type Kysely, sql } from 'kysely'

/**
 * The user's own order of saved filters (管理筛选 drag). Null until the user reorders; a filter
 * saved afterwards has none and is listed first (newest first among those), then by seq.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw('alter table saved_filters add column seq integer').execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('alter table saved_filters drop column if exists seq').execute(db)
}
