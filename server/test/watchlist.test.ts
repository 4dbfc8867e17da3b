import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Database } from '../src/db'
import { apiHeaders, gql, login, pgliteTestDatabase, startApp, type TestApp } from './helpers'

const MY_PICKS = 'query { myPicks { seq fund { fundCode fundName nav navDate dailyReturn } returns { m1 m3 m6 y1 y3 ytd } } }'

describe('myPicks: the watchlist with NAV, daily return and period returns', () => {
  let database: Database
  let t: TestApp
  before(async () => {
    database = (await pgliteTestDatabase()).database
    t = await startApp(database)
  })
  after(async () => {
    await t.app.close()
    await database.close()
  })

  it('anonymous is UNAUTHENTICATED', async () => {
    const res = await gql(t, MY_PICKS)
    assert.equal(res.body.errors?.[0].extensions?.code, 'UNAUTHENTICATED')
  })

  it('lists the picks in the user order, with figures as decimal strings; manage-seq reorders', async () => {
    const token = await login(t)
    const auth = { authorization: `Bearer ${token}` }
    assert.deepEqual((await gql(t, MY_PICKS, {}, auth)).body.data.myPicks, [])
    const funds = await gql(t, 'query { funds(page: { size: 3 }) { list { fundCode } } }')
    const codes: string[] = funds.body.data.funds.list.map((f: { fundCode: string }) => f.fundCode)
    const add = await t.app.inject({ method: 'POST', url: '/alfa/v1/user-fund-picks/batch', headers: apiHeaders(auth), payload: { fundCodes: codes, op: 'add' } })
    assert.equal(add.statusCode, 200)
    const picks = (await gql(t, MY_PICKS, {}, auth)).body.data.myPicks
    assert.deepEqual(picks.map((p: { fund: { fundCode: string } }) => p.fund.fundCode), codes)
    assert.deepEqual(picks.map((p: { seq: number }) => p.seq), [1, 2, 3])
    assert.match(picks[0].fund.nav, /^\d+\.\d{4}$/)
    assert.match(picks[0].fund.navDate, /^\d{4}-\d{2}-\d{2}$/)
    assert.match(picks[0].returns.y1, /^-?\d+\.\d{4}$/)
    const order = [...codes].reverse()
    await t.app.inject({ method: 'POST', url: '/alfa/v1/user-fund-picks/manage-seq', headers: apiHeaders(auth), payload: { fundCodes: order } })
    const reordered = (await gql(t, MY_PICKS, {}, auth)).body.data.myPicks
    assert.deepEqual(reordered.map((p: { fund: { fundCode: string } }) => p.fund.fundCode), order)
  })
})
