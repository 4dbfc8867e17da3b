import { badInput } from './paging'

/**
 * Chart ranges accepted by every `range` argument: the ChartPeriod values (Max, YTD, SETUP,
 * TEN_YEAR) and short spans 1M, 3M, 6M, 1Y, 2Y, 3Y, 5Y (case-insensitive). Absent means 1Y.
 * Returns the first date of the range given the series' last date, or null for the whole series.
 */
export function rangeStart(range: string | null | undefined, lastDate: string): string | null {
  const r = (range ?? '1Y').toUpperCase()
  if (r === 'MAX' || r === 'SETUP' || r === 'ALL') return null
  const last = new Date(`${lastDate}T00:00:00Z`)
  if (r === 'YTD') return `${last.getUTCFullYear()}-01-01`
  if (r === 'TEN_YEAR') return shift(last, 0, 10)
  const m = /^(\d{1,2})([MY])$/.exec(r)
  if (!m) throw badInput(`range must be one of Max, YTD, SETUP, TEN_YEAR, 1M, 3M, 6M, 1Y, 2Y, 3Y, 5Y`)
  const n = Number(m[1])
  return m[2] === 'M' ? shift(last, n, 0) : shift(last, 0, n)
}

function shift(d: Date, months: number, years: number): string {
  const x = new Date(Date.UTC(d.getUTCFullYear() - years, d.getUTCMonth() - months, d.getUTCDate()))
  return x.toISOString().slice(0, 10)
}
