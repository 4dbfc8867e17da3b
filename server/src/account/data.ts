import { randomUUID } from 'node:crypto'
import type { AssetDetailAnswer } from '@alfa/common/api'
import type { Database, Queryable } from '../db'

/** 138****0000: a phone number as the app shows it. */
export const maskPhone = (phone: string | null) => (phone ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : null)

export async function userById(database: Database, userId: string) {
  const [user] = await database.query<{
    userId: string
    nickname: string
    avatarUrl: string | null
    phone: string | null
    createdAt: Date
  }>('select user_id as "userId", nickname, avatar_url as "avatarUrl", phone, created_at as "createdAt" from users where user_id = $1', [
    userId,
  ])
  return user
}

/** The user with this phone, WeChat or Baidu openid, registered with the nickname when new; returns the user id. */
export async function upsertUser(
  database: Database,
  column: 'phone' | 'wechat_openid' | 'baidu_openid',
  value: string,
  nickname: string,
): Promise<string> {
  const [row] = await database.query<{ userId: string }>(
    `insert into users (user_id, ${column}, nickname) values ($1, $2, $3)
     on conflict (${column}) do update set ${column} = excluded.${column} returning user_id as "userId"`,
    [`u_${randomUUID().slice(0, 12)}`, value, nickname],
  )
  return row.userId
}

/**
 * Stores a new SMS code for the phone unless one was sent within `resendSeconds` or `maxPerHour`
 * were sent this hour (one atomic upsert, so concurrent requests cannot both pass). True when stored.
 */
export async function storeSmsCode(
  database: Database,
  phone: string,
  codeHash: string,
  ttlSeconds: number,
  resendSeconds: number,
  maxPerHour: number,
): Promise<boolean> {
  const sent = await database.query(
    `insert into sms_codes as s (phone, code_hash, expires_at, attempts, window_start, sent_in_window, last_sent_at)
     values ($1, $2, now() + make_interval(secs => $3), 0, now(), 1, now())
     on conflict (phone) do update set code_hash = excluded.code_hash, expires_at = excluded.expires_at, attempts = 0,
       window_start = case when s.window_start < now() - interval '1 hour' then now() else s.window_start end,
       sent_in_window = case when s.window_start < now() - interval '1 hour' then 1 else s.sent_in_window + 1 end,
       last_sent_at = now()
     where s.last_sent_at <= now() - make_interval(secs => $4) and (s.window_start < now() - interval '1 hour' or s.sent_in_window < $5)
     returning phone`,
    [phone, codeHash, ttlSeconds, resendSeconds, maxPerHour],
  )
  return sent.length > 0
}

/** Whether the phone's last code was sent within `seconds`. */
export async function smsSentRecently(database: Database, phone: string, seconds: number): Promise<boolean> {
  const [prev] = await database.query<{ recent: boolean }>(
    `select last_sent_at > now() - make_interval(secs => $2) as recent from sms_codes where phone = $1`,
    [phone, seconds],
  )
  return Boolean(prev?.recent)
}

/**
 * Counts one attempt at the phone's code; its hash, attempts so far and whether it can still be
 * used (unexpired by the database's clock, not used yet); undefined when none was sent.
 */
export async function attemptSmsCode(database: Database, phone: string) {
  const [row] = await database.query<{ code_hash: string; attempts: number; live: boolean }>(
    `update sms_codes set attempts = attempts + 1 where phone = $1 returning code_hash, attempts, expires_at > now() and code_hash <> '' as live`,
    [phone],
  )
  return row
}

/**
 * Uses the code once: clears its hash if it is still the one checked. One atomic update, so of
 * logins racing with the same code exactly one gets true.
 */
export async function useSmsCode(database: Database, phone: string, codeHash: string): Promise<boolean> {
  const used = await database.query(
    `update sms_codes set code_hash = '', expires_at = now() where phone = $1 and code_hash = $2 returning phone`,
    [phone, codeHash],
  )
  return used.length > 0
}

/** The user's holdings with their market value at the latest NAV, and their total (exact, computed as NUMERIC). */
export async function holdings(database: Database, userId: string): Promise<AssetDetailAnswer> {
  const rows = await database.query<AssetDetailAnswer['list'][number] & { total: string }>(
    `select h.po_code as "poCode", p.po_name as "poName", h.ca_id as "caId", h.units, h.signed, n.nav, n.nav_date as "navDate", round(h.units * n.nav, 2) as "marketValue",
       coalesce(round(sum(h.units * n.nav) over (), 2), 0)::text as total
     from user_holdings h join portfolios p using (po_code)
     left join lateral (select nav, nav_date from portfolio_navs where po_code = h.po_code order by nav_date desc limit 1) n on true
     where h.user_id = $1 order by h.po_code`,
    [userId],
  )
  return { totalAsset: rows[0]?.total ?? '0', list: rows.map(({ total: _, ...row }) => row) }
}

/** A logged-out token's id, refused until it would have expired (exp in seconds). */
export async function insertRevokedToken(q: Queryable, jti: string, exp: number): Promise<void> {
  await q.query('insert into revoked_tokens (jti, expires_at) values ($1, to_timestamp($2)) on conflict (jti) do nothing', [jti, exp])
}

export async function isRevoked(q: Queryable, jti: string): Promise<boolean> {
  return (await q.query('select 1 from revoked_tokens where jti = $1', [jti])).length > 0
}

export async function deleteExpiredRevocations(q: Queryable): Promise<void> {
  await q.query('delete from revoked_tokens where expires_at < now()')
}
