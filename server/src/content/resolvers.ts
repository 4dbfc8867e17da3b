import type { FragmentElement, KeyValue, Resolvers, WidgetElement } from '../../generated/resolvers'
import type { GraphQLContext as Ctx } from '../context'
import { optionalUser, requireUser } from '../graphql/context'
import { badInput } from '../graphql/errors'
import { connection, readPage, type PageArgs } from '../paging'
import * as content from './data'
import { servedBody } from './sanitize'

/** Article ids are short codes: anything else is refused before the database is asked. */
const MAX_ARTICLE_ID = 64

function articleIdOf(articleId: string): string {
  const id = articleId.trim()
  if (!id || id.length > MAX_ARTICLE_ID) throw badInput(`文章编号无效：应为 1–${MAX_ARTICLE_ID} 个字符`)
  return id
}

type Paged = { page?: PageArgs | null }

export const contentResolvers: Resolvers = {
  Query: {
    article: (_: unknown, { articleId }: { articleId: string }, ctx: Ctx) =>
      content.article(ctx.database, articleIdOf(articleId), optionalUser(ctx)),
    allColumns: (_: unknown, __: unknown, ctx: Ctx) => content.columns(ctx.database),
    column: (_: unknown, { columnId }: { columnId: string }, ctx: Ctx) => content.column(ctx.database, columnId),
    course: (_: unknown, { courseId }: { courseId: string }, ctx: Ctx) => content.course(ctx.database, courseId),
    ads: (_: unknown, { recCodes, displayName }: { recCodes: string[]; displayName?: string | null }, ctx: Ctx) =>
      content.ads(ctx.database, recCodes, displayName),
    widget: (_: unknown, { key }: { key: string }, ctx: Ctx) => content.kvConfig<WidgetElement>(ctx.database, 'widget', key),
    fragment: (_: unknown, { key }: { key: string }, ctx: Ctx) => content.kvConfig<FragmentElement>(ctx.database, 'fragment', key),
    config: (_: unknown, { key }: { key: string }, ctx: Ctx) => content.kvConfig<KeyValue>(ctx.database, 'config', key),
    fundIntroConfig: (_: unknown, { key }: { key: string }, ctx: Ctx) => content.kvConfig<FragmentElement>(ctx.database, 'fundIntro', key),
    keyValue: (_: unknown, { key }: { key: string }, ctx: Ctx) => content.keyValue(ctx.database, key),
  },
  Mutation: {
    markArticleRead: async (_, { articleId }, ctx) => {
      const userId = requireUser(ctx)
      const id = articleIdOf(articleId)
      if (!(await content.markRead(ctx.database, userId, id))) throw badInput(`文章不存在：${id}`)
      return { articleId: id, isRead: true }
    },
  },
  Article: {
    // The stored HTML is sanitised again on the way out (defence in depth), once for both fields.
    body: (a) => servedBody(a.content ?? '').body,
    content: (a) => servedBody(a.content ?? '').html,
    column: (a, _, ctx) => (a.columnId ? content.column(ctx.database, a.columnId) : null),
  },
  Column: {
    articles: async (c: { columnId: string }, args: Paged, ctx: Ctx) => {
      const { offset, size } = readPage(args.page)
      const { rows, totalCount } = await content.columnArticles(ctx.database, c.columnId, optionalUser(ctx), offset, size)
      return connection(rows, totalCount, offset)
    },
  },
  Course: {
    lessons: async (c, args: Paged, ctx) => {
      const { offset, size } = readPage(args.page)
      const { rows, totalCount } = await content.lessons(ctx.database, c.courseId, offset, size)
      return connection(rows, totalCount, offset)
    },
  },
}
