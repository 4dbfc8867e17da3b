import { TextDecoder, TextEncoder } from 'node:util'
import { ReadableStream } from 'node:stream/web'
import {
  applyPart,
  execute,
  GraphQLClientError,
  multipartBoundary,
  operationNameOf,
  parseMultipartMixed,
  type TypedDocument,
} from '@/services/graphql'
import { setTransport, type HttpRequest, type HttpResponse } from '@/services/request'
import { toast } from '@/services/toast'
import { user } from '@/services/user'
import { assignLocation } from '@/platform/web'
import { liveToken } from '../support/services'

jest.mock('@/platform/web', () => ({ ...jest.requireActual('@/platform/web'), assignLocation: jest.fn() }))

Object.assign(globalThis, { TextDecoder, TextEncoder, ReadableStream })

const PORTFOLIO = `query Portfolio($poCode: String!) {
  portfolio(poCode: $poCode) { poCode poName ... @defer { description } }
}`

let calls: HttpRequest[] = []
function respond(res: Partial<HttpResponse> | Error) {
  setTransport(async (req) => {
    calls.push(req)
    if (res instanceof Error) throw res
    return { statusCode: 200, data: '', header: {}, ...res }
  })
}

/** A multipart/mixed body as GraphQL Yoga writes it (boundary '-'). */
function multipart(parts: string[], boundary = '-'): string {
  return `\r\n${parts.map((p) => `--${boundary}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${p.length}\r\n\r\n${p}\r\n`).join('')}--${boundary}--\r\n`
}

const deferParts = [
  JSON.stringify({ data: { portfolio: { poCode: 'ZH000001', poName: '稳健---组合' } }, hasNext: true }),
  JSON.stringify({ incremental: [{ data: { description: '长期投资' }, path: ['portfolio'] }], hasNext: false }),
]

let errorLog: jest.SpyInstance
beforeEach(() => {
  calls = []
  toast.close()
  user.logout()
  ;(assignLocation as jest.Mock).mockClear()
  errorLog = jest.spyOn(console, 'error').mockImplementation(() => undefined)
})
afterEach(() => errorLog.mockRestore())

describe('GraphQL: POST to /alfa/v1/graphql with the document, variables and operation name; the response is read from data', () => {
  it('sends the body and headers and resolves data', async () => {
    respond({ data: JSON.stringify({ data: { portfolio: { poCode: 'ZH000001' } } }), header: { 'content-type': 'application/json' } })
    const token = liveToken()
    user.login(token)
    const doc = PORTFOLIO as unknown as TypedDocument<{ portfolio: { poCode: string } }, { poCode: string }>
    const data = await execute(doc, { poCode: 'ZH000001' }, { stream: false })
    expect(data.portfolio.poCode).toBe('ZH000001')
    expect(calls[0]).toMatchObject({
      url: '/alfa/v1/graphql',
      method: 'POST',
      data: { query: PORTFOLIO, variables: { poCode: 'ZH000001' }, operationName: 'Portfolio' },
    })
    expect(calls[0].header).toMatchObject({ authorization: `Bearer ${token}`, 'x-broker': '0008' })
    expect(calls[0].header.accept).toContain('multipart/mixed')
  })
  it('names the operation from the document', () => {
    expect(operationNameOf('mutation toggleFollow($poCode: String!, $state: Boolean!) { x }')).toBe('toggleFollow')
    expect(operationNameOf('{ a }')).toBeUndefined()
  })
})

describe('multipart/mixed incremental responses are accepted (a complete text body, as in mini-programs)', () => {
  it('reads the boundary', () => {
    expect(multipartBoundary('multipart/mixed; boundary="-"')).toBe('-')
    expect(multipartBoundary('multipart/mixed;boundary=abc;deferSpec=20220824')).toBe('abc')
    expect(multipartBoundary('application/json')).toBeNull()
  })
  it('splits parts only at line-start delimiters', () => {
    expect(parseMultipartMixed(multipart(deferParts), '-')).toEqual(deferParts.map((p) => JSON.parse(p)))
  })
  it('merges the deferred part into the data and reports each step', async () => {
    respond({ data: multipart(deferParts), header: { 'Content-Type': 'multipart/mixed; boundary="-"' } })
    const steps: unknown[] = []
    const data = await execute(PORTFOLIO, { poCode: 'ZH000001' }, { stream: false, onData: (d) => steps.push(d) })
    expect(data).toEqual({ portfolio: { poCode: 'ZH000001', poName: '稳健---组合', description: '长期投资' } })
    expect(steps).toHaveLength(2)
    expect(steps[0]).toEqual({ portfolio: { poCode: 'ZH000001', poName: '稳健---组合' } })
  })
  it('merges streamed list items at their index without touching earlier results', () => {
    const first = { data: { list: [1, 2] }, hasNext: true }
    const next = applyPart(first, { incremental: [{ items: [3, 4], path: ['list', 2] }], hasNext: false })
    expect(next.data).toEqual({ list: [1, 2, 3, 4] })
    expect(first.data.list).toEqual([1, 2])
  })
})

describe('multipart parts must be JSON: a non-JSON part is an error', () => {
  it('rejects a text/plain part', async () => {
    const body = `---\r\nContent-Type: text/plain\r\n\r\nhello\r\n-----\r\n`
    respond({ data: body, header: { 'content-type': 'multipart/mixed; boundary="-"' } })
    await expect(execute(PORTFOLIO, {}, { stream: false })).rejects.toMatchObject({ kind: 'multipart' })
  })
  it('rejects a part that does not parse', async () => {
    respond({ data: multipart(['{"data":']), header: { 'content-type': 'multipart/mixed; boundary="-"' } })
    await expect(execute(PORTFOLIO, {}, { stream: false })).rejects.toBeInstanceOf(GraphQLClientError)
  })
})

function streamResponse(chunks: string[], contentType: string, status = 200) {
  const encoder = new TextEncoder()
  return {
    status,
    ok: status < 300,
    headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? contentType : null) },
    body: new ReadableStream({
      start(controller) {
        for (const c of chunks) controller.enqueue(encoder.encode(c))
        controller.close()
      },
    }),
    text: async () => chunks.join(''),
  } as unknown as Response
}

describe('where the runtime has streams, meros reads the incremental parts as they arrive', () => {
  it('merges parts split across network chunks', async () => {
    const body = multipart(deferParts)
    const cut = Math.floor(body.length / 2)
    const fetchMock = jest.fn(async () => streamResponse([body.slice(0, cut), body.slice(cut)], 'multipart/mixed; boundary="-"'))
    const steps: unknown[] = []
    const data = await execute(
      PORTFOLIO,
      { poCode: 'ZH000001' },
      { fetch: fetchMock as unknown as typeof fetch, onData: (d) => steps.push(d) },
    )
    expect(data).toEqual({ portfolio: { poCode: 'ZH000001', poName: '稳健---组合', description: '长期投资' } })
    expect(steps.length).toBe(2)
    expect(fetchMock).toHaveBeenCalledWith('/alfa/v1/graphql', expect.objectContaining({ method: 'POST' }))
  })
  it('a plain JSON response works too', async () => {
    const fetchMock = jest.fn(async () => streamResponse([JSON.stringify({ data: { a: 1 } })], 'application/json'))
    await expect(execute('query A { a }', {}, { fetch: fetchMock as unknown as typeof fetch })).resolves.toEqual({ a: 1 })
  })
  it('a non-JSON part is an error', async () => {
    const body = `\r\n---\r\nContent-Type: text/html\r\n\r\n<html>\r\n-----\r\n`
    const fetchMock = jest.fn(async () => streamResponse([body], 'multipart/mixed; boundary="-"'))
    await expect(execute('query A { a }', {}, { fetch: fetchMock as unknown as typeof fetch })).rejects.toMatchObject({ kind: 'multipart' })
  })
})

describe('GraphQL error code UNAUTHENTICATED starts login', () => {
  it('rejects and starts login (signup page with a back address on this main host)', async () => {
    respond({ data: JSON.stringify({ data: null, errors: [{ message: 'login required', extensions: { code: 'UNAUTHENTICATED' } }] }) })
    await expect(
      execute('mutation toggleFollow { toggleFollow(poCode: "X", state: true) { error { code } } }', {}, { stream: false }),
    ).rejects.toMatchObject({
      kind: 'unauthenticated',
    })
    await new Promise((r) => setTimeout(r, 0))
    expect(assignLocation).toHaveBeenCalledWith(expect.stringMatching(/^\/user\/signup\?back=/))
    expect(toast.show).toBe(false)
  })
})

describe('other GraphQL and network errors are only logged to the console', () => {
  it('a GraphQL error with data resolves the data and logs', async () => {
    respond({ data: JSON.stringify({ data: { a: 1, b: null }, errors: [{ message: 'b failed', path: ['b'] }] }) })
    await expect(execute('query A { a b }', {}, { stream: false })).resolves.toEqual({ a: 1, b: null })
    expect(errorLog).toHaveBeenCalled()
    expect(toast.show).toBe(false)
    expect(assignLocation).not.toHaveBeenCalled()
  })
  it('a GraphQL error without data rejects, logs, and shows nothing', async () => {
    respond({ statusCode: 400, data: JSON.stringify({ errors: [{ message: 'Cannot query field "x"' }] }) })
    await expect(execute('query A { x }', {}, { stream: false })).rejects.toMatchObject({ kind: 'graphql' })
    expect(errorLog).toHaveBeenCalled()
    expect(toast.show).toBe(false)
  })
  it('a network error rejects, logs, and shows no toast', async () => {
    respond(new Error('Failed to fetch'))
    await expect(execute('query A { a }', {}, { stream: false })).rejects.toMatchObject({ kind: 'network' })
    expect(errorLog).toHaveBeenCalled()
    expect(toast.show).toBe(false)
  })
  it('an HTTP 401 on GraphQL is handled like the REST 401', async () => {
    user.login(liveToken())
    respond({ statusCode: 401, data: '{"code":401,"msg":"unauthorized"}' })
    await expect(execute('query A { a }', {}, { stream: false })).rejects.toMatchObject({ kind: 'unauthorized' })
    expect(user.isLogin).toBe(false)
  })
})
