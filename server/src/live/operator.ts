import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Config } from '../config'
import type { Database } from '../db'
import { fail, ok } from '../http'
import type { LiveHub } from './hub'
import type { ReminderScheduler } from './reminders'
import { moveStream, type StreamStatus } from './streams'

/** The header that carries the operator token. */
export const OPERATOR_HEADER = 'x-operator-token'

const STATUS_NAMES: Record<string, string> = { UPCOMING: '预告', LIVE: '直播中', REPLAY: '回放' }

const liveParams = z.object({ liveId: z.string().min(1).max(64) })
const commentParams = z.object({ commentId: z.string().regex(/^[1-9]\d{0,17}$/, '评论编号应为数字') })
const moveBody = z
  .object({
    /** The stream's video from now on (the live feed when opening, the recording when closing); null removes it. */
    playbackUrl: z
      .string()
      .url('playbackUrl 应为 https 地址')
      .max(1000)
      .startsWith('https://', 'playbackUrl 应为 https 地址')
      .nullable()
      .optional(),
  })
  .strict()

const digest = (s: string) => createHash('sha256').update(s).digest()

/**
 * The operator API (issue #21): open a 预告 stream (→ 直播中, and its start reminders go out),
 * close a live one (→ 回放), remove a comment (viewers are told at once and lists drop it).
 * Authenticated by OPERATOR_TOKEN in the x-operator-token header, compared in constant time;
 * without the setting the API is off in every mode (403). It is for operators' scripts, so it takes
 * no x-sign or x-broker.
 */
export async function operatorRoutes(
  fastify: FastifyInstance,
  { database, live, config, reminders }: { database: Database; live: LiveHub; config: Config; reminders: ReminderScheduler },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const expected = config.OPERATOR_TOKEN ? digest(config.OPERATOR_TOKEN) : null

  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    if (!expected) return fail(reply, 403, '运营接口未开启（服务器未设置 OPERATOR_TOKEN）')
    const given = req.headers[OPERATOR_HEADER]
    if (typeof given !== 'string' || !given || !timingSafeEqual(digest(given), expected))
      return fail(reply, 401, '运营令牌无效（x-operator-token）')
  })

  const move = (from: StreamStatus, to: StreamStatus) =>
    async function (req: FastifyRequest<{ Params: z.infer<typeof liveParams>; Body: z.infer<typeof moveBody> }>, reply: FastifyReply) {
      const { liveId } = req.params
      const moved = await moveStream(database, liveId, from, to, req.body?.playbackUrl)
      if (!moved.changed) {
        if (moved.status === null) return fail(reply, 404, '直播不存在')
        return fail(
          reply,
          409,
          `直播状态为${STATUS_NAMES[moved.status] ?? moved.status}，只有${STATUS_NAMES[from]}的直播可以改为${STATUS_NAMES[to]}`,
        )
      }
      req.log.info({ liveId, from, to }, 'operator moved a live stream')
      // Opened: its start reminders go out now rather than at the next round.
      if (to === 'LIVE') void reminders.kick()
      return ok({ liveId, status: to })
    }

  const signExempt = { signExempt: true }
  app.post('/live/:liveId/open', { config: signExempt, schema: { params: liveParams, body: moveBody } }, move('UPCOMING', 'LIVE'))
  app.post('/live/:liveId/close', { config: signExempt, schema: { params: liveParams, body: moveBody } }, move('LIVE', 'REPLAY'))

  app.delete('/live/comments/:commentId', { config: signExempt, schema: { params: commentParams } }, async (req, reply) => {
    if (!(await live.remove(req.params.commentId))) return fail(reply, 404, '评论不存在')
    req.log.info({ commentId: req.params.commentId }, 'operator removed a live comment')
    return ok({ commentId: req.params.commentId, removed: true })
  })
}
