import { type Kysely, sql } from 'kysely'

/**
 * Issue #25, NAV alerts (净值提醒):
 * - nav_alert_rules: a user's alert on a fund of their watchlist, one per kind: daily change at or
 *   above +threshold % (RISE) or at or below −threshold % (FALL), unit NAV at or above (ABOVE) or at
 *   or below (BELOW) threshold. Only NAVs dated on or after the day the rule was set can trigger it.
 * - user_messages: the in-app 消息 list (`detail`: the figures a subscription template's fields take). A NAV alert is one message per user, fund and NAV day (the
 *   unique key: an import run twice, or two rules met the same day, never give a second message),
 *   with its read mark and its delivery as a platform subscription message (`delivery`: none when
 *   the user authorised none, pending → sent / failed; claimed_until is the sending instance's lease).
 * - alert_subscriptions: how many one-time subscription messages the user authorised per platform
 *   (WeChat and Baidu grant one message per authorisation) and where they go (openid, Baidu's
 *   subscribe-id). A new message takes one while any is left: its delivery becomes pending.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    `create table nav_alert_rules (
      user_id text not null references users,
      fund_code text not null references funds,
      kind text not null check (kind in ('RISE', 'FALL', 'ABOVE', 'BELOW')),
      threshold numeric(12,4) not null check (threshold > 0),
      created_at timestamptz not null default now(),
      primary key (user_id, fund_code, kind)
    )`,
    `create index nav_alert_rules_fund_idx on nav_alert_rules (fund_code)`,
    `create table user_messages (
      id bigserial primary key,
      user_id text not null references users,
      kind text not null check (kind in ('NAV_ALERT')),
      fund_code text references funds,
      nav_date date,
      title text not null,
      body text not null,
      created_at timestamptz not null default now(),
      read_at timestamptz,
      delivery text not null default 'none' check (delivery in ('none', 'pending', 'sent', 'failed')),
      detail jsonb,
      platform text check (platform in ('weapp', 'swan')),
      recipient text,
      subscribe_id text,
      attempts integer not null default 0,
      retry_at timestamptz,
      claimed_until timestamptz,
      failure text,
      sent_at timestamptz,
      unique (user_id, fund_code, nav_date)
    )`,
    `create index user_messages_user_idx on user_messages (user_id, id desc)`,
    `create index user_messages_pending_idx on user_messages (id) where delivery = 'pending'`,
    `create table alert_subscriptions (
      user_id text not null references users,
      platform text not null check (platform in ('weapp', 'swan')),
      recipient text not null,
      subscribe_id text,
      remaining integer not null default 0 check (remaining >= 0),
      updated_at timestamptz not null default now(),
      primary key (user_id, platform)
    )`,
  ]) {
    await sql.raw(statement).execute(db)
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['alert_subscriptions', 'user_messages', 'nav_alert_rules']) {
    await sql.raw(`drop table if exists ${table}`).execute(db)
  }
}
