import { computeProfit } from '@/features/portfolio/profit'

// A series computed by hand: 1.0000 on 2024-01-02, 1.2100 on 2026-01-02 (two years, 731 days).
const SERIES = [
  { date: '2024-01-02', value: '1.0000' },
  { date: '2024-06-03', value: '0.9000' },
  { date: '2025-01-02', value: '1.1000' },
  { date: '2026-01-02', value: '1.2100' },
]

describe('profit calculator: an amount and a start date give its worth on the last day of the series shown', () => {
  it('10,000 from the first day: worth 12,100, profit 2,100, 21%, annualised over 731 days', () => {
    const r = computeProfit(SERIES, 10000, '2024-01-02')!
    expect(r.value).toBeCloseTo(12100, 6)
    expect(r.profit).toBeCloseTo(2100, 6)
    expect(r.rate).toBeCloseTo(0.21, 10)
    // 1.21^(365/731) − 1 = 0.09987…
    expect(r.annualized).toBeCloseTo(Math.pow(1.21, 365 / 731) - 1, 10)
    expect(r.annualized!).toBeCloseTo(0.09987, 4)
  })

  it('a start date that is not a trading day buys at the next point', () => {
    const r = computeProfit(SERIES, 9000, '2024-05-01')!
    expect(r.startDate).toBe('2024-06-03')
    expect(r.value).toBeCloseTo(12100, 6)
  })

  it('held under 30 days has no annualised figure', () => {
    const r = computeProfit(
      [
        { date: '2026-01-02', value: '1' },
        { date: '2026-01-20', value: '1.01' },
      ],
      100,
      '2026-01-01',
    )!
    expect(r.annualized).toBeNull()
  })

  it('nothing to compute: no amount, a start after the last point, or one point', () => {
    expect(computeProfit(SERIES, 0, '2024-01-02')).toBeNull()
    expect(computeProfit(SERIES, 100, '2026-01-02')).toBeNull()
    expect(computeProfit(SERIES.slice(0, 1), 100, '2024-01-02')).toBeNull()
  })
})
