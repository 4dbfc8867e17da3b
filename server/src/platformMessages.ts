import { sql, type RawBuilder } from 'kysely'
import type { Config } from './config'
import type { Database } from './db'
import { hostJson, HostUnavailable } from './account/hosts'
import { StoredAccessToken } from './live/accessToken'

/**
 * Subscription messages of the mini-program platforms (WeChat subscribeMessage.send, Baidu's
 * template message), shared by the live start reminders and the NAV alerts: each platform's sender
 * with its stored access token, what an answer means, and the scheduler of sending rounds.
 */
export type Platform = 'weapp' | 'swan'

/** One message to one user: their openid, Baidu's subscribe-id, the template, the page it opens and its fields. */
export interface PlatformMessage {
  recipient: string
  subscribeId: string | null
  templateId: string
  page: string
  data: Record<string, { value: string }>
}

/** What a platform answered: sent; refused for good (the user's subscription is gone); or worth another try later. */
export type SendOutcome = { ok: true } | { ok: false; permanent: boolean; reason: string }
export type PlatformSender = (message: PlatformMessage) => Promise<SendOutcome>
export type PlatformSenders = Partial<Record<Platform, PlatformSender>>

/** WeChat errcodes meaning the access token is no longer valid (a new one, one more try). */
const WECHAT_TOKEN_INVALID = new Set([40001, 40014, 42001])
/** WeChat: the user has not (or no longer) subscribed (a one-time subscription is used once). */
const WECHAT_NOT_SUBSCRIBED = new Set([43101])
/** Baidu: the access token is invalid or expired. */
const BAIDU_TOKEN_INVALID = new Set([110, 111])
/** Baidu: the user has not subscribed, or cancelled; bad recipient; bad template. */
const BAIDU_REFUSED = new Set([4001, 4007, 4010])

/** WeChat's `thing` values hold at most 20 characters; Baidu's keywords are kept as short. */
const MAX_FIELD = 20
export const clipField = (s: string) => ([...s].length > MAX_FIELD ? `${[...s].slice(0, MAX_FIELD - 1).join('')}…` : s)

/** `key=source` pairs of a template-fields setting (config.ts checks their shape). */
export function templateFields<S extends string>(setting: string): Array<{ key: string; source: S }> {
  return setting.split(',').map((pair) => {
    const [key, source] = pair.split('=').map((s) => s.trim())
    return { key, source: source as S }
  })
}

/** A host's message for our log: a string as it is, anything else as JSON (not "[object Object]"). */
function hostText(value: unknown): string {
  if (value === undefined || value === null) return ''
  return typeof value === 'string' ? value : JSON.stringify(value)
}

/** The platforms whose endpoints and credentials are configured; a use adds its own template (none: its messages wait). */
export function platformSenders(config: Config, database: Database): PlatformSenders {
  const senders: PlatformSenders = {}
  if (config.WECHAT_SUBSCRIBE_SEND_URL && config.WECHAT_TOKEN_URL && config.WECHAT_APP_ID) {
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
    senders.weapp = withToken(token, WECHAT_TOKEN_INVALID, async (accessToken, m) => {
      const url = new URL(config.WECHAT_SUBSCRIBE_SEND_URL)
      url.searchParams.set('access_token', accessToken)
      const data = await hostJson(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ touser: m.recipient, template_id: m.templateId, page: m.page, data: m.data, lang: 'zh_CN' }),
      })
      const code = Number(data.errcode ?? 0)
      return { code, refused: WECHAT_NOT_SUBSCRIBED.has(code), text: `errcode ${code} ${hostText(data.errmsg)}` }
    })
  }
  if (config.BAIDU_SUBSCRIBE_SEND_URL && config.BAIDU_TOKEN_URL && config.BAIDU_APP_KEY) {
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
    senders.swan = withToken(token, BAIDU_TOKEN_INVALID, async (accessToken, m) => {
      const url = new URL(config.BAIDU_SUBSCRIBE_SEND_URL)
      url.searchParams.set('access_token', accessToken)
      const data = await hostJson(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          template_id: m.templateId,
          touser_openId: m.recipient,
          subscribe_id: m.subscribeId ?? '',
          data: JSON.stringify(m.data),
          page: m.page,
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
  send: (accessToken: string, m: PlatformMessage) => Promise<{ code: number; refused: boolean; text: string }>,
): PlatformSender {
  return async (m) => {
    for (let attempt = 0; ; attempt++) {
      let accessToken: string
      let answer: { code: number; refused: boolean; text: string }
      try {
        accessToken = await token.get()
        answer = await send(accessToken, m)
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

interface Log {
  warn(obj: object, msg: string): void
}

/** Attempts before a message is given up (failed). */
export const MAX_ATTEMPTS = 5
/** How long an instance holds the messages it claimed (another may send them after). */
export const CLAIM_MS = 60_000
/** The wait before a failed message is tried again, doubled per attempt. */
export const RETRY_MS = 60_000
/** Messages claimed per round. */
export const BATCH = 100

export interface SendCounts {
  sent: number
  failed: number
  retried: number
}

/** The columns of a message's row after one try: sent; or failed for good, or due again after the back-off. */
export type Settled =
  | { state: 'sent'; columns: { sent_at: RawBuilder<Date>; claimed_until: null; failure: null } }
  | {
      state: 'failed' | 'pending'
      columns: { attempts: number; failure: string; claimed_until: null; retry_at: RawBuilder<Date> | null }
    }

/**
 * Sends what `claim` hands out (claimed rows, leased to this instance), batch after batch until a
 * batch is not full: each is sent once and settled — sent, failed (refused for good, or after
 * MAX_ATTEMPTS) or pending again after a back-off. A process that dies between sending and
 * settling leaves its claim to lapse and the message is sent again: at least once, and once unless
 * a process dies at that moment.
 */
export async function sendClaimed<T extends { platform: Platform; attempts: number }>(
  claim: () => Promise<T[]>,
  send: (item: T) => Promise<SendOutcome>,
  settle: (item: T, settled: Settled) => Promise<unknown>,
  notSent: (item: T, attempts: number, givenUp: boolean, reason: string) => void,
): Promise<SendCounts> {
  const counts: SendCounts = { sent: 0, failed: 0, retried: 0 }
  for (;;) {
    const claimed = await claim()
    for (const item of claimed) {
      let outcome: SendOutcome
      try {
        outcome = await send(item)
      } catch (err) {
        outcome = { ok: false, permanent: false, reason: (err as Error).message }
      }
      if (outcome.ok) {
        await settle(item, { state: 'sent', columns: { sent_at: sql<Date>`now()`, claimed_until: null, failure: null } })
        counts.sent++
        continue
      }
      const attempts = item.attempts + 1
      const givenUp = outcome.permanent || attempts >= MAX_ATTEMPTS
      await settle(item, {
        state: givenUp ? 'failed' : 'pending',
        columns: {
          attempts,
          failure: outcome.reason.slice(0, 500),
          claimed_until: null,
          retry_at: givenUp ? null : sql<Date>`now() + make_interval(secs => ${(RETRY_MS * 2 ** (attempts - 1)) / 1000})`,
        },
      })
      if (givenUp) counts.failed++
      else counts.retried++
      notSent(item, attempts, givenUp, outcome.reason)
    }
    if (claimed.length < BATCH) return counts
  }
}

/**
 * Runs a sending round every `intervalMs` and when kicked; one round at a time in this instance (a
 * kick during a round runs one more after it). A failed round is logged and counts as `idle`.
 */
export class RoundScheduler<T> {
  private timer?: NodeJS.Timeout
  private running: Promise<T> | null = null
  private again = false

  constructor(
    private readonly round: () => Promise<T>,
    private readonly idle: T,
    private readonly intervalMs: number,
    private readonly what: string,
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
  kick(): Promise<T> {
    if (this.running) {
      this.again = true
      return this.running
    }
    this.running = this.round()
      .catch((err: unknown) => {
        this.log?.warn({ err: (err as Error).message }, `${this.what} failed`)
        return this.idle
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
