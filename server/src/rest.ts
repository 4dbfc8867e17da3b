import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { apiRoot } from '@alfa/common/apiPaths'
import { CONFIG, DATABASE, LIVE } from './plugins'
import { watchlistRoutes } from './watchlist/routes'
import { accountRoutes, type SmsSender } from './account/routes'
import { fundRoutes } from './fund/routes'
import { shareRoutes } from './share/routes'
import { miniProgramRoutes } from './m4/routes'
import { liveRoutes } from './live/routes'
import { liveAdditions } from './live/plugin'
import { alertDelivery } from './alerts/plugin'
import { trackingRoutes } from './tracking/routes'

export interface RestPluginOptions {
  /** Where SMS login codes go instead of the configured sender (tests). */
  smsSender?: SmsSender
}

/** Refuses, at start, a REST route that declares no response schema: every answer is checked against the contract. */
export function requireResponseSchemas(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (!route.schema?.response)
      throw new Error(`${[route.method].flat().join(',')} ${route.url} declares no response schema (common/apiSchema.ts)`)
  })
}

/**
 * Every REST call of spec section 7 on /alfa/v1/..., and /m4 on /alfa-m/v2/...; the routes read
 * app.config, app.database and app.live (plugins.ts).
 */
export const restPlugin = fp(
  async (app: FastifyInstance, opts: RestPluginOptions) => {
    requireResponseSchemas(app)
    const base = apiRoot()
    await app.register(watchlistRoutes, { prefix: `${base}/user-fund-picks` })
    await app.register(accountRoutes, { prefix: base, smsSender: opts.smsSender })
    await app.register(fundRoutes, { prefix: `${base}/fund` })
    await app.register(shareRoutes, { prefix: `${base}/utils` })
    await app.register(liveRoutes, { prefix: `${base}/live` })
    await app.register(liveAdditions)
    await app.register(alertDelivery)
    await app.register(trackingRoutes, { prefix: base })
    await app.register(miniProgramRoutes, { prefix: `${apiRoot(true)}/m4` })
  },
  // Its own scope (its onRoute check stays inside), once the instance has what the routes read.
  { name: 'alfa-rest', dependencies: [CONFIG, DATABASE, LIVE], encapsulate: true },
)
