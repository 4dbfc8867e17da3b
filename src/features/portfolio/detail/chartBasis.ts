import { formatPercent } from '@/utils/number'

interface Point {
  date: string
  value: string
}
interface History {
  series: ReadonlyArray<Point>
  maxDrawdown?: { rate: string; startDate: string; endDate: string } | null
  totalReturn?: string | null
}

const NAV_NOTE = '策略净值由各期调仓后的成分基金按权重组合而成，成分基金按复权净值（分红再投资）计算，所以基金分红不算亏损。'

/**
 * 口径 of the strategy chart's figures (issue #25), from the series the chart draws: 区间收益 is the
 * range's last NAV over its first; 最大回撤 the trough over the peak before it. Null when the series
 * does not hold the days the figure names.
 */
export function chartBasisSteps(history: History, figure: 'return' | 'drawdown', periodLabel: string): string[] | null {
  const byDate = new Map(history.series.map((p) => [p.date, p.value]))
  if (figure === 'return') {
    const first = history.series[0]
    const last = history.series[history.series.length - 1]
    if (!first || !last || history.totalReturn == null) return null
    return [
      `${periodLabel}：起点 ${first.date} 策略净值 ${first.value}，终点 ${last.date} 策略净值 ${last.value}（区间内第一个和最后一个净值日）。`,
      `区间收益 = 终点净值 ÷ 起点净值 − 1 = ${last.value} ÷ ${first.value} − 1 = ${formatPercent(history.totalReturn, 2, { sign: true })}。`,
      NAV_NOTE,
    ]
  }
  const dd = history.maxDrawdown
  const peak = dd ? byDate.get(dd.startDate) : undefined
  const trough = dd ? byDate.get(dd.endDate) : undefined
  if (!dd || peak === undefined || trough === undefined) return null
  return [
    `${periodLabel}内净值从 ${dd.startDate} 的高点 ${peak} 跌到 ${dd.endDate} 的低点 ${trough}，是区间内最大的一次下跌。`,
    `最大回撤 = 低点净值 ÷ 此前最高净值 − 1 = ${trough} ÷ ${peak} − 1 = ${formatPercent(dd.rate, 2)}。`,
    NAV_NOTE,
  ]
}

/**
 * 口径 of a strategy's 年化收益: the growth from the first NAV to the last, scaled to 365 calendar days
 * (as the server's annualizedReturn). Null without two NAVs on different days.
 */
export function annualizedBasis(series: ReadonlyArray<Point>, periodLabel: string): { rate: number; steps: string[] } | null {
  const first = series[0]
  const last = series[series.length - 1]
  if (!first || !last) return null
  const days = Math.round((Date.parse(last.date) - Date.parse(first.date)) / 86_400_000)
  if (!(days > 0)) return null
  const growth = Number(last.value) / Number(first.value)
  const rate = Math.pow(growth, 365 / days) - 1
  return {
    rate,
    steps: [
      `${periodLabel}：起点 ${first.date} 策略净值 ${first.value}，终点 ${last.date} 策略净值 ${last.value}，相隔 ${days} 天。`,
      `年化收益 = (终点净值 ÷ 起点净值)^(365 ÷ 天数) − 1 = (${last.value} ÷ ${first.value})^(365 ÷ ${days}) − 1 = ${formatPercent(rate, 2, { sign: true })}。`,
      NAV_NOTE,
    ],
  }
}
