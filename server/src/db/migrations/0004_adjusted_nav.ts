import { type Kysely, sql } from 'kysely'

/**
 * Real-data figures (issue #8):
 * - fund_navs.adj_nav: the dividend-adjusted NAV (复权净值) every return figure is computed from;
 *   daily_return is recomputed from it. Null until server/src/fund/data.ts writeAdjustedNavs fills
 *   it (the server does that at start for rows this migration leaves empty).
 * - fund_events: distributions and splits given by an import (explicit events replace the ones
 *   derived from the accumulated NAV).
 * - funds.is_demo / managers.is_demo: where a row came from. Rows that exist when this migration
 *   runs were written by the demo seed (imports before it could not be told apart), so they are
 *   marked demo; the seed marks its rows, imports write false.
 * - funds.benchmark: the fund's comparison benchmark, an index code or weights (000300*0.6+H11001*0.4).
 * - data_version: bumped by every import, so caches of derived figures know the data changed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    'alter table fund_navs add column adj_nav numeric(20,8)',
    `create table fund_events (
      fund_code text not null references funds,
      ex_date date not null,
      kind text not null check (kind in ('dividend', 'split')),
      cash_per_unit numeric(12,6) check (cash_per_unit > 0),
      split_ratio numeric(14,8) check (split_ratio > 0),
      primary key (fund_code, ex_date, kind),
      check ((kind = 'dividend' and cash_per_unit is not null) or (kind = 'split' and split_ratio is not null))
    )`,
    'alter table funds add column is_demo boolean not null default false',
    'alter table funds add column benchmark text',
    'alter table managers add column is_demo boolean not null default false',
    'update funds set is_demo = true',
    'update managers set is_demo = true',
    `create table data_version (
      id integer primary key check (id = 1),
      version bigint not null,
      changed_at timestamptz not null default now()
    )`,
    'insert into data_version (id, version) values (1, 0)',
  ]) {
    await sql.raw(statement).execute(db)
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    'drop table if exists data_version',
    'alter table managers drop column if exists is_demo',
    'alter table funds drop column if exists benchmark',
    'alter table funds drop column if exists is_demo',
    'drop table if exists fund_events',
    'alter table fund_navs drop column if exists adj_nav',
  ]) {
    await sql.raw(statement).execute(db)
  }
}
