import { createHash, randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { RestOptions } from '../rest'
import { ok, parseInput } from '../http'

/** WeChat JS-SDK signature: sha1 over jsapi_ticket, noncestr, timestamp and url sorted by key, as key=value joined by &. */
export function wechatSignature(ticket: string, nonceStr: string, timestamp: string, url: string): string {
  const fields: Record<string, string> = { jsapi_ticket: ticket, noncestr: nonceStr, timestamp, url }
  const plain = Object.keys(fields).sort().map((k) => `${k}=${fields[k]}`).join('&')
  return createHash('sha1').update(plain).digest('hex')
}

export async function utilsRoutes(app: FastifyInstance, { config }: RestOptions) {
  /** Share setup for the WeChat browser: { appId, timestamp, nonceStr, signature } for ?url= (its #hash is not signed). */
  app.get('/wechat-req', async (req, reply) => {
    const q = parseInput(z.object({ url: z.string().url('url must be an absolute http(s) address').refine((u) => /^https?:\/\//.test(u), 'url must be http or https') }), req.query, reply)
    if (!q) return
    const url = q.url.split('#')[0]
    const timestamp = String(Math.floor(Date.now() / 1000))
    const nonceStr = randomBytes(8).toString('hex')
    return ok({ appId: config.WECHAT_APP_ID, timestamp, nonceStr, signature: wechatSignature(config.WECHAT_JSAPI_TICKET, nonceStr, timestamp, url) })
  })
}
