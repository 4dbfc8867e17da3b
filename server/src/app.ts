import { randomUUID } from 'node:crypto'
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify'
import { apiRoot } from '@alfa/common/apiPaths'
import { pruneRevokedTokens } from './account/tokens'
import type { Config } from './config'
import { h5Plugin } from './h5'
import type { Database } from './db'
import { prepareDatabase } from './db/startup'
import { watchDataChanges } from './fund/dataVersion'
import { LiveHub } from './live/hub'
import { parseBannedWords } from './live/moderation'
import { securityPlugin } from './security'
import { staticPlugin } from './static'
import { graphqlPlugin } from './graphql/plugin'
import { restPlugin } from './rest'
import type { SmsSender } from './account/routes'
import { schemaErrorFormatter, validatorCompiler } from './http'
import { pruneRateLimits } from './ratelimit'
import { pruneTracking } from './tracking/routes'

/** How often expired rate-limit windows, revoked tokens and old tracking rows are deleted. */
export const MAINTENANCE_INTERVAL_MS = 10 * 60_000

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
  graphql?: { timeBudgetMs?: number; maxResponseBytes?: number }
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
      void (reply as unknown as FastifyReply).code(status).send({ code: status, msg: err.message })
    },
  })

  app.setValidatorCompiler(validatorCompiler)

  // Malformed requests are 4xx with a message, never a 500; a 500 is logged with its cause.
  app.setErrorHandler((err: { statusCode?: number; message: string; code?: string; stack?: string }, req, reply) => {
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500
    if (status === 500) req.log.error({ err: { message: err.message, code: err.code, stack: err.stack } }, 'request failed')
    const msg = status === 500 ? '服务器开小差了，请稍后再试' : err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? '请求内容过大' : err.message
    return reply.code(status).send({ code: status, msg })
  })

  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id).header('x-content-type-options', 'nosniff')
  })

  const database = opts.database ?? (await prepareDatabase(config, app.log))
  const live = new LiveHub(database, config.RATE_COMMENTS_PER_USER_MINUTE, app.log, parseBannedWords(config.LIVE_BANNED_WORDS))
  await live.start()
  const unwatch = await watchDataChanges(database, app.log)
  const maintenance = setInterval(() => {
    Promise.all([pruneRateLimits(database), pruneRevokedTokens(database), pruneTracking(database, config.TRACKING_RETENTION_DAYS)]).catch(
      (err) => app.log.warn({ err: (err as Error).message }, 'maintenance failed'),
    )
  }, MAINTENANCE_INTERVAL_MS)
  maintenance.unref()
  app.addHook('onClose', async () => {
    clearInterval(maintenance)
    await unwatch()
    await live.close()
    if (!opts.database) await database.close()
  })

  const corsOrigins = config.CORS_ORIGINS.split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  await app.register(securityPlugin, { jwtSecret: config.JWT_SECRET, signRequired: config.SIGN_REQUIRED, database, corsOrigins })
  // Preflights of every API path reach the security plugin's CORS answer (the GraphQL route has its own OPTIONS).
  for (const root of [apiRoot(), apiRoot(true)])
    app.options(`${root}/*`, async (_req, reply) => reply.code(404).send({ code: 404, msg: 'Route not found' }))
  await app.register(graphqlPlugin, {
    database,
    live,
    graphiql: config.GRAPHIQL,
    production: config.NODE_ENV === 'production',
    maxInFlightPerAddress: config.GRAPHQL_MAX_PER_ADDRESS,
    ...opts.graphql,
  })
  await app.register(restPlugin, { database, live, config, smsSender: opts.smsSender })
  await app.register(staticPlugin)
  await app.register(h5Plugin, { dir: config.H5_DIR })
  return app
}
