import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { RestOptions } from '../rest'
import { ok, parseInput } from '../http'

const event = z.object({
  event: z.string().min(1).max(100),
  anonymous_id: z.string().max(200).optional(),
  distinct_id: z.string().max(200).optional(),
  properties: z.record(z.unknown()).default({}),
}).passthrough()

/**
 * Tracking ingest. Beacons (navigator.sendBeacon, often text/plain) and the share-SDK image GET
 * cannot set x-sign, so these two routes are exempt from it; everything received is stored.
 */
export async function trackingRoutes(app: FastifyInstance, { database }: RestOptions) {
  app.post('/track', { config: { signExempt: true }, bodyLimit: 256 * 1024 }, async (req, reply) => {
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
    const events = parseInput(z.array(event).min(1, 'no events').max(500, 'at most 500 events per batch'), list, reply)
    if (!events) return
    await database.query(
      `insert into tracking_events (source, event, anonymous_id, properties)
       select $4, e, a, p::jsonb from unnest($1::text[], $2::text[], $3::text[]) as t(e, a, p)`,
      [events.map((e) => e.event), events.map((e) => e.anonymous_id ?? e.distinct_id ?? null), events.map((e) => JSON.stringify(e)), `beacon-${brand}`])
    return ok({ accepted: events.length })
  })

  /** Share-SDK report, sent as an image GET with its figures in the query (the answer is JSON all the same). */
  app.get('/share-sdk/report', { config: { signExempt: true } }, async (req, reply) => {
    const q = parseInput(z.record(z.string().max(2000)).refine((r) => Object.keys(r).length <= 30, 'too many parameters'), req.query, reply)
    if (!q) return
    await database.query(`insert into tracking_events (source, event, properties) values ('share-sdk', 'share_sdk_report', $1::jsonb)`, [JSON.stringify(q)])
    return ok({ accepted: 1 })
  })
}
