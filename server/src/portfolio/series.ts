import type { Database } from '../db'
import type { PortfolioRow } from '../db/schema'
import { maxDrawdown } from '../fund/performance'
import { defaultBenchmarkCode, firstNavDate, navSeriesWithAdjustments, type SeriesPoint } from './data'

/** Every 21st trading day (about a month) of the expected-return line, and the last. */
const EXPECTED_STEP = 21
const YEAR_MS = 365 * 86_400_000

/**
 * The largest fall of a NAV series, from the peak to the trough: a negative rate with 6 places, as
 * every drawdown the server answers (server/README.md, "Strategy figures"); a series that never
 * falls has rate 0 on its first day.
 */
export function portfolioDrawdown(series: readonly SeriesPoint[]) {
  if (!series.length) return null
  const worst = maxDrawdown(series)
  return {
    rate: (worst.value || 0).toFixed(6),
    startDate: worst.peakDate ?? series[0].date,
    endDate: worst.troughDate ?? series[0].date,
  }
}

/** The line a portfolio would draw growing at its expected annual rate from the series' first NAV. */
export function expectedSeries(series: readonly SeriesPoint[], expectedAnnualRate: number): SeriesPoint[] {
  const first = series[0]
  if (!first) return []
  return series
    .filter((_, i) => i % EXPECTED_STEP === 0 || i === series.length - 1)
    .map((p) => ({
      date: p.date,
      value: (Number(first.value) * Math.pow(1 + expectedAnnualRate, (Date.parse(p.date) - Date.parse(first.date)) / YEAR_MS)).toFixed(4),
    }))
}

/**
 * The NAV chart of a portfolio over a range: the series, its adjustments, the expected line (none
 * without an expected rate), the drawdown, the return, and where the whole series starts (how far
 * back the chart's periods reach). SETUP starts on the set-up day; Max (or `all`) is every NAV.
 */
export async function navHistory(database: Database, row: PortfolioRow, range: string | null | undefined, all?: boolean | null) {
  const read = await navSeriesWithAdjustments(database, row.po_code, range, all, defaultBenchmarkCode(row))
  const whole = read.series
  // A series may begin before the set-up (a back-test): 成立以来 leaves that part to 全部.
  const setupOnly = !all && (range ?? '').toUpperCase() === 'SETUP'
  const series = setupOnly ? whole.filter((p) => p.date >= row.created_date) : whole
  const first = series[0]
  const adjustments = first ? read.adjustments.filter((a) => a.date >= first.date) : []
  const byDate = new Map(series.map((p) => [p.date, p.value]))
  const rate = row.expected_annualized_return_rate
  return {
    series,
    seriesStart: await firstNavDate(database, row.po_code),
    adjustmentPoints: adjustments
      .filter((a) => byDate.has(a.date))
      .map((a) => ({ date: a.date, value: byDate.get(a.date)!, extra: { adjustmentId: a.adjustmentId } })),
    expectedSeries: rate == null ? [] : expectedSeries(series, Number(rate)),
    maxDrawdown: portfolioDrawdown(series),
    totalReturn: first ? (Number(series[series.length - 1].value) / Number(first.value) - 1).toFixed(6) : null,
  }
}
