import type { FragmentElement, KeyValue, Resolvers, WidgetElement } from '../../generated/resolvers'
import type { GraphQLContext as Ctx } from '../context'
import { optionalUser } from '../graphql/context'
import { connection, readPage, type PageArgs } from '../paging'
import * as content from './data'

type Paged = { page?: PageArgs | null }

export const contentResolvers: Resolvers = {
  Query: {
    article: (_: unknown, { articleId }: { articleId: string }, ctx: Ctx) => content.article(ctx.database, articleId, optionalUser(ctx)),
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
