import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { trackAnswer } from '@alfa/common/apiSchema'
import { answers, BadInput, httpError, ok, parseClientJson } from '../http'
import { addressKey, hit } from '../ratelimit'
import { insertBeacons, insertShareReport } from './data'

/**
 * Caps of one beacon request and event: analytics batches are small (the app sends up to 20
 * events of a few hundred bytes); anything larger is abuse, stored for the retention period.
 */
export const MAX_EVENTS_PER_BATCH = 50
export const MAX_BEACON_BODY_BYTES = 32 * 1024
export const MAX_EVENT_BYTES = 4 * 1024
/** Keys of an event's properties, and of the event itself besides them. */
export const MAX_PROPERTIES = 50
export const MAX_EVENT_FIELDS = 20
/** Characters of any key and of any string value anywhere in an event. */
export const MAX_KEY_LENGTH = 64
export const MAX_VALUE_LENGTH = 1024

/** Why an event breaks a cap (any key or string too long, anywhere in it), or null. */
function eventOverCap(e: Record<string, unknown>): string | null {
  if (Object.keys(e).length > MAX_EVENT_FIELDS) return `一条埋点最多 ${MAX_EVENT_FIELDS} 个字段`
  const properties = e.properties as Record<string, unknown>
  if (Object.keys(properties).length > MAX_PROPERTIES) return `一条埋点最多 ${MAX_PROPERTIES} 个属性`
  // Depth is bounded by the parser (MAX_JSON_DEPTH); the walk is a loop all the same.
  const stack: unknown[] = [e]
  while (stack.length) {
    const v = stack.pop()
    if (typeof v === 'string') {
      if (v.length > MAX_VALUE_LENGTH) return `埋点属性值最长 ${MAX_VALUE_LENGTH} 个字符`
    } else if (v !== null && typeof v === 'object') {
      for (const [k, item] of Object.entries(v)) {
        if (k.length > MAX_KEY_LENGTH) return `埋点属性名最长 ${MAX_KEY_LENGTH} 个字符`
        stack.push(item)
      }
    }
  }
  return JSON.stringify(e).length > MAX_EVENT_BYTES ? `一条埋点最大 ${MAX_EVENT_BYTES} 字节` : null
}

const event = z
  .object({
    event: z.string().min(1).max(100),
    anonymous_id: z.string().max(200).optional(),
    distinct_id: z.string().max(200).optional(),
    properties: z.record(z.unknown()).default({}),
  })
  .passthrough()
  .superRefine((e, ctx) => {
    const over = eventOverCap(e)
    if (over) ctx.addIssue({ code: z.ZodIssueCode.custom, message: over })
  })

/**
 * A beacon body: a JSON array, { events: [...] } or one event, sent as application/json or as
 * text/plain JSON. Text is parsed like every JSON body (depth and control characters checked).
 */
const beacons = z.preprocess(
  (body, ctx) => {
    if (typeof body === 'string') {
      try {
        body = parseClientJson(body)
      } catch (err) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: err instanceof BadInput ? err.message : '埋点内容应为 JSON', fatal: true })
        return z.NEVER
      }
    }
    body ??= undefined
    return Array.isArray(body) ? body : ((body as { events?: unknown } | undefined)?.events ?? [body])
  },
  z.array(event).min(1, 'no events').max(MAX_EVENTS_PER_BATCH, `at most ${MAX_EVENTS_PER_BATCH} events per batch`),
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
 * client address (an IPv6 client by its /64; before their input is read), batches and events are
 * bounded, every address together has a budget of events a minute, and rows are kept for a
 * retention period.
 */
export const trackingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, config } = app
  const tooMany = (retryAfter: number) => httpError.tooManyRequests('请求过于频繁，请稍后再试', retryAfter)
  const limited = async (req: FastifyRequest) => {
    const rate = await hit(database, `track:addr:${addressKey(req.ip)}`, 60, config.RATE_TRACK_PER_ADDRESS_MINUTE)
    if (!rate.allowed) throw tooMany(rate.retryAfter)
  }
  const trackAnswers = answers(trackAnswer, 400, 429)
  app.post(
    '/track',
    {
      config: { signExempt: true },
      bodyLimit: MAX_BEACON_BODY_BYTES,
      preValidation: limited,
      schema: { querystring: beaconQuery, body: beacons, response: trackAnswers },
    },
    async (req) => {
      // The global budget counts events, after the batch is known to be well-formed.
      const global = await hit(database, 'track:global', 60, config.RATE_TRACK_GLOBAL_MINUTE, req.body.length)
      if (!global.allowed) throw tooMany(global.retryAfter)
      await insertBeacons(database, `beacon-${req.query.brand}`, req.body)
      return ok({ accepted: req.body.length })
    },
  )

  /** Share-SDK report, sent as an image GET with its figures in the query (the answer is JSON all the same). */
  app.get(
    '/share-sdk/report',
    { config: { signExempt: true }, preValidation: limited, schema: { querystring: shareReport, response: trackAnswers } },
    async (req) => {
      const global = await hit(database, 'track:global', 60, config.RATE_TRACK_GLOBAL_MINUTE)
      if (!global.allowed) throw tooMany(global.retryAfter)
      await insertShareReport(database, req.query)
      return ok({ accepted: 1 })
    },
  )
}
