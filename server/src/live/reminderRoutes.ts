import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Config } from '../config'
import type { Database } from '../db'
import { fail, ok } from '../http'
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

/** The answer of GET /live/{liveId}/reminder: the stream, the user's reminder and the templates the app subscribes with. */
export const reminderAnswer = z.object({
  liveId: z.string(),
  title: z.string(),
  presenter: z.string().nullable(),
  status: z.string(),
  startsAt: z.string(),
  subscribed: z.boolean(),
  templates: z.object({ weapp: z.string().nullable(), swan: z.string().nullable() }),
})

/**
 * Start reminders of a 预告 stream (live message authorization, spec section 2):
 * GET /live/{liveId}/reminder (the user's state when logged in), POST to subscribe with the
 * platform's login code, DELETE to cancel. The template ids come from the configuration.
 */
export async function reminderRoutes(fastify: FastifyInstance, { database, config }: { database: Database; config: Config }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const templates = {
    weapp: templateIdOf(config, 'weapp') || null,
    swan: templateIdOf(config, 'swan') || null,
  }

  /** The user when the request carries a valid token, null for an anonymous one; undefined when answered 401. */
  async function optionalUser(req: FastifyRequest, reply: FastifyReply): Promise<string | null | undefined> {
    const auth = await req.auth()
    if (auth.status === 'none') return null
    if (auth.status === 'valid') return auth.userId
    fail(reply, 401, '登录已失效，请重新登录')
    return undefined
  }

  app.get('/:liveId/reminder', { schema: { params } }, async (req, reply) => {
    const userId = await optionalUser(req, reply)
    if (userId === undefined) return reply
    const stream = await streamForReminder(database, req.params.liveId)
    if (!stream) return fail(reply, 404, '直播不存在')
    const state = userId ? await reminderState(database, userId, stream.liveId) : null
    return ok(
      reminderAnswer.parse({
        liveId: stream.liveId,
        title: stream.title,
        presenter: stream.presenter,
        status: stream.status,
        startsAt: new Date(stream.startsAt).toISOString(),
        subscribed: state?.state === 'pending' || state?.state === 'sent',
        templates,
      }),
    )
  })

  app.post('/:liveId/reminder', { config: { needsUser: true }, schema: { params, body: subscribeBody } }, async (req, reply) => {
    const { liveId } = req.params
    const { platform, code, subscribeId } = req.body
    if (platform === 'swan' && !subscribeId) return fail(reply, 400, '缺少订阅标识（subscribeId）')
    const stream = await streamForReminder(database, liveId)
    if (!stream) return fail(reply, 404, '直播不存在')
    if (stream.status !== 'UPCOMING') return fail(reply, 409, '直播已开始或已结束，无需开播提醒')
    if (!templates[platform]) return fail(reply, 503, '开播提醒暂未开放')
    let recipient: string | null
    try {
      recipient = await recipientOf(config, platform, code)
    } catch (err) {
      if (!(err instanceof HostUnavailable)) throw err
      req.log.warn({ err: err.message, platform }, 'reminder: login code exchange failed')
      return fail(reply, 502, '订阅服务暂不可用，请稍后再试')
    }
    if (!recipient) return fail(reply, 400, '登录凭证无效，请重新订阅')
    await subscribe(database, { userId: req.userId, liveId, platform, recipient, subscribeId: platform === 'swan' ? subscribeId! : null })
    return ok({ subscribed: true })
  })

  app.delete('/:liveId/reminder', { config: { needsUser: true }, schema: { params } }, async (req) => {
    await unsubscribe(database, req.userId, req.params.liveId)
    return ok({ subscribed: false })
  })
}
