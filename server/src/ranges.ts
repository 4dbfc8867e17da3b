import { monthsBefore } from './fund/performance'
import { badInput } from './graphql/errors'

/**
 * Chart ranges accepted by every `range` argument: the ChartPeriod values (Max, YTD, SETUP,
 * TEN_YEAR) and short spans 1M, 3M, 6M, 1Y, 2Y, 3Y, 5Y (case-insensitive). Absent means 1Y.
 * Returns the first date of the range given the series' last date, or null for the whole series.
 * Month and year spans go back the same calendar day, clamped to month ends, as the period
 * returns do (fund/performance.ts periodStart), so a chart and a period return agree.
 */
export function rangeStart(range: string | null | undefined, lastDate: string): string | null {
  const r = (range ?? '1Y').toUpperCase()
  if (r === 'MAX' || r === 'SETUP' || r === 'ALL') return null
  if (r === 'YTD') return `${lastDate.slice(0, 4)}-01-01`
  if (r === 'TEN_YEAR') return monthsBefore(lastDate, 120)
  const m = /^(\d{1,2})([MY])$/.exec(r)
  if (!m) throw badInput('时间范围无效：range 应为 Max、YTD、SETUP、TEN_YEAR、1M、3M、6M、1Y、2Y、3Y、5Y 之一')
  const n = Number(m[1])
  return monthsBefore(lastDate, m[2] === 'M' ? n : n * 12)
}

/**
 * The base day of a range: a return over the range is measured from the last point on or before
 * it (for YTD, the last point of the previous year). Null for the whole series.
 */
export function rangeBase(range: string | null | undefined, lastDate: string): string | null {
  const start = rangeStart(range, lastDate)
  if (start === null) return null
  return (range ?? '').toUpperCase() === 'YTD' ? `${Number(lastDate.slice(0, 4)) - 1}-12-31` : start
}
