/**
 * 基金对比's figures (issue #25). Every return, drawdown, volatility and Sharpe figure is the fund
 * engine's (fund/performance.ts) over the same adjusted series the fund page uses, kept with the
 * points it was measured between; this file only adds the rebased chart, the holdings overlap and
 * the best mark of each row.
 */
import { PERIOD_NAMES } from '@alfa/common/labels'
import {
  annualizedReturn,
  baseIndex,
  calendarReturns,
  maxDrawdown,
  periodReturnDetail,
  rate,
  sharpeRatio,
  volatility,
  PERFORMANCE_PERIODS,
  type NavPoint,
} from '../fund/performance'
import { rangeBase } from '../ranges'

/** The chart keeps at most this many points (the first and last always). */
export const MAX_CHART_POINTS = 240

export interface ComparedReturn {
  key: string
  label: string
  value: string | null
  startDate: string | null
  startNav: string | null
  endDate: string | null
  endNav: string | null
}

const navText = (p: NavPoint) => (typeof p.value === 'number' ? String(p.value) : p.value)

function measured(key: string, label: string, d: { value: number; base: NavPoint; end: NavPoint } | null): ComparedReturn {
  return {
    key,
    label,
    value: d ? rate(d.value) : null,
    startDate: d?.base.date ?? null,
    startNav: d ? navText(d.base) : null,
    endDate: d?.end.date ?? null,
    endNav: d ? navText(d.end) : null,
  }
}

/** One fund's figures: the fund page's (server/src/fund/resolvers.ts performance) with their end points. */
export function fundFigures(series: readonly NavPoint[], riskFree: number) {
  const periodReturns = PERFORMANCE_PERIODS.map((p) => measured(p, PERIOD_NAMES[p], periodReturnDetail(series, p)))
  // As the fund page: a bucket without a finite figure is left out.
  const yearlyReturns =
    series.length < 2
      ? []
      : calendarReturns(series, 'year')
          .filter((c) => rate(c.value) !== null)
          .map((c) => measured(c.label, `${c.label}年`, c))
  const dd = series.length ? maxDrawdown(series) : null
  const at = (date: string | null) => (date ? series[baseIndex(series, date)] : undefined)
  const first = series[0]
  const last = series[series.length - 1]
  const vol = volatility(series)
  const span = { startDate: first?.date ?? null, endDate: last?.date ?? null, annualizedReturn: rate(annualizedReturn(series)) }
  return {
    periodReturns,
    yearlyReturns,
    maxDrawdown: dd && {
      value: rate(dd.value)!,
      peakDate: dd.peakDate,
      peakNav: dd.peakDate ? navText(at(dd.peakDate)!) : null,
      troughDate: dd.troughDate,
      troughNav: dd.troughDate ? navText(at(dd.troughDate)!) : null,
    },
    volatility: { ...span, value: rate(vol) },
    sharpeRatio: { ...span, value: rate(sharpeRatio(series, riskFree, vol)) },
  }
}

export interface RebasedChart {
  startDate: string | null
  endDate: string | null
  series: Array<{ date: string; values: string[] }>
  /** Per fund, the return over the window with its end points; null when the funds share no day. */
  windowReturns: Array<ComparedReturn | null>
}

/**
 * The funds' adjusted NAVs rebased to 100 on a common start: the window ends on the earliest of
 * their last NAV days; the range goes back from there as every chart range does (ranges.ts), and
 * the start is the latest of the funds' first points in it (each fund's first point being the last
 * NAV on or before the range's base day, as a period return's base). A fund without a NAV on a
 * day of the union of their dates carries its last value.
 */
export function rebasedChart(seriesList: ReadonlyArray<readonly NavPoint[]>, range: string, maxPoints = MAX_CHART_POINTS): RebasedChart {
  const none: RebasedChart = { startDate: null, endDate: null, series: [], windowReturns: seriesList.map(() => null) }
  if (!seriesList.length || seriesList.some((s) => s.length === 0)) return none
  const end = seriesList.map((s) => s[s.length - 1].date).reduce((a, b) => (a < b ? a : b))
  const base = rangeBase(range, end)
  let start = ''
  for (const s of seriesList) {
    const i = base === null ? 0 : Math.max(0, baseIndex(s, base))
    if (s[i].date > start) start = s[i].date
  }
  if (start > end) return none
  // Each fund's points in the window, from its base (the last NAV on or before the start).
  const windows = seriesList.map((s) => s.slice(baseIndex(s, start), baseIndex(s, end) + 1))
  const dates = unionDates(windows, start)
  const keep = downsample(dates.length, maxPoints)
  const cursor = windows.map(() => 0)
  const out: RebasedChart['series'] = []
  for (let k = 0; k < dates.length; k++) {
    const date = dates[k]
    for (let j = 0; j < windows.length; j++) {
      const w = windows[j]
      while (cursor[j] + 1 < w.length && w[cursor[j] + 1].date <= date) cursor[j]++
    }
    if (keep.has(k)) out.push({ date, values: windows.map((w, j) => ((Number(w[cursor[j]].value) / Number(w[0].value)) * 100).toFixed(4)) })
  }
  const windowReturns = windows.map((w) => {
    const b = w[0]
    const e = w[w.length - 1]
    return measured('WINDOW', '区间收益', { value: Number(e.value) / Number(b.value) - 1, base: b, end: e })
  })
  return { startDate: start, endDate: end, series: out, windowReturns }
}

/** The dates of all the windows from `start` on, ascending, each once (a merge of the sorted lists). */
function unionDates(windows: ReadonlyArray<readonly NavPoint[]>, start: string): string[] {
  const at = windows.map(() => 0)
  const out: string[] = []
  for (;;) {
    let next: string | null = null
    for (let j = 0; j < windows.length; j++) {
      const d = windows[j][at[j]]?.date
      if (d !== undefined && (next === null || d < next)) next = d
    }
    if (next === null) return out
    for (let j = 0; j < windows.length; j++) if (windows[j][at[j]]?.date === next) at[j]++
    if (next >= start) out.push(next)
  }
}

/** Indexes kept when n points are thinned to at most max: evenly spaced, the first and last always. */
export function downsample(n: number, max: number): Set<number> {
  if (n <= max) return new Set(Array.from({ length: n }, (_, i) => i))
  const keep = new Set<number>()
  for (let i = 0; i < max; i++) keep.add(Math.round((i * (n - 1)) / (max - 1)))
  return keep
}

export interface Holding {
  securityCode: string
  securityName: string
  percent: string
}

/** Overlap of two top-holding lists: the securities in both and the sum of their smaller shares; unknown when either list is empty. */
export function holdingsOverlap(a: readonly Holding[], b: readonly Holding[]) {
  if (!a.length || !b.length) return { known: false, commonCount: 0, commonNames: [] as string[], overlap: null }
  const inB = new Map(b.map((h) => [h.securityCode, h]))
  const common = a.filter((h) => inB.has(h.securityCode))
  // Shares are 4-place decimals: sum them in ten-thousandths, exactly.
  const units = common.reduce(
    (sum, h) => sum + Math.min(Math.round(Number(h.percent) * 1e4), Math.round(Number(inB.get(h.securityCode)!.percent) * 1e4)),
    0,
  )
  return { known: true, commonCount: common.length, commonNames: common.map((h) => h.securityName), overlap: (units / 1e4).toFixed(4) }
}

/**
 * The funds with the best value of a row: the highest, or the lowest when `lower` is better. Values
 * compare as shown (4-place decimal strings); none when fewer than two funds have one or all are equal.
 */
export function bestOf(values: ReadonlyArray<string | null | undefined>, lower = false): number[] {
  const present = values.flatMap((v, i) => (v === null || v === undefined ? [] : [{ i, x: Number(v) }]))
  if (present.length < 2) return []
  const pick = lower ? Math.min(...present.map((p) => p.x)) : Math.max(...present.map((p) => p.x))
  if (present.every((p) => p.x === pick)) return []
  return present.filter((p) => p.x === pick).map((p) => p.i)
}
