import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { GraphQLError } from 'graphql'
import type { Database } from '../src/db'
import { fundStats, invalidateFundStats } from '../src/filter/stats'
import { gql, startApp, useTestApp } from './helpers'

/** The database with a gate: while closed, every query's answer is held back (a build that cannot finish), deterministically. */
function gated(database: Database) {
  let open: () => void = () => {}
  let gate: Promise<void> | null = null
  const wrapped: Database = {
    ...database,
    db: database.db.withPlugin({
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        if (gate) await gate
        return args.result
      },
    }),
  }
  return {
    database: wrapped,
    close: () => {
      gate = new Promise((resolve) => (open = resolve))
    },
    open: () => {
      gate = null
      open()
    },
  }
}

describe('a request never waits past its bound for the fund statistics', () => {
  const app = useTestApp()

  it(
    'cold (none built yet): a clear 503 error with a Chinese message and Retry-After, then the statistics once built',
    { timeout: 60_000 },
    async () => {
      const g = gated(app.database)
      g.close()
      const err = await fundStats(g.database, Date.now(), 50).then(
        () => assert.fail('answered while the build is held back'),
        (e: unknown) => e,
      )
      assert.ok(err instanceof GraphQLError)
      assert.equal(err.message, '基金统计数据正在生成，请稍后再试')
      assert.equal(err.extensions.code, 'STATS_NOT_READY')
      assert.deepEqual(err.extensions.http, { status: 503, headers: { 'retry-after': '5' } })
      g.open()
      const built = await fundStats(g.database, Date.now(), 60_000)
      assert.ok(built.fundCount >= 500)
    },
  )

  it('while a rebuild runs past the bound, the previous snapshot is served; the new one once built', { timeout: 60_000 }, async () => {
    const g = gated(app.database)
    const first = await fundStats(g.database, Date.now(), 60_000)
    invalidateFundStats(g.database)
    g.close()
    assert.equal(await fundStats(g.database, Date.now(), 50), first)
    g.open()
    const next = await fundStats(g.database, Date.now(), 60_000)
    assert.notEqual(next, first, 'rebuilt after the invalidation')
    assert.deepEqual(next.list, first.list)
  })

  it(
    'over GraphQL, a cold instance answers the fund filter 503 with Retry-After and the Chinese message, then the figures',
    { timeout: 60_000 },
    async () => {
      const g = gated(app.database)
      const cold = await startApp(g.database)
      try {
        g.close()
        const res = await gql(cold, '{ fundFilterCount(conditions: {}) }')
        assert.equal(res.status, 503, JSON.stringify(res.body))
        assert.equal(res.raw.headers['retry-after'], '5')
        assert.equal(res.body.errors?.[0].message, '基金统计数据正在生成，请稍后再试')
        assert.equal(res.body.errors?.[0].extensions?.code, 'STATS_NOT_READY')
        g.open()
        const ok = await gql(cold, '{ fundFilterCount(conditions: {}) }')
        assert.equal(ok.status, 200)
        assert.ok(ok.body.data.fundFilterCount > 400)
      } finally {
        g.open()
        await cold.app.close()
      }
    },
  )
})
