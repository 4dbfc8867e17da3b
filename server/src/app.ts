import { randomUUID } from 'node:crypto'
import Fastify, { type FastifyInstance } from 'fastify'
import type { Config } from './config'
import { h5Plugin } from './h5'
import type { Database } from './db'
import { prepareDatabase } from './db/startup'
import { watchDataChanges } from './fund/dataVersion'
import { LiveHub } from './live/hub'
import { securityPlugin } from './security'
import { staticPlugin } from './static'
import { graphqlPlugin } from './graphql/plugin'
import { restPlugin } from './rest'
import type { SmsSender } from './account/routes'

export interface AppOptions {
  /** An already prepared database (tests); otherwise one is opened from the configuration and closed with the app. */
  database?: Database
  /** Where SMS login codes go; by default the configured sender (development: the server log). */
  smsSender?: SmsSender
}

/** Builds the server: every domain is a plugin; configuration comes in once, validated. */
export async function buildApp(config: Config, opts: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
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
    trustProxy: true,
  })

  // Malformed requests are 4xx with a message, never a 500.
  app.setErrorHandler((err: { statusCode?: number; message: string; code?: string }, req, reply) => {
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500
    if (status === 500) req.log.error({ err }, 'request failed')
    const msg = status === 500 ? 'Internal server error' : err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? 'Request body is too large' : err.message
    return reply.code(status).send({ code: status, msg })
  })

  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id)
  })

  const database = opts.database ?? (await prepareDatabase(config, app.log))
  const live = new LiveHub(database)
  await live.start()
  const unwatch = await watchDataChanges(database, app.log)
  app.addHook('onClose', async () => {
    await unwatch()
    await live.close()
    if (!opts.database) await database.close()
  })

  await app.register(securityPlugin, { jwtSecret: config.JWT_SECRET, signRequired: config.SIGN_REQUIRED })
  await app.register(graphqlPlugin, { database, live, graphiql: config.GRAPHIQL })
  await app.register(restPlugin, { database, live, config, smsSender: opts.smsSender })
  await app.register(staticPlugin)
  await app.register(h5Plugin, { dir: config.H5_DIR })
  return app
}
