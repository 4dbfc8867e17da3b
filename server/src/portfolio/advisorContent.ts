import type { ExpressionBuilder } from 'kysely'
import type { Database } from '../db'
import type { DB } from '../db/schema'
import type { ContentType, Resolvers } from '../../generated/resolvers'
import { badInput } from '../graphql/errors'
import { connection, pageWithTotal, readPage, totalCount } from '../paging'
import { CONTENT_TYPE_NAMES } from '@alfa/common/labels'

/**
 * Advisor content without a strategy (/alfa/portfolio/advisor-content, issue 21): the advisor
 * reports and manager talks of every strategy the caller's brand may see, newest first, each with
 * the strategy it belongs to.
 */

/** The kinds of post the advisor-content screens list (the strategy's own screen has the same tabs). */
export const ADVISOR_CONTENT_TYPES: readonly ContentType[] = ['AdvisorReport', 'ManagerTalk']

/**
 * visibleOnBrand (portfolio/fields.ts) as a condition on `portfolios`: the brand's own and the
 * shared strategies, AP custom plans only on the main brand (0008). test/advisor-content.test.ts
 * checks that both say the same of every strategy.
 */
export function visibleOnBrandWhere(broker: string) {
  return (eb: ExpressionBuilder<DB, 'portfolios'>) =>
    eb.and([
      eb.or([eb('portfolios.brand', '=', 'all'), eb('portfolios.brand', '=', broker)]),
      ...(broker === '0008' ? [] : [eb('portfolios.po_code', 'not like', 'AP%')]),
    ])
}

/** A page of advisor content of one type (or both), newest first, and its total. */
export function advisorContent(database: Database, broker: string, type: ContentType | null, offset: number, size: number) {
  return pageWithTotal(
    (from, n) =>
      database.db
        .selectFrom('community_posts')
        .innerJoin('portfolios', 'portfolios.po_code', 'community_posts.po_code')
        .select([
          'community_posts.post_id as postId',
          'community_posts.title',
          'community_posts.url',
          'community_posts.content_type as type',
          'community_posts.posted_date as postedDate',
          'community_posts.posted_by as postedBy',
          'community_posts.cover_url as coverUrl',
          'portfolios.po_code as poCode',
          'portfolios.po_name as poName',
          totalCount,
        ])
        .where('community_posts.kind', '=', 'timeline')
        .where('community_posts.content_type', 'in', type ? [type] : [...ADVISOR_CONTENT_TYPES])
        .where(visibleOnBrandWhere(broker))
        .orderBy('community_posts.posted_date', 'desc')
        .orderBy('community_posts.post_id')
        .limit(n)
        .offset(from)
        .$narrowType<{ type: ContentType }>() // stored as the schema's enum value
        .execute(),
    offset,
    size,
  )
}

export const advisorContentResolvers: Resolvers = {
  Query: {
    advisorContent: async (_, args, ctx) => {
      const type = args.type ?? null
      if (type !== null && !ADVISOR_CONTENT_TYPES.includes(type))
        throw badInput(
          `投顾内容只有${ADVISOR_CONTENT_TYPES.map((t) => CONTENT_TYPE_NAMES[t]).join('和')}两类，没有${CONTENT_TYPE_NAMES[type]}`,
        )
      const { offset, size } = readPage(args.page)
      const { rows, totalCount: total } = await advisorContent(ctx.database, ctx.broker, type, offset, size)
      return connection(rows, total, offset)
    },
  },
}
