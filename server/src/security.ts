import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { verifySign } from '@alfa/common/sign'
import { isApiPath } from '@alfa/common/apiPaths'
import type { Queryable } from './db'
import { readToken, withRevocation, type TokenCheck } from './account/tokens'
import { BadInput, CONTROL_MESSAGE, hasControlCharacter, jsonNestsDeeperThan, MAX_JSON_DEPTH, TOO_DEEP_MESSAGE } from './http'

declare module 'fastify' {
  interface FastifyRequest {
    /** Broker code from x-broker: 0008 (main brand) or 0009. */
    broker: '0008' | '0009'
    /** The bearer token's check (revocation included), computed once per request on first use. */
    auth(): Promise<TokenCheck>
    /** The signed-in user's id on routes with `config.needsUser` (set by the auth hook); '' elsewhere. */
    userId: string
  }
  interface FastifyContextConfig {
    /** Skips the x-sign / x-broker check (beacons and image GETs cannot set headers). */
    signExempt?: boolean
    /** Also accepts x-sign and x-broker as query parameters (EventSource cannot set headers). */
    signInQuery?: boolean
    /** Needs a valid token: 401 { code, msg } otherwise, before the input is validated; the handler reads req.userId. */
    needsUser?: boolean
  }
}

const AUTH = Symbol('auth')

/** The request headers the app sends (spec section 7), allowed in CORS preflights. */
const ALLOWED_HEADERS = 'content-type, x-request-id, sensors-anonymous-id, x-sign, x-broker, authorization, accept'

/** The serialized origin of a URL (lower-case scheme and host, default port dropped), or null. */
function originOf(url: string): string | null {
  try {
    const origin = new URL(url).origin
    return origin === 'null' ? null : origin
  } catch {
    return null
  }
}

export interface SecurityOptions {
  jwtSecret: string
  signRequired: boolean
  database: Queryable
  /** Browser origins besides the server's own that may call the API with credentials. */
  corsOrigins: readonly string[]
}

/**
 * Request checks for every API route, decided on the ROUTED path (so /%61lfa/v1/graphql, which
 * the router decodes to the GraphQL route, is checked like /alfa/v1/graphql): `x-broker` must be
 * 0008 or 0009 and `x-sign` must pass the shared scheme (common/sign.ts); otherwise 400
 * {code, msg}. Unknown paths fall through to the 404 handler; static files and pages are not
 * checked. Also: one CORS policy for every API path, and control characters refused.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, opts: SecurityOptions) => {
    app.decorateRequest('broker', '0008')
    app.decorateRequest('userId', '')
    app.decorateRequest('auth', function (this: FastifyRequest & { [AUTH]?: Promise<TokenCheck> }) {
      return (this[AUTH] ??= readToken(opts.jwtSecret, this.headers.authorization).then((check) => withRevocation(opts.database, check)))
    })

    // JSON bodies: too deep a nesting is refused before parsing (a linear scan), so a 5,000-deep body
    // costs nothing; then Fastify's own parser (prototype poisoning refused as before).
    const json = app.getDefaultJsonParser('error', 'error')
    app.removeContentTypeParser('application/json')
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
      if (jsonNestsDeeperThan(body as string, MAX_JSON_DEPTH)) return done(new BadInput(TOO_DEEP_MESSAGE), undefined)
      void json(req, body as string, done) // answers through done
    })

    // Whole origins (scheme, host and port): http://x is not https://x.
    const configured = new Set(opts.corsOrigins.map(originOf).filter((o): o is string => o !== null))
    const allowedOrigin = (req: FastifyRequest): string | null => {
      const origin = req.headers.origin
      if (typeof origin !== 'string') return null
      const given = originOf(origin)
      if (!given) return null
      return given === originOf(`${req.protocol}://${req.host}`) || configured.has(given) ? origin : null
    }

    app.addHook('onRequest', async (req, reply) => {
      const route = req.routeOptions.url
      // Only real API routes: an unknown API path (no route, or only the H5 build's `/*` file
      // route) is a 404 'Route not found' whatever its headers.
      if (!route || route === '/*' || !isApiPath(route)) return
      // One CORS policy for every API path: the server's own origin and the configured ones.
      const origin = allowedOrigin(req)
      if (origin)
        reply
          .header('access-control-allow-origin', origin)
          .header('access-control-allow-credentials', 'true')
          .header('vary', 'origin')
          // The app learns its clock offset from Date (x-sign must be within five minutes of the server's time).
          .header('access-control-expose-headers', 'date, x-request-id')
      if (req.method === 'OPTIONS') {
        if (!origin) return reply.code(403).send({ code: 403, msg: '不允许的请求来源（Origin）' })
        return reply
          .code(204)
          .header('access-control-allow-methods', 'GET, POST, OPTIONS')
          .header('access-control-allow-headers', ALLOWED_HEADERS)
          .header('access-control-max-age', '600')
          .send()
      }
      const config = req.routeOptions.config ?? {}
      const query = (config.signInQuery ? (req.query as Record<string, string | undefined>) : undefined) ?? {}
      const header = (name: string) => (typeof req.headers[name] === 'string' ? req.headers[name] : undefined)
      const broker = header('x-broker') ?? query['x-broker']
      if (broker === '0008' || broker === '0009') req.broker = broker
      if (config.signExempt || !opts.signRequired) return
      if (broker !== '0008' && broker !== '0009')
        return reply.code(400).send({ code: 400, msg: '请求缺少有效的渠道标识（x-broker 应为 0008 或 0009）' })
      const sign = verifySign(header('x-sign') ?? query['x-sign'])
      if (!sign.ok) return reply.code(400).send({ code: 400, msg: sign.reason, data: { reason: sign.code } })
    })

    // After parsing, before the route's schemas and handler: input with control characters never
    // reaches a route; then the one auth hook: routes with `config.needsUser` get req.userId or a 401.
    app.addHook('preValidation', async (req, reply) => {
      const route = req.routeOptions.url
      if (!route || route === '/*' || !isApiPath(route)) return
      if (hasControlCharacter(req.query) || hasControlCharacter(req.params) || hasControlCharacter(req.body)) {
        return reply.code(400).send({ code: 400, msg: CONTROL_MESSAGE })
      }
      if (req.routeOptions.config?.needsUser) {
        const auth = await req.auth()
        if (auth.status !== 'valid')
          return reply.code(401).send({ code: 401, msg: auth.status === 'none' ? '请先进行登录' : '登录已失效，请重新登录' })
        req.userId = auth.userId
      }
    })
  },
  { name: 'alfa-security', fastify: '5.x' },
)
