import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { operatorMoveAnswer, operatorRemoveAnswer } from '@alfa/common/apiSchema'
import { answers, httpError, ok } from '../http'
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
export const operatorRoutes: FastifyPluginAsyncZod<{ reminders: ReminderScheduler }> = async (app, { reminders }) => {
  const { database, live, config } = app
  const expected = config.OPERATOR_TOKEN ? digest(config.OPERATOR_TOKEN) : null

  app.addHook('onRequest', async (req) => {
    if (!expected) throw httpError.forbidden('运营接口未开启（服务器未设置 OPERATOR_TOKEN）')
    const given = req.headers[OPERATOR_HEADER]
    if (typeof given !== 'string' || !given || !timingSafeEqual(digest(given), expected))
      throw httpError.unauthorized('运营令牌无效（x-operator-token）')
  })

  const signExempt = { signExempt: true }
  const moveSchema = { params: liveParams, body: moveBody, response: answers(operatorMoveAnswer, 400, 401, 403, 404, 409) }
  const move = (from: StreamStatus, to: StreamStatus) =>
    app.post('/live/:liveId/' + (to === 'LIVE' ? 'open' : 'close'), { config: signExempt, schema: moveSchema }, async (req) => {
      const { liveId } = req.params
      const moved = await moveStream(database, liveId, from, to, req.body?.playbackUrl)
      if (!moved.changed) {
        if (moved.status === null) throw httpError.notFound('直播不存在')
        throw httpError.conflict(
          `直播状态为${STATUS_NAMES[moved.status] ?? moved.status}，只有${STATUS_NAMES[from]}的直播可以改为${STATUS_NAMES[to]}`,
        )
      }
      req.log.info({ liveId, from, to }, 'operator moved a live stream')
      // Opened: its start reminders go out now rather than at the next round.
      if (to === 'LIVE') void reminders.kick()
      return ok({ liveId, status: to })
    })
  move('UPCOMING', 'LIVE')
  move('LIVE', 'REPLAY')

  app.delete(
    '/live/comments/:commentId',
    { config: signExempt, schema: { params: commentParams, response: answers(operatorRemoveAnswer, 400, 401, 403, 404) } },
    async (req) => {
      if (!(await live.remove(req.params.commentId))) throw httpError.notFound('评论不存在')
      req.log.info({ commentId: req.params.commentId }, 'operator removed a live comment')
      return ok({ commentId: req.params.commentId, removed: true as const })
    },
  )
}
