import { sql } from 'kysely'
import type { Queryable } from './db'

/**
 * Fixed-window rate limits kept in the database: one row per key and window, incremented with an
 * atomic upsert, so a limit holds across server instances (PostgreSQL) and concurrent requests.
 */
export interface Hit {
  allowed: boolean
  count: number
  /** Seconds until the window ends. */
  retryAfter: number
}

/**
 * Counts `amount` events (default one) for `key` in the current window of `windowSeconds`;
 * allowed while the window's count is at most `limit`.
 */
export async function hit(q: Queryable, key: string, windowSeconds: number, limit: number, amount = 1): Promise<Hit> {
  const row = await q.db
    .insertInto('rate_limits')
    .values({ key, window_start: windowStart(windowSeconds), count: amount })
    .onConflict((oc) =>
      oc.columns(['key', 'window_start']).doUpdateSet((eb) => ({ count: eb('rate_limits.count', '+', eb.ref('excluded.count')) })),
    )
    .returning([
      'count',
      sql<number>`greatest(1, ceil(extract(epoch from window_start) + ${windowSeconds} - extract(epoch from now())))::int`.as('retry'),
    ])
    .executeTakeFirstOrThrow()
  return { allowed: row.count <= limit, count: row.count, retryAfter: row.retry }
}

/** The start of the current window of `windowSeconds`, by the database's clock. */
const windowStart = (windowSeconds: number) =>
  sql<Date>`to_timestamp(floor(extract(epoch from now()) / ${windowSeconds}) * ${windowSeconds})`

/** Deletes rate-limit windows that ended more than a day ago. */
export async function pruneRateLimits(q: Queryable): Promise<void> {
  await q.db
    .deleteFrom('rate_limits')
    .where('window_start', '<', sql<Date>`now() - interval '1 day'`)
    .execute()
}

const HEXTET = /^[0-9a-f]{1,4}$/

/**
 * The client a per-address limit counts: an IPv4 address as it is (an IPv4-mapped IPv6 one as
 * IPv4), an IPv6 address by its /64 network, since one subscriber is usually handed a whole /64
 * (2^64 addresses would otherwise be 2^64 clients). Anything else is kept as given.
 */
export function addressKey(ip: string): string {
  const addr = ip.split('%')[0].toLowerCase()
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(addr)
  if (mapped) return mapped[1]
  if (!addr.includes(':')) return ip
  const halves = addr.split('::')
  if (halves.length > 2) return ip
  // An embedded IPv4 tail (64:ff9b::1.2.3.4) stands for two groups.
  const groups = (part: string) => (part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : [])
  const head = groups(halves[0])
  const tail = halves.length === 2 ? groups(halves[1]) : []
  const missing = 8 - head.length - tail.length
  if (missing < 0 || (halves.length === 1 && missing !== 0) || ![...head, ...tail].every((g) => HEXTET.test(g))) return ip
  const full = [...head, ...Array<string>(missing).fill('0'), ...tail]
  return `${full
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`
}

/** Takes back `amount` counted by hit() in the current window of `key` (an attempt that did not happen after all). */
export async function refund(q: Queryable, key: string, windowSeconds: number, amount = 1): Promise<void> {
  await q.db
    .updateTable('rate_limits')
    .set((eb) => ({ count: eb.fn<number>('greatest', [eb('count', '-', amount), eb.lit(0)]) }))
    .where('key', '=', key)
    .where('window_start', '=', windowStart(windowSeconds))
    .execute()
}
