import fs from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { lockDataDir } from './lock'
import { checkQueryScope, countRows } from './abort'

type Row = Record<string, unknown>
export interface QueryResult<R = Row> {
  command: 'UPDATE' | 'DELETE' | 'INSERT' | 'SELECT' | 'MERGE'
  rowCount: number
  rows: R[]
}
export interface PoolClient {
  query<R = Row>(sql: string, params?: ReadonlyArray<unknown>): Promise<QueryResult<R>>
  release(): void
}

/** Dates stay 'yyyy-MM-dd' strings (no time-zone shift); counts are numbers; NUMERIC stays a string. */
export const TYPE_PARSERS: Record<number, (value: string) => unknown> = {
  1082: (v) => v, // date
  20: (v) => Number(v), // int8 (count(*))
}

/** The longest stretch of queries before the event loop gets a turn (see `PGlitePool.run`). */
const TURN_EVERY_MS = 5

/**
 * A pg.Pool look-alike over one embedded PGlite instance, so Kysely's PostgresDialect and our
 * raw queries use one code path for both engines. PGlite has a single connection: `connect()`
 * hands it out to one holder at a time (a transaction keeps it until release).
 */
export class PGlitePool {
  private tail: Promise<void> = Promise.resolve()
  private turned = 0
  private constructor(
    readonly pg: PGlite,
    private readonly unlock: () => void,
  ) {}

  /** Opens (creating) the data folder, locked for this process (db/lock.ts), or an in-memory database. */
  static async open(dataDir?: string): Promise<PGlitePool> {
    if (!dataDir) return new PGlitePool(await PGlite.create({ parsers: TYPE_PARSERS }), () => {})
    fs.mkdirSync(dataDir, { recursive: true })
    const unlock = await lockDataDir(dataDir)
    try {
      return new PGlitePool(await PGlite.create({ dataDir, parsers: TYPE_PARSERS }), unlock)
    } catch (err) {
      unlock()
      throw err
    }
  }

  async connect(): Promise<PoolClient> {
    let release!: () => void
    const turn = new Promise<void>((resolve) => (release = resolve))
    const previous = this.tail
    this.tail = previous.then(() => turn)
    await previous
    let released = false
    return {
      query: (sql, params) => this.run(sql, params),
      release: () => {
        if (!released) {
          released = true
          release()
        }
      },
    }
  }

  async query<R = Row>(sql: string, params?: ReadonlyArray<unknown>): Promise<QueryResult<R>> {
    const client = await this.connect()
    try {
      return await client.query<R>(sql, params)
    } finally {
      client.release()
    }
  }

  private async run<R>(sql: string, params?: ReadonlyArray<unknown>): Promise<QueryResult<R>> {
    // PGlite runs on this thread and its promises settle as microtasks: a chain of queries would
    // never let the event loop turn, so no timer (the GraphQL time budget) would fire and no socket
    // be read (new requests, new connections) until every request in flight is done; under load
    // some requests waited 10 s. So the queries let the loop turn at least every few milliseconds.
    if (performance.now() - this.turned > TURN_EVERY_MS) {
      await new Promise<void>((resolve) => setImmediate(resolve))
      this.turned = performance.now()
    }
    // A cancelled request starts no new query (PGlite cannot interrupt one that runs).
    checkQueryScope(sql)
    const res = await this.pg.query<R>(sql, params ? [...params] : [])
    countRows(res.rows.length)
    const command = ((res as { command?: string }).command ?? sql.trim().split(/\s+/)[0].toUpperCase()) as QueryResult['command']
    return { command, rowCount: res.affectedRows ?? res.rows.length, rows: res.rows }
  }

  async end(): Promise<void> {
    await this.tail
    if (!this.pg.closed) await this.pg.close()
    this.unlock()
  }
}
