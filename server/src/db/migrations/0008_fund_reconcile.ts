import { type Kysely, sql } from 'kysely'

/**
 * Issue #22, funds whose sources disagree (server/README.md, "Where the events come from"):
 * - fund_navs.growth: the vendor's published daily growth rate (日增长率) in percent, as imported
 *   (unconstrained numeric keeps its places, which say how far it was rounded); null when not given.
 * - funds.figures_unavailable: why the import could not reconcile the fund's unit NAV, accumulated
 *   NAV, daily growth and events (Chinese, shown instead of its figures); null when it could.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of ['alter table fund_navs add column growth numeric', 'alter table funds add column figures_unavailable text']) {
    await sql.raw(statement).execute(db)
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    'alter table funds drop column if exists figures_unavailable',
    'alter table fund_navs drop column if exists growth',
  ]) {
    await sql.raw(statement).execute(db)
  }
}
