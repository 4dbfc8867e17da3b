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
