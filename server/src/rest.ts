import type { FastifyInstance } from 'fastify'
import { apiRoot } from '@alfa/common/apiPaths'
import type { Config } from './config'
import type { Database } from './db'
import type { LiveHub } from './live/hub'
import { watchlistRoutes } from './watchlist/routes'
import { accountRoutes, type SmsSender } from './account/routes'
import { fundRoutes } from './fund/routes'
import { shareRoutes } from './share/routes'
import { miniProgramRoutes } from './m4/routes'
import { liveRoutes } from './live/routes'
import { liveAdditions } from './live/plugin'
import { trackingRoutes } from './tracking/routes'

export interface RestOptions {
  database: Database
  live: LiveHub
  config: Config
  smsSender?: SmsSender
}

/** Every REST call of spec section 7 on /alfa/v1/..., and /m4 on /alfa-m/v2/... */
export async function restPlugin(app: FastifyInstance, opts: RestOptions) {
  const base = apiRoot()
  await app.register(watchlistRoutes, { prefix: `${base}/user-fund-picks`, ...opts })
  await app.register(accountRoutes, { prefix: base, ...opts })
  await app.register(fundRoutes, { prefix: `${base}/fund`, ...opts })
  await app.register(shareRoutes, { prefix: `${base}/utils`, ...opts })
  await app.register(liveRoutes, { prefix: `${base}/live`, ...opts })
  await app.register(liveAdditions, opts)
  await app.register(trackingRoutes, { prefix: base, ...opts })
  await app.register(miniProgramRoutes, { prefix: `${apiRoot(true)}/m4`, ...opts })
}
