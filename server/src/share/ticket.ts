import { hostJson, HostUnavailable } from '../account/hosts'

export interface TicketOptions {
  appId: string
  secret: string
  /** WeChat's cgi-bin/token and cgi-bin/ticket/getticket endpoints. */
  tokenUrl: string
  ticketUrl: string
  /** Refetch this long before WeChat's expiry (default 5 min). */
  marginMs?: number
  now?: () => number
}

interface Held {
  value: string
  expiresAt: number
}

/** WeChat errcodes meaning the access token is no longer valid (fetch a new one and try once more). */
const TOKEN_INVALID = new Set([40001, 40014, 42001])

/**
 * The JS-SDK jsapi_ticket, fetched from WeChat with an access token (client_credential) and
 * kept until shortly before it expires (both live about two hours). Concurrent callers share
 * one fetch. Errors throw HostUnavailable (the route answers 503).
 */
export class JsapiTicket {
  private token: Held | null = null
  private ticket: Held | null = null
  private inflight: Promise<string> | null = null
  private readonly now: () => number
  private readonly marginMs: number

  constructor(private readonly opts: TicketOptions) {
    this.now = opts.now ?? Date.now
    this.marginMs = opts.marginMs ?? 5 * 60_000
  }

  get(): Promise<string> {
    if (this.ticket && this.now() < this.ticket.expiresAt) return Promise.resolve(this.ticket.value)
    this.inflight ??= this.refresh().finally(() => (this.inflight = null))
    return this.inflight
  }

  private held(value: unknown, expiresIn: unknown): Held {
    const seconds = typeof expiresIn === 'number' && expiresIn > 0 ? expiresIn : 7200
    return { value: String(value), expiresAt: this.now() + Math.max(seconds * 1000 - this.marginMs, 1000) }
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.now() < this.token.expiresAt) return this.token.value
    const url = new URL(this.opts.tokenUrl)
    url.search = new URLSearchParams({ grant_type: 'client_credential', appid: this.opts.appId, secret: this.opts.secret }).toString()
    const data = await hostJson(url)
    if (typeof data.access_token !== 'string' || !data.access_token)
      throw new HostUnavailable(`access token refused: errcode ${String(data.errcode)} ${String(data.errmsg ?? '')}`)
    this.token = this.held(data.access_token, data.expires_in)
    return this.token.value
  }

  private async refresh(retried = false): Promise<string> {
    const url = new URL(this.opts.ticketUrl)
    url.search = new URLSearchParams({ access_token: await this.accessToken(), type: 'jsapi' }).toString()
    const data = await hostJson(url)
    if (typeof data.ticket === 'string' && data.ticket && (data.errcode === undefined || data.errcode === 0)) {
      this.ticket = this.held(data.ticket, data.expires_in)
      return this.ticket.value
    }
    if (!retried && TOKEN_INVALID.has(Number(data.errcode))) {
      this.token = null
      return this.refresh(true)
    }
    throw new HostUnavailable(`jsapi_ticket refused: errcode ${String(data.errcode)} ${String(data.errmsg ?? '')}`)
  }
}
