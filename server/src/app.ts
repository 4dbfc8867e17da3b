import { randomUUID } from 'node:crypto'
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify'
import { apiRoot } from '@alfa/common/apiPaths'
import type { Config } from './config'
import { h5Plugin } from './h5'
import type { Database } from './db'
import { prepareDatabase } from './db/startup'
import { securityPlugin } from './security'
import { staticPlugin } from './static'
import { graphqlPlugin } from './graphql/plugin'
import type { PublicAnswerer } from './graphql/publicAnswer'
import { loaders, settingsOf } from './context'
import { domainResolvers } from './resolvers'
import { restPlugin } from './rest'
import type { SmsSender } from './account/routes'
import { errorHandler, fastifyRefusal, schemaErrorFormatter, serializerCompiler, validatorCompiler } from './http'
import { configPlugin, databasePlugin, livePlugin, maintenancePlugin } from './plugins'

/** TRUST_PROXY as Fastify takes it: false (no proxy believed) or the list of proxy addresses/CIDRs. */
export const trustProxyOption = (setting: string): false | string[] => {
  const list = setting
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  return list.length ? list : false
}

export interface AppOptions {
  /** An already prepared database (tests); otherwise one is opened from the configuration and closed with the app. */
  database?: Database
  /** Where SMS login codes go; by default the configured sender (development: the server log). */
  smsSender?: SmsSender
  /** GraphQL time budget and answer-size cap other than the defaults (tests). */
  graphql?: { timeBudgetMs?: number; maxResponseBytes?: number; deferOnFastPath?: boolean }
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: { write(line: string): void }
}

/** Builds the server: every domain is a plugin; configuration comes in once, validated. */
export async function buildApp(config: Config, opts: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      ...(opts.logStream ? { stream: opts.logStream } : {}),
      // Nothing of a user is logged: no headers, no bodies, no query strings.
      serializers: {
        req: (req) => ({ method: req.method, path: req.url.split('?')[0] }),
        res: (res) => ({ statusCode: res.statusCode }),
      },
    },
    bodyLimit: 1024 * 1024,
    // The app's x-request-id (zeus.<hash> or 20 uppercase characters) names the request in logs and in the answer.
    requestIdHeader: false,
    genReqId: (req) => {
      const id = req.headers['x-request-id']
      return typeof id === 'string' && /^[\w.-]{1,64}$/.test(id) ? id : randomUUID()
    },
    requestTimeout: 30_000,
    // Only configured proxies' X-Forwarded-For is believed: otherwise a forged header would pick
    // the address that per-address limits count.
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    // A route's zod schemas that refuse its input: 400 { code, msg } naming each bad field (http.ts).
    schemaErrorFormatter,
    // Router errors (a path that is not valid percent-encoding, a bad content-type) answer in the API's own shape.
    frameworkErrors: (err, _req, reply) => {
      const given = (err as { statusCode?: number }).statusCode ?? 400
      const status = given >= 400 && given < 500 ? given : 400
      void (reply as unknown as FastifyReply).code(status).send({ code: status, msg: fastifyRefusal(err) })
    },
  })

  app.setValidatorCompiler(validatorCompiler)
  // Every REST answer goes through its route's response schema (common/apiSchema.ts).
  app.setSerializerCompiler(serializerCompiler)
  // Malformed requests are 4xx with a message, never a 500; a 500 is logged with its cause.
  app.setErrorHandler(errorHandler)

  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id).header('x-content-type-options', 'nosniff')
  })

  // What every domain reads from the instance: app.config, app.database, app.live (plugins.ts).
  await app.register(configPlugin, { config })
  // Prepared before the plugins load: a first start seeds for minutes, longer than a plugin may take.
  const database = opts.database ?? (await prepareDatabase(config, app.log))
  await app.register(databasePlugin, { database, closeWithApp: !opts.database })
  await app.register(livePlugin)
  await app.register(maintenancePlugin)

  const corsOrigins = config.CORS_ORIGINS.split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  await app.register(securityPlugin, {
    jwtSecret: config.JWT_SECRET,
    signRequired: config.SIGN_REQUIRED,
    database: app.database,
    corsOrigins,
  })
  // Preflights of every API path reach the security plugin's CORS answer (the GraphQL route has its own OPTIONS).
  for (const root of [apiRoot(), apiRoot(true)])
    app.options(`${root}/*`, async (_req, reply) => reply.code(404).send({ code: 404, msg: 'Route not found' }))
  // The GraphQL core imports no domain: the composition is here (resolvers.ts, context.ts).
  let publicAnswer: PublicAnswerer | undefined
  await app.register(graphqlPlugin, {
    exposePublicAnswerer: (answer) => (publicAnswer = answer),
    database: app.database,
    live: app.live,
    resolvers: domainResolvers,
    loaders,
    settings: settingsOf(config),
    graphiql: config.GRAPHIQL,
    production: config.NODE_ENV === 'production',
    maxInFlightPerAddress: config.GRAPHQL_MAX_PER_ADDRESS,
    ...opts.graphql,
  })
  await app.register(restPlugin, { smsSender: opts.smsSender })
  await app.register(staticPlugin)
  // A page's first-screen answer in its HTML (H5): the public query its screen asks first.
  await app.register(h5Plugin, {
    dir: config.H5_DIR,
    firstAnswerBudgetMs: config.H5_FIRST_ANSWER_MS,
    answer: (query, variables, operationName, signal) => publicAnswer?.(query, variables, operationName, signal) ?? Promise.resolve(null),
    // The fund pages' first answer is warmed on a fund that exists (the first by code).
    warmSample: async (): Promise<Record<string, string>> => {
      const fund = await app.database.db.selectFrom('funds').select('fund_code').orderBy('fund_code').limit(1).executeTakeFirst()
      return fund ? { fundCode: fund.fund_code } : {}
    },
  })
  return app
}
