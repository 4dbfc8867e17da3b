import { addressKey } from '../ratelimit'

/**
 * Caps on long-lived connections (SSE streams and WebSockets together): per client address and
 * in all, so one client cannot hold thousands of sockets. Each connection also has a maximum
 * lifetime; EventSource and the mini-program socket reconnect (and replay what they missed).
 */
export interface ConnectionCaps {
  perAddress: number
  total: number
  /** A connection is closed after this long (the client reconnects). */
  maxLifetimeMs: number
}

export const DEFAULT_CONNECTION_CAPS: ConnectionCaps = { perAddress: 20, total: 2000, maxLifetimeMs: 60 * 60_000 }

export class ConnectionLimiter {
  private readonly byAddress = new Map<string, number>()
  private total = 0

  constructor(readonly caps: ConnectionCaps = DEFAULT_CONNECTION_CAPS) {}

  /**
   * Takes a slot for the client at `ip` (counted as the rate limits count it: an IPv6 client by
   * its /64); returns its release function, or the reason it is refused.
   */
  acquire(ip: string): (() => void) | { refused: string } {
    const address = addressKey(ip)
    if (this.total >= this.caps.total) return { refused: '直播连接数已满，请稍后再试' }
    const n = this.byAddress.get(address) ?? 0
    if (n >= this.caps.perAddress) return { refused: '同一网络的直播连接过多，请关闭其他页面后再试' }
    this.byAddress.set(address, n + 1)
    this.total++
    let released = false
    return () => {
      if (released) return
      released = true
      this.total--
      const left = (this.byAddress.get(address) ?? 1) - 1
      if (left > 0) this.byAddress.set(address, left)
      else this.byAddress.delete(address)
    }
  }

  get open(): number {
    return this.total
  }
}
