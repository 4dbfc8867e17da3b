import type { Database } from '../db'
import { pageWithTotal } from '../paging'

/** A comment as viewers receive it. */
export interface LiveComment {
  commentId: string
  liveId: string
  nickname: string
  content: string
  createdAt: string
}

/** A live stream as the schema's LiveStream (its comments are paged separately). */
export interface LiveStreamRow {
  liveId: string
  title: string
  coverUrl: string | null
  presenter: string | null
  description: string | null
  status: string
  startsAt: Date
}

export async function liveStreams(database: Database) {
  return database.query<LiveStreamRow>(
    `select live_id as "liveId", title, cover_url as "coverUrl", presenter, description, status, starts_at as "startsAt" from live_streams order by starts_at desc`,
  )
}

export async function liveStream(database: Database, liveId: string) {
  const [row] = await database.query<LiveStreamRow>(
    `select live_id as "liveId", title, cover_url as "coverUrl", presenter, description, status, starts_at as "startsAt" from live_streams where live_id = $1`,
    [liveId],
  )
  return row ?? null
}

export async function streamExists(database: Database, liveId: string): Promise<boolean> {
  const rows = await database.query('select 1 from live_streams where live_id = $1', [liveId])
  return rows.length > 0
}

/** Stores a comment under the user's nickname; undefined when the user does not exist. */
export async function insertComment(database: Database, liveId: string, userId: string, content: string): Promise<LiveComment | undefined> {
  const [comment] = await database.query<LiveComment>(
    `insert into live_comments (live_id, user_id, nickname, content)
     select $1, u.user_id, u.nickname, $3 from users u where u.user_id = $2
     returning comment_id::text as "commentId", live_id as "liveId", nickname, content, created_at as "createdAt"`,
    [liveId, userId, content],
  )
  return comment
}

/** Comments after a given id, oldest first. */
export async function commentsSince(database: Database, liveId: string, afterId: string, limit: number): Promise<LiveComment[]> {
  return database.query<LiveComment>(
    `select comment_id::text as "commentId", live_id as "liveId", nickname, content, created_at as "createdAt"
     from live_comments where live_id = $1 and comment_id > $2::bigint order by comment_id limit $3`,
    [liveId, afterId, limit],
  )
}

/** The highest comment id of any stream ('0' when there are none). */
export async function latestCommentId(database: Database): Promise<bigint> {
  const [row] = await database.query<{ id: string }>(`select coalesce(max(comment_id), 0)::text as id from live_comments`)
  return BigInt(row?.id ?? '0')
}

/** A page of comments, newest first. */
export function commentPage(database: Database, liveId: string, offset: number, size: number) {
  return pageWithTotal(
    (from, n) =>
      database.query<LiveComment & { totalCount: number }>(
        `select comment_id::text as "commentId", live_id as "liveId", nickname, content, created_at as "createdAt", count(*) over ()::int as "totalCount"
     from live_comments where live_id = $1 order by comment_id desc limit $2 offset $3`,
        [liveId, n, from],
      ),
    offset,
    size,
  )
}
