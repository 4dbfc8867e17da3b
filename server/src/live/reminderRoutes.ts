import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { liveReminderAnswer, reminderState as reminderStateSchema } from '@alfa/common/apiSchema'
import { answers, httpError, ok } from '../http'
import { HostUnavailable } from '../account/hosts'
import { streamForReminder } from './streams'
import { recipientOf, reminderState, subscribe, templateIdOf, unsubscribe } from './subscriptions'

const params = z.object({ liveId: z.string().min(1).max(64) })
const subscribeBody = z.object({
  platform: z.enum(['weapp', 'swan'], { errorMap: () => ({ message: '开播提醒只支持微信和百度小程序' }) }),
  /** A fresh one-time login code of the platform (wx.login, swan.getLoginCode): whose openid gets the reminder. */
  code: z.string({ required_error: '缺少登录凭证' }).min(1, '缺少登录凭证').max(200, '登录凭证无效'),
  /** Baidu: the subscribe-id the user authorised with the form (its template message is sent under it). */
  subscribeId: z
    .string()
    .regex(/^[\w-]{1,64}$/, '订阅标识无效')
    .optional(),
})

/** The user when the request carries a valid token, null for an anonymous one; a 401 for a bad token. */
async function optionalUser(req: FastifyRequest): Promise<string | null> {
  const auth = await req.auth()
  if (auth.status === 'none') return null
  if (auth.status === 'valid') return auth.userId
  throw httpError.unauthorized('登录已失效，请重新登录')
}

/**
 * Start reminders of a 预告 stream (live message authorization, spec section 2):
 * GET /live/{liveId}/reminder (the user's state when logged in), POST to subscribe with the
 * platform's login code, DELETE to cancel. The template ids come from the configuration.
 */
export const reminderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, config } = app
  const templates = {
    weapp: templateIdOf(config, 'weapp') || null,
    swan: templateIdOf(config, 'swan') || null,
  }
  const noStream = () => httpError.notFound('直播不存在')

  app.get('/:liveId/reminder', { schema: { params, response: answers(liveReminderAnswer, 400, 401, 404) } }, async (req) => {
    const userId = await optionalUser(req)
    const stream = await streamForReminder(database, req.params.liveId)
    if (!stream) throw noStream()
    const state = userId ? await reminderState(database, userId, stream.liveId) : null
    return ok({
      liveId: stream.liveId,
      title: stream.title,
      presenter: stream.presenter,
      status: stream.status,
      startsAt: new Date(stream.startsAt).toISOString(),
      subscribed: state?.state === 'pending' || state?.state === 'sent',
      templates,
    })
  })

  app.post(
    '/:liveId/reminder',
    {
      config: { needsUser: true },
      schema: { params, body: subscribeBody, response: answers(reminderStateSchema, 400, 401, 404, 409, 502, 503) },
    },
    async (req) => {
      const { liveId } = req.params
      const { platform, code, subscribeId } = req.body
      if (platform === 'swan' && !subscribeId) throw httpError.badRequest('缺少订阅标识（subscribeId）')
      const stream = await streamForReminder(database, liveId)
      if (!stream) throw noStream()
      if (stream.status !== 'UPCOMING') throw httpError.conflict('直播已开始或已结束，无需开播提醒')
      if (!templates[platform]) throw httpError.serviceUnavailable('开播提醒暂未开放')
      let recipient: string | null
      try {
        recipient = await recipientOf(config, platform, code)
      } catch (err) {
        if (!(err instanceof HostUnavailable)) throw err
        req.log.warn({ err: err.message, platform }, 'reminder: login code exchange failed')
        throw httpError.badGateway('订阅服务暂不可用，请稍后再试')
      }
      if (!recipient) throw httpError.badRequest('登录凭证无效，请重新订阅')
      await subscribe(database, { userId: req.userId, liveId, platform, recipient, subscribeId: platform === 'swan' ? subscribeId! : null })
      return ok({ subscribed: true })
    },
  )

  app.delete(
    '/:liveId/reminder',
    { config: { needsUser: true }, schema: { params, response: answers(reminderStateSchema, 400, 401) } },
    async (req) => {
      await unsubscribe(database, req.userId, req.params.liveId)
      return ok({ subscribed: false })
    },
  )
}
