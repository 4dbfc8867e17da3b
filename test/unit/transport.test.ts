import { defaultTransport } from '@/services/transport'

/** What the H5 transport sent, and a fetch answering `status` with `body` and `headers`. */
function fakeFetch(status: number, body: string, headers: Record<string, string> = {}) {
  const sent: Array<{ url: string; init: RequestInit }> = []
  const fetchStub = jest.fn(async (url: string, init: RequestInit) => {
    sent.push({ url, init })
    return {
      status,
      headers: { forEach: (fn: (v: string, k: string) => void) => Object.entries(headers).forEach(([k, v]) => fn(v, k)) },
      text: async () => body,
      json: async () => JSON.parse(body) as unknown,
    }
  })
  ;(globalThis as { fetch?: unknown }).fetch = fetchStub
  return sent
}

describe('H5 transport (fetch, answering as Taro.request does on H5)', () => {
  const original = (globalThis as { fetch?: unknown }).fetch
  afterEach(() => {
    ;(globalThis as { fetch?: unknown }).fetch = original
  })

  it('parses a JSON body and passes status and headers', async () => {
    fakeFetch(200, '{"code":0,"data":{"a":1}}', { 'content-type': 'application/json', date: 'Wed, 25 Nov 2026 10:00:00 GMT' })
    const res = await defaultTransport({ url: '/alfa/v1/x', method: 'GET', header: { 'x-sign': 's' } })
    expect(res).toEqual({
      statusCode: 200,
      data: { code: 0, data: { a: 1 } },
      header: { 'content-type': 'application/json', date: 'Wed, 25 Nov 2026 10:00:00 GMT' },
    })
  })

  it('answers null for a body that is not JSON, and for 204', async () => {
    fakeFetch(502, '<html>bad gateway</html>')
    expect((await defaultTransport({ url: '/x', method: 'GET', header: {} })).data).toBeNull()
    fakeFetch(204, '')
    expect(await defaultTransport({ url: '/x', method: 'DELETE', header: {} })).toMatchObject({ statusCode: 204, data: null })
  })

  it('hands a text body over unparsed when asked for text (GraphQL multipart)', async () => {
    fakeFetch(200, '--graphql\r\n{"data":{}}')
    expect((await defaultTransport({ url: '/g', method: 'POST', data: '{}', header: {}, dataType: 'text' })).data).toBe(
      '--graphql\r\n{"data":{}}',
    )
  })

  it('sends an object as JSON with a content type unless one is given; a GET sends no body', async () => {
    const sent = fakeFetch(200, '{}')
    await defaultTransport({ url: '/a', method: 'POST', data: { n: 1 }, header: { 'x-sign': 's' } })
    await defaultTransport({ url: '/b', method: 'PUT', data: { n: 2 }, header: { 'Content-Type': 'text/plain' } })
    await defaultTransport({ url: '/c', method: 'GET', data: { n: 3 }, header: {} })
    expect(sent[0].init).toMatchObject({ method: 'POST', body: '{"n":1}', headers: { 'x-sign': 's', 'content-type': 'application/json' } })
    expect(sent[1].init.headers).toEqual({ 'Content-Type': 'text/plain' })
    expect(sent[2].init.body).toBeUndefined()
  })

  it('rejects when the network fails (the caller shows 请检查网络连接)', async () => {
    ;(globalThis as { fetch?: unknown }).fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch')
    })
    await expect(defaultTransport({ url: '/x', method: 'GET', header: {} })).rejects.toThrow('Failed to fetch')
  })
})
