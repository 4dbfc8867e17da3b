import { sql } from 'kysely'
import type { Database, Queryable } from '../db'
import { invalidateFundStats } from '../filter/stats'
import { invalidateSearchIndex } from '../search'
import { incrementDataVersion } from './data'

/** The channel an import notifies on commit; every server instance listening drops its derived caches. */
export const DATA_CHANGED_CHANNEL = 'alfa_data_changed'

/** Marks the data as changed (inside the writer's transaction: listeners hear it when it commits). */
export async function bumpDataVersion(q: Queryable): Promise<number> {
  const version = await incrementDataVersion(q)
  await sql`select pg_notify(${DATA_CHANGED_CHANNEL}, ${String(version)})`.execute(q.db)
  return version
}

/**
 * Drops every cache of figures derived from the fund data (statistics, search index) when an import
 * commits, and also when the LISTEN connection comes back after a loss: a notice sent meanwhile is gone.
 */
export async function watchDataChanges(database: Database, log?: { info(obj: object, msg: string): void }): Promise<() => Promise<void>> {
  const drop = () => {
    invalidateFundStats(database)
    invalidateSearchIndex(database)
  }
  return database.listen(
    DATA_CHANGED_CHANNEL,
    (version) => {
      drop()
      log?.info({ version }, 'fund data changed: caches dropped')
    },
    () => {
      drop()
      log?.info({}, 'data-change notices may have been missed while LISTEN was down: caches dropped')
    },
  )
}
