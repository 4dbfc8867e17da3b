import assert from 'node:assert/strict'
import { before, describe, it } from 'node:test'
import { DEMO_USER } from '../src/demo/seed'
import { issueToken } from '../src/account/tokens'
import { apiHeaders, gql, login, operation, useTestApp } from './helpers'

/**
 * The signed state of the advisory service and the holdings (issue #23; spec section 6: pages depend
 * on whether the user has signed or holds; holdings are queried only when a holding check is needed).
 * The app asks every kind's detail with needQueryHolding (src/features/portfolio/signed.ts): false
 * anonymously and for a user not known to have signed, true once signed (and for the user's own AP
 * plan). Each branch must answer exactly that.
 */

// The app's ordinary detail (src/features/portfolio/detail/DetailScreen.graphql, Portfolio), trimmed to what this test reads.
const ORDINARY = `query Portfolio($poCode: String!, $needQueryHolding: Boolean!) {
  portfolio(poCode: $poCode) {
    poCode
    hasAdvisor
    hasSigned
    capitalAccountHoldings @include(if: $needQueryHolding) { caId units }
  }
}`

// The app's one follow-up once an answer first says signed (src/features/portfolio/signed.graphql).
const HOLDINGS = `query PortfolioHoldings($poCode: String!) {
  portfolio(poCode: $poCode) { poCode capitalAccountHoldings { caId units } }
}`

type Answer = { hasSigned: boolean; capitalAccountHoldings?: Array<{ caId: string; units: string }> }

describe('hasSigned and needQueryHolding', () => {
  const app = useTestApp()
  let demo: Record<string, string>
  let other: Record<string, string>

  before(async () => {
    demo = { authorization: `Bearer ${(await issueToken(app.t.config.JWT_SECRET, DEMO_USER.userId)).token}` }
    other = { authorization: `Bearer ${await login(app.t)}` }
  })

  const ask = async (doc: string, vars: Record<string, unknown>, auth: Record<string, string> = {}): Promise<Answer> => {
    const { body } = await gql(app.t, doc, vars, auth)
    assert.equal(body.errors, undefined, JSON.stringify(body.errors))
    return body.data.portfolio as Answer
  }

  it('hasSigned: false anonymously and for a user who has not signed; true for the demo user on the strategies signed', async () => {
    for (const [doc, poCode] of [
      [ORDINARY, 'ZH015676'],
      [operation('Longwin'), 'LW000001'],
    ] as const) {
      assert.equal((await ask(doc, { poCode, needQueryHolding: false })).hasSigned, false, `${poCode} anonymous`)
      assert.equal((await ask(doc, { poCode, needQueryHolding: false }, other)).hasSigned, false, `${poCode} another user`)
      assert.equal((await ask(doc, { poCode, needQueryHolding: false }, demo)).hasSigned, true, `${poCode} demo user`)
    }
    assert.equal((await ask(ORDINARY, { poCode: 'ZH015677', needQueryHolding: false }, demo)).hasSigned, false)
  })

  it('needQueryHolding false: no holdings in the answer of any branch, anonymous or not', async () => {
    for (const [doc, poCode] of [
      [ORDINARY, 'ZH015676'],
      [operation('Longwin'), 'LW000001'],
      [operation('InvestPlan'), 'AP000001'],
    ] as const)
      for (const auth of [{}, demo]) {
        const answer = await ask(doc, { poCode, needQueryHolding: false }, auth)
        assert.equal('capitalAccountHoldings' in answer, false, `${poCode}: ${JSON.stringify(answer)}`)
      }
  })

  it('needQueryHolding true: the signed user’s holdings for every kind, none for a user who holds nothing', async () => {
    assert.deepEqual((await ask(ORDINARY, { poCode: 'ZH015676', needQueryHolding: true }, demo)).capitalAccountHoldings, [
      { caId: 'CA0001', units: '12000.5000' },
    ])
    assert.deepEqual((await ask(operation('Longwin'), { poCode: 'LW000001', needQueryHolding: true }, demo)).capitalAccountHoldings, [
      { caId: 'CA0002', units: '35.0000' },
    ])
    assert.deepEqual((await ask(operation('InvestPlan'), { poCode: 'AP000001', needQueryHolding: true }, other)).capitalAccountHoldings, [])
    assert.deepEqual((await ask(HOLDINGS, { poCode: 'ZH015676' }, demo)).capitalAccountHoldings, [{ caId: 'CA0001', units: '12000.5000' }])
  })

  it('WeChat’s QA test code logs in as the demo user, who has signed ZH015676 and holds it (the browser tests’ devLogin)', async () => {
    const res = await app.t.app.inject({
      method: 'POST',
      url: '/alfa/v1/user/wechat/login',
      headers: apiHeaders(),
      payload: { code: 'dev-wechat-code' },
    })
    assert.equal(res.statusCode, 200, res.body)
    const { token, user } = res.json().data as { token: string; user: { userId: string } }
    assert.equal(user.userId, DEMO_USER.userId)
    const answer = await ask(ORDINARY, { poCode: 'ZH015676', needQueryHolding: true }, { authorization: `Bearer ${token}` })
    assert.equal(answer.hasSigned, true)
    assert.deepEqual(answer.capitalAccountHoldings, [{ caId: 'CA0001', units: '12000.5000' }])
  })

  it('needQueryHolding true anonymously is UNAUTHENTICATED (the app never asks it without a user)', async () => {
    const { body } = await gql(app.t, ORDINARY, { poCode: 'ZH015676', needQueryHolding: true })
    assert.equal(body.errors?.[0].extensions?.code, 'UNAUTHENTICATED', JSON.stringify(body))
  })
})
