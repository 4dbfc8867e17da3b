import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { createSchema, createYoga, type Plugin } from 'graphql-yoga'
import { useDeferStream } from '@graphql-yoga/plugin-defer-stream'
import { useGraphQlJit } from '@envelop/graphql-jit'
import type { DocumentNode } from 'graphql'
import { hasDeferOrStream } from './plugin-helpers'
import { FastPath, maskErrors } from './fastpath'
import { GRAPHQL_PATH } from '../../../src/utils/apiPaths'
import type { Database } from '../db'
import type { LiveHub } from '../live/hub'
import { createContext, type Broker } from './context'
import { resolvers } from './resolvers'
import { domainResolvers } from './modules'
import { readSdl } from './sdl.cjs'
import { limitsRule } from './limits'

export const GRAPHQL_BODY_LIMIT = 100 * 1024

// The core schema plus every domain's `schema.graphql` (see sdl.cjs); domain resolvers in modules.ts.
export const typeDefs: string = readSdl()

export { hasDeferOrStream }

const jitGuard = new WeakMap<DocumentNode, boolean>()

const limitsPlugin: Plugin = {
  onValidate({ addValidationRule }) {
    addValidationRule(limitsRule)
  },
}

export interface GraphQLPluginOptions {
  database: Database
  live: LiveHub
  graphiql: boolean
}

/** GraphQL Yoga mounted in Fastify at POST /alfa/v1/graphql, with @defer/@stream (multipart/mixed). */
export async function graphqlPlugin(app: FastifyInstance, opts: GraphQLPluginOptions) {
  const schema = createSchema<{ req: FastifyRequest; reply: FastifyReply }>({ typeDefs, resolvers: [resolvers, ...domainResolvers] as never })
  const fast = new FastPath(schema)
  const yoga = createYoga<{ req: FastifyRequest; reply: FastifyReply }>({
    schema,
    graphqlEndpoint: GRAPHQL_PATH,
    graphiql: opts.graphiql,
    landingPage: false,
    logging: {
      debug: () => {},
      info: () => {},
      warn: (...args) => app.log.warn({ args }, 'graphql'),
      error: (...args) => app.log.error({ args }, 'graphql'),
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
      limitsPlugin,
    ],
  })

  app.route({
    url: GRAPHQL_PATH,
    method: ['GET', 'POST', 'OPTIONS'],
    bodyLimit: GRAPHQL_BODY_LIMIT,
    handler: async (req, reply) => {
      const body = req.body as { query?: unknown; variables?: unknown; operationName?: unknown } | undefined
      const accept = req.headers.accept ?? ''
      if (req.method === 'POST' && typeof body?.query === 'string' && !accept.includes('multipart/mixed') && !accept.includes('text/event-stream')
        && (body.operationName == null || typeof body.operationName === 'string')
        && (body.variables == null || (typeof body.variables === 'object' && !Array.isArray(body.variables)))) {
        const compiled = fast.prepare(body.query, (body.operationName as string | null) ?? undefined)
        if (compiled) {
          const context = createContext(opts.database, req.broker as Broker, await req.auth(), opts.live)
          const result = maskErrors(await compiled.query(undefined, context, (body.variables as Record<string, unknown>) ?? {}))
          const type = accept.includes('application/graphql-response+json') && !accept.includes('application/json') ? 'application/graphql-response+json' : 'application/json'
          return reply.header('content-type', `${type}; charset=utf-8`).send(JSON.stringify(result))
        }
      }
      const response = await yoga.handleNodeRequestAndResponse(req, reply, { req, reply })
      response.headers.forEach((value, key) => {
        reply.header(key, value)
      })
      reply.status(response.status)
      reply.send(response.body)
      return reply
    },
  })
}
