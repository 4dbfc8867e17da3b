import assert from 'node:assert/strict'
import fs from 'node:fs'
import { after, before, describe, it } from 'node:test'
import { migrate, openDatabase, type Database } from '../src/db'
import { insertRows } from '../src/demo/bulk'
import { PG_BIN, startPostgres, type ThrowawayPostgres } from './helpers'

/**
 * The typed bulk insert the seed and the importer write through (server/src/demo/bulk.ts), on an
 * empty migrated database of each engine: values arrive as their columns type them, batches add
 * up, upserts overwrite only what they give, and rows sent on a transaction are rolled back with it.
 */

const pgAvailable = fs.existsSync(`${PG_BIN}/initdb`)

for (const engine of ['PGlite', 'PostgreSQL 15'] as const) {
  describe(`bulk insert on ${engine}`, { skip: engine === 'PostgreSQL 15' && !pgAvailable ? 'no PostgreSQL 15 binaries' : false }, () => {
    let database: Database
    let pg: ThrowawayPostgres | undefined
    before(async () => {
      if (engine === 'PGlite') database = await openDatabase({})
      else {
        pg = startPostgres()
        database = await openDatabase({ databaseUrl: pg.url, poolSize: 2 })
      }
      await migrate(database)
    })
    after(async () => {
      await database?.close()
      pg?.stop()
    })

    it('writes every row in batches, each value as its column types it (numeric scale, dates, booleans, jsonb, moments)', async () => {
      await insertRows(database, 'benchmarks', [{ index_code: 'X1', index_short_name: '指数', name: '测试指数', description: null }])
      // The column is numeric(14,4): its scale pads and rounds, as a literal would.
      const given = ['1000', '1001.5', '999.25', '1002.125', '1003.06255']
      const values = given.map((value, i) => ({ index_code: 'X1', value_date: `2024-01-0${i + 1}`, value }))
      await insertRows(database, 'benchmark_values', values, { batch: 2 })
      const stored = await database.db
        .selectFrom('benchmark_values')
        .select(['value_date', 'value'])
        .where('index_code', '=', 'X1')
        .orderBy('value_date')
        .execute()
      assert.deepEqual(stored, [
        { value_date: '2024-01-01', value: '1000.0000' },
        { value_date: '2024-01-02', value: '1001.5000' },
        { value_date: '2024-01-03', value: '999.2500' },
        { value_date: '2024-01-04', value: '1002.1250' },
        { value_date: '2024-01-05', value: '1003.0626' },
      ])

      await insertRows(database, 'ads', [
        { ad_id: 'AD1', rec_code: 'HOME', display_name: null, img_url: '/a.png', track_properties: { position: 2, tags: ['a', 'b'] } },
        { ad_id: 'AD2', rec_code: 'HOME', display_name: '广告', img_url: '/b.png', track_properties: {} },
      ])
      assert.deepEqual(
        await database.db.selectFrom('ads').select(['ad_id', 'display_name', 'track_properties', 'sort']).orderBy('ad_id').execute(),
        [
          { ad_id: 'AD1', display_name: null, track_properties: { position: 2, tags: ['a', 'b'] }, sort: 0 },
          { ad_id: 'AD2', display_name: '广告', track_properties: {}, sort: 0 },
        ],
      )
    })

    it('refuses rows that give different columns (a left-out column would be null instead of its default)', async () => {
      await assert.rejects(
        insertRows(database, 'ads', [
          { ad_id: 'AD3', rec_code: 'HOME', img_url: '/c.png', sort: 1 },
          { ad_id: 'AD4', rec_code: 'HOME', img_url: '/d.png' },
        ]),
        /ads: row 1 gives ad_id, rec_code, img_url; the first row gives ad_id, rec_code, img_url, sort/,
      )
      assert.equal((await database.db.selectFrom('ads').select('ad_id').where('ad_id', 'in', ['AD3', 'AD4']).execute()).length, 0)
    })

    it('an upsert overwrites the columns it gives and keeps the others; with only key columns it skips the row', async () => {
      await insertRows(database, 'managers', [
        { manager_id: 'M1', manager_name: '张三', company: '华夏', intro: '旧简介', is_verified: true },
      ])
      await insertRows(database, 'managers', [{ manager_id: 'M1', manager_name: '张三丰', intro: null }], { onConflict: ['manager_id'] })
      assert.deepEqual(
        await database.db
          .selectFrom('managers')
          .select(['manager_name', 'company', 'intro', 'is_verified'])
          .where('manager_id', '=', 'M1')
          .execute(),
        [{ manager_name: '张三丰', company: '华夏', intro: null, is_verified: true }],
      )
      await insertRows(database, 'users', [{ user_id: 'u1', nickname: '读者' }])
      await insertRows(database, 'articles', [{ article_id: 'A1', title: '文章', published_at: new Date('2026-09-30T09:30:00+08:00') }])
      const readAt = new Date('2026-10-01T08:00:00Z')
      await insertRows(database, 'article_reads', [{ user_id: 'u1', article_id: 'A1', read_at: readAt }])
      await insertRows(database, 'article_reads', [{ user_id: 'u1', article_id: 'A1' }], { onConflict: ['user_id', 'article_id'] })
      const reads = await database.db.selectFrom('article_reads').select('read_at').execute()
      assert.deepEqual(
        reads.map((r) => r.read_at.getTime()),
        [readAt.getTime()],
      )
    })

    it('rows sent on a transaction are written on its connection and rolled back with it', async () => {
      const start = new Date('2026-09-30T19:30:00+08:00')
      await assert.rejects(
        database.transaction(async (tx) => {
          await insertRows(tx, 'live_streams', [
            { live_id: 'L1', title: '直播', cover_url: null, presenter: null, description: null, status: 'LIVE', starts_at: start },
          ])
          const [seen] = await tx.query<{ starts_at: Date }>('select starts_at from live_streams where live_id = $1', ['L1'])
          assert.equal(seen.starts_at.getTime(), start.getTime())
          throw new Error('roll back')
        }),
        /roll back/,
      )
      assert.equal((await database.db.selectFrom('live_streams').select('live_id').execute()).length, 0)
    })
  })
}
