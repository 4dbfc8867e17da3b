import assert from 'node:assert/strict'
import fs from 'node:fs'
import { after, describe, it } from 'node:test'
import { openDatabase, type Database } from '../src/db'
import { PG_BIN, startPostgres, type ThrowawayPostgres } from './helpers'

/**
 * The LISTEN connection of a PostgreSQL database (src/db/listener.ts): lost, it is opened again
 * with every channel, `onResume` runs, and the loss and the recovery are logged. The whole server
 * across a `pg_ctl restart` is in reliability/live.test.ts.
 */

const available = fs.existsSync(`${PG_BIN}/initdb`)
let pg: ThrowawayPostgres | undefined
after(() => pg?.stop())

async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 300 && !check(); i++) await new Promise((r) => setTimeout(r, 50))
  assert.ok(check(), what)
}

describe('the PostgreSQL LISTEN connection', { skip: available ? false : 'no PostgreSQL 15 binaries' }, () => {
  it('ended by the server, it comes back on every channel, says so in the log, and tells each subscriber', async () => {
    pg = startPostgres()
    const lines: Array<{ msg: string } & Record<string, unknown>> = []
    const log = {
      info: (obj: object, msg: string) => lines.push({ ...obj, msg }),
      warn: (obj: object, msg: string) => lines.push({ ...obj, msg }),
    }
    const database: Database = await openDatabase({ databaseUrl: pg.url, poolSize: 2, log })
    try {
      const got: string[] = []
      let resumed = 0
      await database.listen(
        'alfa_test_one',
        (p) => got.push(`one:${p}`),
        () => resumed++,
      )
      await database.listen('alfa_test_two', (p) => got.push(`two:${p}`))
      await database.notify('alfa_test_one', 'before')
      await until(() => got.length === 1, 'a notice before the loss')

      // As a restart or failover ends it: the server terminates the listener's session.
      const [{ ended }] = await database.query<{ ended: number }>(
        `select count(*)::int as ended from (select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'alfa-listener') t`,
      )
      assert.equal(ended, 1)
      await until(() => resumed === 1, 'onResume runs once the channel is listened again')
      await database.notify('alfa_test_one', 'after')
      await database.notify('alfa_test_two', 'after')
      await until(() => got.length === 3, 'both channels hear notices again')
      assert.deepEqual(got, ['one:before', 'one:after', 'two:after'])
      assert.deepEqual(
        lines.map((l) => l.msg),
        ['LISTEN connection lost: reconnecting', 'LISTEN connection restored: every channel listened again'],
      )
      assert.deepEqual(lines[1].channels, ['alfa_test_one', 'alfa_test_two'])
      assert.ok(!JSON.stringify(lines).includes('before'), 'no payload in the log')
    } finally {
      await database.close()
    }
  })
})
