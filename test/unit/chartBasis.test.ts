import { chartBasisSteps } from '@/features/portfolio/detail/chartBasis'

/** 口径 of the strategy chart's figures (issue #25): the days and NAVs the series holds, the formula. */
describe('chartBasisSteps', () => {
  const history = {
    series: [
      { date: '2024-01-02', value: '1.0000' },
      { date: '2024-03-01', value: '1.2000' },
      { date: '2024-06-03', value: '0.9000' },
      { date: '2024-12-31', value: '1.1000' },
    ],
    totalReturn: '0.100000',
    maxDrawdown: { rate: '-0.2500', startDate: '2024-03-01', endDate: '2024-06-03' },
  }

  it('区间收益: the first and last NAV days of the range and their ratio', () => {
    expect(chartBasisSteps(history, 'return', '近1年')?.slice(0, 2)).toEqual([
      '近1年：起点 2024-01-02 策略净值 1.0000，终点 2024-12-31 策略净值 1.1000（区间内第一个和最后一个净值日）。',
      '区间收益 = 终点净值 ÷ 起点净值 − 1 = 1.1000 ÷ 1.0000 − 1 = +10.00%。',
    ])
  })

  it('最大回撤: the peak and the trough with their NAVs', () => {
    expect(chartBasisSteps(history, 'drawdown', '近1年')?.slice(0, 2)).toEqual([
      '近1年内净值从 2024-03-01 的高点 1.2000 跌到 2024-06-03 的低点 0.9000，是区间内最大的一次下跌。',
      '最大回撤 = 低点净值 ÷ 此前最高净值 − 1 = 0.9000 ÷ 1.2000 − 1 = -25.00%。',
    ])
  })

  it('no sheet when the series does not hold the days the figure names', () => {
    expect(
      chartBasisSteps({ ...history, maxDrawdown: { ...history.maxDrawdown, startDate: '2024-02-29' } }, 'drawdown', '近1年'),
    ).toBeNull()
    expect(chartBasisSteps({ series: [], totalReturn: null }, 'return', '近1年')).toBeNull()
  })
})
