import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { createSchema, createYoga, type Plugin } from 'graphql-yoga'
import { useDeferStream } from '@graphql-yoga/plugin-defer-stream'
import { useGraphQlJit } from '@envelop/graphql-jit'
import { GraphQLError, NoSchemaIntrospectionCustomRule, type DocumentNode } from 'graphql'
import { hasDeferOrStream } from './plugin-helpers'
import { FastPath, maskErrors } from './fastpath'
import { DocumentCache, GUARD_LIMITS, GuardError, operationCost } from './guard'
import { GRAPHQL_PATH } from '@alfa/common/apiPaths'
import type { Database } from '../db'
import type { LiveHub } from '../live/hub'
import { createContext, type Broker } from './context'
import { resolvers } from './modules'
import { readSdl } from './sdl.cjs'
import { documentMeasure, limitsRefusal, limitsRule } from './limits'

export const GRAPHQL_BODY_LIMIT = 100 * 1024
/** A request still running after this long is answered 503 (the client may retry); the cost model keeps real pages far below it. */
export const GRAPHQL_TIME_BUDGET_MS = 10_000
/** The largest answer the fast path sends (a page of the app needs well under 1 MB). */
export const GRAPHQL_MAX_RESPONSE_BYTES = 4 * 1024 * 1024

// The core schema plus every domain's `schema.graphql` (see sdl.cjs); every domain's resolvers in modules.ts.
export const typeDefs: string = readSdl()

export { hasDeferOrStream }

const jitGuard = new WeakMap<DocumentNode, boolean>()

const limitsPlugin = (introspection: boolean): Plugin => ({
  onValidate({ addValidationRule }) {
    addValidationRule(limitsRule)
    if (!introspection) addValidationRule(NoSchemaIntrospectionCustomRule)
  },
})

export interface GraphQLPluginOptions {
  database: Database
  live: LiveHub
  graphiql: boolean
  /** Production: no introspection, no error details. */
  production?: boolean
  /** GRAPHQL_TIME_BUDGET_MS and GRAPHQL_MAX_RESPONSE_BYTES unless given (the reliability suite tries smaller ones). */
  timeBudgetMs?: number
  maxResponseBytes?: number
}

/** A GraphQL error answer with an HTTP status (the guard's refusals and the time budget). */
function errorAnswer(reply: FastifyReply, status: number, message: string, code: string) {
  return reply
    .code(status)
    .header('content-type', 'application/json; charset=utf-8')
    .send(JSON.stringify({ errors: [{ message, extensions: { code } }] }))
}

/** Runs `work`, or rejects with a GuardError when it takes longer than the budget. */
function withinBudget<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new GuardError('查询超时，请稍后再试', 'TIMEOUT')), ms)
  })
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}

/** GraphQL Yoga mounted in Fastify at POST /alfa/v1/graphql, with @defer/@stream (multipart/mixed). */
export async function graphqlPlugin(app: FastifyInstance, opts: GraphQLPluginOptions) {
  const schema = createSchema<{ req: FastifyRequest; reply: FastifyReply }>({ typeDefs, resolvers: resolvers as never })
  const introspection = !opts.production
  const timeBudgetMs = opts.timeBudgetMs ?? GRAPHQL_TIME_BUDGET_MS
  const maxResponseBytes = opts.maxResponseBytes ?? GRAPHQL_MAX_RESPONSE_BYTES
  const fast = new FastPath(schema, { introspection })
  const documents = new DocumentCache()
  const describe = (args: unknown[]) => args.map((a) => (a instanceof Error ? { message: a.message, stack: a.stack } : a))
  const yoga = createYoga<{ req: FastifyRequest; reply: FastifyReply }>({
    schema,
    graphqlEndpoint: GRAPHQL_PATH,
    graphiql: opts.graphiql,
    landingPage: false,
    // One CORS policy for the whole API: the security plugin's (Yoga's own would echo any origin).
    cors: false,
    maskedErrors: { isDev: false },
    logging: {
      debug: () => {},
      info: () => {},
      warn: (...args) => app.log.warn({ args: describe(args) }, 'graphql'),
      error: (...args) => app.log.error({ args: describe(args) }, 'graphql'),
    },
    context: async ({ req }) => createContext(opts.database, req.broker as Broker, await req.auth(), opts.live),
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
      limitsPlugin(introspection),
    ],
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
        return errorAnswer(reply, 415, 'content-type must be application/json', 'UNSUPPORTED_MEDIA_TYPE')
      if (req.method === 'POST' && (typeof source !== 'object' || source === null || Array.isArray(source)))
        return errorAnswer(reply, 400, 'the body must be a JSON object with a query', 'BAD_REQUEST')
      let variables: unknown = source?.variables
      if (typeof variables === 'string') {
        try {
          variables = JSON.parse(variables)
        } catch {
          variables = undefined // Yoga answers the malformed variables
        }
      }
      const vars = variables && typeof variables === 'object' && !Array.isArray(variables) ? (variables as Record<string, unknown>) : {}
      const operationName = typeof source?.operationName === 'string' ? source.operationName : undefined
      // The guard, on both paths: depth and length on the text, then the cost with these variables.
      let document: DocumentNode | GraphQLError | undefined
      if (typeof source?.query === 'string') {
        try {
          document = documents.get(source.query)
          if (!(document instanceof GraphQLError)) {
            const refusal = limitsRefusal(documentMeasure(document))
            if (refusal) throw new GuardError(refusal.message, refusal.code)
            const cost = operationCost(schema, document, operationName, vars)
            if (cost > GUARD_LIMITS.maxCost)
              throw new GuardError(
                `Query is too costly: ${Math.round(cost)} units exceed the limit of ${GUARD_LIMITS.maxCost} (list sizes multiply; ask for smaller pages or ranges)`,
                'QUERY_TOO_COSTLY',
              )
          }
        } catch (err) {
          if (err instanceof GuardError) return errorAnswer(reply, 400, err.message, String(err.extensions.code))
          throw err
        }
      }
      try {
        return await withinBudget(run(req, reply, source, document, operationName, accept), timeBudgetMs)
      } catch (err) {
        if (err instanceof GuardError && !reply.sent) return errorAnswer(reply, 503, err.message, String(err.extensions.code))
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
      !accept.includes('multipart/mixed') &&
      !accept.includes('text/event-stream') &&
      (body?.operationName == null || typeof body.operationName === 'string') &&
      (body?.variables == null || (typeof body.variables === 'object' && !Array.isArray(body.variables)))
    ) {
      const compiled = fast.prepare(document, operationName)
      if (compiled) {
        const context = createContext(opts.database, req.broker as Broker, await req.auth(), opts.live)
        const result = maskErrors(
          await compiled.query(undefined, context, (body?.variables as Record<string, unknown>) ?? {}),
          (err, path) => req.log.error({ err: { message: err.message, stack: err.stack }, path }, 'graphql resolver failed'),
        )
        if (reply.sent) return reply // answered 503 by the time budget meanwhile
        const json = JSON.stringify(result)
        if (json.length > maxResponseBytes)
          return errorAnswer(
            reply,
            413,
            `The answer is too large (over ${maxResponseBytes} bytes): ask for smaller pages or ranges`,
            'RESPONSE_TOO_LARGE',
          )
        const type =
          accept.includes('application/graphql-response+json') && !accept.includes('application/json')
            ? 'application/graphql-response+json'
            : 'application/json'
        return reply.header('content-type', `${type}; charset=utf-8`).send(json)
      }
    }
    const response = await yoga.handleNodeRequestAndResponse(req, reply, { req, reply })
    if (reply.sent) return reply
    response.headers.forEach((value, key) => {
      reply.header(key, value)
    })
    reply.status(response.status)
    reply.send(response.body)
    return reply
  }
}
