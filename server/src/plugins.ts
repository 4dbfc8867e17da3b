import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { pruneRevokedTokens } from './account/tokens'
import type { Config } from './config'
import type { Database } from './db'
import { watchDataChanges } from './fund/dataVersion'
import { LiveHub } from './live/hub'
import { parseBannedWords } from './live/moderation'
import { pruneRateLimits } from './ratelimit'
import { pruneTracking } from './tracking/data'

declare module 'fastify' {
  interface FastifyInstance {
    /** The configuration, validated once at start (config.ts). */
    config: Config
    /** The database, migrated (and seeded where the mode says so) before any route is registered. */
    database: Database
    /** Live comments of this instance: one LISTEN fanned out to every stream and socket. */
    live: LiveHub
  }
}

/** Plugin names, for the `dependencies` of the plugins that read what these hang on the instance. */
export const CONFIG = 'alfa-config'
export const DATABASE = 'alfa-database'
export const LIVE = 'alfa-live'

/** `app.config`: the validated configuration. */
export const configPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config }) => {
    app.decorate('config', opts.config)
  },
  { name: CONFIG },
)

/**
 * `app.database`, prepared before any plugin loads (prepareDatabase: a first start seeds for
 * minutes, past Fastify's plugin timeout); closed with the app when `closeWithApp` (not one a test hands in).
 */
export const databasePlugin = fp(
  async (app: FastifyInstance, opts: { database: Database; closeWithApp: boolean }) => {
    const { database } = opts
    app.decorate('database', database)
    // onClose hooks run in reverse order of registration: everything registered later has stopped using it by then.
    if (opts.closeWithApp) app.addHook('onClose', () => database.close())
  },
  { name: DATABASE, dependencies: [CONFIG] },
)

/** `app.live`: the live comments hub, listening from start to close. */
export const livePlugin = fp(
  async (app: FastifyInstance) => {
    const live = new LiveHub(
      app.database,
      app.config.RATE_COMMENTS_PER_USER_MINUTE,
      app.log,
      parseBannedWords(app.config.LIVE_BANNED_WORDS),
    )
    await live.start()
    app.decorate('live', live)
    app.addHook('onClose', () => live.close())
  },
  { name: LIVE, dependencies: [CONFIG, DATABASE] },
)

/** How often expired rate-limit windows, revoked tokens and old tracking rows are deleted. */
export const MAINTENANCE_INTERVAL_MS = 10 * 60_000

/** Caches dropped when an import commits, and the periodic clean-up of expired rows. */
export const maintenancePlugin = fp(
  async (app: FastifyInstance) => {
    const { database, config } = app
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
    })
  },
  { name: 'alfa-maintenance', dependencies: [CONFIG, DATABASE] },
)
