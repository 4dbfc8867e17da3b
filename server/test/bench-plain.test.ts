import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { GRAPHQL_ACCEPT, GRAPHQL_PATH } from '@alfa/common/apiPaths'
import { issueToken } from '../src/account/tokens'
import { DEMO_USER } from '../src/demo/seed'
import type { Database } from '../src/db'
import { addPicks } from '../src/watchlist/data'
import { appDocument, graphqlJson } from '../bench/harness'
import { plainPairs, registerPlainRoutes } from '../bench/plain'
import { apiHeaders, pgliteTestDatabase, startApp, type TestApp } from './helpers'

/**
 * `npm run bench:api` compares each first-screen query with a plain route that assembles the same
 * JSON by hand; when the app's document grows a field the plain route lacks, the bench stops at its
 * first assertion (issue #25's fees did that, unnoticed). Here both answer, as the bench asks them.
 */
describe('the API bench’s plain routes answer what the app’s documents answer', () => {
  let database: Database
  let t: TestApp
  before(async () => {
    database = (await pgliteTestDatabase()).database
    const codes = await database.query<{ c: string }>(`select fund_code as c from funds order by fund_code limit 3`)
    await addPicks(
      database,
      DEMO_USER.userId,
      codes.map((r) => r.c),
    )
    t = await startApp(database)
    registerPlainRoutes(t.app, database)
  })
  after(async () => {
    await t.app.close()
    await database.close()
  })

  for (const pair of plainPairs('ZH015676', '000001', '1Y', 3))
    it(pair.name, async () => {
      const auth: Record<string, string> = pair.auth
        ? { authorization: `Bearer ${(await issueToken(t.config.JWT_SECRET, DEMO_USER.userId)).token}` }
        : {}
      const g = await t.app.inject({
        method: 'POST',
        url: GRAPHQL_PATH,
        headers: apiHeaders({ 'content-type': 'application/json', accept: GRAPHQL_ACCEPT, ...auth }),
        payload: { query: appDocument(pair.operation), variables: pair.variables, operationName: pair.operation },
      })
      const p = await t.app.inject({ method: 'GET', url: pair.plainPath, headers: apiHeaders(auth) })
      assert.equal(g.statusCode, 200, g.body.slice(0, 300))
      assert.equal(p.statusCode, 200, p.body.slice(0, 300))
      const answer = graphqlJson({ body: g.body, type: String(g.headers['content-type'] ?? '') })
      assert.equal(answer.errors, undefined, JSON.stringify(answer.errors))
      assert.deepEqual(answer, JSON.parse(p.body))
    })
})
