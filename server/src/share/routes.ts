import { createHash, randomBytes } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { wechatShareConfig } from '@alfa/common/apiSchema'
import { answers, httpError, ok } from '../http'
import { HostUnavailable } from '../account/hosts'
import type { Config } from '../config'
import { addressKey, hit } from '../ratelimit'
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
    .max(2048, 'url 过长')
    .url('url 应为完整的 http(s) 地址')
    .refine((u) => /^https?:\/\//.test(u), 'url 应为 http 或 https 地址'),
})

/** Hosts of a comma-separated setting, lower-case (`host` or `host:port`). */
const hostList = (setting: string) =>
  setting
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean)

/**
 * The hosts whose pages /utils/wechat-req signs: ALFA_PRODUCT_HOST and ALFA_MAIN_HOSTS; outside
 * production, without either, the local ones. An entry without a port matches the host on any
 * port, `host:port` only that port (as the app's brand hosts do).
 */
export function shareHosts(config: Pick<Config, 'ALFA_PRODUCT_HOST' | 'ALFA_MAIN_HOSTS' | 'NODE_ENV'>): string[] {
  const hosts = [...hostList(config.ALFA_PRODUCT_HOST), ...hostList(config.ALFA_MAIN_HOSTS)]
  return hosts.length || config.NODE_ENV === 'production' ? hosts : ['localhost', '127.0.0.1']
}

export function isShareHost(hosts: readonly string[], url: URL): boolean {
  return hosts.includes(url.host.toLowerCase()) || hosts.includes(url.hostname.toLowerCase())
}

/**
 * /utils/…: WeChat share set-up. Anonymous, so it is rate limited per client address, signs only
 * the product's own pages, and never calls WeChat more than the shared ticket needs (ticket.ts).
 */
export const shareRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, database } = app
  // The official account's credentials (the JS-SDK's), defaulting to the mini-program's.
  const appId = config.WECHAT_JSSDK_APP_ID || config.WECHAT_APP_ID
  const secret = config.WECHAT_JSSDK_APP_ID ? config.WECHAT_JSSDK_APP_SECRET : config.WECHAT_APP_SECRET
  const hosts = shareHosts(config)
  if (appId && !hosts.length) app.log.warn('ALFA_PRODUCT_HOST and ALFA_MAIN_HOSTS are empty: /utils/wechat-req signs no page')
  // The ticket is fetched from WeChat and kept in the database when its endpoints are configured; QA signs with a fixed one.
  const hasTicketSource = Boolean((config.WECHAT_TOKEN_URL && config.WECHAT_TICKET_URL) || config.WECHAT_JSAPI_TICKET)
  const ticket =
    config.WECHAT_TOKEN_URL && config.WECHAT_TICKET_URL
      ? new JsapiTicket({
          database,
          appId,
          secret,
          tokenUrl: config.WECHAT_TOKEN_URL,
          ticketUrl: config.WECHAT_TICKET_URL,
        })
      : { get: async () => config.WECHAT_JSAPI_TICKET }
  const limited = async (req: FastifyRequest) => {
    const rate = await hit(database, `wechat-req:addr:${addressKey(req.ip)}`, 60, config.RATE_WECHAT_REQ_PER_ADDRESS_MINUTE)
    if (!rate.allowed) throw httpError.tooManyRequests('请求过于频繁，请稍后再试', rate.retryAfter)
  }
  /** Share setup for the WeChat browser: { appId, timestamp, nonceStr, signature } for ?url= (its #hash is not signed). */
  app.get(
    '/wechat-req',
    { preValidation: limited, schema: { querystring: wechatReqQuery, response: answers(wechatShareConfig, 400, 429, 503) } },
    async (req) => {
      // Without a ticket a signature would be made of nothing: refuse rather than answer a useless 200.
      if (!appId || !hosts.length || !hasTicketSource) throw httpError.serviceUnavailable('微信分享暂未开放')
      if (!isShareHost(hosts, new URL(req.query.url))) throw httpError.badRequest('只能为本站页面生成微信分享签名')
      let jsapi: string
      try {
        jsapi = await ticket.get()
      } catch (err) {
        if (!(err instanceof HostUnavailable)) throw err
        req.log.warn({ err: err.message }, 'jsapi_ticket unavailable')
        throw httpError.serviceUnavailable('微信分享设置暂不可用，请稍后再试')
      }
      const url = req.query.url.split('#')[0]
      const timestamp = String(Math.floor(Date.now() / 1000))
      const nonceStr = randomBytes(8).toString('hex')
      return ok({ appId, timestamp, nonceStr, signature: wechatSignature(jsapi, nonceStr, timestamp, url) })
    },
  )
}
