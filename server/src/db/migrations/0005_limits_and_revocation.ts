import { type Kysely, sql } from 'kysely'

/**
 * Server hardening (issue #10):
 * - rate_limits: fixed-window counters (key, window start) incremented with an atomic upsert, so a
 *   limit holds across server instances and races;
 * - revoked_tokens: token ids (jti) revoked by logout, until the token would have expired anyway;
 * - tracking_events.received_at is indexed for the retention clean-up.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    `create table rate_limits (
      key text not null,
      window_start timestamptz not null,
      count integer not null,
      primary key (key, window_start)
    )`,
    `create table revoked_tokens (
      jti text primary key,
      expires_at timestamptz not null
    )`,
    'create index tracking_events_received_idx on tracking_events (received_at)',
  ]) {
    await sql.raw(statement).execute(db)
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    'drop index if exists tracking_events_received_idx',
    'drop table if exists revoked_tokens',
    'drop table if exists rate_limits',
  ]) {
    await sql.raw(statement).execute(db)
  }
}
