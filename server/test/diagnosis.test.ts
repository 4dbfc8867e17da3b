import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { gql, useTestApp } from './helpers'
import { diagnose, levelOf, totalScore } from '../src/diagnosis/score'

const app = useTestApp()

const Q = `query ($code: String!) { fundDiagnosis(fundCode: $code) { totalScore level summary fromDate toDate isDemo fund { fundCode }
  dimensions { key name score level basis explanation } } }`

describe('fund diagnosis: five scores from NAV history, manager and fees', () => {
  it('a fund with history gets returns, risk, stability, manager and cost scores between 0 and 100', async () => {
    const { body } = await gql(app.t, Q, { code: '000001' })
    const d = body.data.fundDiagnosis
    assert.equal(d.isDemo, true)
    assert.deepEqual(
      d.dimensions.map((x: { key: string }) => x.key),
      ['returns', 'risk', 'stability', 'manager', 'cost'],
    )
    for (const x of d.dimensions) assert.ok(x.score >= 0 && x.score <= 100 && x.explanation.length > 0)
    assert.ok(d.totalScore >= 0 && d.totalScore <= 100)
    assert.ok(d.fromDate < d.toDate)
  })
  it('an unknown fund is null', async () => {
    assert.equal((await gql(app.t, Q, { code: '999999' })).body.data.fundDiagnosis, null)
  })
  it('a steady series scores better on risk and stability than a falling, jumpy one', () => {
    const days = Array.from({ length: 300 }, (_, i) => new Date(Date.UTC(2024, 0, 1 + i)).toISOString().slice(0, 10))
    const steady = days.map((date, i) => ({ date, value: (1 + i * 0.0003).toFixed(4) }))
    const jumpy = days.map((date, i) => ({ date, value: (1 - i * 0.001 + (i % 2 ? 0.05 : 0)).toFixed(4) }))
    const a = diagnose({ series: steady, buyFeeRate: 0.0015, managerYears: 8 })
    const b = diagnose({ series: jumpy, buyFeeRate: 0.0015, managerYears: 8 })
    const score = (dims: typeof a, key: string) => dims.find((x) => x.key === key)!.score
    assert.ok(score(a, 'risk') > score(b, 'risk'))
    assert.ok(score(a, 'stability') > score(b, 'stability'))
    assert.ok(totalScore(a) > totalScore(b))
    assert.deepEqual(diagnose({ series: [], buyFeeRate: 0, managerYears: null }), [])
    assert.equal(levelOf(80), '优秀')
  })
})
