import { jsonp, JSONP_CHECK_FAILED, JSONP_NO_URL, JSONP_RETRIES, JSONP_TIMEOUT, JSONP_TIMEOUT_MS } from '@/services/jsonp'

/** Answers each script the page adds, as a JSONP server would, when `answer` gives data. */
function serveScripts(answer: (attempt: number, src: string) => unknown) {
  let attempt = 0
  const observer = new MutationObserver((records) => {
    for (const r of records) {
      for (const node of Array.from(r.addedNodes)) {
        if (!(node instanceof HTMLScriptElement)) continue
        attempt += 1
        const src = node.src
        const callback = new URL(src).searchParams.get('callback') as string
        const data = answer(attempt, src)
        if (data !== undefined) setTimeout(() => (window as unknown as Record<string, (d: unknown) => void>)[callback](data), 10)
      }
    }
  })
  observer.observe(document.head, { childList: true })
  return { attempts: () => attempt, stop: () => observer.disconnect() }
}

beforeEach(() => jest.useFakeTimers())
afterEach(() => jest.useRealTimers())

describe('JSONP loader: default timeout 2000 ms, 2 retries', () => {
  it('answers the data of the first try that answers', async () => {
    const server = serveScripts((n) => (n === 3 ? { ok: 1 } : undefined))
    const p = jsonp('/alfa/v1/quote')
    await jest.advanceTimersByTimeAsync(JSONP_TIMEOUT_MS * 2 + 10)
    await expect(p).resolves.toEqual({ ok: 1 })
    expect(server.attempts()).toBe(3)
    server.stop()
  })
  it("'Timeout and no data return' after 1 + 2 tries of 2000 ms", async () => {
    expect([JSONP_TIMEOUT_MS, JSONP_RETRIES]).toEqual([2000, 2])
    const server = serveScripts(() => undefined)
    const p = jsonp('/alfa/v1/quote')
    p.catch(() => undefined)
    await jest.advanceTimersByTimeAsync(5999)
    expect(server.attempts()).toBe(3)
    await jest.advanceTimersByTimeAsync(1)
    await expect(p).rejects.toThrow(JSONP_TIMEOUT)
    expect(JSONP_TIMEOUT).toBe('Timeout and no data return')
    expect(document.head.querySelectorAll('script')).toHaveLength(0)
    server.stop()
  })
})

describe("JSONP errors: 'Param url is needed!' and 'Data check error, and no fallback'", () => {
  it('needs a url', async () => {
    await expect(jsonp('')).rejects.toThrow(JSONP_NO_URL)
    expect(JSONP_NO_URL).toBe('Param url is needed!')
  })
  it('refuses a script url off the allow-list', async () => {
    await expect(jsonp('https://evil.example/x.js')).rejects.toThrow(JSONP_NO_URL)
  })
  it('data failing the check without a fallback is an error', async () => {
    const server = serveScripts(() => ({ wrong: true }))
    const isQuote = (d: unknown): d is { price: number } => typeof (d as { price?: unknown }).price === 'number'
    const p = jsonp('/alfa/v1/quote', { check: isQuote })
    p.catch(() => undefined)
    await jest.advanceTimersByTimeAsync(20)
    await expect(p).rejects.toThrow(JSONP_CHECK_FAILED)
    expect(JSONP_CHECK_FAILED).toBe('Data check error, and no fallback')
    server.stop()
  })
  it('with a fallback the fallback is answered', async () => {
    const server = serveScripts(() => ({ wrong: true }))
    const isQuote = (d: unknown): d is { price: number } => typeof (d as { price?: unknown }).price === 'number'
    const p = jsonp('/alfa/v1/quote', { check: isQuote, fallback: { price: 0 } })
    await jest.advanceTimersByTimeAsync(20)
    await expect(p).resolves.toEqual({ price: 0 })
    server.stop()
  })
})
