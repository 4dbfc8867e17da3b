import { type Kysely, sql } from 'kysely'

/**
 * Issue #25 (口径 of 基金组成's 累计收益率): the day a strategy's fund last came into it. A part's
 * acc_profit_rate is its fund's dividend-adjusted NAV now over its adjusted NAV on that day, so the
 * sheet can show both days and both NAVs. Null when unknown (imports state no such day).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table portfolio_parts add column entry_date date`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table portfolio_parts drop column if exists entry_date`.execute(db)
}
