// The site content a request asks in one tick (issue #24: the home page's configuration, columns and
// ads) comes in one statement, and each key's rows are what its own query answers: the same rows in
// the same order, JSON values unchanged, a code without ads []. On PGlite and PostgreSQL.
import assert from 'node:assert/strict'
import fs from 'node:fs'
import { after, before, describe, it } from 'node:test'
import type { Database } from '../src/db'
import { runInQueryScope } from '../src/db/abort'
import { ads, kvRows, loadSiteContent, siteKeys } from '../src/content/data'
import { PG_BIN, pgliteTestDatabase, seededPostgres, startPostgres, type ThrowawayPostgres } from './helpers'

async function counted<T>(work: () => Promise<T>): Promise<{ value: T; statements: number }> {
  const statements = { count: 0 }
  const value = await runInQueryScope({ signal: new AbortController().signal, statementTimeoutMs: 0, statements }, work)
  return { value, statements: statements.count }
}

function siteSuite(engine: string, open: () => Promise<Database>) {
  describe(`the site content in one statement (issue #24), ${engine}`, () => {
    let database: Database
    before(async () => {
      database = await open()
      // Ads whose order (sort) is not their ids' order, with numbers and nesting in their properties; a column sorted before others.
      await database.query(
        `insert into ads (ad_id, rec_code, display_name, img_url, url, track_properties, sort) values
           ('ZZ-1', 'TEST_CODE', null, 'https://example.com/1.png', null, '{"rank": 0.1234567890123, "tags": ["a"]}', 2),
           ('ZZ-2', 'TEST_CODE', '名字', 'https://example.com/2.png', 'https://example.com', '{}', 1),
           ('ZZ-3', 'TEST_CODE', null, 'https://example.com/3.png', null, '{"n": 12345678901234567890}', 3)`,
      )
      await database.query(`insert into columns (column_id, title, sort) values ('ZZ-COL', '测试专栏', -1)`)
      await database.query(`insert into kv_configs (variant, key, value) values ('widget', 'home', '{"elements": [{"x": 1.10}]}')`)
    })
    after(() => database?.close())

    it('each key answers what its own query answers, all of them in one statement', async () => {
      const codes = ['HOME_AD', 'HOME_BANNER', 'TEST_CODE', 'NO_SUCH_CODE']
      const expected = new Map<string, unknown[]>([
        [siteKeys.kv, await kvRows(database)],
        [
          siteKeys.columns,
          await database.db
            .selectFrom('columns')
            .select(['column_id as columnId', 'title', 'cover_url as coverUrl', 'description', 'list_page_side_url as listPageSideUrl'])
            .orderBy('sort')
            .orderBy('column_id')
            .execute(),
        ],
        ...(await Promise.all(codes.map(async (c) => [siteKeys.ads(c), await ads(database, [c])] as [string, unknown[]]))),
      ])
      const keys = [...expected.keys()]
      const { value, statements } = await counted(() => loadSiteContent(database, keys))
      assert.equal(statements, 1)
      assert.deepEqual(value, expected)
      assert.deepEqual(
        (value.get(siteKeys.ads('TEST_CODE')) as Array<{ adId: string }>).map((a) => a.adId),
        ['ZZ-2', 'ZZ-1', 'ZZ-3'],
      )
      assert.deepEqual(value.get(siteKeys.ads('NO_SUCH_CODE')), [])
      assert.equal((value.get(siteKeys.columns) as Array<{ columnId: string }>)[0].columnId, 'ZZ-COL')
    })

    it('asks only what is asked: one key alone, and nothing for no key', async () => {
      const { value, statements } = await counted(() => loadSiteContent(database, [siteKeys.ads('TEST_CODE')]))
      assert.equal(statements, 1)
      assert.deepEqual([...value.keys()], [siteKeys.ads('TEST_CODE')])
      assert.equal((await counted(() => loadSiteContent(database, []))).statements, 0)
    })
  })
}

siteSuite('PGlite', async () => (await pgliteTestDatabase()).database)

if (fs.existsSync(`${PG_BIN}/initdb`)) {
  let pg: ThrowawayPostgres | undefined
  after(() => pg?.stop())
  siteSuite('PostgreSQL 15', () => seededPostgres((pg ??= startPostgres()).url))
}
