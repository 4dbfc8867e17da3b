import type { FragmentElement, KeyValue, Resolvers, WidgetElement } from '../../generated/resolvers'
import type { RestAd } from '@alfa/common/api'
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

/**
 * The configuration entries, read once per request however many widgets, fragments and configs it
 * asks, in the statement of the site content asked beside them (content.loadSiteContent).
 */
const kv = async (ctx: Ctx) => ((await ctx.siteContent(content.siteKeys.kv)) ?? []) as content.KvRows

export const contentResolvers: Resolvers = {
  Query: {
    article: (_: unknown, { articleId }: { articleId: string }, ctx: Ctx) =>
      content.article(ctx.database, articleIdOf(articleId), optionalUser(ctx)),
    allColumns: async (_: unknown, __: unknown, ctx: Ctx) =>
      ((await ctx.siteContent(content.siteKeys.columns)) ?? []) as content.ColumnRow[],
    column: (_: unknown, { columnId }: { columnId: string }, ctx: Ctx) => content.column(ctx.database, columnId),
    course: (_: unknown, { courseId }: { courseId: string }, ctx: Ctx) => content.course(ctx.database, courseId),
    // Ads of every code the request asks are read in one statement with its other site content (the home page asks two codes).
    ads: async (_: unknown, { recCodes, displayName }: { recCodes: string[]; displayName?: string | null }, ctx: Ctx) =>
      displayName != null
        ? content.ads(ctx.database, recCodes, displayName)
        : (await Promise.all([...new Set(recCodes)].sort().map((c) => ctx.siteContent(content.siteKeys.ads(c))))).flatMap(
            (list) => (list ?? []) as RestAd[],
          ),
    widget: async (_: unknown, { key }: { key: string }, ctx: Ctx) => content.kvConfigIn<WidgetElement>(await kv(ctx), 'widget', key),
    fragment: async (_: unknown, { key }: { key: string }, ctx: Ctx) => content.kvConfigIn<FragmentElement>(await kv(ctx), 'fragment', key),
    config: async (_: unknown, { key }: { key: string }, ctx: Ctx) => content.kvConfigIn<KeyValue>(await kv(ctx), 'config', key),
    fundIntroConfig: async (_: unknown, { key }: { key: string }, ctx: Ctx) =>
      content.kvConfigIn<FragmentElement>(await kv(ctx), 'fundIntro', key),
    keyValue: async (_: unknown, { key }: { key: string }, ctx: Ctx) => content.keyValueIn(await kv(ctx), key),
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
      // Batched: the home page's first article of every column is one statement (content.loadColumnArticles).
      const page = await ctx.columnArticles(content.columnArticlesKey(c.columnId, optionalUser(ctx), offset, size))
      return connection(page?.rows ?? [], page?.totalCount ?? 0, offset)
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
