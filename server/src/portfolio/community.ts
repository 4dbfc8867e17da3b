import { jsonBuildObject } from 'kysely/helpers/postgres'
import type { Database } from '../db'
import type { ContentType } from '../../generated/resolvers'
import { pageWithTotal, totalCount } from '../paging'

/** A portfolio's community content: pinned and timeline posts, its intro video, its investors' messages. */

export function pinnedPosts(database: Database, poCode: string) {
  return database.db
    .selectFrom('community_posts')
    .select((eb) => [
      'post_id as postId',
      'url',
      'title',
      'intro',
      jsonBuildObject({
        avatarUrl: eb.ref('author_avatar_url'),
        level: eb.ref('author_level'),
        nickname: eb.ref('posted_by'),
      }).as('postBy'),
      'contents',
    ])
    .where('po_code', '=', poCode)
    .where('kind', '=', 'pinned')
    .orderBy('posted_date', 'desc')
    .execute()
}

export function timelinePosts(database: Database, poCode: string, type: string | null | undefined, offset: number, size: number) {
  return pageWithTotal(
    (from, n) => {
      let q = database.db
        .selectFrom('community_posts')
        .select([
          'post_id as postId',
          'title',
          'url',
          'content_type as type',
          'posted_date as postedDate',
          'posted_by as postedBy',
          'cover_url as coverUrl',
          totalCount,
        ])
        .where('po_code', '=', poCode)
        .where('kind', '=', 'timeline')
      if (type != null) q = q.where('content_type', '=', type)
      return q
        .orderBy('posted_date', 'desc')
        .orderBy('post_id')
        .limit(n)
        .offset(from)
        .$narrowType<{ type: ContentType | null }>() // stored as the schema's enum value
        .execute()
    },
    offset,
    size,
  )
}

export async function introVideo(database: Database, poCode: string) {
  const row = await database.db
    .selectFrom('intro_videos')
    .select([
      'video_id as videoId',
      'source_url as sourceUrl',
      'cover_url as coverUrl',
      'url',
      'comment_count as commentCount',
      'visit_count as visitCount',
    ])
    .where('po_code', '=', poCode)
    .executeTakeFirst()
  return row ?? null
}

export function investorMessages(database: Database, poCode: string) {
  return database.db
    .selectFrom('investor_messages')
    .select(['id', 'avatar', 'content', 'like_num as likeNum', 'nick_name as nickName', 'user_days as userDays'])
    .where('po_code', '=', poCode)
    .orderBy('like_num', 'desc')
    .orderBy('id')
    .execute()
}
