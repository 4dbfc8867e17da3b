import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import type { AssetDetailAnswer } from '@alfa/common/api'
import type { Database, Queryable } from '../db'
import { now } from '../db/sql'

/** 138****0000: a phone number as the app shows it. */
export const maskPhone = (phone: string | null) => (phone ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : null)

export async function userById(database: Database, userId: string) {
  const [user] = await database.db
    .selectFrom('users')
    .select(['user_id as userId', 'nickname', 'avatar_url as avatarUrl', 'phone', 'created_at as createdAt'])
    .where('user_id', '=', userId)
    .execute()
  return user
}

/** The user with this phone, WeChat or Baidu openid, registered with the nickname when new; returns the user id. */
export async function upsertUser(
  database: Database,
  column: 'phone' | 'wechat_openid' | 'baidu_openid',
  value: string,
  nickname: string,
): Promise<string> {
  const row = await database.db
    .insertInto('users')
    .values({ user_id: `u_${randomUUID().slice(0, 12)}`, [column]: value, nickname })
    .onConflict((oc) => oc.column(column).doUpdateSet((eb) => ({ [column]: eb.ref(`excluded.${column}`) })))
    .returning('user_id as userId')
    .executeTakeFirstOrThrow()
  return row.userId
}

/** now() - make_interval(secs => seconds): a moment that many seconds ago, by the database's clock. */
const secondsAgo = (seconds: number) => sql<Date>`now() - make_interval(secs => ${seconds})`

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
  const hourAgo = sql<Date>`now() - interval '1 hour'`
  const sent = await database.db
    .insertInto('sms_codes')
    .values({
      phone,
      code_hash: codeHash,
      expires_at: sql<Date>`now() + make_interval(secs => ${ttlSeconds})`,
      attempts: 0,
      window_start: now,
      sent_in_window: 1,
      last_sent_at: now,
    })
    .onConflict((oc) =>
      oc
        .column('phone')
        .doUpdateSet((eb) => {
          // A window older than an hour starts again with this code.
          const windowOver = eb('sms_codes.window_start', '<', hourAgo)
          return {
            code_hash: eb.ref('excluded.code_hash'),
            expires_at: eb.ref('excluded.expires_at'),
            attempts: 0,
            window_start: eb.case().when(windowOver).then(now).else(eb.ref('sms_codes.window_start')).end(),
            sent_in_window: eb
              .case()
              .when(windowOver)
              .then(1)
              .else(eb('sms_codes.sent_in_window', '+', 1))
              .end(),
            last_sent_at: now,
          }
        })
        .where('sms_codes.last_sent_at', '<=', secondsAgo(resendSeconds))
        .where((eb) => eb.or([eb('sms_codes.window_start', '<', hourAgo), eb('sms_codes.sent_in_window', '<', maxPerHour)])),
    )
    .returning('phone')
    .execute()
  return sent.length > 0
}

/** Whether the phone's last code was sent within `seconds`. */
export async function smsSentRecently(database: Database, phone: string, seconds: number): Promise<boolean> {
  const prev = await database.db
    .selectFrom('sms_codes')
    .select((eb) => eb('last_sent_at', '>', secondsAgo(seconds)).as('recent'))
    .where('phone', '=', phone)
    .executeTakeFirst()
  return Boolean(prev?.recent)
}

/**
 * Counts one attempt at the phone's code; its hash, attempts so far and whether it can still be
 * used (unexpired by the database's clock, not used yet); undefined when none was sent.
 */
export async function attemptSmsCode(database: Database, phone: string) {
  const [row] = await database.db
    .updateTable('sms_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('phone', '=', phone)
    .returning((eb) => [
      'code_hash',
      'attempts',
      eb
        .and([eb('expires_at', '>', now), eb('code_hash', '<>', '')])
        .$castTo<boolean>()
        .as('live'),
    ])
    .execute()
  return row
}

/**
 * Uses the code once: clears its hash if it is still the one checked. One atomic update, so of
 * logins racing with the same code exactly one gets true.
 */
export async function useSmsCode(database: Database, phone: string, codeHash: string): Promise<boolean> {
  const used = await database.db
    .updateTable('sms_codes')
    .set({ code_hash: '', expires_at: now })
    .where('phone', '=', phone)
    .where('code_hash', '=', codeHash)
    .returning('phone')
    .execute()
  return used.length > 0
}

/** The user's holdings with their market value at the latest NAV, and their total (exact, computed as NUMERIC). */
export async function holdings(database: Database, userId: string): Promise<AssetDetailAnswer> {
  const rows = await database.db
    .selectFrom('user_holdings as h')
    .innerJoin('portfolios as p', 'p.po_code', 'h.po_code')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('portfolio_navs')
          .select(['nav', 'nav_date'])
          .whereRef('portfolio_navs.po_code', '=', 'h.po_code')
          .orderBy('nav_date', 'desc')
          .limit(1)
          .as('n'),
      (join) => join.onTrue(),
    )
    .select([
      'h.po_code as poCode',
      'p.po_name as poName',
      'h.ca_id as caId',
      'h.units',
      'h.signed',
      'n.nav',
      'n.nav_date as navDate',
      sql<string | null>`round(h.units * n.nav, 2)`.as('marketValue'),
      sql<string>`coalesce(round(sum(h.units * n.nav) over (), 2), 0)::text`.as('total'),
    ])
    .where('h.user_id', '=', userId)
    .orderBy('h.po_code')
    .execute()
  return { totalAsset: rows[0]?.total ?? '0', list: rows.map(({ total: _, ...row }) => row) }
}

/** A logged-out token's id, refused until it would have expired (exp in seconds). */
export async function insertRevokedToken(q: Queryable, jti: string, exp: number): Promise<void> {
  await q.db
    .insertInto('revoked_tokens')
    .values({ jti, expires_at: sql<Date>`to_timestamp(${exp})` })
    .onConflict((oc) => oc.column('jti').doNothing())
    .execute()
}

export async function isRevoked(q: Queryable, jti: string): Promise<boolean> {
  return (await q.db.selectFrom('revoked_tokens').select('jti').where('jti', '=', jti).executeTakeFirst()) !== undefined
}

export async function deleteExpiredRevocations(q: Queryable): Promise<void> {
  await q.db.deleteFrom('revoked_tokens').where('expires_at', '<', now).execute()
}
