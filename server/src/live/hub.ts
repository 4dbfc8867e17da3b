import { EventEmitter } from 'node:events'
import type { Database } from '../db'
import { hit } from '../ratelimit'
import { commentPage, commentsSince, insertComment, latestCommentId, streamExists, type LiveComment } from './data'
import { deleteComment } from './comments'
import { bannedWordIn, ContentBanned } from './moderation'

export type { LiveComment }

/** A user posted more comments in a minute than allowed. */
export class CommentRateLimited extends Error {
  constructor(readonly retryAfter: number) {
    super('评论太频繁，请稍后再试')
  }
}

export const LIVE_CHANNEL = 'live_comments'
/** Removed comments are announced on their own channel ({liveId, commentId}): the comment channel carries comments only. */
export const REMOVAL_CHANNEL = 'live_comment_removals'
export const MAX_COMMENT_LENGTH = 500

/** Where the hub reports a recovery after a lost LISTEN connection and a failed replay (pino's shape). */
export interface HubLog {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
}

/** A stream with viewers on this instance: which of its comments were fanned out here. */
interface Watched {
  /** Every comment of the stream above this id that this instance fanned out is in `seen`. */
  floor: bigint
  /** Ids fanned out, oldest first; past RECENT_IDS the oldest leave and raise the floor. */
  seen: Set<string>
}

/** Ids remembered per watched stream (so a re-read after a lost connection repeats none). */
export const RECENT_IDS = 500
/** Comments re-read per stream at most after a lost LISTEN connection. */
export const RESUME_LIMIT = 2000
/** Comments a reconnecting viewer is replayed at most. */
export const REPLAY_LIMIT = 200

const byId = (a: LiveComment, b: LiveComment) => (BigInt(a.commentId) < BigInt(b.commentId) ? -1 : 1)

/**
 * Real-time fan-out of live comments. A posted comment is stored, then announced with
 * pg_notify; every instance LISTENs and forwards it to its own viewers (SSE or WebSocket), so
 * with PostgreSQL viewers on other instances get it too. PGlite delivers the same way in-process.
 * When the LISTEN connection was lost and comes back, what was announced meanwhile is gone: the
 * hub re-reads the comments of the streams it has viewers for, and fans out, in id order, those it
 * had not, so no viewer misses one or gets one twice.
 */
export class LiveHub {
  private readonly events = new EventEmitter()
  private stop?: () => Promise<void>
  private readonly watched = new Map<string, Watched>()
  /** The highest comment id this instance knows of (read when listening starts, then each one announced). */
  private latest = 0n
  /** While missed comments are re-read, announcements wait here (so viewers get them in id order). */
  private held: LiveComment[] | null = null
  private resumeAgain = false
  private stopRemovals?: () => Promise<void>

  constructor(
    private readonly database: Database,
    /** Comments one user may post per minute (kept in the database: holds across instances). */
    private readonly commentsPerMinute = 5,
    private readonly log?: HubLog,
    /** Normalised banned words (moderation.ts parseBannedWords): a comment holding one is refused. */
    private readonly bannedWords: readonly string[] = [],
  ) {
    this.events.setMaxListeners(0)
  }

  async start() {
    this.stop = await this.database.listen(
      LIVE_CHANNEL,
      (payload) => this.announced(payload),
      () => void this.resume(),
    )
    this.stopRemovals = await this.database.listen(REMOVAL_CHANNEL, (payload) => this.announcedRemoval(payload))
    const newest = await latestCommentId(this.database)
    if (newest > this.latest) this.latest = newest
  }

  async close() {
    this.events.removeAllListeners()
    this.watched.clear()
    await this.stop?.()
    await this.stopRemovals?.()
  }

  /** Calls `onRemoved` with the id of each comment of the stream an operator removes; returns the unsubscribe function. */
  onRemoved(liveId: string, onRemoved: (commentId: string) => void): () => void {
    const key = `removed:${liveId}`
    this.events.on(key, onRemoved)
    return () => this.events.off(key, onRemoved)
  }

  /** Deletes a comment and tells its stream's viewers on every instance; false when there is no such comment. */
  async remove(commentId: string): Promise<boolean> {
    const liveId = await deleteComment(this.database, commentId)
    if (liveId === null) return false
    await this.database.notify(REMOVAL_CHANNEL, JSON.stringify({ liveId, commentId }))
    return true
  }

  private announcedRemoval(payload: string) {
    let removal: { liveId?: unknown; commentId?: unknown }
    try {
      removal = JSON.parse(payload) as typeof removal
    } catch {
      return // a foreign payload on our channel is ignored
    }
    if (typeof removal?.liveId === 'string' && typeof removal.commentId === 'string' && /^\d{1,19}$/.test(removal.commentId))
      this.events.emit(`removed:${removal.liveId}`, removal.commentId)
  }

  /** Calls `onComment` with each new comment of the stream fanned out here; returns the unsubscribe function. */
  subscribe(liveId: string, onComment: (c: LiveComment) => void): () => void {
    if (!this.watched.has(liveId)) this.watched.set(liveId, { floor: this.latest, seen: new Set() })
    this.events.on(liveId, onComment)
    return () => {
      this.events.off(liveId, onComment)
      if (this.events.listenerCount(liveId) === 0) this.watched.delete(liveId)
    }
  }

  /**
   * A viewer of one stream: `send` gets, when `lastId` names the last comment it saw, first those it
   * missed (up to REPLAY_LIMIT), then each new one as it is announced, in id order and each once.
   * `replayed` settles when the missed ones are sent. `removed` gets the id of each comment an
   * operator removes meanwhile.
   */
  follow(
    liveId: string,
    lastId: string | undefined,
    send: (c: LiveComment) => void,
    removed?: (commentId: string) => void,
  ): { unsubscribe: () => void; replayed: Promise<void> } {
    const replaying = lastId !== undefined && /^\d{1,18}$/.test(lastId)
    // Subscribed first, so nothing falls between the replay and the live comments; the replayed ids
    // keep a comment from arriving twice around the replay.
    const held: LiveComment[] = []
    const replayedIds = new Set<string>()
    let inReplay = replaying
    const unsubscribeComments = this.subscribe(liveId, (c) => {
      if (replayedIds.has(c.commentId)) return
      if (inReplay) held.push(c)
      else send(c)
    })
    const unsubscribeRemovals = removed ? this.onRemoved(liveId, removed) : () => undefined
    const unsubscribe = () => {
      unsubscribeComments()
      unsubscribeRemovals()
    }
    const replayed = (async () => {
      if (!replaying) return
      try {
        for (const c of await this.since(liveId, lastId, REPLAY_LIMIT)) {
          replayedIds.add(c.commentId)
          send(c)
        }
      } catch (err) {
        this.log?.warn({ err: (err as Error).message }, 'live replay failed')
      }
      inReplay = false
      for (const c of held.sort(byId)) if (!replayedIds.has(c.commentId)) send(c)
      held.length = 0
    })()
    return { unsubscribe, replayed }
  }

  /** A notification on the channel: fanned out now, or after the re-read under way. */
  private announced(payload: string) {
    let comment: LiveComment
    try {
      comment = JSON.parse(payload) as LiveComment
    } catch {
      return // a foreign payload on our channel is ignored
    }
    if (typeof comment?.liveId !== 'string' || typeof comment.commentId !== 'string' || !/^\d{1,19}$/.test(comment.commentId)) return
    if (this.held) this.held.push(comment)
    else this.fan(comment)
  }

  /** Hands a comment to the stream's viewers unless this instance already did; true when it did now. */
  private fan(comment: LiveComment): boolean {
    const id = BigInt(comment.commentId)
    if (id > this.latest) this.latest = id
    const watched = this.watched.get(comment.liveId)
    if (!watched || watched.seen.has(comment.commentId)) return false
    watched.seen.add(comment.commentId)
    if (watched.seen.size > RECENT_IDS) {
      const [oldest] = watched.seen
      watched.seen.delete(oldest)
      if (BigInt(oldest) > watched.floor) watched.floor = BigInt(oldest)
    }
    this.events.emit(comment.liveId, comment)
    return true
  }

  /**
   * After the LISTEN connection came back: each watched stream's comments above its floor are read
   * again and those not fanned out yet are, in id order; announcements arriving meanwhile wait.
   */
  private async resume(): Promise<void> {
    if (this.held) {
      this.resumeAgain = true
      return
    }
    this.held = []
    let recovered = 0
    try {
      const newest = await latestCommentId(this.database)
      for (const [liveId, watched] of this.watched) {
        let after = watched.floor
        for (let read = 0; read < RESUME_LIMIT;) {
          const rows = await this.since(liveId, String(after), REPLAY_LIMIT)
          for (const c of rows) if (this.fan(c)) recovered++
          read += rows.length
          if (rows.length < REPLAY_LIMIT) break
          after = BigInt(rows[rows.length - 1].commentId)
        }
      }
      if (newest > this.latest) this.latest = newest
      this.log?.info({ streams: this.watched.size, recovered }, 'live comments re-read after the LISTEN connection came back')
    } catch (err) {
      this.log?.warn({ err: (err as Error).message }, 'live comments could not be re-read after the LISTEN connection came back')
    } finally {
      const held = this.held.sort(byId)
      this.held = null
      for (const c of held) this.fan(c)
      if (this.resumeAgain) {
        this.resumeAgain = false
        void this.resume()
      }
    }
  }

  async streamExists(liveId: string): Promise<boolean> {
    return streamExists(this.database, liveId)
  }

  /**
   * Stores the comment exactly as given (it is rendered as text) and announces it; throws
   * ContentBanned when it holds a banned word, CommentRateLimited past the per-user rate.
   */
  async post(liveId: string, userId: string, content: string): Promise<LiveComment> {
    if (bannedWordIn(content, this.bannedWords)) throw new ContentBanned()
    const rate = await hit(this.database, `comment:user:${userId}`, 60, this.commentsPerMinute)
    if (!rate.allowed) throw new CommentRateLimited(rate.retryAfter)
    const comment = await insertComment(this.database, liveId, userId, content)
    if (!comment) throw new Error('user not found')
    const normalized = { ...comment, createdAt: new Date(comment.createdAt).toISOString() }
    await this.database.notify(LIVE_CHANNEL, JSON.stringify(normalized))
    return normalized
  }

  /** Comments after a given id, oldest first (a reconnecting viewer catches up). */
  async since(liveId: string, afterId: string, limit = REPLAY_LIMIT): Promise<LiveComment[]> {
    const rows = await commentsSince(this.database, liveId, afterId, limit)
    return rows.map((c) => ({ ...c, createdAt: new Date(c.createdAt).toISOString() }))
  }

  list(liveId: string, offset: number, size: number) {
    return commentPage(this.database, liveId, offset, size)
  }
}
