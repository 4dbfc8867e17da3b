import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../config'
import { isEmpty, seedDemoData } from '../demo/seed'
import { writeAdjustedNavs } from '../fund/data'
import { migrate, openDatabase, type Database } from '.'

/** Opens the configured database, migrates it and, when it holds no funds yet, loads the demo data. */
export async function prepareDatabase(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'> & { SEED_DEMO?: boolean },
  log?: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): Promise<Database> {
  const started = Date.now()
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATABASE_URL ? undefined : config.DATA_DIR, log })
  try {
    const applied = await migrate(database)
    if (applied.length) log?.info({ applied }, 'database migrated')
    if (config.SEED_DEMO !== false && (await isEmpty(database))) {
      const t0 = Date.now()
      log?.info('empty database: loading the demo data set (演示数据)')
      // One transaction: a start killed half-way leaves an empty database, seeded again next time.
      const counts = await database.transaction((tx) => seedDemoData(tx, (m) => log?.info(m)))
      log?.info({ counts, ms: Date.now() - t0 }, 'demo data loaded')
    }
    // Rows written before the adjusted NAV existed (migration 0004) get it once.
    const adjusted = await database.transaction((tx) => writeAdjustedNavs(tx, null))
    if (adjusted) log?.info({ rows: adjusted }, 'adjusted NAVs computed')
    log?.info({ engine: database.kind, ms: Date.now() - started }, 'database ready')
    return database
  } catch (err) {
    await database.close().catch(() => {})
    throw err
  }
}
