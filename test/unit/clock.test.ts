import { ReadableStream } from 'node:stream/web'
import { TextDecoder, TextEncoder } from 'node:util'
import { SIGN_MESSAGES, verifySign } from '@alfa/common/sign'
import { clockOffset, noteServerDate, resetClock, serverNow } from '@/services/clock'
import { execute } from '@/services/graphql'
import { CLOCK_ERROR_TEXT, DEFAULT_ERROR_TEXT, request, setTransport, userMessage, type HttpRequest } from '@/services/request'
import { toast } from '@/services/toast'

Object.assign(globalThis, { TextDecoder, TextEncoder, ReadableStream })

const HOUR = 3600_000

/** A server whose clock is `skew` ms ahead of this device's, checking x-sign as server/src/security.ts does. */
function skewedServer(skew: number, { sendDate = true } = {}) {
  const calls: HttpRequest[] = []
  setTransport(async (req) => {
    calls.push(req)
    const now = Date.now() + skew
    const header: Record<string, string> = sendDate ? { Date: new Date(now).toUTCString() } : {}
    const check = verifySign(req.header['x-sign'], now)
    if (!check.ok) return { statusCode: 400, data: JSON.stringify({ code: 400, msg: check.reason }), header }
    return { statusCode: 200, data: JSON.stringify({ code: 200, msg: 'ok', data: { fine: true } }), header }
  })
  return calls
}

beforeEach(() => {
  resetClock()
  toast.close()
})

describe('the offset learned from the Date header', () => {
  it('a Date an hour ahead sets an offset of about an hour; a close one leaves none', () => {
    const now = Date.parse('2026-11-24T12:00:00Z')
    noteServerDate(new Date(now + HOUR).toUTCString(), now)
    expect(Math.abs(clockOffset() - HOUR)).toBeLessThanOrEqual(1000)
    expect(Math.abs(serverNow(now) - (now + HOUR))).toBeLessThanOrEqual(1000)
    noteServerDate(new Date(now).toUTCString(), now)
    expect(clockOffset()).toBe(0)
  })
  it('ignores a missing or unreadable header', () => {
    noteServerDate(undefined)
    noteServerDate('not a date')
    expect(clockOffset()).toBe(0)
  })
})

describe('a device clock an hour off still works (REST)', () => {
  it('an hour behind: the refused signature is retried once with the corrected time, then every call passes first time', async () => {
    const calls = skewedServer(HOUR)
    await expect(request({ path: '/user/ab-test' })).resolves.toEqual({ fine: true })
    expect(calls).toHaveLength(2)
    expect(verifySign(calls[1].header['x-sign'], Date.now() + HOUR).ok).toBe(true)
    await expect(request({ path: '/user/ab-test' })).resolves.toEqual({ fine: true })
    expect(calls).toHaveLength(3)
    expect(toast.show).toBe(false)
  })
  it('an hour ahead works the same', async () => {
    const calls = skewedServer(-HOUR)
    await expect(request({ path: '/user/ab-test' })).resolves.toEqual({ fine: true })
    expect(calls).toHaveLength(2)
  })
  it('retries at most once, and the user sees a Chinese message, never the English refusal', async () => {
    // No Date header: the clock cannot be learned, so the retry is refused too.
    const calls = skewedServer(HOUR, { sendDate: false })
    await expect(request({ path: '/user/ab-test' })).rejects.toMatchObject({ kind: 'http', status: 400 })
    expect(calls).toHaveLength(2)
    expect(toast.show).toBe(true)
    expect(toast.content).toBe(CLOCK_ERROR_TEXT)
  })
  it('another 400 is not retried', async () => {
    const calls: HttpRequest[] = []
    setTransport(async (req) => {
      calls.push(req)
      return { statusCode: 400, data: { code: 400, msg: 'fundCode must be 6 digits' }, header: { date: new Date().toUTCString() } }
    })
    await expect(request({ path: '/fund/info/12' })).rejects.toMatchObject({ status: 400 })
    expect(calls).toHaveLength(1)
    expect(toast.content).toBe(DEFAULT_ERROR_TEXT)
  })
})

describe('a device clock an hour off still works (GraphQL, complete responses)', () => {
  it('retries once and resolves with data', async () => {
    const calls: HttpRequest[] = []
    setTransport(async (req) => {
      calls.push(req)
      const now = Date.now() + HOUR
      const header = { date: new Date(now).toUTCString(), 'content-type': 'application/json' }
      const check = verifySign(req.header['x-sign'], now)
      if (!check.ok) return { statusCode: 400, data: JSON.stringify({ code: 400, msg: check.reason }), header }
      return { statusCode: 200, data: JSON.stringify({ data: { ok: 1 } }), header }
    })
    await expect(execute('query Q { ok }', {}, { stream: false })).resolves.toEqual({ ok: 1 })
    expect(calls).toHaveLength(2)
  })
  it('streaming fetch: retries once and resolves with data', async () => {
    let n = 0
    const fakeFetch = (async (_url: string, init: { headers: Record<string, string> }) => {
      n += 1
      const now = Date.now() + HOUR
      const check = verifySign(init.headers['x-sign'], now)
      const text = JSON.stringify(check.ok ? { data: { ok: 2 } } : { code: 400, msg: check.reason })
      const headers: Record<string, string> = { date: new Date(now).toUTCString(), 'content-type': 'application/json' }
      const res = {
        status: check.ok ? 200 : 400,
        ok: check.ok,
        headers: { get: (name: string) => headers[name.toLowerCase()] ?? null },
        body: new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode(text))
            controller.close()
          },
        }),
        text: async () => text,
        clone: () => res,
      }
      return res
    }) as unknown as typeof fetch
    await expect(execute('query Q { ok }', {}, { fetch: fakeFetch })).resolves.toEqual({ ok: 2 })
    expect(n).toBe(2)
  })
})

describe('users never see an English server message', () => {
  it('ASCII-only messages become the Chinese default; Chinese ones stay', () => {
    expect(userMessage('x-broker header must be 0008 or 0009', 400)).toBe(DEFAULT_ERROR_TEXT)
    expect(userMessage(SIGN_MESSAGES.SIGN_EXPIRED, 400)).toBe(CLOCK_ERROR_TEXT)
    expect(userMessage(null)).toBe(DEFAULT_ERROR_TEXT)
    expect(userMessage('请求过于频繁，请稍后再试', 429)).toBe('请求过于频繁，请稍后再试')
  })
})
