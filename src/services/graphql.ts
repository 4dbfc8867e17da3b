import { meros } from 'meros/browser'
import { isH5 } from '@/platform/env'
import { GRAPHQL_ACCEPT, GRAPHQL_PATH } from '@alfa/common/apiPaths'
import { brokerOf } from './brand'
import { startLogin } from './login'
import { dateHeader } from './clock'
import { API_ORIGIN, awaitSession, buildHeaders, currentTransport, handleUnauthorized, sendSigned, serverMessage } from './request'
import { tracker } from './tracking'
import { user } from './user'
import { takeFirstAnswer } from './firstAnswer'

/**
 * A document typed with its result and variables. Generated documents (graphql-codegen's
 * TypedDocumentString) fit it; a plain string gives untyped results.
 */
export interface TypedDocument<TResult, TVariables> {
  toString(): string
  __apiType?: (variables: TVariables) => TResult
}

export type Variables = Record<string, unknown>

export interface GraphQLErrorShape {
  message: string
  path?: (string | number)[]
  extensions?: { code?: string; [key: string]: unknown }
}

/** One response, or one part of an incremental (@defer/@stream) response. */
export interface ExecutionPart {
  data?: Record<string, unknown> | null
  errors?: GraphQLErrorShape[]
  hasNext?: boolean
  incremental?: { data?: Record<string, unknown> | null; items?: unknown[]; path: (string | number)[]; errors?: GraphQLErrorShape[] }[]
}

export const UNAUTHENTICATED = 'UNAUTHENTICATED'
export const ACCEPT = GRAPHQL_ACCEPT

export type GraphQLFailure = 'network' | 'unauthorized' | 'unauthenticated' | 'graphql' | 'multipart'

export class GraphQLClientError extends Error {
  constructor(
    readonly kind: GraphQLFailure,
    message: string,
    readonly errors: GraphQLErrorShape[] = [],
  ) {
    super(message)
    this.name = 'GraphQLClientError'
  }
}

/** The operation name: the first named query, mutation or subscription of the document. */
export function operationNameOf(document: string): string | undefined {
  return /\b(?:query|mutation|subscription)\s+([_A-Za-z][_0-9A-Za-z]*)/.exec(document)?.[1]
}

/** The boundary of a multipart content type, or null for any other type. */
export function multipartBoundary(contentType: string | undefined): string | null {
  if (!contentType || !/^\s*multipart\/mixed/i.test(contentType)) return null
  const m = /boundary="?([^";]+)"?/i.exec(contentType)
  return m ? m[1] : '-'
}

/**
 * Splits a complete multipart/mixed body into its parts (mini-programs receive the whole text at
 * once). Every part must be JSON: anything else is an error.
 */
export function parseMultipartMixed(body: string, boundary: string): ExecutionPart[] {
  // A delimiter only counts at the start of a line; JSON text has no raw line breaks.
  const escaped = boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const parts: ExecutionPart[] = []
  const chunks = body.split(new RegExp(`(?:^|\\r?\\n)--${escaped}`))
  // chunks[0] is the preamble; a chunk starting with '--' is the closing delimiter's epilogue.
  for (const chunk of chunks.slice(1)) {
    if (chunk.startsWith('--')) break
    const separator = /\r?\n\r?\n/.exec(chunk)
    const headers = separator ? chunk.slice(0, separator.index) : ''
    const content = (separator ? chunk.slice(separator.index + separator[0].length) : chunk).trim()
    if (!content) continue
    const type = /content-type:\s*([^\r\n;]+)/i.exec(headers)?.[1]?.trim().toLowerCase()
    if (type && !/json/.test(type)) throw new GraphQLClientError('multipart', `non-JSON part: ${type}`)
    try {
      parts.push(JSON.parse(content) as ExecutionPart)
    } catch {
      throw new GraphQLClientError('multipart', 'non-JSON part in multipart response')
    }
  }
  return parts
}

function deepMerge(base: unknown, patch: unknown): unknown {
  if (!base || typeof base !== 'object' || Array.isArray(base) || !patch || typeof patch !== 'object' || Array.isArray(patch)) return patch
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) }
  for (const [k, v] of Object.entries(patch as Record<string, unknown>)) out[k] = k in out ? deepMerge(out[k], v) : v
  return out
}

/** The node at `path`, or undefined where the path leaves the data. */
function nodeAt(data: unknown, path: readonly (string | number)[]): unknown {
  let node = data
  for (const key of path) {
    if (!node || typeof node !== 'object') return undefined
    node = (node as Record<string | number, unknown>)[key]
  }
  return node
}

/**
 * Folds one part of an incremental response into the result so far, without touching earlier
 * results (a screen may still hold them): deferred `data` merges at its path, streamed `items`
 * land in the list at the index the path ends with.
 */
export function applyPart(result: ExecutionPart, part: ExecutionPart): ExecutionPart {
  const next: ExecutionPart = { ...result, hasNext: part.hasNext }
  if (part.data !== undefined) next.data = part.data
  if (part.errors?.length) next.errors = [...(next.errors ?? []), ...part.errors]
  if (!part.incremental?.length) return next
  // GraphQL data is plain JSON, so a JSON copy is a faithful deep copy.
  const data = JSON.parse(JSON.stringify(next.data ?? {})) as Record<string, unknown>
  for (const inc of part.incremental) {
    if (inc.errors?.length) next.errors = [...(next.errors ?? []), ...inc.errors]
    if (inc.items) {
      const list = nodeAt(data, inc.path.slice(0, -1))
      const start = Number(inc.path[inc.path.length - 1])
      if (Array.isArray(list)) inc.items.forEach((item, i) => (list[start + i] = item))
    } else if (inc.data) {
      if (inc.path.length === 0) Object.assign(data, deepMerge(data, inc.data))
      else {
        const parent = nodeAt(data, inc.path.slice(0, -1)) as Record<string | number, unknown> | undefined
        const key = inc.path[inc.path.length - 1]
        if (parent && typeof parent === 'object') parent[key] = deepMerge(parent[key], inc.data)
      }
    }
  }
  next.data = data
  return next
}

export interface ExecuteOptions<TResult> {
  operationName?: string
  /** Called with the merged data after each part of an incremental response. */
  onData?: (data: TResult) => void
  /** Use a streaming fetch (H5 with streams). Default: when the host has fetch and streams. */
  stream?: boolean
  fetch?: typeof fetch
}

function hasStreams(): boolean {
  return isH5 && typeof fetch === 'function' && typeof ReadableStream !== 'undefined' && typeof TextDecoder !== 'undefined'
}

/** The outcome of a finished response: data, or the error catalogue's handling and a rejection. */
function settle<TResult>(result: ExecutionPart, operationName: string | undefined): TResult {
  const errors = result.errors ?? []
  if (errors.some((e) => e.extensions?.code === UNAUTHENTICATED)) {
    void startLogin()
    throw new GraphQLClientError('unauthenticated', 'login required', errors)
  }
  // Other GraphQL errors are only logged (spec section 8).
  if (errors.length) console.error(`GraphQL ${operationName ?? ''} errors`, errors)
  if (result.data === undefined || result.data === null) {
    throw new GraphQLClientError('graphql', errors[0]?.message ?? 'no data', errors)
  }
  return result.data as TResult
}

/**
 * meros cancels its reader as soon as it reads the closing boundary, before the server has ended
 * the response, and the browser then counts the request as aborted. It reads one branch of the
 * body; the other is read to its end, so that the request finishes as it should.
 */
function drained(response: Response): Response {
  const body = response.body
  if (!body || typeof body.tee !== 'function' || typeof WritableStream === 'undefined') return response
  const [parts, rest] = body.tee()
  rest.pipeTo(new WritableStream()).catch(() => undefined)
  return new Response(parts, { status: response.status, statusText: response.statusText, headers: response.headers })
}

async function* streamParts(response: Response): AsyncGenerator<ExecutionPart> {
  const parts = await meros<ExecutionPart>(drained(response))
  if (!(Symbol.asyncIterator in Object(parts))) {
    const text = await (parts as Response).text()
    try {
      yield JSON.parse(text) as ExecutionPart
    } catch {
      throw new GraphQLClientError('graphql', `HTTP ${response.status}: not a GraphQL response`)
    }
    return
  }
  for await (const part of parts as AsyncGenerator<{ json: boolean; body: unknown }>) {
    if (!part.json) throw new GraphQLClientError('multipart', 'non-JSON part in multipart response')
    yield part.body as ExecutionPart
  }
}

function completeParts(statusCode: number, contentType: string | undefined, body: unknown): ExecutionPart[] {
  const boundary = multipartBoundary(contentType)
  if (boundary) return parseMultipartMixed(typeof body === 'string' ? body : String(body), boundary)
  if (typeof body !== 'string') return [body as ExecutionPart]
  try {
    return [JSON.parse(body) as ExecutionPart]
  } catch {
    throw new GraphQLClientError('graphql', `HTTP ${statusCode}: not a GraphQL response`)
  }
}

function headerOf(header: Record<string, string>, name: string): string | undefined {
  const key = Object.keys(header).find((k) => k.toLowerCase() === name)
  return key ? header[key] : undefined
}

/**
 * POSTs a document to /alfa/v1/graphql with its variables and operation name and resolves with
 * `data`. Incremental (multipart/mixed) responses are merged part by part. UNAUTHENTICATED starts
 * login; other GraphQL and network errors are only logged; every failure rejects.
 */
export async function execute<TResult = Record<string, unknown>, TVariables extends Variables = Variables>(
  document: TypedDocument<TResult, TVariables> | string,
  variables?: TVariables,
  options: ExecuteOptions<TResult> = {},
): Promise<TResult> {
  const query = document.toString()
  const operationName = options.operationName ?? operationNameOf(query)
  // H5: the page's HTML may carry this very answer (a public query the server asked with the page): no round trip.
  const first = takeFirstAnswer(query, variables ?? {})
  if (first !== null) return first as TResult
  const url = `${API_ORIGIN}${GRAPHQL_PATH}`
  await awaitSession()
  const makeHeader = () => ({
    ...buildHeaders({ url, method: 'POST', token: user.token, anonymousId: tracker.anonymousId, broker: brokerOf() }),
    accept: ACCEPT,
  })
  const payload = { query, variables: variables ?? {}, operationName }
  let result: ExecutionPart = {}
  const fold = (part: ExecutionPart) => {
    result = applyPart(result, part)
    if (result.data && options.onData && !result.errors?.some((e) => e.extensions?.code === UNAUTHENTICATED))
      options.onData(result.data as TResult)
  }
  const fetchImpl = options.fetch ?? (typeof fetch === 'function' ? fetch : undefined)
  const useStream = options.stream ?? (options.fetch !== undefined || hasStreams())
  try {
    if (useStream && fetchImpl) {
      let response: Response
      try {
        response = await sendSigned(
          (headers) => fetchImpl(url, { method: 'POST', headers, body: JSON.stringify(payload) }),
          makeHeader,
          (r) => ({
            status: r.status,
            date: r.headers?.get?.('date') ?? null,
            msg: () =>
              typeof r.clone === 'function'
                ? r
                    .clone()
                    .text()
                    .then(serverMessage, () => null)
                : null,
          }),
        )
      } catch (err) {
        throw new GraphQLClientError('network', err instanceof Error ? err.message : 'network error')
      }
      if (response.status === 401) {
        handleUnauthorized()
        throw new GraphQLClientError('unauthorized', 'HTTP 401')
      }
      for await (const part of streamParts(response)) fold(part)
    } else {
      let res
      try {
        res = await sendSigned(
          (header) => currentTransport()({ url, method: 'POST', data: payload, header, dataType: 'text' }),
          makeHeader,
          (r) => ({ status: r.statusCode, date: dateHeader(r.header), msg: () => serverMessage(r.data) }),
        )
      } catch (err) {
        throw new GraphQLClientError('network', err instanceof Error ? err.message : 'network error')
      }
      if (res.statusCode === 401) {
        handleUnauthorized()
        throw new GraphQLClientError('unauthorized', 'HTTP 401')
      }
      for (const part of completeParts(res.statusCode, headerOf(res.header, 'content-type'), res.data)) fold(part)
    }
  } catch (err) {
    if (err instanceof GraphQLClientError && err.kind !== 'unauthorized')
      console.error(`GraphQL ${operationName ?? ''} failed:`, err.message)
    throw err
  }
  return settle<TResult>(result, operationName)
}
