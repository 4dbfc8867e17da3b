import { sha256 } from '@noble/hashes/sha256'
import { bytesToHex } from '@noble/hashes/utils'
import { apiRoot } from '@alfa/common/apiPaths'
import { createSign } from '@alfa/common/sign'
import { stringifyQuery, type QueryValue } from '@/utils/url'
import { utf8Bytes } from '@/utils/utf8'
import { FUND_TERMINATED_MSG, isFundTerminatedAnswer } from '@alfa/common/fundStatus'
import { brokerOf } from './brand'
import { defaultTransport } from './transport'
import { dateHeader, isSignTimestampRefusal, noteServerDate, serverNow } from './clock'
import { appEvents } from './events'
import { session, sessionRestored } from './session'
import { startLogin } from './login'
import { toast, TOAST_LONG_DURATION } from './toast'
import { tracker } from './tracking'
import { user } from './user'

export const NETWORK_ERROR_TEXT = '请检查网络连接'
/** Shown instead of a server message users could not read (English, or none). */
export const DEFAULT_ERROR_TEXT = '请求失败，请稍后再试'
/** Shown when the server still refuses the signature's time after the clock was corrected. */
export const CLOCK_ERROR_TEXT = '手机时间不准确，请校准时间后重试'
/** The fund-info call's message for a terminated fund (spec section 8): a fund-stopped event, no toast. */
export { FUND_TERMINATED_MSG }
import { API_ORIGIN } from './apiOrigin'

export { API_ORIGIN }

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

/** What the transport answers; a network failure rejects instead. */
export interface HttpResponse {
  statusCode: number
  data: unknown
  header: Record<string, string>
}

export interface HttpRequest {
  url: string
  method: HttpMethod
  data?: unknown
  header: Record<string, string>
  /** 'text' returns the body unparsed (GraphQL reads multipart bodies itself). */
  dataType?: 'json' | 'text'
}

export type Transport = (req: HttpRequest) => Promise<HttpResponse>

/** Taro.request on mini-programs, fetch on H5 (transport.h5.ts). */
let transport: Transport = defaultTransport

/** Replaces the transport (tests). Returns the previous one. */
export function setTransport(next: Transport): Transport {
  const prev = transport
  transport = next
  return prev
}

export function currentTransport(): Transport {
  return transport
}

/** The full url of an API path: base prefix /alfa/v1 or the second /alfa-m/v2 (spec section 7). */
export function apiUrl(path: string, { second = false, version }: { second?: boolean; version?: string } = {}): string {
  return `${API_ORIGIN}${apiRoot(second, version)}${path.startsWith('/') ? path : `/${path}`}`
}

const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'

/** 20 uppercase characters, from the host's random source where there is one. */
export function randomRequestId(): string {
  const bytes = new Uint8Array(20)
  // No globalThis: older mini-program engines lack it.
  const c = typeof crypto !== 'undefined' ? crypto : undefined
  if (c?.getRandomValues) c.getRandomValues(bytes)
  else for (let i = 0; i < bytes.length; i += 1) bytes[i] = Math.floor(Math.random() * 256)
  return Array.from(bytes, (b) => ID_CHARS[b % ID_CHARS.length]).join('')
}

/** x-request-id: `zeus.` and a hash of the url for reads (same url, same id), a random 20-character id otherwise. */
export function requestId(url: string, method: HttpMethod): string {
  if (method === 'GET') return `zeus.${bytesToHex(sha256(utf8Bytes(url))).slice(0, 32)}`
  return randomRequestId()
}

export interface HeaderContext {
  url: string
  method: HttpMethod
  token: string | null
  anonymousId: string
  broker: string
  now?: number
}

/** The headers every API call carries (spec section 7). */
export function buildHeaders({ url, method, token, anonymousId, broker, now = serverNow() }: HeaderContext): Record<string, string> {
  const header: Record<string, string> = {
    'content-type': 'application/json',
    'x-request-id': requestId(url, method),
    'sensors-anonymous-id': anonymousId,
    'x-sign': createSign(now),
    'x-broker': broker,
  }
  if (token) header.authorization = `Bearer ${token}`
  return header
}

export type RequestErrorKind = 'unauthorized' | 'http' | 'network' | 'fundStopped'

export class RequestError extends Error {
  constructor(
    readonly kind: RequestErrorKind,
    message: string,
    readonly status?: number,
    readonly body?: unknown,
  ) {
    super(message)
    this.name = 'RequestError'
  }
}

/**
 * The 401 row of spec section 8: clears the token and the stored token, logs the user out,
 * removes the accessToken cookie (logout clears storage and both cookies), and starts login.
 */
export function handleUnauthorized(): void {
  user.logout()
  void startLogin()
}

/**
 * What a user is shown for a server message: UI text is Chinese, so a message without any
 * non-ASCII character (an English validation or security message) becomes a Chinese default.
 */
export function userMessage(msg: string | null | undefined, status?: number): string {
  if (status !== undefined && isSignTimestampRefusal(status, msg ?? null)) return CLOCK_ERROR_TEXT
  // eslint-disable-next-line no-control-regex -- an all-ASCII message is a technical one, not the server's Chinese text
  if (!msg || /^[\x00-\x7F]*$/.test(msg)) return DEFAULT_ERROR_TEXT
  return msg
}

/**
 * Sends one call signed with the server's time and learns the server's clock from the answer's
 * Date header. A 400 that refuses the signature's timestamp (by its message, or because the
 * Date header shows our clock was off by more than the server allows) is sent once more, freshly
 * signed with the corrected time. Never more than one retry.
 */
export async function sendSigned<R>(
  send: (header: Record<string, string>) => Promise<R>,
  makeHeader: () => Record<string, string>,
  read: (res: R) => { status: number; date: string | null; msg: () => string | null | Promise<string | null> },
): Promise<R> {
  let res: R | null = null
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const sentAt = serverNow()
    res = await send(makeHeader())
    const { status, date, msg } = read(res)
    const clockWasOff = noteServerDate(date, Date.now(), sentAt)
    if (status !== 400 || attempt > 0) return res
    if (!clockWasOff && !isSignTimestampRefusal(status, await msg())) return res
  }
  return res as R
}

/** Waits for the restore of the saved login when it is under way and no token is there yet (bounded). */
export function awaitSession(): Promise<void> | void {
  if (!user.token && !session.restored) return sessionRestored()
}

/** The server's message in an error body ({code, msg}), if any. */
export function serverMessage(body: unknown): string | null {
  if (body && typeof body === 'object' && typeof (body as { msg?: unknown }).msg === 'string') return (body as { msg: string }).msg
  if (typeof body === 'string') {
    try {
      return serverMessage(JSON.parse(body))
    } catch {
      return null
    }
  }
  return null
}

export interface RequestOptions {
  /** Path after the prefix and version, e.g. '/user-fund-picks/popular'. */
  path: string
  method?: HttpMethod
  /** Query parameters (GET) or the JSON body (other methods). */
  data?: Record<string, unknown> | unknown[]
  query?: Record<string, QueryValue>
  /** Use the second API prefix (/alfa-m, v2). */
  second?: boolean
  version?: string
  header?: Record<string, string>
  /** No toast for a failure, a failed status or the network (the caller shows its own, or none). */
  suppressToast?: boolean
  /** Resolve with the whole {code, msg, data} envelope instead of its data. */
  raw?: boolean
}

const FUND_INFO_PATH = /^\/fund\/info\/([^/?]+)/

/** The server's success envelope: { code: 200, msg: 'ok', data }. */
function isEnvelope(body: unknown): body is { code: number; msg?: string; data: unknown } {
  return (
    !!body && typeof body === 'object' && !Array.isArray(body) && typeof (body as { code?: unknown }).code === 'number' && 'data' in body
  )
}

function parseBody(data: unknown): unknown {
  if (typeof data !== 'string') return data
  try {
    return JSON.parse(data)
  } catch {
    return data
  }
}

/**
 * One REST call with the whole error catalogue of spec section 8: 200 resolves with the body's
 * data (the server answers {code, msg, data});
 * 401 logs out and starts login, without a toast; the fund-info call's terminated-fund message
 * fires fund-stopped, without a toast; another status shows the server's msg for 3 s and a
 * network error 请检查网络连接, both unless suppressed. Every failure rejects with a RequestError.
 */
export async function request<T = unknown>(options: RequestOptions): Promise<T> {
  const { path, method = 'GET', query, second, version, suppressToast = false, raw = false } = options
  const base = apiUrl(path, { second, version })
  const search = query ? stringifyQuery(query) : ''
  const url = search ? `${base}${base.includes('?') ? '&' : '?'}${search}` : base
  // A call made before the saved login is back waits for it, so it goes out with the token.
  await awaitSession()
  const makeHeader = () => ({
    ...buildHeaders({ url, method, token: user.token, anonymousId: tracker.anonymousId, broker: brokerOf() }),
    ...options.header,
  })
  let res: HttpResponse
  try {
    res = await sendSigned(
      (header) => transport({ url, method, data: options.data, header }),
      makeHeader,
      (r) => ({ status: r.statusCode, date: dateHeader(r.header), msg: () => serverMessage(parseBody(r.data)) }),
    )
  } catch (err) {
    if (!suppressToast) toast.open(NETWORK_ERROR_TEXT)
    throw new RequestError('network', err instanceof Error ? err.message : 'network error')
  }
  const body = parseBody(res.data)
  const msg = serverMessage(body) ?? `HTTP ${res.statusCode}`
  // The terminated-fund message may come with any status.
  const fund = FUND_INFO_PATH.exec(path)
  if (fund && isFundTerminatedAnswer(body as { msg?: unknown })) {
    appEvents.emit('fundStopped', { fundCode: decodeURIComponent(fund[1]), msg })
    throw new RequestError('fundStopped', msg, res.statusCode, body)
  }
  if (res.statusCode >= 200 && res.statusCode < 300) return (isEnvelope(body) && !raw ? body.data : body) as T
  if (res.statusCode === 401) {
    handleUnauthorized()
    throw new RequestError('unauthorized', msg, 401, body)
  }
  if (!suppressToast) toast.open(userMessage(serverMessage(body), res.statusCode), { duration: TOAST_LONG_DURATION })
  throw new RequestError('http', msg, res.statusCode, body)
}
