import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { alertMessagesAnswer } from '@alfa/common/apiSchema'
import { answers, httpError, ok } from '../http'
import { HostUnavailable } from '../account/hosts'
import { recipientOf } from '../live/subscriptions'
import { alertTemplateOf, authorise, remainingOf } from './delivery'

const platform = z.enum(['weapp', 'swan'], { errorMap: () => ({ message: '净值提醒消息只支持微信和百度小程序' }) })
const authoriseBody = z.object({
  platform,
  /** A fresh one-time login code of the platform (wx.login, swan.getLoginCode): whose openid gets the alerts. */
  code: z.string({ required_error: '缺少登录凭证' }).min(1, '缺少登录凭证').max(200, '登录凭证无效'),
  /** Baidu: the subscribe-id the user authorised with the form. */
  subscribeId: z
    .string()
    .regex(/^[\w-]{1,64}$/, '订阅标识无效')
    .optional(),
})

/**
 * NAV alerts as subscription messages (issue #25): GET /nav-alerts/messages?platform= says the
 * template to authorise and how many authorisations are left; POST records one more (the user
 * accepted the template) with the platform's login code. Without a template alerts stay in 消息.
 */
export const alertRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, config } = app
  app.get(
    '/messages',
    { config: { needsUser: true }, schema: { querystring: z.object({ platform }), response: answers(alertMessagesAnswer, 400, 401) } },
    async (req) =>
      ok({
        templateId: alertTemplateOf(config, req.query.platform) || null,
        remaining: await remainingOf(database, req.userId, req.query.platform),
      }),
  )
  app.post(
    '/messages',
    { config: { needsUser: true }, schema: { body: authoriseBody, response: answers(alertMessagesAnswer, 400, 401, 502, 503) } },
    async (req) => {
      const { platform: p, code, subscribeId } = req.body
      const templateId = alertTemplateOf(config, p)
      if (!templateId) throw httpError.serviceUnavailable('净值提醒消息暂未开放，提醒会在「消息」里显示')
      if (p === 'swan' && !subscribeId) throw httpError.badRequest('缺少订阅标识（subscribeId）')
      let recipient: string | null
      try {
        recipient = await recipientOf(config, p, code)
      } catch (err) {
        if (!(err instanceof HostUnavailable)) throw err
        req.log.warn({ err: err.message, platform: p }, 'NAV alerts: login code exchange failed')
        throw httpError.badGateway('订阅服务暂不可用，请稍后再试')
      }
      if (!recipient) throw httpError.badRequest('登录凭证无效，请重新授权')
      const remaining = await authorise(database, {
        userId: req.userId,
        platform: p,
        recipient,
        subscribeId: p === 'swan' ? subscribeId! : null,
      })
      return ok({ templateId, remaining })
    },
  )
}
