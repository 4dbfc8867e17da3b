import { sql } from 'kysely'
import type { Queryable } from '../db'
import { navAlertText } from '@alfa/common/navAlerts'
import type { AlertKind } from './data'

/** A daily return (a fraction, e.g. "0.032100") as the app shows it: +3.21%. */
export function changeText(dailyReturn: string | null): string {
  if (dailyReturn === null) return '--'
  const pct = Number(dailyReturn) * 100
  return `${pct > 0 ? '+' : ''}${pct.toFixed(2)}%`
}

/** A user's fund whose latest NAV met some of their rules. */
interface HitNav {
  userId: string
  fundCode: string
  fundName: string
  navDate: string
  nav: string
  dailyReturn: string | null
}
type Hit = HitNav & { rules: { kind: AlertKind; threshold: string }[] }

/**
 * Evaluates the NAV alerts of the given funds against each one's latest NAV (after an import has
 * written NAVs and recomputed the dividend-adjusted daily returns): a rule on a fund still in the
 * user's watchlist, set on or before that NAV's day (Shanghai), whose condition the NAV meets. The
 * daily change is the dividend-adjusted one (a distribution is no fall). Every rule met by one NAV
 * makes one message per user, fund and day (the table's unique key: running the same import again
 * adds nothing). Returns the number of new messages.
 */
export async function evaluateNavAlerts(q: Queryable, fundCodes: readonly string[]): Promise<number> {
  if (!fundCodes.length) return 0
  const { rows } = await sql<HitNav & { kind: AlertKind; threshold: string }>`
    with latest as (
      select distinct on (fund_code) fund_code, nav_date, nav, daily_return
      from fund_navs where fund_code = any(${sql.val([...fundCodes])}::text[])
      order by fund_code, nav_date desc
    )
    select r.user_id as "userId", r.fund_code as "fundCode", f.fund_name as "fundName",
      to_char(l.nav_date, 'YYYY-MM-DD') as "navDate", l.nav::text as nav, l.daily_return::text as "dailyReturn",
      r.kind, r.threshold::text as threshold
    from nav_alert_rules r
    join latest l on l.fund_code = r.fund_code
    join funds f on f.fund_code = r.fund_code
    join user_fund_picks p on p.user_id = r.user_id and p.fund_code = r.fund_code
    where l.nav_date >= (r.created_at at time zone 'Asia/Shanghai')::date
      and case r.kind
        when 'RISE' then l.daily_return * 100 >= r.threshold
        when 'FALL' then l.daily_return * 100 <= -r.threshold
        when 'ABOVE' then l.nav >= r.threshold
        when 'BELOW' then l.nav <= r.threshold
      end
    order by r.user_id, r.fund_code, array_position(array['RISE', 'FALL', 'ABOVE', 'BELOW'], r.kind)
  `.execute(q.db)
  const hits = new Map<string, Hit>()
  for (const r of rows) {
    const key = `${r.userId}\u0000${r.fundCode}`
    const hit = hits.get(key) ?? { ...r, rules: [] }
    hit.rules.push({ kind: r.kind, threshold: r.threshold })
    hits.set(key, hit)
  }
  if (!hits.size) return 0
  const values = [...hits.values()].map((h) => ({
    user_id: h.userId,
    kind: 'NAV_ALERT' as const,
    fund_code: h.fundCode,
    nav_date: h.navDate,
    title: `净值提醒：${h.fundName}`,
    body: `${h.navDate} 单位净值 ${h.nav}，日涨跌幅 ${changeText(h.dailyReturn)}，达到你设置的${h.rules.map((r) => `「${navAlertText(r.kind, r.threshold)}」`).join('')}`,
    detail: JSON.stringify({
      fund: h.fundName,
      navDate: h.navDate,
      nav: h.nav,
      change: changeText(h.dailyReturn),
      condition: h.rules.map((r) => navAlertText(r.kind, r.threshold)).join('，'),
    }),
  }))
  const inserted = await q.db
    .insertInto('user_messages')
    .values(values)
    .onConflict((oc) => oc.columns(['user_id', 'fund_code', 'nav_date']).doNothing())
    .returning('id')
    .execute()
  if (inserted.length)
    await assignDeliveries(
      q,
      inserted.map((r) => String(r.id)),
    )
  return inserted.length
}

/**
 * New messages of users who authorised subscription messages go out that way too: each takes one
 * of its user's authorisations (the platform authorised last first) while any is left, and waits
 * for the sending round (delivery pending); the rest are 消息 only.
 */
async function assignDeliveries(q: Queryable, ids: string[]): Promise<void> {
  await sql`
    with due as (
      select m.id, m.user_id, s.platform, s.recipient, s.subscribe_id, s.remaining,
        row_number() over (partition by m.user_id order by m.id) as n
      from user_messages m
      join lateral (
        select platform, recipient, subscribe_id, remaining from alert_subscriptions s
        where s.user_id = m.user_id and s.remaining > 0 order by s.updated_at desc, s.platform limit 1
      ) s on true
      where m.id = any(${sql.val(ids)}::bigint[])
    ), assigned as (
      update user_messages m set delivery = 'pending', platform = d.platform, recipient = d.recipient, subscribe_id = d.subscribe_id
      from due d where m.id = d.id and d.n <= d.remaining
      returning m.user_id, m.platform
    )
    update alert_subscriptions s set remaining = s.remaining - c.n, updated_at = s.updated_at
    from (select user_id, platform, count(*)::int as n from assigned group by user_id, platform) c
    where s.user_id = c.user_id and s.platform = c.platform`.execute(q.db)
}
