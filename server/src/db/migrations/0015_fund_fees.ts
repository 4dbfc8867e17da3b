import { type Kysely, sql } from 'kysely'

/**
 * Issue #25 (基金对比): a fund's yearly operating fees as rates of its assets (0.012 = 1.20 %/yr):
 * management (管理费率), custody (托管费率) and sales service (销售服务费率, C shares and money funds).
 * Null when unknown: the import's funds.csv may leave them out, and nothing is invented for it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['management_fee_rate', 'custody_fee_rate', 'sales_service_fee_rate'])
    await sql.raw(`alter table funds add column ${column} numeric(8,6) check (${column} >= 0 and ${column} < 0.1)`).execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['management_fee_rate', 'custody_fee_rate', 'sales_service_fee_rate'])
    await sql.raw(`alter table funds drop column if exists ${column}`).execute(db)
}
