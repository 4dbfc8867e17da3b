import { type Kysely, sql } from 'kysely'

/**
 * Watchlist groups (自选分组, issue #25): a user's named groups in their order, and which picked funds
 * each holds. A membership points at the pick itself, so removing a fund from the watchlist takes it
 * out of every group, and at its group (of the same user), so deleting a group keeps the funds picked.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    `create table watchlist_groups (
      group_id integer generated always as identity primary key,
      user_id text not null references users,
      name text not null,
      position integer not null,
      created_at timestamptz not null default now(),
      unique (user_id, name),
      unique (group_id, user_id)
    )`,
    `create table watchlist_group_funds (
      group_id integer not null,
      user_id text not null,
      fund_code text not null,
      primary key (group_id, fund_code),
      foreign key (group_id, user_id) references watchlist_groups (group_id, user_id) on delete cascade,
      foreign key (user_id, fund_code) references user_fund_picks (user_id, fund_code) on delete cascade
    )`,
    'create index watchlist_group_funds_pick_idx on watchlist_group_funds (user_id, fund_code)',
  ]) {
    await sql.raw(statement).execute(db)
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of ['drop table if exists watchlist_group_funds', 'drop table if exists watchlist_groups']) {
    await sql.raw(statement).execute(db)
  }
}
