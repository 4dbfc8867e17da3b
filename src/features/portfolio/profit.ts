/**
 * The profit calculator (displayProfitCalculator): what an amount put into the strategy on a
 * start date would be worth on the last day of the NAV series shown, by that series alone.
 */

export interface ProfitResult {
  /** The trading day the amount goes in: the first point on or after the chosen date. */
  startDate: string
  endDate: string
  startNav: number
  endNav: number
  /** Worth on endDate, in 元 (unrounded). */
  value: number
  profit: number
  /** Return over the holding period, as a fraction. */
  rate: number
  /** Annualised (compounded over calendar days / 365); null when held under 30 days, where it misleads. */
  annualized: number | null
}

const DAY_MS = 86_400_000

/** Calendar days between two yyyy-MM-dd dates. */
function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS)
}

/**
 * Null when there is nothing to compute: no amount, no point on or after `startDate`, or the
 * start is the last point.
 */
export function computeProfit(
  series: ReadonlyArray<{ date: string; value: string | number }>,
  amount: number,
  startDate: string,
): ProfitResult | null {
  if (!(amount > 0) || series.length < 2) return null
  const start = series.find((p) => p.date >= startDate)
  const end = series[series.length - 1]
  if (!start || start === end) return null
  const startNav = Number(start.value)
  const endNav = Number(end.value)
  if (!(startNav > 0) || !(endNav > 0)) return null
  const rate = endNav / startNav - 1
  const value = amount * (endNav / startNav)
  const days = daysBetween(start.date, end.date)
  return {
    startDate: start.date,
    endDate: end.date,
    startNav,
    endNav,
    value,
    profit: value - amount,
    rate,
    annualized: days >= 30 ? Math.pow(endNav / startNav, 365 / days) - 1 : null,
  }
}

/** 口径 of a profit calculator result (issue #25): the days and NAVs used and each figure's formula, in words. */
export function profitBasisSteps(result: ProfitResult, amount: number, chosenDate: string): string[] {
  const days = daysBetween(result.startDate, result.endDate)
  const pct = (x: number) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(2)}%`
  const nav = (x: number) => x.toFixed(4)
  return [
    result.startDate === chosenDate
      ? `买入日 ${result.startDate}，策略净值 ${nav(result.startNav)}。`
      : `买入日应为 ${chosenDate}，当天没有净值，取此后最近的净值日 ${result.startDate}，策略净值 ${nav(result.startNav)}。`,
    `持有至 ${result.endDate}（区间内最后一个净值日），策略净值 ${nav(result.endNav)}，共 ${days} 天。`,
    `价值 = 投入金额 × 终点净值 ÷ 起点净值 = ${amount} × ${nav(result.endNav)} ÷ ${nav(result.startNav)} = ${result.value.toFixed(2)} 元。`,
    `收益 = 终点净值 ÷ 起点净值 − 1 = ${pct(result.rate)}；收益金额 = 价值 − 投入金额 = ${result.profit.toFixed(2)} 元。`,
    result.annualized === null
      ? '持有不足 30 天不计算年化收益（短期年化会夸大波动）。'
      : `年化收益 = (终点净值 ÷ 起点净值)^(365 ÷ ${days}) − 1 = ${pct(result.annualized)}。`,
    '未计申购、赎回费用；策略净值已按成分基金的分红再投资计算。',
  ]
}
