import { type Kysely, sql } from 'kysely'

/**
 * Fund size (基金规模): net assets in 亿元 as of a report date (a quarter end). Both nullable:
 * a fund not yet set up, or an imported fund without the figure, has none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw('alter table funds add column fund_size numeric(14,2)').execute(db)
  await sql.raw('alter table funds add column fund_size_date date').execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('alter table funds drop column if exists fund_size_date').execute(db)
  await sql.raw('alter table funds drop column if exists fund_size').execute(db)
}
