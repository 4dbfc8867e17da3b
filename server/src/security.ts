import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from './fp'
import { verifySign } from '../../src/utils/sign'
import { isApiPath } from '../../src/utils/apiPaths'
import { readToken, type TokenCheck } from './account/tokens'

export const BROKERS = ['0008', '0009'] as const

declare module 'fastify' {
  interface FastifyRequest {
    /** Broker code from x-broker: 0008 (main brand) or 0009. */
    broker: '0008' | '0009'
    /** The bearer token's check, computed once per request on first use. */
    auth(): Promise<TokenCheck>
  }
  interface FastifyContextConfig {
    /** Skips the x-sign / x-broker check (beacons and image GETs cannot set headers). */
    signExempt?: boolean
    /** Also accepts x-sign and x-broker as query parameters (EventSource cannot set headers). */
    signInQuery?: boolean
  }
}

const AUTH = Symbol('auth')

/**
 * Request checks for every API route: `x-broker` must be 0008 or 0009 and `x-sign` must pass
 * the shared scheme (src/utils/sign.ts); otherwise 400 {code, msg}. Unknown paths fall through
 * to the 404 handler, static files and page addresses are not checked.
 */
export const securityPlugin = fp(async (app: FastifyInstance, opts: { jwtSecret: string; signRequired: boolean }) => {
  app.decorateRequest('broker', '0008')
  app.decorateRequest('auth', function (this: FastifyRequest & { [AUTH]?: Promise<TokenCheck> }) {
    return (this[AUTH] ??= readToken(opts.jwtSecret, this.headers.authorization))
  })
  app.addHook('onRequest', async (req, reply) => {
    const path = req.url.split('?')[0]
    // Only real API routes: an unknown API path (no route, or only the H5 build's `/*` file
    // route) is a 404 'Route not found' whatever its headers.
    if (!isApiPath(path) || !req.routeOptions.url || req.routeOptions.url === '/*') return
    const config = req.routeOptions.config ?? {}
    const query = (config.signInQuery ? (req.query as Record<string, string | undefined>) : undefined) ?? {}
    const broker = (req.headers['x-broker'] as string | undefined) ?? query['x-broker']
    if (broker === '0008' || broker === '0009') req.broker = broker
    if (config.signExempt || !opts.signRequired) return
    if (broker !== '0008' && broker !== '0009') return reply.code(400).send({ code: 400, msg: 'x-broker header must be 0008 or 0009' })
    const sign = verifySign((req.headers['x-sign'] as string | undefined) ?? query['x-sign'])
    if (!sign.ok) return reply.code(400).send({ code: 400, msg: sign.reason })
  })
})

/** For REST routes that need a user: the user id, or a 401 {code, msg} already sent. */
export async function requireUser(req: FastifyRequest, reply: import('fastify').FastifyReply): Promise<string | null> {
  const auth = await req.auth()
  if (auth.status === 'valid') return auth.userId
  await reply.code(401).send({ code: 401, msg: auth.status === 'none' ? '请先进行登录' : `登录已失效，请重新登录 (${auth.reason})` })
  return null
}
