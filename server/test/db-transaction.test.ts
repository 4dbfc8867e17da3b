import assert from 'node:assert/strict'
import fs from 'node:fs'
import { after, describe, it } from 'node:test'
import { migrate, openDatabase, type Database } from '../src/db'
import { PG_BIN, startPostgres, type ThrowawayPostgres } from './helpers'

/** A transaction's Kysely (tx.db) runs on the transaction's own connection, like its raw queries. */

const pgAvailable = fs.existsSync(`${PG_BIN}/initdb`)
let pg: ThrowawayPostgres | undefined
after(() => pg?.stop())

const engines: Array<{ name: string; open: () => Promise<Database>; skip?: string }> = [
  { name: 'PGlite', open: () => openDatabase({}) },
  {
    name: 'PostgreSQL 15',
    open: () => openDatabase({ databaseUrl: (pg ??= startPostgres()).url, poolSize: 3 }),
    skip: pgAvailable ? undefined : `no binaries at ${PG_BIN}`,
  },
]

const keys = (database: Database) =>
  database.db
    .selectFrom('rate_limits')
    .select('key')
    .orderBy('key')
    .execute()
    .then((rows) => rows.map((r) => r.key))

for (const engine of engines) {
  describe(`transactions on ${engine.name}`, { skip: engine.skip }, () => {
    it('tx.db sees the transaction’s raw writes, and both are rolled back on a throw and committed otherwise', async () => {
      const database = await engine.open()
      try {
        await migrate(database)
        const windowStart = new Date('2026-01-01T00:00:00Z')
        await assert.rejects(
          database.transaction(async (tx) => {
            await tx.query(`insert into rate_limits (key, window_start, count) values ('raw', $1, 1)`, [windowStart])
            await tx.db.insertInto('rate_limits').values({ key: 'built', window_start: windowStart, count: 1 }).execute()
            const inside = await tx.db.selectFrom('rate_limits').select('key').orderBy('key').execute()
            assert.deepEqual(
              inside.map((r) => r.key),
              ['built', 'raw'],
            )
            throw new Error('undo')
          }),
          /undo/,
        )
        assert.deepEqual(await keys(database), [])
        await database.transaction(async (tx) => {
          await tx.db.insertInto('rate_limits').values({ key: 'built', window_start: windowStart, count: 1 }).execute()
          await tx.query(`insert into rate_limits (key, window_start, count) values ('raw', $1, 1)`, [windowStart])
        })
        assert.deepEqual(await keys(database), ['built', 'raw'])
      } finally {
        await database.close()
      }
    })
  })
}
