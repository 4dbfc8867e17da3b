/**
 * Chart periods: the app's period vocabulary (services/periods.ts). The spec's enumeration is Max,
 * YTD, SETUP and TEN_YEAR; the shorter periods are the ones users of Chinese fund apps expect (UI.md).
 */
import dayjs from 'dayjs'
import { ALL_PERIOD_VALUES, periodCode, periodName, type Period } from '@/services/periods'

export type ChartPeriod = Period

export interface PeriodOption {
  value: ChartPeriod
  label: string
}

export const PERIOD_LABELS = Object.fromEntries(ALL_PERIOD_VALUES.map((p) => [p, periodName(p)])) as Record<ChartPeriod, string>

/** The usual row of tabs: months and years, then year-to-date and since set-up. */
export const CHART_PERIODS: PeriodOption[] = (
  ['ONE_MONTH', 'THREE_MONTH', 'SIX_MONTH', 'ONE_YEAR', 'THREE_YEAR', 'FIVE_YEAR', 'YTD', 'SETUP'] as const
).map((value) => ({ value, label: PERIOD_LABELS[value] }))

/** Every period, including TEN_YEAR and Max (the spec's names), for screens that offer them. */
export const ALL_PERIODS: PeriodOption[] = (Object.keys(PERIOD_LABELS) as ChartPeriod[]).map((value) => ({
  value,
  label: PERIOD_LABELS[value],
}))

export { DEFAULT_PERIOD } from '@/services/periods'

const BACK: Partial<Record<ChartPeriod, [number, 'month' | 'year']>> = {
  ONE_MONTH: [1, 'month'],
  THREE_MONTH: [3, 'month'],
  SIX_MONTH: [6, 'month'],
  ONE_YEAR: [1, 'year'],
  THREE_YEAR: [3, 'year'],
  FIVE_YEAR: [5, 'year'],
  TEN_YEAR: [10, 'year'],
}

/**
 * First date (yyyy-MM-dd) of `period` ending at `end` (yyyy-MM-dd). YTD starts on 1 January of
 * `end`'s year; SETUP and Max start at `setup` (or null: all data).
 */
export function periodStart(period: ChartPeriod, end: string, setup?: string | null): string | null {
  if (period === 'SETUP' || period === 'Max') return setup ?? null
  if (period === 'YTD') return `${end.slice(0, 4)}-01-01`
  const back = BACK[period]
  if (!back) return null
  const start = dayjs(end).subtract(back[0], back[1]).format('YYYY-MM-DD')
  return setup && setup > start ? setup : start
}

/** The points of `data` inside `period` (sorted by date), ending at the last point. */
export function sliceByPeriod<T extends { date: string }>(data: ReadonlyArray<T>, period: ChartPeriod, setup?: string | null): T[] {
  if (!data.length) return []
  const start = periodStart(period, data[data.length - 1].date, setup)
  return start ? data.filter((p) => p.date >= start) : [...data]
}

/** The server's range argument for each period. */
export const PERIOD_RANGE = Object.fromEntries(ALL_PERIOD_VALUES.map((p) => [p, periodCode(p)])) as Record<ChartPeriod, string>

/** Cumulative return from the first point of a NAV series (decimal strings): every line starts at 0%. */
export function cumulative(points: ReadonlyArray<{ date: string; value: string | number }>): Array<{ date: string; value: number | null }> {
  const base = points.length ? Number(points[0].value) : 0
  return points.map((p) => ({ date: p.date, value: base ? Number(p.value) / base - 1 : null }))
}
