import { type Kysely, sql } from 'kysely'

/**
 * Issue #21, live streams:
 * - live_streams.playback_url: the video a stream plays (the live feed while 直播中, the recording
 *   once 回放); null shows the cover.
 * - live_subscriptions: a user's start reminder for a 预告 stream, one per user and stream
 *   (subscribing again replaces the recipient), sent once through the platform's message API
 *   when the stream goes live (live/reminders.ts): `state` pending → sent, or failed (refused by
 *   the platform, or after too many attempts) or expired (the stream ended before it was sent).
 *   `claimed_until` is the lease of the instance sending it, so two instances never both send.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    'alter table live_streams add column playback_url text',
    `create table live_subscriptions (
      user_id text not null references users,
      live_id text not null references live_streams,
      platform text not null check (platform in ('weapp', 'swan')),
      recipient text not null,
      subscribe_id text,
      state text not null default 'pending' check (state in ('pending', 'sent', 'failed', 'expired')),
      attempts integer not null default 0,
      retry_at timestamptz,
      claimed_until timestamptz,
      failure text,
      created_at timestamptz not null default now(),
      sent_at timestamptz,
      primary key (user_id, live_id)
    )`,
    `create index live_subscriptions_pending_idx on live_subscriptions (live_id) where state = 'pending'`,
  ]) {
    await sql.raw(statement).execute(db)
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of ['drop table if exists live_subscriptions', 'alter table live_streams drop column if exists playback_url']) {
    await sql.raw(statement).execute(db)
  }
}
