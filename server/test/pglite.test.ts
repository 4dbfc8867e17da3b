import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { apiSuite } from './api-suite'
import { pgliteTestDatabase, startApp, login, apiHeaders } from './helpers'
import { openDatabase } from '../src/db'

apiSuite('PGlite (embedded)', async () => (await pgliteTestDatabase()).database)

describe('PGlite data folder', () => {
  it('picks persist across a restart', async () => {
    const { database, dataDir } = await pgliteTestDatabase()
    let t = await startApp(database)
    const token = await login(t)
    const h = apiHeaders({ authorization: `Bearer ${token}` })
    const [{ fund_code: code }] = await database.query<{ fund_code: string }>(
      'select fund_code from funds where terminated_date is null order by fund_code desc limit 1',
    )
    await t.app.inject({ method: 'POST', url: '/alfa/v1/user-fund-picks/batch', headers: h, payload: { fundCodes: [code], op: 'add' } })
    await t.app.close()
    await database.close()
    const reopened = await openDatabase({ dataDir })
    t = await startApp(reopened)
    const list = await t.app.inject({ method: 'GET', url: '/alfa/v1/user-fund-picks/list', headers: h })
    assert.deepEqual(
      list.json().data.list.map((p: { fundCode: string }) => p.fundCode),
      [code],
    )
    await t.app.close()
    await reopened.close()
  })
})
