import { sql } from 'kysely'
import type { Config } from '../config'
import type { Database } from '../db'
import { hostJson, HostUnavailable } from '../account/hosts'
import { StoredAccessToken } from './accessToken'

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

/** What a platform answered: sent; refused for good (the user's subscription is gone); or worth another try later. */
export type SendOutcome = { ok: true } | { ok: false; permanent: boolean; reason: string }
export type ReminderSender = (reminder: DueReminder) => Promise<SendOutcome>
export type ReminderSenders = Partial<Record<DueReminder['platform'], ReminderSender>>

/** Attempts before a reminder is given up (state failed). */
export const MAX_ATTEMPTS = 5
/** How long an instance holds the reminders it claimed (another may send them after). */
export const CLAIM_MS = 60_000
/** The wait before a failed reminder is tried again, doubled per attempt. */
export const RETRY_MS = 60_000
/** Reminders claimed per round. */
export const BATCH = 100

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
 * UPDATE, so of instances racing exactly one claims each) and sent, each marked sent, failed (the
 * platform refused it for good, or after MAX_ATTEMPTS) or due again after a back-off. A process
 * that dies between sending and marking leaves its claim to lapse, and the reminder is sent again:
 * at least once, and once unless a process dies at that moment.
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
  for (;;) {
    const claimed = await claim(database, platforms)
    for (const reminder of claimed) {
      let outcome: SendOutcome
      try {
        outcome = await senders[reminder.platform]!(reminder)
      } catch (err) {
        outcome = { ok: false, permanent: false, reason: (err as Error).message }
      }
      const row = database.db
        .updateTable('live_subscriptions')
        .where('user_id', '=', reminder.userId)
        .where('live_id', '=', reminder.liveId)
        .where('state', '=', 'pending')
      if (outcome.ok) {
        await row.set({ state: 'sent', sent_at: sql<Date>`now()`, claimed_until: null, failure: null }).execute()
        result.sent++
        continue
      }
      const attempts = reminder.attempts + 1
      const givenUp = outcome.permanent || attempts >= MAX_ATTEMPTS
      await row
        .set({
          state: givenUp ? 'failed' : 'pending',
          attempts,
          failure: outcome.reason.slice(0, 500),
          claimed_until: null,
          retry_at: givenUp ? null : sql<Date>`now() + make_interval(secs => ${(RETRY_MS * 2 ** (attempts - 1)) / 1000})`,
        })
        .execute()
      if (givenUp) result.failed++
      else result.retried++
      log?.warn(
        { liveId: reminder.liveId, platform: reminder.platform, attempts, givenUp, reason: outcome.reason },
        'start reminder not sent',
      )
    }
    if (claimed.length < BATCH) break
  }
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

/** `key=source` pairs of a template-fields setting (config.ts checks their shape). */
export function templateFields(setting: string): Array<{ key: string; source: 'title' | 'startsAt' | 'presenter' | 'description' }> {
  return setting.split(',').map((pair) => {
    const [key, source] = pair.split('=').map((s) => s.trim())
    return { key, source: source as 'title' }
  })
}

/** WeChat's `thing` values hold at most 20 characters; Baidu's keywords are kept as short. */
const MAX_FIELD = 20
const clip = (s: string) => ([...s].length > MAX_FIELD ? `${[...s].slice(0, MAX_FIELD - 1).join('')}…` : s)

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
    source === 'startsAt' ? shanghaiTime(new Date(r.startsAt)) : clip(String(r[source as 'title' | 'presenter' | 'description'] ?? ''))
  return Object.fromEntries(templateFields(setting).map(({ key, source }) => [key, { value: value(source) }]))
}

/** The mini-program page a reminder opens: the stream. */
export const reminderPage = (liveId: string) => `subPkg/pages/live/index?liveId=${encodeURIComponent(liveId)}`

/** WeChat errcodes meaning the access token is no longer valid (a new one, one more try). */
const WECHAT_TOKEN_INVALID = new Set([40001, 40014, 42001])
/** WeChat: the user has not (or no longer) subscribed (a one-time subscription is used once). */
const WECHAT_NOT_SUBSCRIBED = new Set([43101])
/** Baidu: the access token is invalid or expired. */
const BAIDU_TOKEN_INVALID = new Set([110, 111])
/** Baidu: the user has not subscribed, or cancelled; bad recipient; bad template. */
const BAIDU_REFUSED = new Set([4001, 4007, 4010])

/** A host's message for our log: a string as it is, anything else as JSON (not "[object Object]"). */
function hostText(value: unknown): string {
  if (value === undefined || value === null) return ''
  return typeof value === 'string' ? value : JSON.stringify(value)
}

/** The senders the configuration allows: a platform whose template, endpoints or credentials are missing has none (its reminders wait). */
export function configuredSenders(config: Config, database: Database): ReminderSenders {
  const senders: ReminderSenders = {}
  if (config.WECHAT_LIVE_TEMPLATE_ID && config.WECHAT_SUBSCRIBE_SEND_URL && config.WECHAT_TOKEN_URL && config.WECHAT_APP_ID) {
    const token = new StoredAccessToken({
      database,
      key: config.WECHAT_APP_ID,
      fetch: async () => {
        const url = new URL(config.WECHAT_TOKEN_URL)
        url.search = new URLSearchParams({
          grant_type: 'client_credential',
          appid: config.WECHAT_APP_ID,
          secret: config.WECHAT_APP_SECRET,
        }).toString()
        const data = await hostJson(url)
        if (typeof data.access_token !== 'string' || !data.access_token)
          throw new HostUnavailable(`access token refused: errcode ${String(data.errcode)} ${hostText(data.errmsg)}`)
        return { value: data.access_token, expiresIn: data.expires_in }
      },
    })
    senders.weapp = withToken(token, WECHAT_TOKEN_INVALID, async (accessToken, r) => {
      const url = new URL(config.WECHAT_SUBSCRIBE_SEND_URL)
      url.searchParams.set('access_token', accessToken)
      const data = await hostJson(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          touser: r.recipient,
          template_id: config.WECHAT_LIVE_TEMPLATE_ID,
          page: reminderPage(r.liveId),
          data: templateData(config.WECHAT_LIVE_TEMPLATE_FIELDS, r),
          lang: 'zh_CN',
        }),
      })
      const code = Number(data.errcode ?? 0)
      return { code, refused: WECHAT_NOT_SUBSCRIBED.has(code), text: `errcode ${code} ${hostText(data.errmsg)}` }
    })
  }
  if (config.BAIDU_LIVE_TEMPLATE_ID && config.BAIDU_SUBSCRIBE_SEND_URL && config.BAIDU_TOKEN_URL && config.BAIDU_APP_KEY) {
    const token = new StoredAccessToken({
      database,
      key: `baidu:${config.BAIDU_APP_KEY}`,
      fetch: async () => {
        const url = new URL(config.BAIDU_TOKEN_URL)
        url.search = new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: config.BAIDU_APP_KEY,
          client_secret: config.BAIDU_APP_SECRET,
          scope: 'smartapp_snsapi_base',
        }).toString()
        const data = await hostJson(url)
        if (typeof data.access_token !== 'string' || !data.access_token)
          throw new HostUnavailable(`access token refused: ${hostText(data.error)} ${hostText(data.error_description)}`)
        return { value: data.access_token, expiresIn: data.expires_in }
      },
    })
    senders.swan = withToken(token, BAIDU_TOKEN_INVALID, async (accessToken, r) => {
      const url = new URL(config.BAIDU_SUBSCRIBE_SEND_URL)
      url.searchParams.set('access_token', accessToken)
      const data = await hostJson(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          template_id: config.BAIDU_LIVE_TEMPLATE_ID,
          touser_openId: r.recipient,
          subscribe_id: r.subscribeId ?? '',
          data: JSON.stringify(templateData(config.BAIDU_LIVE_TEMPLATE_FIELDS, r)),
          page: reminderPage(r.liveId),
        }).toString(),
      })
      const code = Number(data.errno ?? 0)
      return { code, refused: BAIDU_REFUSED.has(code), text: `errno ${code} ${hostText(data.msg)}` }
    })
  }
  return senders
}

/** A platform call with the stored token: a token the platform calls invalid is replaced once; an unreachable platform is tried later. */
function withToken(
  token: StoredAccessToken,
  tokenInvalid: ReadonlySet<number>,
  send: (accessToken: string, r: DueReminder) => Promise<{ code: number; refused: boolean; text: string }>,
): ReminderSender {
  return async (r) => {
    for (let attempt = 0; ; attempt++) {
      let accessToken: string
      let answer: { code: number; refused: boolean; text: string }
      try {
        accessToken = await token.get()
        answer = await send(accessToken, r)
      } catch (err) {
        return { ok: false, permanent: false, reason: (err as Error).message }
      }
      if (answer.code === 0) return { ok: true }
      if (attempt === 0 && tokenInvalid.has(answer.code)) {
        await token.invalidate(accessToken)
        continue
      }
      return { ok: false, permanent: answer.refused, reason: answer.text }
    }
  }
}

/**
 * Sends start reminders every `intervalMs` and when kicked (an operator opened a stream); one round
 * at a time in this instance (a kick during a round runs one more after it).
 */
export class ReminderScheduler {
  private timer?: NodeJS.Timeout
  private running: Promise<TickResult> | null = null
  private again = false

  constructor(
    private readonly database: Database,
    private readonly senders: ReminderSenders,
    private readonly intervalMs: number,
    private readonly log?: Log,
  ) {}

  start() {
    this.timer = setInterval(() => void this.kick(), this.intervalMs)
    this.timer.unref()
  }

  stop() {
    clearInterval(this.timer)
  }

  /** Runs a round now (or right after the one under way); resolves with what it did. Never rejects. */
  kick(): Promise<TickResult> {
    if (this.running) {
      this.again = true
      return this.running
    }
    this.running = sendDueReminders(this.database, this.senders, this.log)
      .catch((err: unknown) => {
        this.log?.warn({ err: (err as Error).message }, 'start reminders failed')
        return { sent: 0, failed: 0, retried: 0, expired: 0 }
      })
      .finally(() => {
        this.running = null
        if (this.again) {
          this.again = false
          void this.kick()
        }
      })
    return this.running
  }
}
