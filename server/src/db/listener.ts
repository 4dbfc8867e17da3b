import pg from 'pg'

/** Where the listener reports a lost and a restored connection (pino's shape; no user data goes there). */
export interface ListenerLog {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
}

/** Waits between reconnection attempts: the first, doubled after each failure up to the last (each ±20 %). */
export const LISTEN_RETRY_MS = { first: 250, max: 10_000 }

const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/

interface Channel {
  handlers: Set<(payload: string) => void>
  /** Called after the channel is LISTENed again on a new connection: what was notified in between is lost. */
  resumes: Set<() => void>
}

/**
 * One dedicated PostgreSQL connection carries every LISTEN of this instance. The server forgets a
 * connection's LISTENs with it and keeps nothing for it, so when the connection is lost (a
 * database restart, a failover, a cut network) it is opened again with back-off, every channel is
 * LISTENed again, and each subscriber's `onResume` runs so that it can recover what it missed.
 */
export class PgListener {
  private client?: pg.Client
  /** Channels LISTENed on the current client. */
  private listening = new Set<string>()
  private readonly channels = new Map<string, Channel>()
  private opening?: Promise<void>
  private reconnecting = false
  private retry?: NodeJS.Timeout
  private attempts = 0
  private closed = false

  constructor(
    private readonly config: pg.ClientConfig,
    private readonly log?: ListenerLog,
  ) {}

  /** Subscribes to a channel; the first call opens the connection (and throws if it cannot). */
  async listen(channel: string, onPayload: (payload: string) => void, onResume?: () => void): Promise<() => Promise<void>> {
    if (!CHANNEL_NAME.test(channel)) throw new Error(`bad channel name ${channel}`)
    if (this.closed) throw new Error('the listener is closed')
    let entry = this.channels.get(channel)
    if (!entry) this.channels.set(channel, (entry = { handlers: new Set(), resumes: new Set() }))
    const { handlers, resumes } = entry
    handlers.add(onPayload)
    if (onResume) resumes.add(onResume)
    const unsubscribe = async () => {
      handlers.delete(onPayload)
      if (onResume) resumes.delete(onResume)
    }
    // While reconnecting, the next connection LISTENs on every channel, this one included.
    if (this.reconnecting) return unsubscribe
    try {
      if (!this.client) await (this.opening ??= this.open().finally(() => (this.opening = undefined)))
      await this.listenAll()
    } catch (err) {
      await unsubscribe()
      throw err
    }
    return unsubscribe
  }

  async close(): Promise<void> {
    this.closed = true
    clearTimeout(this.retry)
    const client = this.client
    this.client = undefined
    await client?.end().catch(() => {})
  }

  /** Connects and LISTENs on every channel known; the client becomes current only when all of it worked. */
  private async open(): Promise<void> {
    const client = new pg.Client({ ...this.config, keepAlive: true, application_name: 'alfa-listener' })
    // Until it is current, a failing client's events are the caller's rejection, nothing more.
    client.on('error', (err) => this.lost(client, err))
    client.on('end', () => this.lost(client))
    client.on('notification', (n) => this.channels.get(n.channel)?.handlers.forEach((h) => h(n.payload ?? '')))
    const listened = new Set<string>()
    try {
      await client.connect()
      for (const name of this.channels.keys()) {
        await client.query(`listen ${name}`)
        listened.add(name)
      }
    } catch (err) {
      await client.end().catch(() => {})
      throw err
    }
    if (this.closed) {
      await client.end().catch(() => {})
      throw new Error('the listener is closed')
    }
    this.client = client
    this.listening = listened
  }

  /** LISTENs on the channels added since the connection was opened. */
  private async listenAll(): Promise<void> {
    const client = this.client
    for (const name of this.channels.keys()) {
      if (!client || this.listening.has(name)) continue
      this.listening.add(name)
      try {
        await client.query(`listen ${name}`)
      } catch (err) {
        this.listening.delete(name)
        // A connection lost meanwhile is reopened with every channel; anything else is the caller's error.
        if (client === this.client) throw err
      }
    }
  }

  private lost(client: pg.Client, err?: Error) {
    if (client !== this.client || this.closed) return
    this.client = undefined
    void client.end().catch(() => {})
    this.log?.warn({ err: err?.message ?? 'connection ended', channels: [...this.channels.keys()] }, 'LISTEN connection lost: reconnecting')
    this.reconnecting = true
    this.attempts = 0
    this.schedule()
  }

  private schedule() {
    const wait = Math.min(LISTEN_RETRY_MS.max, LISTEN_RETRY_MS.first * 2 ** this.attempts) * (0.8 + Math.random() * 0.4)
    this.attempts++
    this.retry = setTimeout(() => void this.reconnect(), wait)
    this.retry.unref()
  }

  private async reconnect() {
    if (this.closed) return
    try {
      await this.open()
      await this.listenAll()
    } catch (err) {
      if (this.closed) return
      const half = this.client
      this.client = undefined
      void half?.end().catch(() => {})
      // The first failures, then one in ten: a long outage does not flood the log.
      if (this.attempts <= 3 || this.attempts % 10 === 0)
        this.log?.warn({ err: (err as Error).message, attempt: this.attempts }, 'LISTEN reconnection failed: trying again')
      this.schedule()
      return
    }
    this.reconnecting = false
    this.log?.info({ attempts: this.attempts, channels: [...this.listening] }, 'LISTEN connection restored: every channel listened again')
    for (const entry of this.channels.values())
      for (const resume of entry.resumes) {
        try {
          resume()
        } catch (err) {
          this.log?.warn({ err: (err as Error).message }, 'LISTEN resume handler failed')
        }
      }
  }
}
