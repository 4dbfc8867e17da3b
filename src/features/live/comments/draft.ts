import { expiringStorage } from '@/services/storage'
import type { ExpiringStorage } from '@/utils/expiringStorage'

/** A comment being written is kept this long (across the login page, on H5 across page loads). */
export const DRAFT_TTL_MS = 24 * 3_600_000

const key = (liveId: string) => `live_comment_draft:${liveId}`

/** The comment the user was writing on this stream ('' when none). */
export function readDraft(liveId: string, storage: ExpiringStorage = expiringStorage): string {
  const text = storage.get<string>(key(liveId))
  return typeof text === 'string' ? text : ''
}

/** Keeps what the user has written so far (an empty text forgets it). */
export function keepDraft(liveId: string, text: string, storage: ExpiringStorage = expiringStorage): void {
  if (text) storage.set(key(liveId), text, DRAFT_TTL_MS)
  else storage.remove(key(liveId))
}
