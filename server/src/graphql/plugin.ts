import { PassThrough } from 'node:stream'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { createSchema, createYoga, maskError, type Plugin } from 'graphql-yoga'
import { useDeferStream } from '@graphql-yoga/plugin-defer-stream'
import { useGraphQlJit } from '@envelop/graphql-jit'
import { GraphQLError, NoSchemaIntrospectionCustomRule, type DocumentNode, type ExecutionResult } from 'graphql'
import type { CompiledQuery } from 'graphql-jit'
import { hasDeferOrStream } from './plugin-helpers'
import { FastPath, acceptsJson, acceptsMultipart, jsonTypeFor, maskErrors } from './fastpath'
import type { DeferPlan } from './deferred'
import { DocumentCache, GuardError, checkDocumentOnce, variablesRefusal } from './guard'
import { GRAPHQL_PATH } from '@alfa/common/apiPaths'
import { currentQueryScope, runInQueryScope } from '../db/abort'
import type { Database } from '../db'
import { createContext, type Loaders } from './context'
import { scalarResolvers } from './scalars'
import { readSdl } from './sdl.cjs'
import { limitsRule } from './limits'
import { inChinese } from './messages'
import { acceptedEncoding, compressStream, compressText } from './compress'
import type { PublicAnswerer } from './publicAnswer'

export const GRAPHQL_BODY_LIMIT = 100 * 1024
/** JSON answers from this size go out compressed when the client takes br or gzip (smaller ones fit a packet). */
export const COMPRESS_FROM_BYTES = 1400
/** A request still running after this long is answered 503 (the client may retry); the cost model keeps real pages far below it. */
export const GRAPHQL_TIME_BUDGET_MS = 10_000
/** The largest answer the fast path sends (a page of the app needs well under 1 MB). */
export const GRAPHQL_MAX_RESPONSE_BYTES = 4 * 1024 * 1024
/** GraphQL requests running at once per client address unless configured (GRAPHQL_MAX_PER_ADDRESS). */
export const GRAPHQL_MAX_IN_FLIGHT_PER_ADDRESS = 8

// The core schema plus every domain's `schema.graphql` (see sdl.cjs); the domains' resolvers come from app.ts (server/src/resolvers.ts).
export const typeDefs: string = readSdl()

export { hasDeferOrStream }

const jitGuard = new WeakMap<DocumentNode, boolean>()

const limitsPlugin = (production: boolean): Plugin => ({
  onValidate({ addValidationRule }) {
    addValidationRule(limitsRule)
    if (production) addValidationRule(NoSchemaIntrospectionCustomRule)
    // In Chinese (Yoga does not pass validation errors through maskError); production: no "Did you mean …?".
    return ({ result, setResult }) =>
      result.length && setResult(result.map((e) => inChinese(e, { suggestions: !production, code: 'GRAPHQL_VALIDATION_FAILED' })))
  },
})

export interface GraphQLPluginOptions {
  database: Database
  live: FastifyInstance['live']
  /** One resolver object per domain (server/src/resolvers.ts); the core adds its scalars. */
  resolvers: object[]
  /** The domains' batch look-ups, each a context field (server/src/context.ts). */
  loaders: Loaders
  /** What the domains read from the configuration, `ctx.settings` (server/src/context.ts). */
  settings: object
  graphiql: boolean
  /** Production: no introspection, no error details. */
  production?: boolean
  /** GRAPHQL_TIME_BUDGET_MS and GRAPHQL_MAX_RESPONSE_BYTES unless given (the reliability suite tries smaller ones). */
  timeBudgetMs?: number
  maxResponseBytes?: number
  /** GraphQL requests one client address (`req.ip`, as the rate limits count it) may have running at once; more are 429. */
  maxInFlightPerAddress?: number
  /** false: @defer documents go to Yoga's executor, not the fast path (tests compare the two answers). */
  deferOnFastPath?: boolean
  /** Receives a runner of public queries as an anonymous visitor (the H5 pages' first answers, server/src/h5.ts). */
  exposePublicAnswerer?: (answer: PublicAnswerer) => void
}

/** The errors' `extensions.http` left out, as Yoga leaves it out of what it sends. */
function withoutHttp(result: ExecutionResult): ExecutionResult | object {
  if (!result.errors?.some((e) => e.extensions?.http)) return result
  return {
    ...result,
    errors: result.errors.map((e) => {
      if (!e.extensions?.http) return e
      const { http: _, ...extensions } = e.extensions
      return { ...e.toJSON(), extensions }
    }),
  }
}

/**
 * As Yoga does: an error whose extensions ask for an HTTP status (extensions.http, e.g. the fund
 * statistics not ready: 503 with retry-after) sets it and its headers; `http` is not sent.
 */
function withHttpStatus(reply: FastifyReply, result: ExecutionResult): ExecutionResult | object {
  const asked = result.errors?.find((e) => typeof (e.extensions?.http as { status?: unknown } | undefined)?.status === 'number')
  if (!asked) return result
  const http = asked.extensions.http as { status: number; headers?: Record<string, string> }
  reply.status(http.status)
  for (const [name, value] of Object.entries(http.headers ?? {})) reply.header(name, value)
  return withoutHttp(result)
}

/** One part of a multipart/mixed answer as Yoga writes it (boundary "-"): its headers, the JSON, the next delimiter. */
const multipartPart = (json: string) =>
  `\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}\r\n---`

/** The time budget's refusal, as a 503 and as the entry of a multipart answer's parts still running. */
const TIMEOUT_MESSAGE = '查询超时，请稍后再试'

/** The size limit's refusal, as a 413 and as the entry of a multipart answer's part that would cross it. */
const tooLarge = (maxBytes: number) => `应答过大（超过 ${maxBytes} 字节），请缩小分页或区间`

/** The abort reason of a request whose client went away (the time budget aborts without one). */
const CLIENT_GONE = 'client gone'

/** The value at a response path of a result's data. */
function valueAt(data: unknown, path: readonly string[]): unknown {
  let at = data
  for (const key of path) at = at && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined
  return at
}

/** A GraphQL error answer with an HTTP status (the guard's refusals and the time budget). */
function errorAnswer(reply: FastifyReply, status: number, message: string, code: string) {
  return reply
    .code(status)
    .header('content-type', 'application/json; charset=utf-8')
    .send(JSON.stringify({ errors: [{ message, extensions: { code } }] }))
}

/** Runs `work`, or calls `expired` and rejects with a GuardError when it takes longer than the budget. */
function withinBudget<T>(work: Promise<T>, ms: number, expired: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      expired()
      reject(new GuardError(TIMEOUT_MESSAGE, 'TIMEOUT'))
    }, ms)
  })
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}

/** GraphQL Yoga mounted in Fastify at POST /alfa/v1/graphql, with @defer/@stream (multipart/mixed). */
export async function graphqlPlugin(app: FastifyInstance, opts: GraphQLPluginOptions) {
  const schema = createSchema<{ req: FastifyRequest; reply: FastifyReply }>({
    typeDefs,
    resolvers: [scalarResolvers, ...opts.resolvers] as never,
  })
  const introspection = !opts.production
  const timeBudgetMs = opts.timeBudgetMs ?? GRAPHQL_TIME_BUDGET_MS
  const maxResponseBytes = opts.maxResponseBytes ?? GRAPHQL_MAX_RESPONSE_BYTES
  const maxInFlight = opts.maxInFlightPerAddress ?? GRAPHQL_MAX_IN_FLIGHT_PER_ADDRESS
  /** Replies whose multipart answer is being written (`reply.sent` is true only once a stream has ended). */
  const streaming = new WeakSet<FastifyReply>()
  /** Requests running per client address (an entry lives only while one runs). */
  const inFlight = new Map<string, number>()
  const fast = new FastPath(schema, { introspection })
  const documents = new DocumentCache()
  const describe = (args: unknown[]) => args.map((a) => (a instanceof Error ? { message: a.message, stack: a.stack } : a))
  /** Refusals maskError put in Chinese: Yoga logs an error maskError hands back changed, and a client's refusal is no fault. */
  const refusals = new WeakSet<object>()
  const yoga = createYoga<{ req: FastifyRequest; reply: FastifyReply }>({
    schema,
    graphqlEndpoint: GRAPHQL_PATH,
    graphiql: opts.graphiql,
    landingPage: false,
    // One CORS policy for the whole API: the security plugin's (Yoga's own would echo any origin).
    cors: false,
    maskedErrors: {
      isDev: false,
      // graphql-js's refusals in Chinese (messages.ts); production: no "Did you mean …?".
      maskError: (error: unknown, message: string) => {
        const masked = maskError(error, message, false)
        const said = inChinese(masked, { suggestions: !opts.production })
        if (said !== masked && typeof error === 'object' && error) refusals.add(error)
        return said
      },
    },
    logging: {
      debug: () => {},
      info: () => {},
      warn: (...args) => app.log.warn({ args: describe(args) }, 'graphql'),
      error: (...args) =>
        args.every((a) => typeof a === 'object' && a && refusals.has(a)) || app.log.error({ args: describe(args) }, 'graphql'),
    },
    context: async ({ req }) => createContext(opts.loaders, opts.settings, opts.database, req.broker, await req.auth(), opts.live),
    plugins: [
      useDeferStream(),
      useGraphQlJit(
        {},
        {
          enableIf: ({ document }) => {
            let plain = jitGuard.get(document)
            if (plain === undefined) jitGuard.set(document, (plain = !hasDeferOrStream(document)))
            return plain
          },
        },
      ),
      limitsPlugin(!introspection),
    ],
  })

  // The same guard and fast path as a request, as an anonymous visitor of the main brand, within the time budget.
  opts.exposePublicAnswerer?.(async (query, variables, operationName, signal) => {
    try {
      const document = documents.get(query)
      if (document instanceof GraphQLError || variablesRefusal(variables)) return null
      checkDocumentOnce(schema, document, operationName, variables)
      const compiled = fast.prepare(document, operationName)
      if (!compiled) return null
      const context = createContext(opts.loaders, opts.settings, opts.database, '0008', { status: 'none' }, opts.live)
      return await runInQueryScope(
        { signal, statementTimeoutMs: timeBudgetMs, statements: currentQueryScope()?.statements, memo: new Map() },
        () => compiled.query(undefined, context, variables),
      )
    } catch {
      return null
    }
  })

  app.route({
    url: GRAPHQL_PATH,
    method: ['GET', 'POST', 'OPTIONS'],
    bodyLimit: GRAPHQL_BODY_LIMIT,
    handler: async (req, reply) => {
      const source = (req.method === 'GET' ? req.query : req.body) as
        { query?: unknown; variables?: unknown; operationName?: unknown } | undefined
      const accept = req.headers.accept ?? ''
      // Yoga would answer these with an empty 415: the client gets a message instead.
      if (req.method === 'POST' && !String(req.headers['content-type'] ?? '').includes('json'))
        return errorAnswer(reply, 415, '请求的 content-type 须为 application/json', 'UNSUPPORTED_MEDIA_TYPE')
      if (req.method === 'POST' && (typeof source !== 'object' || source === null || Array.isArray(source)))
        return errorAnswer(reply, 400, '请求体须为含 query 的 JSON 对象', 'BAD_REQUEST')
      let variables: unknown = source?.variables
      if (typeof variables === 'string') {
        try {
          variables = JSON.parse(variables)
        } catch {
          variables = undefined // Yoga answers the malformed variables
        }
      }
      // Checked after this parse (GET) or the body's (POST): a NUL escaped as \u0000 in the JSON text gets past the edge's check.
      const badVariables = variablesRefusal(variables)
      if (badVariables) return errorAnswer(reply, 400, badVariables.message, String(badVariables.extensions.code))
      const vars = variables && typeof variables === 'object' && !Array.isArray(variables) ? (variables as Record<string, unknown>) : {}
      const operationName = typeof source?.operationName === 'string' ? source.operationName : undefined
      // The guard, on both paths: depth and length on the text, fragment cycles, the limits, then the cost with these variables.
      let document: DocumentNode | GraphQLError | undefined
      if (typeof source?.query === 'string') {
        try {
          document = documents.get(source.query)
          if (!(document instanceof GraphQLError)) checkDocumentOnce(schema, document, operationName, vars)
        } catch (err) {
          if (err instanceof GuardError) return errorAnswer(reply, 400, err.message, String(err.extensions.code))
          throw err
        }
      }
      // A few requests at a time per client: one address cannot keep the database busy with many heavy ones.
      const address = req.ip
      const running = inFlight.get(address) ?? 0
      if (running >= maxInFlight)
        return errorAnswer(reply.header('retry-after', '1'), 429, '同时进行的查询过多，请稍后再试', 'RATE_LIMITED')
      inFlight.set(address, running + 1)
      // Cancelled at the time budget or when the client goes away: the request's queries not yet started never start (db/abort.ts).
      const cancel = new AbortController()
      const gone = () => reply.raw.writableFinished || cancel.abort(CLIENT_GONE)
      reply.raw.once('close', gone)
      const work = runInQueryScope(
        // A measurement's statement counter (server/test/statements.test.ts) carries over into the request.
        { signal: cancel.signal, statementTimeoutMs: timeBudgetMs, statements: currentQueryScope()?.statements, memo: new Map() },
        () => run(req, reply, source, document, operationName, accept),
      )
      // The slot is given back when the work has stopped, not when a 503 was sent for it.
      void work
        .catch(() => {})
        .finally(() => {
          reply.raw.off('close', gone)
          const left = (inFlight.get(address) ?? 1) - 1
          if (left > 0) inFlight.set(address, left)
          else inFlight.delete(address)
        })
      try {
        return await withinBudget(work, timeBudgetMs, () => cancel.abort())
      } catch (err) {
        // Past the first part of a multipart answer, the parts still running end it with the budget's refusal (answerDeferred).
        if (err instanceof GuardError)
          return reply.sent || streaming.has(reply) ? reply : errorAnswer(reply, 503, err.message, String(err.extensions.code))
        throw err
      }
    },
  })

  async function run(
    req: FastifyRequest,
    reply: FastifyReply,
    body: { query?: unknown; variables?: unknown; operationName?: unknown } | undefined,
    document: DocumentNode | GraphQLError | undefined,
    operationName: string | undefined,
    accept: string,
  ) {
    if (
      req.method === 'POST' &&
      document &&
      !(document instanceof GraphQLError) &&
      (body?.operationName == null || typeof body.operationName === 'string') &&
      (body?.variables == null || (typeof body.variables === 'object' && !Array.isArray(body.variables)))
    ) {
      const compiled = acceptsJson(accept) ? fast.prepare(document, operationName) : null
      if (compiled) {
        const context = createContext(opts.loaders, opts.settings, opts.database, req.broker, await req.auth(), opts.live)
        const result = masked(req, await compiled.query(undefined, context, body?.variables ?? {}))
        if (reply.sent) return reply // answered 503 by the time budget meanwhile
        return sendJson(req, reply, result, accept)
      }
      // A @defer document the fast path can split, for a client taking multipart/mixed (the app's Accept header does).
      const plan = opts.deferOnFastPath !== false && acceptsMultipart(accept) ? fast.prepareDeferred(document, operationName) : null
      if (plan) return answerDeferred(req, reply, plan, (body?.variables ?? {}) as Record<string, unknown>, accept)
    }
    const response = await yoga.handleNodeRequestAndResponse(req, reply, { req, reply })
    if (reply.sent) return reply
    response.headers.forEach((value, key) => {
      reply.header(key, value)
    })
    reply.status(response.status)
    // An @defer answer (multipart/mixed) compressed part by part, as the fast path's JSON is whole.
    const encoding =
      response.body && /^multipart\/mixed/i.test(response.headers.get('content-type') ?? '')
        ? acceptedEncoding(req.headers['accept-encoding'])
        : null
    if (!encoding || !response.body) return reply.send(response.body)
    reply.header('content-encoding', encoding).header('vary', 'accept-encoding').removeHeader('content-length')
    return reply.send(compressStream(response.body as unknown as AsyncIterable<Uint8Array>, encoding))
  }

  /** Yoga's masking (maskErrors), resolver failures logged with the request. */
  function masked(req: FastifyRequest, result: ExecutionResult): ExecutionResult {
    return maskErrors(
      result,
      (err, path) => req.log.error({ err: { message: err.message, stack: err.stack }, path }, 'graphql resolver failed'),
      { suggestions: !opts.production },
    )
  }

  /** One JSON answer: 413 above the size limit, compressed when it saves a round trip's worth (a strategy's list or a fund's answer: 2–26 KB). */
  function sendJson(req: FastifyRequest, reply: FastifyReply, result: ExecutionResult, accept: string) {
    const json = JSON.stringify(withHttpStatus(reply, result))
    if (json.length > maxResponseBytes) return errorAnswer(reply, 413, tooLarge(maxResponseBytes), 'RESPONSE_TOO_LARGE')
    reply.header('content-type', `${jsonTypeFor(accept)}; charset=utf-8`).header('vary', 'accept-encoding')
    const encoding = json.length >= COMPRESS_FROM_BYTES ? acceptedEncoding(req.headers['accept-encoding']) : null
    return encoding ? reply.header('content-encoding', encoding).send(compressText(json, encoding)) : reply.send(json)
  }

  /**
   * A @defer document on the fast path (issue #24): the initial selection and each deferred fragment run as
   * graphql-jit queries at once, with one context (its loaders and the request's memo fetch the shared parents
   * once); the initial part goes out as soon as it is ready, then each reached fragment's part as it completes,
   * in Yoga's multipart/mixed format (deferSpec=20220824), compressed part by part when accepted. The answer
   * is complete when this returns, so the time budget, the abort on client close and the in-flight slot cover
   * every part. Size limit: an initial part over it is a 413; a later part that would take the whole answer
   * over it is sent as that fragment's RESPONSE_TOO_LARGE error instead of its data.
   */
  async function answerDeferred(
    req: FastifyRequest,
    reply: FastifyReply,
    plan: DeferPlan,
    variables: Record<string, unknown>,
    accept: string,
  ) {
    const context = createContext(opts.loaders, opts.settings, opts.database, req.broker, await req.auth(), opts.live)
    const execute = (q: CompiledQuery) =>
      new Promise<ExecutionResult>((resolve) => resolve(q.query(undefined, context, variables) as ExecutionResult)).catch(
        (err: unknown): ExecutionResult => ({ errors: [new GraphQLError('Unexpected error.', { originalError: err as Error })] }),
      )
    const initial = execute(plan.initial)
    const deferred = plan.deferred.map((d) => execute(d.compiled))
    const first = masked(req, await initial)
    if (reply.sent) return reply // answered 503 by the time budget meanwhile
    // graphql-js starts a deferred fragment only where its parent object is in the initial data; Yoga then answers one JSON result when none is.
    const reached = plan.deferred.flatMap((d, i) => {
      const parent = valueAt(first.data, d.path)
      return parent && typeof parent === 'object' ? [i] : []
    })
    if (!reached.length && acceptsJson(accept)) return sendJson(req, reply, first, accept)
    const head = JSON.stringify({ ...withoutHttp(first), hasNext: true })
    let size = Buffer.byteLength(head)
    if (size > maxResponseBytes) return errorAnswer(reply, 413, tooLarge(maxResponseBytes), 'RESPONSE_TOO_LARGE')
    const out = new PassThrough()
    const encoding = acceptedEncoding(req.headers['accept-encoding'])
    reply.status(200).header('content-type', 'multipart/mixed; boundary="-"').header('vary', 'accept-encoding')
    if (encoding) reply.header('content-encoding', encoding)
    streaming.add(reply)
    void reply.send(encoding ? compressStream(out, encoding) : out)
    // Yoga's single result to a client that takes only multipart/mixed: one part, without hasNext.
    if (!reached.length) {
      out.end(`\r\n---${multipartPart(JSON.stringify(withoutHttp(first)))}--\r\n`)
      return reply
    }
    out.write(`\r\n---${multipartPart(head)}`)

    const signal = currentQueryScope()?.signal
    const stopped = new Promise<null>((resolve) =>
      signal?.aborted ? resolve(null) : signal?.addEventListener('abort', () => resolve(null), { once: true }),
    )
    const pending = new Map(reached.map((i) => [i, deferred[i].then((result) => ({ i, result }))]))
    const entry = (i: number, fields: { data: unknown; errors?: unknown[] }) => ({
      data: fields.data,
      path: plan.deferred[i].path,
      ...(plan.deferred[i].label === undefined ? {} : { label: plan.deferred[i].label }),
      ...(fields.errors?.length ? { errors: fields.errors } : {}),
    })
    while (pending.size) {
      const done = await Promise.race([...pending.values(), stopped])
      if (!done) break
      pending.delete(done.i)
      const result = withoutHttp(masked(req, done.result)) as ExecutionResult
      const data = valueAt(result.data, plan.deferred[done.i].path)
      let text = JSON.stringify({
        incremental: [entry(done.i, { data: data && typeof data === 'object' ? data : null, errors: result.errors as unknown[] })],
        hasNext: pending.size > 0,
      })
      if (size + Buffer.byteLength(text) > maxResponseBytes) {
        const error = { message: tooLarge(maxResponseBytes), extensions: { code: 'RESPONSE_TOO_LARGE' } }
        text = JSON.stringify({ incremental: [entry(done.i, { data: null, errors: [error] })], hasNext: pending.size > 0 })
      }
      size += Buffer.byteLength(text)
      if (out.destroyed) break
      out.write(multipartPart(text) + (pending.size ? '' : '--\r\n'))
    }
    // The time budget ran out: the fragments still running end the answer with its refusal (a client gone reads nothing more).
    if (pending.size && signal?.reason !== CLIENT_GONE && !out.destroyed) {
      const error = { message: TIMEOUT_MESSAGE, extensions: { code: 'TIMEOUT' } }
      const text = JSON.stringify({
        incremental: [...pending.keys()].map((i) => entry(i, { data: null, errors: [error] })),
        hasNext: false,
      })
      out.write(multipartPart(text) + '--\r\n')
    }
    out.end()
    return reply
  }
}
