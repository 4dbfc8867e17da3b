import { EventEmitter } from 'node:events'
import type { Database } from '../db'
import { hit } from '../ratelimit'
import { commentPage, commentsSince, insertComment, streamExists, type LiveComment } from './data'

export type { LiveComment }

/** A user posted more comments in a minute than allowed. */
export class CommentRateLimited extends Error {
  constructor(readonly retryAfter: number) {
    super('评论太频繁，请稍后再试')
  }
}

export const LIVE_CHANNEL = 'live_comments'
export const MAX_COMMENT_LENGTH = 500

/**
 * Real-time fan-out of live comments. A posted comment is stored, then announced with
 * pg_notify; every instance LISTENs and forwards it to its own viewers (SSE or WebSocket), so
 * with PostgreSQL viewers on other instances get it too. PGlite delivers the same way in-process.
 */
export class LiveHub {
  private readonly events = new EventEmitter()
  private stop?: () => Promise<void>

  constructor(
    private readonly database: Database,
    /** Comments one user may post per minute (kept in the database: holds across instances). */
    private readonly commentsPerMinute = 5,
  ) {
    this.events.setMaxListeners(0)
  }

  async start() {
    this.stop = await this.database.listen(LIVE_CHANNEL, (payload) => {
      try {
        const comment = JSON.parse(payload) as LiveComment
        this.events.emit(comment.liveId, comment)
      } catch {
        // a foreign payload on our channel is ignored
      }
    })
  }

  async close() {
    this.events.removeAllListeners()
    await this.stop?.()
  }

  subscribe(liveId: string, onComment: (c: LiveComment) => void): () => void {
    this.events.on(liveId, onComment)
    return () => this.events.off(liveId, onComment)
  }

  async streamExists(liveId: string): Promise<boolean> {
    return streamExists(this.database, liveId)
  }

  /** Stores the comment exactly as given (it is rendered as text) and announces it. */
  /** Stores and announces a comment; throws CommentRateLimited past the per-user rate. */
  async post(liveId: string, userId: string, content: string): Promise<LiveComment> {
    const rate = await hit(this.database, `comment:user:${userId}`, 60, this.commentsPerMinute)
    if (!rate.allowed) throw new CommentRateLimited(rate.retryAfter)
    const comment = await insertComment(this.database, liveId, userId, content)
    if (!comment) throw new Error('user not found')
    const normalized = { ...comment, createdAt: new Date(comment.createdAt).toISOString() }
    await this.database.notify(LIVE_CHANNEL, JSON.stringify(normalized))
    return normalized
  }

  /** Comments after a given id, oldest first (a reconnecting viewer catches up). */
  async since(liveId: string, afterId: string, limit = 200): Promise<LiveComment[]> {
    const rows = await commentsSince(this.database, liveId, afterId, limit)
    return rows.map((c) => ({ ...c, createdAt: new Date(c.createdAt).toISOString() }))
  }

  list(liveId: string, offset: number, size: number) {
    return commentPage(this.database, liveId, offset, size)
  }
}
