import { sql } from 'kysely'
import type { Queryable } from '../db'
import { pageWithTotal, totalCount } from '../paging'
import { NAV_ALERT_KINDS, type NavAlertKind as AlertKind } from '@alfa/common/navAlerts'

export type { AlertKind }

/** A threshold in its kind's scale: a percent with two decimals, a unit NAV with four. */
const thresholdText = sql<string>`case when kind in ('RISE', 'FALL') then round(threshold, 2)::text else threshold::text end`.as(
  'threshold',
)

export interface AlertRule {
  fundCode: string
  kind: AlertKind
  threshold: string
  createdAt: Date
}

/** A user's alert rules, of one fund or of all, fund by fund in kind order. */
export async function rulesOf(q: Queryable, userId: string, fundCode?: string | null): Promise<AlertRule[]> {
  let query = q.db
    .selectFrom('nav_alert_rules')
    .select(['fund_code as fundCode', 'kind', thresholdText, 'created_at as createdAt'])
    .where('user_id', '=', userId)
  if (fundCode) query = query.where('fund_code', '=', fundCode)
  const rows = await query.orderBy('fund_code').execute()
  return rows.sort((a, b) => a.fundCode.localeCompare(b.fundCode) || NAV_ALERT_KINDS.indexOf(a.kind) - NAV_ALERT_KINDS.indexOf(b.kind))
}

/** How many rules the user keeps, and whether one of this fund and kind is among them (setting it again replaces it): one row, whatever the rules. */
export async function ruleCount(q: Queryable, userId: string, fundCode: string, kind: AlertKind): Promise<{ count: number; has: boolean }> {
  return q.db
    .selectFrom('nav_alert_rules')
    .select([
      sql<number>`count(*)::int`.as('count'),
      sql<boolean>`coalesce(bool_or(fund_code = ${fundCode} and kind = ${kind}), false)`.as('has'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow()
}

export async function isPicked(q: Queryable, userId: string, fundCode: string): Promise<boolean> {
  const row = await q.db
    .selectFrom('user_fund_picks')
    .select('fund_code')
    .where('user_id', '=', userId)
    .where('fund_code', '=', fundCode)
    .executeTakeFirst()
  return !!row
}

/** Sets (or replaces) one rule; a replaced rule counts from now, like a new one. */
export async function saveRule(q: Queryable, userId: string, fundCode: string, kind: AlertKind, threshold: string): Promise<AlertRule> {
  const row = await q.db
    .insertInto('nav_alert_rules')
    .values({ user_id: userId, fund_code: fundCode, kind, threshold })
    .onConflict((oc) => oc.columns(['user_id', 'fund_code', 'kind']).doUpdateSet({ threshold, created_at: sql`now()` }))
    .returning(['fund_code as fundCode', 'kind', thresholdText, 'created_at as createdAt'])
    .executeTakeFirstOrThrow()
  return row
}

export async function removeRule(q: Queryable, userId: string, fundCode: string, kind: AlertKind): Promise<boolean> {
  const r = await q.db
    .deleteFrom('nav_alert_rules')
    .where('user_id', '=', userId)
    .where('fund_code', '=', fundCode)
    .where('kind', '=', kind)
    .executeTakeFirst()
  return Number(r.numDeletedRows) > 0
}

export interface MessageRow {
  id: string
  kind: 'NAV_ALERT'
  fundCode: string | null
  navDate: string | null
  title: string
  body: string
  createdAt: Date
  readAt: Date | null
}

/** A page of the user's messages, newest first, with the page's total. */
export async function messagesOf(q: Queryable, userId: string, offset: number, size: number) {
  return pageWithTotal(
    (o, s) =>
      q.db
        .selectFrom('user_messages')
        .select([
          sql<string>`id::text`.as('id'),
          'kind',
          'fund_code as fundCode',
          'nav_date as navDate',
          'title',
          'body',
          'created_at as createdAt',
          'read_at as readAt',
          totalCount,
        ])
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .offset(o)
        .limit(s)
        .execute(),
    offset,
    size,
  )
}

export async function unreadCount(q: Queryable, userId: string): Promise<number> {
  const row = await q.db
    .selectFrom('user_messages')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow()
  return row.n
}

/** Marks the given messages of the user read (all of them when ids is null); returns how many changed. */
export async function markRead(q: Queryable, userId: string, ids: readonly string[] | null): Promise<number> {
  let query = q.db
    .updateTable('user_messages')
    .set({ read_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
  if (ids) query = query.where(sql<boolean>`id = any(${sql.val(ids)}::bigint[])`)
  const r = await query.executeTakeFirst()
  return Number(r.numUpdatedRows)
}
