import { randomUUID } from 'node:crypto'
import type { Queryable } from '../db'
import { HostUnavailable } from '../account/hosts'

export interface AccessTokenOptions {
  /** Where the token is kept for every instance: the wechat_tokens table (share/ticket.ts keeps the JS-SDK ticket beside it). */
  database: Queryable
  /**
   * Its row: the WeChat app id (the same row as share/ticket.ts's for that app, since WeChat allows
   * one live access token per account: a new one invalidates the last), or `baidu:<app key>`.
   */
  key: string
  /** Asks the platform for a new token: its value and expires_in (seconds; two hours when missing). */
  fetch: () => Promise<{ value: string; expiresIn?: unknown }>
  /** Refetch this long before expiry (default 5 min). */
  marginMs?: number
  /** No upstream call for this long after a failure, doubling with each failure in a row up to maxBackoffMs (default 10 s, 10 min). */
  backoffMs?: number
  maxBackoffMs?: number
  /** How long one instance may hold the refresh before another takes it over (default 30 s). */
  leaseMs?: number
  /** How long a caller waits for another instance's refresh (default 10 s), and how often it looks. */
  waitMs?: number
  pollMs?: number
  now?: () => number
}

interface Row {
  access_token: string | null
  token_expires: number | null
  failures: number
  retry_at: number | null
}

const ms = (column: string) => `(extract(epoch from ${column}) * 1000)::float8`
const COLUMNS = `access_token, ${ms('token_expires_at')} as token_expires, failures, ${ms('retry_at')} as retry_at`
/** Epoch milliseconds (a number the server computed, never input) as a timestamptz in SQL. */
const at = (t: number) => `to_timestamp(${Math.round(t)} / 1000.0)`
const sleep = (t: number) => new Promise((r) => setTimeout(r, t))

/**
 * A platform access token kept in the database for every server instance, with share/ticket.ts's
 * rules: the instance that finds it missing or near expiry takes the row's lease (a conditional
 * UPDATE) and fetches it, the others wait for its result; after a failure nobody asks again until
 * a back-off, doubling with each failure in a row, has passed. Within an instance concurrent
 * callers share one lookup. Failures throw HostUnavailable.
 */
export class StoredAccessToken {
  private held: { value: string; expiresAt: number } | null = null
  private inflight: Promise<string> | null = null
  private readonly now: () => number
  private readonly marginMs: number
  private readonly owner = randomUUID()

  constructor(private readonly opts: AccessTokenOptions) {
    this.now = opts.now ?? Date.now
    this.marginMs = opts.marginMs ?? 5 * 60_000
  }

  get(): Promise<string> {
    if (this.held && this.now() < this.held.expiresAt) return Promise.resolve(this.held.value)
    this.inflight ??= this.obtain().finally(() => (this.inflight = null))
    return this.inflight
  }

  /** The platform called `token` invalid (revoked, or replaced by another service): it is forgotten here and in the row. */
  async invalidate(token: string): Promise<void> {
    if (this.held?.value === token) this.held = null
    await this.opts.database.query(
      'update wechat_tokens set access_token = null, token_expires_at = null where app_id = $1 and access_token = $2',
      [this.opts.key, token],
    )
  }

  private async obtain(): Promise<string> {
    const { database: db, key } = this.opts
    await db.query('insert into wechat_tokens (app_id) values ($1) on conflict (app_id) do nothing', [key])
    const waitUntil = Date.now() + (this.opts.waitMs ?? 10_000)
    for (;;) {
      const now = this.now()
      const [row] = await db.query<Row>(`select ${COLUMNS} from wechat_tokens where app_id = $1`, [key])
      if (row.access_token && row.token_expires !== null && now < row.token_expires - this.marginMs)
        return this.keep(row.access_token, row.token_expires)
      if (row.retry_at !== null && now < row.retry_at)
        throw new HostUnavailable(
          `access token: backing off after ${row.failures} failure(s), ${Math.ceil((row.retry_at - now) / 1000)} s left`,
        )
      const [leased] = await db.query<Row>(
        `update wechat_tokens set lease_owner = $2, lease_until = ${at(now + (this.opts.leaseMs ?? 30_000))}
         where app_id = $1 and (lease_until is null or lease_until <= ${at(now)})
           and (retry_at is null or retry_at <= ${at(now)})
           and (access_token is null or token_expires_at is null or token_expires_at <= ${at(now + this.marginMs)})
         returning ${COLUMNS}`,
        [key, this.owner],
      )
      if (leased) return this.refresh(leased)
      if (Date.now() >= waitUntil) throw new HostUnavailable('access token: another instance is still fetching it')
      await sleep(this.opts.pollMs ?? 200)
    }
  }

  private keep(value: string, expiresMs: number): string {
    this.held = { value, expiresAt: expiresMs - this.marginMs }
    return value
  }

  /** Under the lease: a new token, stored; or the failure and its back-off. */
  private async refresh(row: Row): Promise<string> {
    const { database: db, key } = this.opts
    const mine = 'app_id = $1 and lease_owner = $2'
    try {
      const fresh = await this.opts.fetch()
      if (typeof fresh.value !== 'string' || !fresh.value) throw new HostUnavailable('access token: the platform answered none')
      const seconds = typeof fresh.expiresIn === 'number' && fresh.expiresIn > 0 ? fresh.expiresIn : 7200
      const expiresMs = this.now() + seconds * 1000
      await db.query(
        `update wechat_tokens set access_token = $3, token_expires_at = ${at(expiresMs)}, failures = 0, retry_at = null,
           lease_until = null, lease_owner = null where ${mine}`,
        [key, this.owner, fresh.value],
      )
      return this.keep(fresh.value, expiresMs)
    } catch (err) {
      const failures = row.failures + 1
      const wait = Math.min((this.opts.backoffMs ?? 10_000) * 2 ** (failures - 1), this.opts.maxBackoffMs ?? 10 * 60_000)
      await db.query(
        `update wechat_tokens set failures = $3, retry_at = ${at(this.now() + wait)}, lease_until = null, lease_owner = null where ${mine}`,
        [key, this.owner, failures],
      )
      throw err instanceof HostUnavailable ? err : new HostUnavailable(`access token: ${(err as Error).message}`)
    }
  }
}
