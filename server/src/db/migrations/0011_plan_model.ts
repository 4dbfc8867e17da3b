import { type Kysely, sql } from 'kysely'

/**
 * Issue #23, investment plans: portfolios.model_po_code is the model portfolio an investment plan
 * (an AP custom plan, is_model_po false) copies. The plan's own rows (parts, adjustments, NAVs)
 * are the user's copy; the model's rows are the model portfolio (`isModelPo: true` reads them).
 * No foreign key: the demo seed and the importer insert plans before or after their models.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw('alter table portfolios add column model_po_code text').execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('alter table portfolios drop column if exists model_po_code').execute(db)
}
