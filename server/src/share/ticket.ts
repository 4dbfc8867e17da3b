import { randomUUID } from 'node:crypto'
import type { Selectable } from 'kysely'
import type { Queryable } from '../db'
import type { WechatTokensTable } from '../db/schema'
import { hostJson, HostUnavailable } from '../account/hosts'

export interface TicketOptions {
  /** Where the token and ticket are kept for every instance (table wechat_tokens, one row per app id). */
  database: Queryable
  appId: string
  secret: string
  /** WeChat's cgi-bin/token and cgi-bin/ticket/getticket endpoints. */
  tokenUrl: string
  ticketUrl: string
  /** Refetch this long before WeChat's expiry (default 5 min). */
  marginMs?: number
  /** No upstream call for this long after a failure, doubling with each failure in a row up to maxBackoffMs (default 10 s, 10 min). */
  backoffMs?: number
  maxBackoffMs?: number
  /** How long one instance may hold the refresh before another takes it over (default 30 s). */
  leaseMs?: number
  /** How long a request waits for another instance's refresh before it is answered 503 (default 10 s), and how often it looks. */
  waitMs?: number
  pollMs?: number
  now?: () => number
}

/** WeChat errcodes meaning the access token is no longer valid (fetch a new one and try once more). */
const TOKEN_INVALID = new Set([40001, 40014, 42001])

const COLUMNS = ['access_token', 'token_expires_at', 'ticket', 'ticket_expires_at', 'failures', 'retry_at', 'lease_until'] as const

/** A stored row with its moments as epoch milliseconds (the clock `now` counts in). */
const withTimes = (r: Pick<Selectable<WechatTokensTable>, (typeof COLUMNS)[number]>) => ({
  access_token: r.access_token,
  token_expires: epochMs(r.token_expires_at),
  ticket: r.ticket,
  ticket_expires: epochMs(r.ticket_expires_at),
  failures: r.failures,
  retry_at: epochMs(r.retry_at),
  lease_until: epochMs(r.lease_until),
})
type Row = ReturnType<typeof withTimes>

const epochMs = (moment: Date | null) => (moment === null ? null : moment.getTime())

/** Epoch milliseconds (a number the server computed) as a moment to store, whole milliseconds. */
const at = (ms: number) => new Date(Math.round(ms))

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * The JS-SDK jsapi_ticket of one official account, and the access token it is fetched with.
 * WeChat allows one live access token per account (a new one invalidates the last for every
 * service of that account), so both are kept in the database for every server instance: the
 * instance that finds them missing or near expiry takes a lease (a conditional UPDATE), fetches,
 * and stores them; the others wait for its result and reuse it. After a failure no instance calls
 * WeChat again until a back-off, growing with each failure in a row, has passed. Within an
 * instance, concurrent callers share one lookup, and the ticket is kept in memory until shortly
 * before it expires. Errors throw HostUnavailable (the route answers 503).
 */
export class JsapiTicket {
  private held: { value: string; expiresAt: number } | null = null
  private inflight: Promise<string> | null = null
  private readonly now: () => number
  private readonly marginMs: number
  private readonly owner = randomUUID()

  constructor(private readonly opts: TicketOptions) {
    this.now = opts.now ?? Date.now
    this.marginMs = opts.marginMs ?? 5 * 60_000
  }

  get(): Promise<string> {
    if (this.held && this.now() < this.held.expiresAt) return Promise.resolve(this.held.value)
    this.inflight ??= this.obtain().finally(() => (this.inflight = null))
    return this.inflight
  }

  /** The stored ticket if it is fresh; otherwise this instance refreshes it, or waits for the one that does. */
  private async obtain(): Promise<string> {
    const { database, appId } = this.opts
    const { db } = database
    await db
      .insertInto('wechat_tokens')
      .values({ app_id: appId })
      .onConflict((oc) => oc.column('app_id').doNothing())
      .execute()
    const waitUntil = Date.now() + (this.opts.waitMs ?? 10_000)
    for (;;) {
      const now = this.now()
      const row = withTimes(await db.selectFrom('wechat_tokens').select(COLUMNS).where('app_id', '=', appId).executeTakeFirstOrThrow())
      if (row.ticket && row.ticket_expires !== null && now < row.ticket_expires - this.marginMs)
        return this.keep(row.ticket, row.ticket_expires)
      if (row.retry_at !== null && now < row.retry_at)
        throw new HostUnavailable(
          `jsapi_ticket: backing off after ${row.failures} failure(s), ${Math.ceil((row.retry_at - now) / 1000)} s left`,
        )
      const leased = await db
        .updateTable('wechat_tokens')
        .set({ lease_owner: this.owner, lease_until: at(now + (this.opts.leaseMs ?? 30_000)) })
        .where('app_id', '=', appId)
        .where((eb) =>
          eb.and([
            eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', at(now))]),
            eb.or([eb('retry_at', 'is', null), eb('retry_at', '<=', at(now))]),
            eb.or([eb('ticket_expires_at', 'is', null), eb('ticket_expires_at', '<=', at(now + this.marginMs))]),
          ]),
        )
        .returning(COLUMNS)
        .executeTakeFirst()
      if (leased) return this.refresh(withTimes(leased))
      // Another instance holds the lease: its result is read on the next look.
      if (Date.now() >= waitUntil) throw new HostUnavailable('jsapi_ticket: another instance is still fetching it')
      await sleep(this.opts.pollMs ?? 200)
    }
  }

  private keep(value: string, expiresMs: number): string {
    this.held = { value, expiresAt: expiresMs - this.marginMs }
    return value
  }

  /** Under the lease: the token (the stored one while fresh), then the ticket; stored, or the failure and its back-off. */
  private async refresh(row: Row): Promise<string> {
    const { database, appId } = this.opts
    // Writes only while this instance still holds the lease.
    const mine = () => database.db.updateTable('wechat_tokens').where('app_id', '=', appId).where('lease_owner', '=', this.owner)
    try {
      let token = row.access_token && row.token_expires !== null && this.now() < row.token_expires - this.marginMs ? row.access_token : null
      for (let attempt = 0; ; attempt++) {
        if (!token) {
          const fresh = await this.fetchToken()
          token = fresh.value
          await mine()
            .set({ access_token: token, token_expires_at: at(fresh.expiresMs) })
            .execute()
        }
        const url = new URL(this.opts.ticketUrl)
        url.search = new URLSearchParams({ access_token: token, type: 'jsapi' }).toString()
        const data = await hostJson(url)
        if (typeof data.ticket === 'string' && data.ticket && (data.errcode === undefined || data.errcode === 0)) {
          const expiresMs = this.expiry(data.expires_in)
          await mine()
            .set({
              ticket: data.ticket,
              ticket_expires_at: at(expiresMs),
              failures: 0,
              retry_at: null,
              lease_until: null,
              lease_owner: null,
            })
            .execute()
          return this.keep(data.ticket, expiresMs)
        }
        if (attempt === 0 && TOKEN_INVALID.has(Number(data.errcode))) {
          token = null // revoked at WeChat's side (or replaced by another service): one new token, one more try
          continue
        }
        throw new HostUnavailable(
          `jsapi_ticket refused: errcode ${String(data.errcode)} ${typeof data.errmsg === 'string' ? data.errmsg : ''}`,
        )
      }
    } catch (err) {
      const failures = row.failures + 1
      const wait = Math.min((this.opts.backoffMs ?? 10_000) * 2 ** (failures - 1), this.opts.maxBackoffMs ?? 10 * 60_000)
      await mine()
        .set({ failures, retry_at: at(this.now() + wait), lease_until: null, lease_owner: null })
        .execute()
      throw err instanceof HostUnavailable ? err : new HostUnavailable(`jsapi_ticket: ${(err as Error).message}`)
    }
  }

  private async fetchToken(): Promise<{ value: string; expiresMs: number }> {
    const url = new URL(this.opts.tokenUrl)
    url.search = new URLSearchParams({ grant_type: 'client_credential', appid: this.opts.appId, secret: this.opts.secret }).toString()
    const data = await hostJson(url)
    if (typeof data.access_token !== 'string' || !data.access_token)
      throw new HostUnavailable(
        `access token refused: errcode ${String(data.errcode)} ${typeof data.errmsg === 'string' ? data.errmsg : ''}`,
      )
    return { value: data.access_token, expiresMs: this.expiry(data.expires_in) }
  }

  /** When WeChat's answer expires (expires_in seconds, two hours when missing). */
  private expiry(expiresIn: unknown): number {
    const seconds = typeof expiresIn === 'number' && expiresIn > 0 ? expiresIn : 7200
    return this.now() + seconds * 1000
  }
}
