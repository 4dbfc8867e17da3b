import { Kysely, Migrator, PostgresDialect, sql, type Migration } from 'kysely'
import pg from 'pg'
import { PGlitePool, TYPE_PARSERS, type QueryResult } from './pglite-pool'
import { PgListener, type ListenerLog } from './listener'
import { checkQueryScope, countRows, currentQueryScope } from './abort'
import * as init from './migrations/0001_init'
import * as fundSize from './migrations/0002_fund_size'
import * as savedFilterSeq from './migrations/0003_saved_filter_seq'
import * as adjustedNav from './migrations/0004_adjusted_nav'
import * as limitsAndRevocation from './migrations/0005_limits_and_revocation'
import * as reinvestDate from './migrations/0006_reinvest_date'
import * as wechatTokens from './migrations/0007_wechat_tokens'
import * as fundReconcile from './migrations/0008_fund_reconcile'
import * as lessonProgress from './migrations/0009_lesson_progress'
import * as liveReminders from './migrations/0010_live_reminders'
import * as planModel from './migrations/0011_plan_model'
import * as fundNavsScale from './migrations/0012_fund_navs_scale'
import * as watchlistGroups from './migrations/0013_watchlist_groups'
import * as navAlerts from './migrations/0014_nav_alerts'
import * as fundFees from './migrations/0015_fund_fees'
import * as partEntryDate from './migrations/0016_part_entry_date'
import type { DB } from './schema'

/** The migrations, in order; names never change once released. */
const MIGRATIONS: Record<string, Migration> = {
  '0001_init': init,
  '0002_fund_size': fundSize,
  '0003_saved_filter_seq': savedFilterSeq,
  '0004_adjusted_nav': adjustedNav,
  '0005_limits_and_revocation': limitsAndRevocation,
  '0006_reinvest_date': reinvestDate,
  '0007_wechat_tokens': wechatTokens,
  '0008_fund_reconcile': fundReconcile,
  '0009_lesson_progress': lessonProgress,
  '0010_live_reminders': liveReminders,
  '0011_plan_model': planModel,
  '0012_fund_navs_scale': fundNavsScale,
  '0013_watchlist_groups': watchlistGroups,
  '0014_nav_alerts': navAlerts,
  '0015_fund_fees': fundFees,
  '0016_part_entry_date': partEntryDate,
}

/** A pooled connection as both engines hand it out. */
interface PoolClientLike {
  query<R>(sql: string, params?: ReadonlyArray<unknown>): Promise<QueryResult<R>>
  release(err?: Error | boolean): void
}

/** What both engines offer: a pg.Pool-shaped pool. */
interface PoolLike {
  query<R>(sql: string, params?: ReadonlyArray<unknown>): Promise<QueryResult<R>>
  connect(): Promise<PoolClientLike>
  end(): Promise<void>
}

/** What the pool and a transaction both offer: Kysely typed by schema.ts, and raw parameterised queries, on the same connection(s). */
export interface Queryable {
  kind: 'pglite' | 'postgres'
  /** Kysely over the pool, or over the transaction's one connection (never start a transaction on it there). */
  db: Kysely<DB>
  /** Raw parameterised query; returns the rows. */
  query<R = Record<string, unknown>>(sql: string, params?: ReadonlyArray<unknown>): Promise<R[]>
}

export interface Database extends Queryable {
  /** Runs `work` in one transaction on one connection: all of it is committed, or none (it rolls back on a throw). */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>
  /**
   * Subscribes to a LISTEN/NOTIFY channel; returns the unsubscribe function. `onResume` runs when
   * the channel is listened again after its connection was lost (notifications in between are lost).
   */
  listen(channel: string, onPayload: (payload: string) => void, onResume?: () => void): Promise<() => Promise<void>>
  notify(channel: string, payload: string): Promise<void>
  close(): Promise<void>
}

const pgTypes = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    TYPE_PARSERS[oid] ?? (pg.types.getTypeParser as (o: number, f?: string) => (v: string) => unknown)(oid, format),
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; without it, PGlite is used. */
  databaseUrl?: string
  /** PGlite data folder; undefined means in memory. */
  dataDir?: string
  poolSize?: number
  /** Where a lost and restored LISTEN connection is reported (PostgreSQL). */
  log?: ListenerLog
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.poolSize ?? 10, opts.log)
  return openPGlite(opts.dataDir)
}

async function openPGlite(dataDir?: string): Promise<Database> {
  const pool = await PGlitePool.open(dataDir)
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: pool as never }) })
  const base = common(pool, db, 'pglite')
  return {
    ...base,
    async listen(channel, onPayload) {
      const unsub = await pool.pg.listen(channel, onPayload)
      return async () => unsub()
    },
    async close() {
      await db.destroy()
      // Kysely ends the pool only if it ever used it; raw queries alone leave it open.
      await pool.end() // closes PGlite and releases the data folder's lock
    },
  }
}

/**
 * The pg pool as the rest of the code uses it, with each query bound to its request (db/abort.ts):
 * a cancelled request starts no new query, and a request's queries run under its
 * statement_timeout, so PostgreSQL itself cancels one still running past the time budget. Work of
 * no request (seeding, imports, maintenance) runs without a timeout: the setting is changed on a
 * pooled connection only when it passes from one kind of work to the other.
 */
function abortablePool(pool: pg.Pool) {
  const timeouts = new WeakMap<pg.PoolClient, number>()
  const connect = async () => {
    checkQueryScope('')
    const client = await pool.connect()
    const wanted = Math.max(0, Math.round(currentQueryScope()?.statementTimeoutMs ?? 0))
    if ((timeouts.get(client) ?? 0) !== wanted) {
      try {
        await client.query(`set statement_timeout = ${wanted}`)
        timeouts.set(client, wanted)
      } catch (err) {
        client.release(true)
        throw err
      }
    }
    return {
      async query<R>(sql: string, params?: ReadonlyArray<unknown>) {
        checkQueryScope(sql)
        const res = (await client.query(sql, params as unknown[])) as unknown as QueryResult<R>
        countRows(res.rows?.length ?? 0)
        return res
      },
      release: (err?: Error | boolean) => client.release(err),
    }
  }
  return {
    connect,
    async query<R>(sql: string, params?: ReadonlyArray<unknown>): Promise<QueryResult<R>> {
      const client = await connect()
      try {
        return await client.query<R>(sql, params)
      } finally {
        client.release()
      }
    },
    end: () => pool.end(),
  }
}

async function openPostgres(connectionString: string, max: number, log?: ListenerLog): Promise<Database> {
  const raw = new pg.Pool({ connectionString, max, types: pgTypes })
  raw.on('error', () => {}) // an idle client's error must not crash the process; the next query reports it
  const pool = abortablePool(raw)
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: pool as never }) })
  const base = common(pool, db, 'postgres')
  const listener = new PgListener({ connectionString, types: pgTypes }, log)
  return {
    ...base,
    listen: (channel, onPayload, onResume) => listener.listen(channel, onPayload, onResume),
    async close() {
      await listener.close()
      await db.destroy()
      if (!raw.ended) await raw.end()
    },
  }
}

function common(pool: PoolLike, db: Kysely<unknown>, kind: Database['kind']) {
  return {
    kind,
    db: db as Kysely<DB>,
    async query<R>(sql: string, params?: ReadonlyArray<unknown>) {
      return (await pool.query<R>(sql, params)).rows
    },
    async notify(channel: string, payload: string) {
      await sql`select pg_notify(${channel}, ${payload})`.execute(db)
    },
    async transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
      const client = await pool.connect()
      const tx: Queryable = {
        kind,
        db: connectionKysely(client),
        query: async <R>(sql: string, params?: ReadonlyArray<unknown>) => (await client.query<R>(sql, params)).rows,
      }
      let broken = false
      try {
        await client.query('begin')
        const result = await work(tx)
        await client.query('commit')
        return result
      } catch (err) {
        // The rollback runs even for a cancelled request (the abort check lets it through).
        await client.query('rollback').catch(() => {
          broken = true
        })
        throw err
      } finally {
        client.release(broken)
      }
    },
  }
}

/**
 * Kysely over one held connection (a transaction's): its "pool" hands out that connection and
 * never releases it, so builder queries and raw ones share the transaction and its rollback.
 */
function connectionKysely(client: Pick<PoolClientLike, 'query'>): Kysely<DB> {
  const held = { query: client.query.bind(client), release() {} }
  const pool = { connect: async () => held, end: async () => {} }
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool: pool as never }) })
}

/** Brings the schema to the latest migration; throws with the failing migration's name. */
export async function migrate(database: Database): Promise<string[]> {
  const migrator = new Migrator({ db: database.db, provider: { getMigrations: async () => MIGRATIONS } })
  const { error, results } = await migrator.migrateToLatest()
  const failed = results?.find((r) => r.status === 'Error')
  if (error) throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${(error as Error).message ?? error}`)
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}
