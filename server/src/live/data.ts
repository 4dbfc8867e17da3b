import type { ExpressionBuilder, Selection } from 'kysely'
import type { Database } from '../db'
import type { DB } from '../db/schema'
import { pageWithTotal, totalCount } from '../paging'

/** A comment's fields; its id (a BIGSERIAL) as text, exact however large. */
const commentFields = (eb: ExpressionBuilder<DB, 'live_comments'>) =>
  [eb.cast<string>('comment_id', 'text').as('commentId'), 'live_id as liveId', 'nickname', 'content', 'created_at as createdAt'] as const

/** A comment as stored. */
export type LiveCommentRow = Selection<DB, 'live_comments', ReturnType<typeof commentFields>[number]>

/** A comment as viewers receive it (through NOTIFY, SSE and the socket its time is ISO text). */
export type LiveComment = Omit<LiveCommentRow, 'createdAt'> & { createdAt: string }

const STREAM_FIELDS = [
  'live_id as liveId',
  'title',
  'cover_url as coverUrl',
  'presenter',
  'description',
  'status',
  'starts_at as startsAt',
] as const

/** A live stream as the schema's LiveStream (its comments are paged separately). */
export type LiveStreamRow = Selection<DB, 'live_streams', (typeof STREAM_FIELDS)[number]>

export async function liveStreams(database: Database): Promise<LiveStreamRow[]> {
  return database.db.selectFrom('live_streams').select(STREAM_FIELDS).orderBy('starts_at', 'desc').execute()
}

export async function liveStream(database: Database, liveId: string): Promise<LiveStreamRow | null> {
  const row = await database.db.selectFrom('live_streams').select(STREAM_FIELDS).where('live_id', '=', liveId).executeTakeFirst()
  return row ?? null
}

export async function streamExists(database: Database, liveId: string): Promise<boolean> {
  const row = await database.db.selectFrom('live_streams').select('live_id').where('live_id', '=', liveId).executeTakeFirst()
  return row !== undefined
}

/** Stores a comment under the user's nickname; undefined when the user does not exist. */
export async function insertComment(
  database: Database,
  liveId: string,
  userId: string,
  content: string,
): Promise<LiveCommentRow | undefined> {
  return database.db
    .insertInto('live_comments')
    .columns(['live_id', 'user_id', 'nickname', 'content'])
    .expression((eb) =>
      eb
        .selectFrom('users as u')
        .select([eb.val(liveId).as('live_id'), 'u.user_id', 'u.nickname', eb.val(content).as('content')])
        .where('u.user_id', '=', userId),
    )
    .returning(commentFields)
    .executeTakeFirst()
}

/** Comments after a given id, oldest first. */
export async function commentsSince(database: Database, liveId: string, afterId: string, limit: number): Promise<LiveCommentRow[]> {
  return database.db
    .selectFrom('live_comments')
    .select(commentFields)
    .where('live_id', '=', liveId)
    .where('comment_id', '>', (eb) => eb.cast<number>(eb.val(afterId), 'bigint'))
    .orderBy('comment_id')
    .limit(limit)
    .execute()
}

/** The highest comment id of any stream ('0' when there are none). */
export async function latestCommentId(database: Database): Promise<bigint> {
  const row = await database.db
    .selectFrom('live_comments')
    .select((eb) => eb.cast<string>(eb.fn.coalesce(eb.fn.max('comment_id'), eb.lit(0)), 'text').as('id'))
    .executeTakeFirst()
  return BigInt(row?.id ?? '0')
}

/** A page of comments, newest first. */
export function commentPage(database: Database, liveId: string, offset: number, size: number) {
  return pageWithTotal(
    (from, n) =>
      database.db
        .selectFrom('live_comments')
        .select((eb) => [...commentFields(eb), totalCount])
        .where('live_id', '=', liveId)
        .orderBy('comment_id', 'desc')
        .limit(n)
        .offset(from)
        .execute(),
    offset,
    size,
  )
}
