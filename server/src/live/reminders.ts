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
  type SendOutcome,
} from '../platformMessages'

/** A pending start reminder of a stream that went live, claimed by this instance to send. */
export interface DueReminder {
  userId: string
  liveId: string
  platform: 'weapp' | 'swan'
  recipient: string
  subscribeId: string | null
  attempts: number
  title: string
  presenter: string | null
  description: string | null
  startsAt: Date
}

export type ReminderSender = (reminder: DueReminder) => Promise<SendOutcome>
export type ReminderSenders = Partial<Record<DueReminder['platform'], ReminderSender>>

export interface TickResult {
  sent: number
  failed: number
  retried: number
  expired: number
}

interface Log {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
}

/**
 * One round of start reminders: pending reminders of streams that ended (回放) unsent expire;
 * those of streams now live (直播中) whose platform has a sender are claimed (a conditional
 * UPDATE, so of instances racing exactly one claims each) and sent (sendClaimed: sent, failed or
 * due again after a back-off).
 */
export async function sendDueReminders(database: Database, senders: ReminderSenders, log?: Log): Promise<TickResult> {
  const result: TickResult = { sent: 0, failed: 0, retried: 0, expired: 0 }
  const expired = await database.db
    .updateTable('live_subscriptions')
    .set({ state: 'expired', claimed_until: null })
    .where('state', '=', 'pending')
    .where('live_id', 'in', (eb) => eb.selectFrom('live_streams').select('live_id').where('status', '=', 'REPLAY'))
    .executeTakeFirst()
  result.expired = Number(expired.numUpdatedRows)
  const platforms = (Object.keys(senders) as DueReminder['platform'][]).filter((p) => senders[p])
  if (!platforms.length) return result
  Object.assign(
    result,
    await sendClaimed(
      () => claim(database, platforms),
      (reminder) => senders[reminder.platform]!(reminder),
      (reminder, settled) =>
        database.db
          .updateTable('live_subscriptions')
          .set({ state: settled.state, ...settled.columns })
          .where('user_id', '=', reminder.userId)
          .where('live_id', '=', reminder.liveId)
          .where('state', '=', 'pending')
          .execute(),
      (reminder, attempts, givenUp, reason) =>
        log?.warn({ liveId: reminder.liveId, platform: reminder.platform, attempts, givenUp, reason }, 'start reminder not sent'),
    ),
  )
  if (result.sent || result.failed || result.expired) log?.info({ ...result }, 'start reminders')
  return result
}

/** Claims up to BATCH due reminders of the given platforms for this instance (see sendDueReminders). */
async function claim(database: Database, platforms: DueReminder['platform'][]): Promise<DueReminder[]> {
  const due = sql`s.state = 'pending' and (s.retry_at is null or s.retry_at <= now()) and (s.claimed_until is null or s.claimed_until <= now())`
  const { rows } = await sql<DueReminder>`
    update live_subscriptions s set claimed_until = now() + make_interval(secs => ${CLAIM_MS / 1000})
    from live_streams l
    where l.live_id = s.live_id and l.status = 'LIVE' and ${due}
      and (s.user_id, s.live_id) in (
        select s.user_id, s.live_id from live_subscriptions s join live_streams l on l.live_id = s.live_id
        where l.status = 'LIVE' and s.platform in (${sql.join(platforms)}) and ${due}
        order by s.created_at limit ${BATCH}
      )
    returning s.user_id as "userId", s.live_id as "liveId", s.platform, s.recipient, s.subscribe_id as "subscribeId", s.attempts,
      l.title, l.presenter, l.description, l.starts_at as "startsAt"`.execute(database.db)
  return rows
}

/** A moment in Shanghai as the templates' time fields take it: 2026年10月7日 19:30. */
export function shanghaiTime(moment: Date): string {
  const t = new Date(moment.getTime() + 8 * 3_600_000)
  const hh = String(t.getUTCHours()).padStart(2, '0')
  const mm = String(t.getUTCMinutes()).padStart(2, '0')
  return `${t.getUTCFullYear()}年${t.getUTCMonth() + 1}月${t.getUTCDate()}日 ${hh}:${mm}`
}

/** A reminder's template data: { key: { value } } for each configured field. */
export function templateData(setting: string, r: DueReminder): Record<string, { value: string }> {
  const value = (source: string) =>
    source === 'startsAt' ? shanghaiTime(new Date(r.startsAt)) : clipField(String(r[source as 'title' | 'presenter' | 'description'] ?? ''))
  return Object.fromEntries(
    templateFields<'title' | 'startsAt' | 'presenter' | 'description'>(setting).map(({ key, source }) => [key, { value: value(source) }]),
  )
}

/** The mini-program page a reminder opens: the stream. */
export const reminderPage = (liveId: string) => `subPkg/pages/live/index?liveId=${encodeURIComponent(liveId)}`

/** The platforms that send start reminders: configured endpoints and a live template (without one, its reminders wait). */
export function configuredSenders(config: Config, database: Database): ReminderSenders {
  const platforms = platformSenders(config, database)
  const senders: ReminderSenders = {}
  const use = (platform: DueReminder['platform'], templateId: string, fields: string) => {
    const send = platforms[platform]
    if (send && templateId)
      senders[platform] = (r) =>
        send({
          recipient: r.recipient,
          subscribeId: r.subscribeId,
          templateId,
          page: reminderPage(r.liveId),
          data: templateData(fields, r),
        })
  }
  use('weapp', config.WECHAT_LIVE_TEMPLATE_ID, config.WECHAT_LIVE_TEMPLATE_FIELDS)
  use('swan', config.BAIDU_LIVE_TEMPLATE_ID, config.BAIDU_LIVE_TEMPLATE_FIELDS)
  return senders
}

/** Sends start reminders every `intervalMs` and when kicked (an operator opened a stream). */
export class ReminderScheduler extends RoundScheduler<TickResult> {
  constructor(database: Database, senders: ReminderSenders, intervalMs: number, log?: Log) {
    super(
      () => sendDueReminders(database, senders, log),
      { sent: 0, failed: 0, retried: 0, expired: 0 },
      intervalMs,
      'start reminders',
      log,
    )
  }
}
