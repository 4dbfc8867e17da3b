import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { Queryable } from '../db'
import type { RestOptions } from '../rest'
import { ok, parseInput } from '../http'
import { hit } from '../ratelimit'

/** Beacons per request and bytes per event: analytics batches are small; anything larger is abuse. */
export const MAX_EVENTS_PER_BATCH = 100
export const MAX_EVENT_BYTES = 8 * 1024

/** Deletes tracking events and share-SDK reports older than the retention period. */
export async function pruneTracking(q: Queryable, retentionDays: number): Promise<void> {
  await q.query(`delete from tracking_events where received_at < now() - make_interval(days => $1::int)`, [retentionDays])
}

const event = z.object({
  event: z.string().min(1).max(100),
  anonymous_id: z.string().max(200).optional(),
  distinct_id: z.string().max(200).optional(),
  properties: z.record(z.unknown()).default({}),
}).passthrough()

/**
 * Tracking ingest. Beacons (navigator.sendBeacon, often text/plain) and the share-SDK image GET
 * cannot set x-sign, so these two routes are exempt from it; instead they are rate limited per
 * client address, batches and events are bounded, and rows are kept for a retention period.
 */
export async function trackingRoutes(app: FastifyInstance, { database, config }: RestOptions) {
  const limited = async (req: { ip: string }, reply: import('fastify').FastifyReply) => {
    const rate = await hit(database, `track:addr:${req.ip}`, 60, config.RATE_TRACK_PER_ADDRESS_MINUTE)
    if (rate.allowed) return false
    await reply.code(429).header('retry-after', String(rate.retryAfter)).send({ code: 429, msg: '请求过于频繁，请稍后再试' })
    return true
  }
  app.post('/track', { config: { signExempt: true }, bodyLimit: 64 * 1024 }, async (req, reply) => {
    if (await limited(req, reply)) return
    let body: unknown = req.body
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body)
      } catch {
        return reply.code(400).send({ code: 400, msg: 'body must be JSON' })
      }
    }
    const brand = (req.query as { brand?: string }).brand === '0009' ? '0009' : '0008'
    const list = Array.isArray(body) ? body : (body as { events?: unknown })?.events ?? [body]
    const events = parseInput(
      z.array(event.refine((e) => JSON.stringify(e).length <= MAX_EVENT_BYTES, `an event is at most ${MAX_EVENT_BYTES} bytes`))
        .min(1, 'no events').max(MAX_EVENTS_PER_BATCH, `at most ${MAX_EVENTS_PER_BATCH} events per batch`),
      list, reply)
    if (!events) return
    await database.query(
      `insert into tracking_events (source, event, anonymous_id, properties)
       select $4, e, a, p::jsonb from unnest($1::text[], $2::text[], $3::text[]) as t(e, a, p)`,
      [events.map((e) => e.event), events.map((e) => e.anonymous_id ?? e.distinct_id ?? null), events.map((e) => JSON.stringify(e)), `beacon-${brand}`])
    return ok({ accepted: events.length })
  })

  /** Share-SDK report, sent as an image GET with its figures in the query (the answer is JSON all the same). */
  app.get('/share-sdk/report', { config: { signExempt: true } }, async (req, reply) => {
    if (await limited(req, reply)) return
    const q = parseInput(z.record(z.string().max(500)).refine((r) => Object.keys(r).length <= 20, 'too many parameters'), req.query, reply)
    if (!q) return
    await database.query(`insert into tracking_events (source, event, properties) values ('share-sdk', 'share_sdk_report', $1::jsonb)`, [JSON.stringify(q)])
    return ok({ accepted: 1 })
  })
}
