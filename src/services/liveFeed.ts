import { isCommentId, type FeedComment, type FeedConnection, type FeedEvent, type FeedHandlers, type FeedTransport } from './liveFeedEvents'
import { defaultFeedTransport } from './liveFeedTransport'

export type { FeedComment, FeedConnection, FeedEvent, FeedTransport }

/**
 * New live comments in real time (server/README.md "Live comments in real time"): an EventSource
 * on H5, a socket (Taro.connectSocket) on the mini-programs — the transports of
 * liveFeedTransport(.h5).ts. This module is what both share: each comment delivered once, the
 * last seen id kept, and after a drop (a network loss, a server restart, the connection's
 * lifetime) a new connection after a growing wait that asks the server for everything after that
 * id, so nothing is missed and nothing repeated.
 */

/** connecting: the first connection; live: connected; retrying: waiting to connect again after a drop. */
export type FeedStatus = 'connecting' | 'live' | 'retrying' | 'closed'

export interface LiveFeedOptions {
  liveId: string
  /** The newest comment the screen already shows ('0' when it shows none): the server sends what came after it. */
  lastEventId: string | null
  /** Comment ids the screen already shows: never delivered again. */
  seen?: Iterable<string>
  onComment(comment: FeedComment): void
  onRemoved(commentId: string): void
  onStatus?(status: FeedStatus): void
}

export interface FeedDeps {
  transport: FeedTransport
  setTimer(run: () => void, ms: number): unknown
  clearTimer(timer: unknown): void
  /** 0 ≤ x < 1, for the jitter of the waits. */
  random(): number
}

/** The first wait after a drop, and the longest. */
export const RETRY_BASE_MS = 1000
export const RETRY_MAX_MS = 15_000
/** Ids remembered to drop repeats (the server replays at most 200 after a resume). */
export const SEEN_LIMIT = 2000

/**
 * The wait before connection attempt `failures` (1, 2, …) after a drop: 1 s doubling to 15 s, each
 * spread by ±20% so that viewers dropped together (a server restart) do not all come back at once.
 */
export function retryDelay(failures: number, random: () => number): number {
  const base = Math.min(RETRY_BASE_MS * 2 ** Math.max(0, failures - 1), RETRY_MAX_MS)
  return Math.round(base * (0.8 + 0.4 * random()))
}

/** Comment ids are decimal bigserials: longer is larger, else compare as text (no BigInt in older mini-program engines). */
export function laterId(a: string, b: string): boolean {
  return a.length !== b.length ? a.length > b.length : a > b
}

/** A live stream's comment feed; `close` when the screen goes away. */
export class LiveFeed {
  private connection: FeedConnection | null = null
  private timer: unknown = null
  private failures = 0
  private closed = false
  private readonly seen = new Set<string>()
  private last: string | null

  constructor(
    private readonly options: LiveFeedOptions,
    private readonly deps: FeedDeps,
  ) {
    this.last = isCommentId(options.lastEventId) ? options.lastEventId : null
    for (const id of options.seen ?? []) this.remember(id)
  }

  /** The id the next connection resumes from: the newest comment seen (or the one the screen started with). */
  get lastEventId(): string | null {
    return this.last
  }

  start(): this {
    this.connect('connecting')
    return this
  }

  close(): void {
    this.closed = true
    if (this.timer !== null) this.deps.clearTimer(this.timer)
    this.timer = null
    this.connection?.close()
    this.connection = null
    this.options.onStatus?.('closed')
  }

  private connect(status: FeedStatus) {
    if (this.closed) return
    this.timer = null
    this.options.onStatus?.(status)
    // Each connection has its own handlers: a late call from a dropped one changes nothing.
    let current = true
    const handlers: FeedHandlers = {
      onOpen: () => {
        if (!current || this.closed) return
        this.failures = 0
        this.options.onStatus?.('live')
      },
      onEvent: (event) => {
        if (current && !this.closed) this.receive(event)
      },
      onDrop: () => {
        if (!current || this.closed) return
        current = false
        connection?.close()
        this.connection = null
        this.failures += 1
        this.options.onStatus?.('retrying')
        this.timer = this.deps.setTimer(() => this.connect('retrying'), retryDelay(this.failures, this.deps.random))
      },
    }
    let connection: FeedConnection | null = null
    connection = this.deps.transport({ liveId: this.options.liveId, lastEventId: this.last }, handlers)
    // The transport may have dropped synchronously (no network at all).
    if (current) this.connection = connection
    else connection.close()
  }

  private receive(event: FeedEvent) {
    if (event.type === 'removed') {
      if (isCommentId(event.commentId)) this.options.onRemoved(event.commentId)
      return
    }
    if (event.type !== 'comment' || !event.comment || !isCommentId(event.comment.commentId)) return
    const { comment } = event
    if (comment.liveId !== this.options.liveId || this.seen.has(comment.commentId)) return
    this.remember(comment.commentId)
    if (this.last === null || laterId(comment.commentId, this.last)) this.last = comment.commentId
    this.options.onComment(comment)
  }

  private remember(id: string) {
    this.seen.add(id)
    if (this.seen.size > SEEN_LIMIT) {
      const [oldest] = this.seen
      this.seen.delete(oldest)
    }
  }
}

/** Opens the feed of a stream with the platform's transport (EventSource on H5, the socket elsewhere). */
export function openLiveFeed(options: LiveFeedOptions, transport: FeedTransport = defaultFeedTransport): LiveFeed {
  return new LiveFeed(options, {
    transport,
    setTimer: (run, ms) => setTimeout(run, ms),
    clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
    random: Math.random,
  }).start()
}
