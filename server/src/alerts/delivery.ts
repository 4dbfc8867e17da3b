import { sql } from 'kysely'
import type { Config } from '../config'
import type { Database } from '../db'
import {
  BATCH,
  CLAIM_MS,
  clipField,
  platformSenders,
  RoundScheduler,
  sendClaimed,
  templateFields,
  type Platform,
  type PlatformSender,
  type SendCounts,
} from '../platformMessages'

/** One-time authorisations a user may keep per platform (each lets one NAV alert out as a subscription message). */
export const MAX_AUTHORISATIONS = 20

/** The template a platform's users authorise NAV alerts with (empty: alerts stay in 消息 there). */
export function alertTemplateOf(config: Config, platform: Platform): string {
  return platform === 'weapp' ? config.WECHAT_ALERT_TEMPLATE_ID : config.BAIDU_ALERT_TEMPLATE_ID
}

/** Records one more authorisation (up to MAX_AUTHORISATIONS) with its recipient; returns how many are left. */
export async function authorise(
  database: Database,
  a: { userId: string; platform: Platform; recipient: string; subscribeId: string | null },
): Promise<number> {
  const row = await database.db
    .insertInto('alert_subscriptions')
    .values({ user_id: a.userId, platform: a.platform, recipient: a.recipient, subscribe_id: a.subscribeId, remaining: 1 })
    .onConflict((oc) =>
      oc.columns(['user_id', 'platform']).doUpdateSet({
        recipient: a.recipient,
        subscribe_id: a.subscribeId,
        remaining: sql`least(alert_subscriptions.remaining + 1, ${MAX_AUTHORISATIONS})`,
        updated_at: sql`now()`,
      }),
    )
    .returning('remaining')
    .executeTakeFirstOrThrow()
  return row.remaining
}

export async function remainingOf(database: Database, userId: string, platform: Platform): Promise<number> {
  const row = await database.db
    .selectFrom('alert_subscriptions')
    .select('remaining')
    .where('user_id', '=', userId)
    .where('platform', '=', platform)
    .executeTakeFirst()
  return row?.remaining ?? 0
}

interface DueAlert {
  id: string
  platform: Platform
  recipient: string
  subscribeId: string | null
  fundCode: string
  attempts: number
  detail: Record<string, string>
}

export type AlertSenders = Partial<Record<Platform, (alert: DueAlert) => ReturnType<PlatformSender>>>

/** The mini-program page an alert opens: the fund. */
export const alertPage = (fundCode: string) => `pages/fund/index?fundCode=${encodeURIComponent(fundCode)}`

/** An alert's template data: { key: { value } } for each configured field, texts clipped as the platforms take them. */
export function alertTemplateData(setting: string, detail: Record<string, string>): Record<string, { value: string }> {
  return Object.fromEntries(templateFields(setting).map(({ key, source }) => [key, { value: clipField(detail[source] ?? '') }]))
}

/** The platforms that send NAV alerts: configured endpoints and an alert template. */
export function configuredAlertSenders(config: Config, database: Database): AlertSenders {
  const platforms = platformSenders(config, database)
  const senders: AlertSenders = {}
  const use = (platform: Platform, templateId: string, fields: string) => {
    const send = platforms[platform]
    if (send && templateId)
      senders[platform] = (a) =>
        send({
          recipient: a.recipient,
          subscribeId: a.subscribeId,
          templateId,
          page: alertPage(a.fundCode),
          data: alertTemplateData(fields, a.detail),
        })
  }
  use('weapp', config.WECHAT_ALERT_TEMPLATE_ID, config.WECHAT_ALERT_TEMPLATE_FIELDS)
  use('swan', config.BAIDU_ALERT_TEMPLATE_ID, config.BAIDU_ALERT_TEMPLATE_FIELDS)
  return senders
}

export type AlertRound = SendCounts

interface Log {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
}

/**
 * One round: pending deliveries of the platforms that have a sender are claimed (a conditional
 * UPDATE with a lease, so of instances racing exactly one claims each) and sent (sendClaimed:
 * sent, failed for good, or due again after a back-off).
 */
export async function sendDueAlerts(database: Database, senders: AlertSenders, log?: Log): Promise<AlertRound> {
  const platforms = (Object.keys(senders) as Platform[]).filter((p) => senders[p])
  if (!platforms.length) return { sent: 0, failed: 0, retried: 0 }
  const result = await sendClaimed(
    () => claim(database, platforms),
    (alert) => senders[alert.platform]!(alert),
    (alert, settled) =>
      database.db
        .updateTable('user_messages')
        .set({ delivery: settled.state, ...settled.columns })
        .where(sql<boolean>`id = ${alert.id}::bigint`)
        .where('delivery', '=', 'pending')
        .execute(),
    (alert, attempts, givenUp, reason) =>
      log?.warn({ messageId: alert.id, platform: alert.platform, attempts, givenUp, reason }, 'NAV alert not sent'),
  )
  if (result.sent || result.failed) log?.info({ ...result }, 'NAV alerts')
  return result
}

/** Claims up to BATCH due deliveries of the given platforms for this instance. */
async function claim(database: Database, platforms: Platform[]): Promise<DueAlert[]> {
  const due = sql`m.delivery = 'pending' and (m.retry_at is null or m.retry_at <= now()) and (m.claimed_until is null or m.claimed_until <= now())`
  const { rows } = await sql<DueAlert>`
    update user_messages m set claimed_until = now() + make_interval(secs => ${CLAIM_MS / 1000})
    where m.id in (select m.id from user_messages m where ${due} and m.platform in (${sql.join(platforms)}) order by m.id limit ${BATCH})
      and ${due}
    returning m.id::text as id, m.platform, m.recipient, m.subscribe_id as "subscribeId", m.fund_code as "fundCode", m.attempts, m.detail`.execute(
    database.db,
  )
  return rows
}

/** Sends due NAV alerts every `intervalMs` (imports run in their own process: the round finds what they left). */
export class AlertScheduler extends RoundScheduler<AlertRound> {
  constructor(database: Database, senders: AlertSenders, intervalMs: number, log?: Log) {
    super(() => sendDueAlerts(database, senders, log), { sent: 0, failed: 0, retried: 0 }, intervalMs, 'NAV alerts', log)
  }
}
