import { sql } from 'kysely'
import type { Database } from '../db'
import type { LiveComment } from './data'

/** A comment id as the database holds it (bigserial): anything else names no comment. */
export const COMMENT_ID = /^[1-9]\d{0,17}$/

/** The id as a bigint parameter: ids beyond 2^53 stay exact (a JS number would round them). */
const asBigint = (commentId: string) => sql<number>`cast(${commentId} as bigint)`

/** One comment, or null when there is none (or the id cannot be one). */
export async function commentById(database: Database, commentId: string): Promise<LiveComment | null> {
  if (!COMMENT_ID.test(commentId)) return null
  const row = await database.db
    .selectFrom('live_comments')
    .select(['live_id as liveId', 'nickname', 'content', 'created_at as createdAt'])
    .select((eb) => eb.cast<string>('comment_id', 'text').as('commentId'))
    .where('comment_id', '=', asBigint(commentId))
    .executeTakeFirst()
  return row ? { ...row, createdAt: new Date(row.createdAt).toISOString() } : null
}

/** Deletes a comment; the stream it was on, or null when there was no such comment. */
export async function deleteComment(database: Database, commentId: string): Promise<string | null> {
  if (!COMMENT_ID.test(commentId)) return null
  const row = await database.db
    .deleteFrom('live_comments')
    .where('comment_id', '=', asBigint(commentId))
    .returning('live_id')
    .executeTakeFirst()
  return row?.live_id ?? null
}
