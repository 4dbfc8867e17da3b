import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { apiHeaders, gql, login, useTestApp } from './helpers'

const MY_PICKS = 'query { myPicks { seq fund { fundCode fundName nav navDate dailyReturn } returns { m1 m3 m6 y1 y3 ytd } } }'

describe('myPicks: the watchlist with NAV, daily return and period returns', () => {
  const app = useTestApp()

  it('anonymous is UNAUTHENTICATED', async () => {
    const res = await gql(app.t, MY_PICKS)
    assert.equal(res.body.errors?.[0].extensions?.code, 'UNAUTHENTICATED')
  })

  it('lists the picks in the user order, with figures as decimal strings; manage-seq reorders', async () => {
    const token = await login(app.t)
    const auth = { authorization: `Bearer ${token}` }
    assert.deepEqual((await gql(app.t, MY_PICKS, {}, auth)).body.data.myPicks, [])
    const funds = await gql(app.t, 'query { funds(page: { size: 3 }) { list { fundCode } } }')
    const codes: string[] = funds.body.data.funds.list.map((f: { fundCode: string }) => f.fundCode)
    const add = await app.t.app.inject({
      method: 'POST',
      url: '/alfa/v1/user-fund-picks/batch',
      headers: apiHeaders(auth),
      payload: { fundCodes: codes, op: 'add' },
    })
    assert.equal(add.statusCode, 200)
    const picks = (await gql(app.t, MY_PICKS, {}, auth)).body.data.myPicks
    assert.deepEqual(
      picks.map((p: { fund: { fundCode: string } }) => p.fund.fundCode),
      codes,
    )
    assert.deepEqual(
      picks.map((p: { seq: number }) => p.seq),
      [1, 2, 3],
    )
    assert.match(picks[0].fund.nav, /^\d+\.\d{4}$/)
    assert.match(picks[0].fund.navDate, /^\d{4}-\d{2}-\d{2}$/)
    assert.match(picks[0].returns.y1, /^-?\d+\.\d{4}$/)
    const order = [...codes].reverse()
    await app.t.app.inject({
      method: 'POST',
      url: '/alfa/v1/user-fund-picks/manage-seq',
      headers: apiHeaders(auth),
      payload: { fundCodes: order },
    })
    const reordered = (await gql(app.t, MY_PICKS, {}, auth)).body.data.myPicks
    assert.deepEqual(
      reordered.map((p: { fund: { fundCode: string } }) => p.fund.fundCode),
      order,
    )
  })
})
