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

/** Counts one event for `key` in the current window of `windowSeconds`; allowed while the count is at most `limit`. */
export async function hit(q: Queryable, key: string, windowSeconds: number, limit: number): Promise<Hit> {
  const [row] = await q.query<{ count: number; retry: number }>(
    `insert into rate_limits (key, window_start, count)
     values ($1, to_timestamp(floor(extract(epoch from now()) / $2) * $2), 1)
     on conflict (key, window_start) do update set count = rate_limits.count + 1
     returning count, greatest(1, ceil(extract(epoch from window_start) + $2 - extract(epoch from now())))::int as retry`,
    [key, windowSeconds],
  )
  return { allowed: row.count <= limit, count: row.count, retryAfter: row.retry }
}

/** Deletes rate-limit windows that ended more than a day ago. */
export async function pruneRateLimits(q: Queryable): Promise<void> {
  await q.query(`delete from rate_limits where window_start < now() - interval '1 day'`)
}
