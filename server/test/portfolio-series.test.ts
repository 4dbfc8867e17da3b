import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { expectedSeries, portfolioDrawdown } from '../src/portfolio/series'

const p = (date: string, value: string) => ({ date, value })

describe('a portfolio NAV chart’s drawdown (fund/performance.ts maxDrawdown, as the chart shows it)', () => {
  it('is the largest fall from a running peak, a negative rate with 6 places (as every drawdown the server answers), peak to trough', () => {
    const series = [
      p('2024-01-02', '1.0000'),
      p('2024-01-03', '1.2000'),
      p('2024-01-04', '0.9000'),
      p('2024-01-05', '1.3000'),
      p('2024-01-08', '1.1000'),
    ]
    assert.deepEqual(portfolioDrawdown(series), { rate: '-0.250000', startDate: '2024-01-03', endDate: '2024-01-04' })
  })
  it('a series that never falls has rate 0 on its first day', () => {
    assert.deepEqual(portfolioDrawdown([p('2024-01-02', '1.0000'), p('2024-01-03', '1.0000'), p('2024-01-04', '1.0100')]), {
      rate: '0.000000',
      startDate: '2024-01-02',
      endDate: '2024-01-02',
    })
  })
  it('an empty series has none', () => {
    assert.equal(portfolioDrawdown([]), null)
  })
})

describe('a portfolio NAV chart’s expected line', () => {
  it('grows from the first NAV at the expected annual rate, every 21st point and the last', () => {
    const series = Array.from({ length: 45 }, (_, i) => p(new Date(Date.UTC(2023, 0, 1 + i)).toISOString().slice(0, 10), '1.0000'))
    series[0] = p('2023-01-01', '2.0000')
    const line = expectedSeries(series, 0.1)
    assert.deepEqual(
      line.map((x) => x.date),
      ['2023-01-01', '2023-01-22', '2023-02-12', '2023-02-14'],
    )
    assert.equal(line[0].value, '2.0000')
    assert.equal(line[3].value, (2 * 1.1 ** (44 / 365)).toFixed(4))
  })
})
