import { createHash, randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { RestOptions } from '../rest'
import { fail, ok } from '../http'
import { HostUnavailable } from '../account/hosts'
import { JsapiTicket } from './ticket'

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
    .url('url 应为完整的 http(s) 地址')
    .refine((u) => /^https?:\/\//.test(u), 'url 应为 http 或 https 地址'),
})

/** /utils/…: WeChat share set-up. */
export async function shareRoutes(fastify: FastifyInstance, { config }: RestOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  // The official account's credentials (the JS-SDK's), defaulting to the mini-program's.
  const appId = config.WECHAT_JSSDK_APP_ID || config.WECHAT_APP_ID
  const secret = config.WECHAT_JSSDK_APP_ID ? config.WECHAT_JSSDK_APP_SECRET : config.WECHAT_APP_SECRET
  // The ticket is fetched from WeChat and cached when its endpoints are configured; development signs with a fixed one.
  const ticket =
    config.WECHAT_TOKEN_URL && config.WECHAT_TICKET_URL
      ? new JsapiTicket({
          appId,
          secret,
          tokenUrl: config.WECHAT_TOKEN_URL,
          ticketUrl: config.WECHAT_TICKET_URL,
        })
      : { get: async () => config.WECHAT_JSAPI_TICKET }
  /** Share setup for the WeChat browser: { appId, timestamp, nonceStr, signature } for ?url= (its #hash is not signed). */
  app.get('/wechat-req', { schema: { querystring: wechatReqQuery } }, async (req, reply) => {
    if (!appId) return fail(reply, 503, '微信分享暂未开放')
    let jsapi: string
    try {
      jsapi = await ticket.get()
    } catch (err) {
      if (!(err instanceof HostUnavailable)) throw err
      req.log.warn({ err: err.message }, 'jsapi_ticket fetch failed')
      return fail(reply, 503, '微信分享设置暂不可用，请稍后再试')
    }
    const url = req.query.url.split('#')[0]
    const timestamp = String(Math.floor(Date.now() / 1000))
    const nonceStr = randomBytes(8).toString('hex')
    return ok({ appId, timestamp, nonceStr, signature: wechatSignature(jsapi, nonceStr, timestamp, url) })
  })
}
