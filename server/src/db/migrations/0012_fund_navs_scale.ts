import { type Kysely, sql } from 'kysely'

/**
 * Issue #24, at 10,000 funds (npm run bench:scale): two questions about fund_navs were answered by
 * reading the whole table, which its primary key (fund_code, nav_date) cannot answer:
 * - the latest NAV date over all funds (the per-fund statistics' snapshot key, filter/stats.ts,
 *   asked by every instance once a minute): about 0.7 s at 1,000 funds and linear in the rows;
 * - the funds with NAVs still lacking the adjusted value (db/startup.ts, on every start): a partial
 *   index holding only those rows, empty once they are filled.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    'create index fund_navs_nav_date_idx on fund_navs (nav_date)',
    'create index fund_navs_adj_missing_idx on fund_navs (fund_code) where adj_nav is null',
  ]) {
    await sql.raw(statement).execute(db)
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of ['drop index if exists fund_navs_adj_missing_idx', 'drop index if exists fund_navs_nav_date_idx']) {
    await sql.raw(statement).execute(db)
  }
}
