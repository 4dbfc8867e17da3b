/**
 * Performance statistics from a dividend-adjusted NAV series (adjusted.ts): the second half of
 * the return engine. Returns over periods, yearly and quarterly returns, maximum drawdown,
 * annualised return and volatility, Sharpe ratio, rank among peers. Every screen's figure for a
 * fund comes from these functions over the same series; the definitions are in server/README.md.
 *
 * Ratios are statistics, not money: they are computed in floating point and handed to the
 * client as decimal strings rounded to 4 places (a rate of 0.1234 is 12.34%).
 */

export interface NavPoint {
  /** Trading day, yyyy-MM-dd (Asia/Shanghai). */
  date: string
  /** Dividend-adjusted NAV (a decimal string from the database, or a number). */
  value: string | number
}

/** Trading days per year, for annualising the volatility of daily returns. */
export const TRADING_DAYS_PER_YEAR = 250
/** Calendar days per year, for annualising a return over a span of dates. */
export const DAYS_PER_YEAR = 365
/** Risk-free rate for the Sharpe ratio unless configured (RISK_FREE_RATE, config.ts): the one-year deposit benchmark, 1.5%. */
export const DEFAULT_RISK_FREE_RATE = 0.015

export type PerformancePeriod = '1M' | '3M' | '6M' | '1Y' | '3Y' | '5Y' | 'YTD' | 'SETUP'
export const PERFORMANCE_PERIODS: readonly PerformancePeriod[] = ['1M', '3M', '6M', '1Y', '3Y', '5Y', 'YTD', 'SETUP']

/** A rate as a decimal string with 4 places, or null. */
export function rate(x: number | null): string | null {
  if (x === null || !Number.isFinite(x)) return null
  const r = Math.round(x * 10000) / 10000
  return (Object.is(r, -0) ? 0 : r).toFixed(4)
}

const num = (p: NavPoint) => Number(p.value)

/** The same day `months` calendar months earlier, clamped to the month's last day (31 Mar − 1M = 28/29 Feb). */
export function monthsBefore(date: string, months: number): string {
  const d = new Date(`${date}T00:00:00Z`)
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - months, 1))
  // Clamp the day to the target month's length (31 Mar minus one month is 28/29 Feb).
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate()
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay))
  return target.toISOString().slice(0, 10)
}

/** First date of a period ending on `lastDate`, or null for the whole series (SETUP). */
export function periodStart(period: PerformancePeriod, lastDate: string): string | null {
  switch (period) {
    case 'SETUP':
      return null
    case 'YTD':
      // The base of a year-to-date return is the last NAV of the previous year.
      return `${lastDate.slice(0, 4)}-01-01`
    default: {
      const n = Number(period.slice(0, -1))
      return monthsBefore(lastDate, period.endsWith('Y') ? n * 12 : n)
    }
  }
}

/** Index of the last point on or before `date` (the base NAV of a return from that date); -1 when none. */
export function baseIndex(series: readonly NavPoint[], date: string): number {
  let lo = 0
  let hi = series.length - 1
  let found = -1
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    if (series[mid].date <= date) {
      found = mid
      lo = mid + 1
    } else hi = mid - 1
  }
  return found
}

/**
 * Return over a period: last NAV over the base NAV, minus one. The base is the last NAV on or
 * before the period's start; a fund younger than the period has no return for it (null).
 */
export function periodReturn(series: readonly NavPoint[], period: PerformancePeriod): number | null {
  return periodReturnDetail(series, period)?.value ?? null
}

/** A return with the two points it was measured between (the base and the last NAV). */
export interface ReturnDetail {
  value: number
  base: NavPoint
  end: NavPoint
}

/** periodReturn with the base and last points it used; null when the fund is younger than the period. */
export function periodReturnDetail(series: readonly NavPoint[], period: PerformancePeriod): ReturnDetail | null {
  if (series.length < 2) return null
  const last = series[series.length - 1]
  const start = periodStart(period, last.date)
  let base: NavPoint
  if (start === null) base = series[0]
  else {
    const i = period === 'YTD' ? baseIndex(series, shiftDay(start, -1)) : baseIndex(series, start)
    if (i < 0) return null
    base = series[i]
  }
  return { value: num(last) / num(base) - 1, base, end: last }
}

function shiftDay(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

export interface CalendarReturn {
  /** `2024` or `2024Q3`. */
  label: string
  value: number
  /** The points it was measured between: the previous bucket's last NAV (or the first NAV) and the bucket's last. */
  base: NavPoint
  end: NavPoint
}

/**
 * Returns per calendar year or quarter: from the last NAV of the previous bucket (or the first
 * NAV, for the bucket the series starts in) to the last NAV of the bucket.
 */
export function calendarReturns(series: readonly NavPoint[], by: 'year' | 'quarter'): CalendarReturn[] {
  const key = (date: string) =>
    by === 'year' ? date.slice(0, 4) : `${date.slice(0, 4)}Q${Math.floor((Number(date.slice(5, 7)) - 1) / 3) + 1}`
  const out: CalendarReturn[] = []
  let base = series[0]
  for (let i = 0; i < series.length; i++) {
    const p = series[i]
    const next = series[i + 1]
    if (next && key(next.date) === key(p.date)) continue
    out.push({ label: key(p.date), value: num(p) / num(base) - 1, base, end: p })
    base = p
  }
  return out
}

export interface Drawdown {
  /** The largest fall from a peak, as a negative rate (0 when the series never falls). */
  value: number
  peakDate: string | null
  troughDate: string | null
}

export function maxDrawdown(series: readonly NavPoint[]): Drawdown {
  let peak = series[0]
  let worst: Drawdown = { value: 0, peakDate: null, troughDate: null }
  for (const p of series) {
    if (num(p) > num(peak)) peak = p
    const dd = num(p) / num(peak) - 1
    if (dd < worst.value) worst = { value: dd, peakDate: peak.date, troughDate: p.date }
  }
  return worst
}

function dailyReturns(series: readonly NavPoint[]): number[] {
  const out: number[] = []
  for (let i = 1; i < series.length; i++) out.push(num(series[i]) / num(series[i - 1]) - 1)
  return out
}

/** Annualised volatility: the sample standard deviation of daily returns × √250. */
export function volatility(series: readonly NavPoint[]): number | null {
  const r = dailyReturns(series)
  if (r.length < 2) return null
  const mean = r.reduce((a, b) => a + b, 0) / r.length
  const variance = r.reduce((a, b) => a + (b - mean) ** 2, 0) / (r.length - 1)
  return Math.sqrt(variance) * Math.sqrt(TRADING_DAYS_PER_YEAR)
}

/** Annualised return: the compound growth from the first to the last point, scaled to 365 calendar days. */
export function annualizedReturn(series: readonly NavPoint[]): number | null {
  if (series.length < 2) return null
  const days = (Date.parse(series[series.length - 1].date) - Date.parse(series[0].date)) / 86_400_000
  if (!(days > 0)) return null
  const total = num(series[series.length - 1]) / num(series[0])
  return total ** (DAYS_PER_YEAR / days) - 1
}

/**
 * Sharpe ratio: (annualised return − risk-free rate) / annualised volatility; the rate is the configured one (ctx.settings.riskFreeRate).
 * `vol`: the series' volatility when the caller has it already (基金对比 shows both: one pass over the daily returns, not two).
 */
export function sharpeRatio(series: readonly NavPoint[], riskFree: number, vol: number | null = volatility(series)): number | null {
  const ret = annualizedReturn(series)
  // A series without variation (up to rounding noise) has no meaningful Sharpe ratio.
  if (vol === null || ret === null || vol < 1e-12) return null
  return (ret - riskFree) / vol
}

export interface PeerRank {
  /** 1 is the best. */
  rank: number
  total: number
}

/**
 * Rank of a fund's value among its peers' (higher is better); null when it has no value. Values
 * equal as shown (`rate`'s 4 places, so float noise such as 1.21 / 1.1 − 1 = 0.0999…87 counts as
 * 0.1) share the better rank: 1, 2, 2, 4.
 */
export function peerRank(value: number | null, peers: ReadonlyArray<number | null>): PeerRank | null {
  if (value === null) return null
  const shown = (x: number) => Math.round(x * 10000)
  const valid = peers.filter((v): v is number => v !== null)
  return { rank: valid.filter((v) => shown(v) > shown(value)).length + 1, total: valid.length }
}
