import type { GraphQLContext as Ctx } from '../context'
import { requireUser } from '../graphql/context'
import { badInput } from '../graphql/errors'
import { connection, readPage, type PageArgs } from '../paging'
import { CommentRateLimited, MAX_COMMENT_LENGTH } from './hub'
import { liveStream, liveStreams } from './data'
import { COMMENT_ID, commentById } from './comments'
import { ContentBanned } from './moderation'
import { playbackUrl } from './streams'
import type { Resolvers } from '../../generated/resolvers'

export const liveResolvers: Resolvers = {
  Query: {
    liveStreams: (_: unknown, __: unknown, ctx: Ctx) => liveStreams(ctx.database),
    liveStream: (_: unknown, { liveId }: { liveId: string }, ctx: Ctx) => liveStream(ctx.database, liveId),
    liveComment: (_: unknown, { commentId }: { commentId: string }, ctx: Ctx) => {
      if (!COMMENT_ID.test(commentId)) throw badInput('评论编号应为数字')
      return commentById(ctx.database, commentId)
    },
  },
  Mutation: {
    postLiveComment: async (_: unknown, { liveId, content: text }: { liveId: string; content: string }, ctx: Ctx) => {
      const userId = requireUser(ctx)
      const trimmed = String(text)
      if (!trimmed.trim() || trimmed.length > MAX_COMMENT_LENGTH)
        return { comment: null, error: { code: 'ContetnPostInvalid', msg: `评论内容需为1到${MAX_COMMENT_LENGTH}个字`, detail: null } }
      if (!(await ctx.live.streamExists(liveId)))
        return { comment: null, error: { code: 'LIVE_NOT_FOUND', msg: '直播不存在', detail: liveId } }
      try {
        return { comment: await ctx.live.post(liveId, userId, trimmed), error: null }
      } catch (err) {
        if (err instanceof CommentRateLimited)
          return { comment: null, error: { code: 'RATE_LIMITED', msg: err.message, detail: String(err.retryAfter) } }
        if (err instanceof ContentBanned) return { comment: null, error: { code: err.code, msg: err.message, detail: null } }
        throw err
      }
    },
  },
  LiveStream: {
    playbackUrl: (l: { liveId: string }, _: unknown, ctx: Ctx) =>
      ctx.memo(`playbackUrl:${l.liveId}`, () => playbackUrl(ctx.database, l.liveId)),
    comments: async (l: { liveId: string }, args: { page?: PageArgs | null }, ctx: Ctx) => {
      const { offset, size } = readPage(args.page, 20)
      const { rows, totalCount } = await ctx.live.list(l.liveId, offset, size)
      return connection(rows, totalCount, offset)
    },
  },
  LiveComment: {
    stream: async (c, _: unknown, ctx: Ctx) => {
      const stream = c.liveId ? await ctx.memo(`liveStream:${c.liveId}`, () => liveStream(ctx.database, c.liveId!)) : null
      if (!stream) throw new Error(`live comment ${c.commentId ?? ''} has no stream ${c.liveId ?? ''}`)
      return stream
    },
  },
}
