import type { Database } from '../db'

/** The statuses of a stream (the spec's 预告 / 直播中 / 回放), in the order a stream goes through them. */
export const STREAM_STATUSES = ['UPCOMING', 'LIVE', 'REPLAY'] as const
export type StreamStatus = (typeof STREAM_STATUSES)[number]

/** The video of a stream (null: none, the cover is shown). */
export async function playbackUrl(database: Database, liveId: string): Promise<string | null> {
  const row = await database.db.selectFrom('live_streams').select('playback_url').where('live_id', '=', liveId).executeTakeFirst()
  return row?.playback_url ?? null
}

export type Transition = { changed: true } | { changed: false; status: string | null }

/**
 * Moves a stream from `from` to `to` (an operator opening or closing it), setting its video when
 * given. Only a stream in `from` moves, so two operators racing change it once; otherwise the
 * answer says where the stream is (null: no such stream).
 */
export async function moveStream(
  database: Database,
  liveId: string,
  from: StreamStatus,
  to: StreamStatus,
  playback?: string | null,
): Promise<Transition> {
  const moved = await database.db
    .updateTable('live_streams')
    .set({ status: to, ...(playback !== undefined ? { playback_url: playback } : {}) })
    .where('live_id', '=', liveId)
    .where('status', '=', from)
    .returning('live_id')
    .executeTakeFirst()
  if (moved) return { changed: true }
  const row = await database.db.selectFrom('live_streams').select('status').where('live_id', '=', liveId).executeTakeFirst()
  return { changed: false, status: row?.status ?? null }
}

/** A stream's title, presenter, description and start, for a reminder's template fields. */
export async function streamForReminder(database: Database, liveId: string) {
  return database.db
    .selectFrom('live_streams')
    .select(['live_id as liveId', 'title', 'presenter', 'description', 'status', 'starts_at as startsAt'])
    .where('live_id', '=', liveId)
    .executeTakeFirst()
}
