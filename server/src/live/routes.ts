import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { liveComment, liveCommentsAnswer } from '@alfa/common/apiSchema'
import { answers, failure, HttpError, httpError, ok } from '../http'
import { CommentRateLimited, MAX_COMMENT_LENGTH } from './hub'
import { readPage } from '../paging'
import { attachLiveSocket } from './socket'
import { ConnectionLimiter } from './connections'
import { ContentBanned } from './moderation'

export const SSE_HEARTBEAT_MS = 25_000

/** Live comments: list, post, and a server-sent-events stream of new comments. */
const liveParams = z.object({ liveId: z.string().min(1).max(64) })
/** A page of comments: the cursor from pageInfo and a size, read as an offset (a bad cursor is a 400 naming it). */
const commentsQuery = z
  .object({ cursor: z.string().optional(), size: z.coerce.number().int().min(1).max(100).default(20) })
  .transform((q, ctx) => {
    try {
      return readPage(q, 20)
    } catch (err) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: (err as Error).message })
      return z.NEVER
    }
  })
const commentBody = z.object({
  content: z
    .string()
    .refine((s) => s.trim().length > 0, 'content must not be empty')
    .pipe(z.string().max(MAX_COMMENT_LENGTH)),
})

export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  const { live, config } = app
  // SSE streams and WebSockets share the caps.
  const limiter = new ConnectionLimiter({
    perAddress: config.LIVE_MAX_PER_ADDRESS,
    total: config.LIVE_MAX_CONNECTIONS,
    maxLifetimeMs: config.LIVE_MAX_LIFETIME_S * 1000,
  })
  const acceptSocket = attachLiveSocket(app, live, limiter)
  // Open streams are ended before the server closes, or close() would wait for them.
  const open = new Set<() => void>()
  app.addHook('preClose', async () => {
    for (const end of [...open]) end()
  })

  const noStream = () => httpError.notFound('直播不存在')
  const listAnswers = answers(liveCommentsAnswer, 400, 404)
  app.get('/:liveId/comments', { schema: { params: liveParams, querystring: commentsQuery, response: listAnswers } }, async (req) => {
    const { params: p, query: page } = req
    if (!(await live.streamExists(p.liveId))) throw noStream()
    const { rows, totalCount } = await live.list(p.liveId, page.offset, page.size)
    const next = page.offset + rows.length
    return ok({
      list: rows,
      totalCount,
      pageInfo: { hasMore: next < totalCount, cursor: next < totalCount ? Buffer.from(String(next)).toString('base64url') : null },
    })
  })

  const postAnswers = answers(liveComment, 400, 401, 404, 429)
  app.post(
    '/:liveId/comments',
    { config: { needsUser: true }, schema: { params: liveParams, body: commentBody, response: postAnswers } },
    async (req) => {
      const { params: p, body } = req
      if (!(await live.streamExists(p.liveId))) throw noStream()
      try {
        return ok(await live.post(p.liveId, req.userId, body.content))
      } catch (err) {
        if (err instanceof CommentRateLimited) throw httpError.tooManyRequests(err.message, err.retryAfter)
        if (err instanceof ContentBanned) throw new HttpError(400, err.message, { data: { reason: err.code } })
        throw err
      }
    },
  )

  /**
   * text/event-stream of new comments (`event: comment`, data is the comment JSON) and of comments
   * an operator removed (`event: removed`, data {liveId, commentId}, no id: the resume point stays
   * the last comment). EventSource
   * cannot set headers, so x-sign and x-broker may come as query parameters here.
   */
  const streamQuery = z.object({ lastEventId: z.unknown().optional() }).passthrough()
  // A stream's comments go out as events, not as one answer: only its refusals have a schema.
  const streamAnswers = { 400: failure(400), 404: failure(404), 429: failure(429) }
  app.get(
    '/:liveId/stream',
    { config: { signInQuery: true }, schema: { params: liveParams, querystring: streamQuery, response: streamAnswers } },
    async (req, reply) => {
      const p = req.params
      if (!(await live.streamExists(p.liveId))) throw noStream()
      const release = limiter.acquire(req.ip)
      if (typeof release !== 'function') throw httpError.tooManyRequests(release.refused)
      reply.hijack()
      const res = reply.raw
      // The slot comes back however the stream ends, even if the client left during the lookup above.
      res.once('close', release)
      if (res.destroyed || req.raw.socket.destroyed) return release()
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      })
      // A reconnecting EventSource sends Last-Event-ID: what it missed is replayed first.
      const lastId = (req.headers['last-event-id'] as string | undefined) ?? (req.query.lastEventId as string | undefined)
      const writable = () => !res.destroyed && !res.writableEnded
      const { unsubscribe, replayed } = live.follow(
        p.liveId,
        typeof lastId === 'string' ? lastId : undefined,
        (c) => {
          if (writable()) res.write(`id: ${c.commentId}\nevent: comment\ndata: ${JSON.stringify(c)}\n\n`)
        },
        (commentId) => {
          if (writable()) res.write(`event: removed\ndata: ${JSON.stringify({ liveId: p.liveId, commentId })}\n\n`)
        },
      )
      const heartbeat = setInterval(() => res.write(': ping\n\n'), SSE_HEARTBEAT_MS)
      // EventSource reconnects by itself (with Last-Event-ID), so a stream may end after its lifetime.
      const lifetime = setTimeout(() => end(), limiter.caps.maxLifetimeMs)
      const stop = () => {
        clearInterval(heartbeat)
        clearTimeout(lifetime)
        unsubscribe()
        open.delete(end)
        release()
      }
      const end = () => {
        stop()
        res.end()
      }
      open.add(end)
      res.once('close', stop)
      res.on('error', stop)
      await replayed
      if (!res.destroyed && !res.writableEnded) res.write(': connected\n\n')
    },
  )

  /** The WebSocket of new comments (socket.ts): an upgrade routed here is checked like the stream above. */
  app.get(
    '/:liveId/ws',
    {
      config: { signInQuery: true },
      schema: { params: liveParams, querystring: streamQuery, response: { ...streamAnswers, 426: failure(426), 503: failure(503) } },
    },
    acceptSocket,
  )
}
