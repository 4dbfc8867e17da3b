import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { gql, useTestApp } from './helpers'
import { compareManagers } from '../src/manager/resolvers'
import { yearsSince } from '../src/manager/data'

const app = useTestApp()

const PROFILE = `query ($id: String!) { fundManager(managerId: $id) { managerId managerName company isVerified careerStart tenureYears fundCount bestTenureReturn
  managedFunds { tenureStart tenureDays tenureReturn fund { fundCode nav navDate } } } }`

describe('fund manager profile: tenure, company and the funds managed with tenure returns', () => {
  it('a known manager has a tenure in years and each fund a tenure start no earlier than its set-up', async () => {
    const { body } = await gql(app.t, PROFILE, { id: 'M1001' })
    const m = body.data.fundManager
    assert.equal(m.managerId, 'M1001')
    assert.match(m.tenureYears, /^\d+\.\d$/)
    assert.equal(m.fundCount, m.managedFunds.length)
    for (const f of m.managedFunds) {
      assert.match(f.tenureStart, /^\d{4}-\d{2}-\d{2}$/)
      assert.ok(f.tenureStart >= m.careerStart)
      if (f.tenureReturn !== null) assert.match(f.tenureReturn, /^-?\d+\.\d{4}$/)
    }
  })
  it('an unknown manager is null, not an error', async () => {
    const { body } = await gql(app.t, PROFILE, { id: 'NOPE' })
    assert.equal(body.errors, undefined)
    assert.equal(body.data.fundManager, null)
  })
})

describe('more managers: paged, sorted by tenure or tenure return', () => {
  const LIST = `query ($sort: ManagerSort, $direction: SortDirection, $cursor: String) { managerList(sort: $sort, direction: $direction, page: { size: 10, cursor: $cursor }) {
    totalCount pageInfo { cursor hasMore } list { managerId careerStart bestTenureReturn } } }`
  it('tenure reverse puts the earliest career start first, and pages follow on', async () => {
    const first = (await gql(app.t, LIST, { sort: 'TENURE', direction: 'reverse' })).body.data.managerList
    assert.equal(first.totalCount, 100)
    assert.equal(first.list.length, 10)
    const starts = first.list.map((m: { careerStart: string }) => m.careerStart)
    assert.deepEqual(starts, [...starts].sort())
    const second = (await gql(app.t, LIST, { sort: 'TENURE', direction: 'reverse', cursor: first.pageInfo.cursor })).body.data.managerList
    assert.ok(second.list[0].careerStart >= starts[9])
  })
  it('tenure return reverse is best first; normal is worst first', async () => {
    const best = (await gql(app.t, LIST, { sort: 'TENURE_RETURN', direction: 'reverse' })).body.data.managerList.list
    const values = best.map((m: { bestTenureReturn: string }) => Number(m.bestTenureReturn))
    assert.deepEqual(
      values,
      [...values].sort((a, b) => b - a),
    )
    const worst = (await gql(app.t, LIST, { sort: 'TENURE_RETURN', direction: 'normal' })).body.data.managerList.list
    assert.ok(Number(worst[0].bestTenureReturn) <= values[9])
  })
  it('missing values sort last in both directions', () => {
    assert.ok(compareManagers({ key: null, id: 'a' }, { key: 1, id: 'b' }, 'reverse') > 0)
    assert.ok(compareManagers({ key: null, id: 'a' }, { key: 1, id: 'b' }, 'normal') > 0)
  })
  it('tenure years are whole tenths, counted in Shanghai days', () => {
    assert.equal(yearsSince('2016-01-01', '2026-01-01'), '10.0')
    assert.equal(yearsSince(null, '2026-01-01'), null)
  })
})
