import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { RestOptions } from '../rest'
import { ok } from '../http'
import { hit } from '../ratelimit'
import { insertBeacons, insertShareReport } from './data'

export { pruneTracking } from './data'

/** Beacons per request and bytes per event: analytics batches are small; anything larger is abuse. */
export const MAX_EVENTS_PER_BATCH = 100
export const MAX_EVENT_BYTES = 8 * 1024

const event = z
  .object({
    event: z.string().min(1).max(100),
    anonymous_id: z.string().max(200).optional(),
    distinct_id: z.string().max(200).optional(),
    properties: z.record(z.unknown()).default({}),
  })
  .passthrough()

/** A beacon body: a JSON array, { events: [...] } or one event, sent as application/json or as text/plain JSON. */
const beacons = z.preprocess(
  (body, ctx) => {
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body)
      } catch {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'body must be JSON', fatal: true })
        return z.NEVER
      }
    }
    body ??= undefined
    return Array.isArray(body) ? body : ((body as { events?: unknown } | undefined)?.events ?? [body])
  },
  z
    .array(event.refine((e) => JSON.stringify(e).length <= MAX_EVENT_BYTES, `an event is at most ${MAX_EVENT_BYTES} bytes`))
    .min(1, 'no events')
    .max(MAX_EVENTS_PER_BATCH, `at most ${MAX_EVENTS_PER_BATCH} events per batch`),
)

/** Which brand's analytics a beacon belongs to: ?brand=0009, otherwise the main brand. */
const beaconQuery = z
  .object({ brand: z.unknown().optional() })
  .passthrough()
  .transform((q) => ({ brand: q.brand === '0009' ? '0009' : '0008' }))

const shareReport = z.record(z.string().max(500)).refine((r) => Object.keys(r).length <= 20, 'too many parameters')

/**
 * Tracking ingest. Beacons (navigator.sendBeacon, often text/plain) and the share-SDK image GET
 * cannot set x-sign, so these two routes are exempt from it; instead they are rate limited per
 * client address (before their input is read), batches and events are bounded, and rows are kept
 * for a retention period.
 */
export async function trackingRoutes(fastify: FastifyInstance, { database, config }: RestOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const limited = async (req: FastifyRequest, reply: FastifyReply) => {
    const rate = await hit(database, `track:addr:${req.ip}`, 60, config.RATE_TRACK_PER_ADDRESS_MINUTE)
    if (!rate.allowed)
      return reply.code(429).header('retry-after', String(rate.retryAfter)).send({ code: 429, msg: '请求过于频繁，请稍后再试' })
  }
  app.post(
    '/track',
    { config: { signExempt: true }, bodyLimit: 64 * 1024, preValidation: limited, schema: { querystring: beaconQuery, body: beacons } },
    async (req) => {
      await insertBeacons(database, `beacon-${req.query.brand}`, req.body)
      return ok({ accepted: req.body.length })
    },
  )

  /** Share-SDK report, sent as an image GET with its figures in the query (the answer is JSON all the same). */
  app.get(
    '/share-sdk/report',
    { config: { signExempt: true }, preValidation: limited, schema: { querystring: shareReport } },
    async (req) => {
      await insertShareReport(database, req.query)
      return ok({ accepted: 1 })
    },
  )
}
