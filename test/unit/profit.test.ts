import { computeProfit, profitBasisSteps } from '@/features/portfolio/profit'

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

describe('profit calculator 口径 (issue #25): the days, NAVs and formulas of its result, in words', () => {
  it('a start on a day without a NAV says which day was used; every figure with its numbers', () => {
    const r = computeProfit(SERIES, 9000, '2024-05-01')!
    const steps = profitBasisSteps(r, 9000, '2024-05-01')
    expect(steps[0]).toBe('买入日应为 2024-05-01，当天没有净值，取此后最近的净值日 2024-06-03，策略净值 0.9000。')
    expect(steps[1]).toBe('持有至 2026-01-02（区间内最后一个净值日），策略净值 1.2100，共 578 天。')
    expect(steps[2]).toBe('价值 = 投入金额 × 终点净值 ÷ 起点净值 = 9000 × 1.2100 ÷ 0.9000 = 12100.00 元。')
    expect(steps[3]).toBe('收益 = 终点净值 ÷ 起点净值 − 1 = +34.44%；收益金额 = 价值 − 投入金额 = 3100.00 元。')
    expect(steps[4]).toBe(
      `年化收益 = (终点净值 ÷ 起点净值)^(365 ÷ 578) − 1 = +${((Math.pow(1.21 / 0.9, 365 / 578) - 1) * 100).toFixed(2)}%。`,
    )
  })

  it('a start on a NAV day names it plainly', () => {
    expect(profitBasisSteps(computeProfit(SERIES, 10000, '2024-01-02')!, 10000, '2024-01-02')[0]).toBe(
      '买入日 2024-01-02，策略净值 1.0000。',
    )
  })
})
