import Fastify, { type FastifyInstance } from 'fastify'
import type { Config } from './config'
import { h5Plugin } from './h5'

/** Builds the server: every domain is a plugin; configuration comes in once, validated. */
export async function buildApp(config: Config): Promise<FastifyInstance> {
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
    requestTimeout: 30_000,
    trustProxy: true,
  })

  // Malformed requests are 4xx with a message, never a 500.
  app.setErrorHandler((err: { statusCode?: number; message: string }, req, reply) => {
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500
    if (status === 500) req.log.error({ err }, 'request failed')
    return reply.code(status).send({ code: status, msg: status === 500 ? 'Internal server error' : err.message })
  })

  await app.register(h5Plugin, { dir: config.H5_DIR })
  return app
}
