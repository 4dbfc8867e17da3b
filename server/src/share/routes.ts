import { createHash, randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { RestOptions } from '../rest'
import { ok } from '../http'

/** WeChat JS-SDK signature: sha1 over jsapi_ticket, noncestr, timestamp and url sorted by key, as key=value joined by &. */
export function wechatSignature(ticket: string, nonceStr: string, timestamp: string, url: string): string {
  const fields: Record<string, string> = { jsapi_ticket: ticket, noncestr: nonceStr, timestamp, url }
  const plain = Object.keys(fields)
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&')
  return createHash('sha1').update(plain).digest('hex')
}

const wechatReqQuery = z.object({
  url: z
    .string()
    .url('url must be an absolute http(s) address')
    .refine((u) => /^https?:\/\//.test(u), 'url must be http or https'),
})

/** /utils/…: WeChat share set-up. */
export async function shareRoutes(fastify: FastifyInstance, { config }: RestOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  /** Share setup for the WeChat browser: { appId, timestamp, nonceStr, signature } for ?url= (its #hash is not signed). */
  app.get('/wechat-req', { schema: { querystring: wechatReqQuery } }, async (req) => {
    const url = req.query.url.split('#')[0]
    const timestamp = String(Math.floor(Date.now() / 1000))
    const nonceStr = randomBytes(8).toString('hex')
    return ok({
      appId: config.WECHAT_APP_ID,
      timestamp,
      nonceStr,
      signature: wechatSignature(config.WECHAT_JSAPI_TICKET, nonceStr, timestamp, url),
    })
  })
}
