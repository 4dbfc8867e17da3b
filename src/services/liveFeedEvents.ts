// What the live comment feed's transports hear and hand to services/liveFeed.ts.

/** A comment as the server sends it. */
export interface FeedComment {
  commentId: string
  liveId: string
  nickname: string
  content: string
  createdAt: string
}

/** What a connection hears: a comment, a comment an operator removed, or that the connection is up. */
export type FeedEvent = { type: 'comment'; comment: FeedComment } | { type: 'removed'; commentId: string } | { type: 'ready' }

/** What a transport tells the feed about its one connection. */
export interface FeedHandlers {
  /** The connection is up (the server will send what came after the asked id). */
  onOpen(): void
  onEvent(event: FeedEvent): void
  /** The connection is gone (or never came up); the feed opens another. */
  onDrop(reason: string): void
}

/** One connection: `close` ends it for good (no handler is called after it). */
export interface FeedConnection {
  close(): void
}

/** Opens a connection to a stream's comments after `lastEventId` (null: only new ones). */
export type FeedTransport = (target: { liveId: string; lastEventId: string | null }, handlers: FeedHandlers) => FeedConnection

export const isCommentId = (id: unknown): id is string => typeof id === 'string' && /^\d{1,19}$/.test(id)

/** Reads one message's JSON as a feed event (null: not one of ours). */
export function parseFeedEvent(data: unknown): FeedEvent | null {
  let value: unknown = data
  if (typeof data === 'string') {
    try {
      value = JSON.parse(data)
    } catch {
      return null
    }
  }
  if (!value || typeof value !== 'object') return null
  const v = value as { type?: unknown; comment?: unknown; commentId?: unknown }
  if (v.type === 'ready') return { type: 'ready' }
  if (v.type === 'removed' && isCommentId(v.commentId)) return { type: 'removed', commentId: v.commentId }
  if (v.type === 'comment' && v.comment && typeof v.comment === 'object') {
    const c = v.comment as Partial<FeedComment>
    if (isCommentId(c.commentId) && typeof c.liveId === 'string' && typeof c.content === 'string')
      return {
        type: 'comment',
        comment: {
          commentId: c.commentId,
          liveId: c.liveId,
          nickname: String(c.nickname ?? ''),
          content: c.content,
          createdAt: String(c.createdAt ?? ''),
        },
      }
  }
  return null
}
