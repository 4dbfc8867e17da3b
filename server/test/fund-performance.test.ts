import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import {
  DEFAULT_RISK_FREE_RATE,
  annualizedReturn,
  calendarReturns,
  maxDrawdown,
  peerRank,
  periodReturn,
  periodStart,
  rate,
  sharpeRatio,
  volatility,
  type NavPoint,
} from '../src/fund/performance'

const p = (date: string, value: string): NavPoint => ({ date, value })
const close = (a: number | null, b: number, eps = 1e-9) => assert.ok(a !== null && Math.abs(a - b) < eps, `${a} ≈ ${b}`)

describe('period returns use the last NAV on or before the period start as the base', () => {
  const series = [p('2023-12-29', '1.0000'), p('2024-01-02', '1.1000'), p('2024-03-29', '1.2000'), p('2024-06-28', '1.3200')]
  it('three months back from 2024-06-28 starts on 2024-03-28: base is 2024-01-02', () => {
    assert.equal(periodStart('3M', '2024-06-28'), '2024-03-28')
    close(periodReturn(series, '3M'), 1.32 / 1.1 - 1)
  })
  it('year to date is based on the last NAV of the previous year', () => {
    close(periodReturn(series, 'YTD'), 0.32)
  })
  it('since set-up is based on the first NAV', () => {
    close(periodReturn(series, 'SETUP'), 0.32)
  })
  it('a fund younger than the period has no return for it', () => {
    assert.equal(periodReturn(series, '1Y'), null)
  })
  it('month ends clamp: one month before 31 March is the end of February', () => {
    assert.equal(periodStart('1M', '2024-03-31'), '2024-02-29')
    assert.equal(periodStart('1Y', '2024-02-29'), '2023-02-28')
  })
})

describe('calendar returns', () => {
  const series = [p('2023-11-01', '1.00'), p('2023-12-29', '1.10'), p('2024-03-29', '1.21'), p('2024-05-31', '1.10')]
  it('per year, from the previous year end', () => {
    const years = calendarReturns(series, 'year')
    assert.deepEqual(
      years.map((y) => y.label),
      ['2023', '2024'],
    )
    close(years[0].value, 0.1)
    close(years[1].value, 0)
  })
  it('per quarter', () => {
    const q = calendarReturns(series, 'quarter')
    assert.deepEqual(
      q.map((x) => x.label),
      ['2023Q4', '2024Q1', '2024Q2'],
    )
    close(q[1].value, 0.1)
    close(q[2].value, 1.1 / 1.21 - 1)
  })
})

describe('maximum drawdown is the largest fall from a running peak', () => {
  it('finds the peak and the trough', () => {
    const series = [p('d1', '1.0'), p('d2', '1.5'), p('d3', '1.2'), p('d4', '1.6'), p('d5', '0.8'), p('d6', '1.7')]
    const dd = maxDrawdown(series)
    close(dd.value, 0.8 / 1.6 - 1)
    assert.equal(dd.peakDate, 'd4')
    assert.equal(dd.troughDate, 'd5')
  })
  it('a rising series has no drawdown', () => {
    assert.deepEqual(maxDrawdown([p('a', '1'), p('b', '2')]), { value: 0, peakDate: null, troughDate: null })
  })
})

describe('volatility and Sharpe ratio', () => {
  it('a constant daily return has zero volatility and no Sharpe ratio', () => {
    const series = Array.from({ length: 10 }, (_, i) => p(`d${i}`, String(1.01 ** i)))
    close(volatility(series), 0, 1e-12)
    assert.equal(sharpeRatio(series, DEFAULT_RISK_FREE_RATE), null)
  })
  it('alternating ±1% days: sample deviation × √250', () => {
    const values = [1, 1.01, 0.9999, 1.009899]
    const series = values.map((v, i) => p(`d${i}`, String(v)))
    const r = [0.01, 0.9999 / 1.01 - 1, 1.009899 / 0.9999 - 1]
    const mean = r.reduce((a, b) => a + b) / 3
    const sd = Math.sqrt(r.reduce((a, b) => a + (b - mean) ** 2, 0) / 2)
    close(volatility(series), sd * Math.sqrt(250))
  })
  it('annualised return compounds over 365 calendar days', () => {
    close(annualizedReturn([p('2023-03-01', '1'), p('2023-09-01', '1.05'), p('2024-02-29', '1.1')]), 0.1, 1e-12)
  })
})

describe('rank among peers', () => {
  it('1 is the best; missing values are not counted', () => {
    assert.deepEqual(peerRank(0.1, [0.3, 0.1, null, -0.2, 0.05]), { rank: 2, total: 4 })
    assert.equal(peerRank(null, [0.1]), null)
  })
})

describe('rates reach the client as 4-place decimal strings', () => {
  it('rounds and never prints -0', () => {
    assert.equal(rate(0.123456), '0.1235')
    assert.equal(rate(-0.00001), '0.0000')
    assert.equal(rate(null), null)
    assert.equal(rate(Number.NaN), null)
  })
})
