/**
 * What the chart draws, as pure data: aligned series, downsampled indices, scales, ticks,
 * colours, marker positions and tooltip text. The F2 tree (draw.ts) and the crosshair only read
 * this model, so everything here is tested without a canvas.
 */
import { formatNav, formatPercent } from '@/utils/format'
import { downsampleIndices } from '@/utils/downsample'
import {
  ADJUSTMENT_COLOR,
  AXIS_STYLE,
  BENCHMARK_COLOR,
  BENCHMARK_COLOR_DARK,
  DRAWDOWN_EDGE,
  GRID,
  LINE_COLOR,
  MIN_POINTS,
  PEAK_COLOR,
  X_TICK_FRACTIONS,
  X_TICK_FRACTIONS_FULLSCREEN,
  Y_PADDING_RATIO,
  Y_SPLITS,
  type Grid,
} from './constants'
import type { ChartMarkers, ChartSeries, TooltipInfo, ValueFormat } from './types'

export type Scheme = 'light' | 'dark'

export interface Rect {
  left: number
  top: number
  width: number
  height: number
}

/** Series on one shared date axis: `values[s][i]` is series s on `dates[i]`. */
export interface AlignedSeries {
  dates: string[]
  values: Array<Array<number | null>>
}

export interface Tick {
  /** Position in CSS px on the canvas. */
  pos: number
  label: string
}

export interface XTick extends Tick {
  index: number
  /** Label alignment: the first label starts at its tick, the last ends at it. */
  align: 'start' | 'center' | 'end'
}

export interface YTick extends Tick {
  value: number
}

export interface MarkerPoint {
  index: number
  x: number
  y: number
  color: string
  label?: string
}

export interface ChartModel {
  width: number
  height: number
  plot: Rect
  dates: string[]
  /** Indices (into `dates`) that are drawn, at most the canvas width. */
  drawn: number[]
  /** Per series: name, colour and the drawn points (x = index into `dates`). */
  lines: Array<{ key: string; name: string; color: string; points: Array<{ i: number; v: number | null }> }>
  /** Series keys in drawing order (the selected one last, on top). */
  drawOrder: string[]
  yMin: number
  yMax: number
  xTicks: XTick[]
  yTicks: YTick[]
  axis: { label: string; grid: string }
  markers: {
    drawdown?: { x1: number; x2: number; from: MarkerPoint; to: MarkerPoint }
    adjustments: MarkerPoint[]
    peak?: MarkerPoint
  }
  format: ValueFormat
}

const isValue = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v)

/** Colour of series `i`: its own, else blue for the first (strategy/fund) and grey for the rest. */
export function seriesColor(series: Pick<ChartSeries, 'color'>, i: number, scheme: Scheme = 'light'): string {
  if (series.color) return series.color
  if (i === 0) return LINE_COLOR
  return scheme === 'dark' ? BENCHMARK_COLOR_DARK : BENCHMARK_COLOR
}

/**
 * Puts every series on the union of their dates (sorted; dates are yyyy-MM-dd so they sort as
 * strings). A series without a value on a date gets null there.
 */
export function alignSeries(series: ReadonlyArray<ChartSeries>): AlignedSeries {
  const first = series[0]?.data ?? []
  const sameDates = series.every((s) => s.data.length === first.length && s.data.every((p, i) => p.date === first[i].date))
  const sortedFirst = first.every((p, i) => i === 0 || first[i - 1].date < p.date)
  if (sameDates && sortedFirst) {
    return { dates: first.map((p) => p.date), values: series.map((s) => s.data.map((p) => (isValue(p.value) ? p.value : null))) }
  }
  const dates = [...new Set(series.flatMap((s) => s.data.map((p) => p.date)))].sort()
  const at = new Map(dates.map((d, i) => [d, i]))
  const values = series.map((s) => {
    const row: Array<number | null> = new Array(dates.length).fill(null)
    for (const p of s.data) row[at.get(p.date) as number] = isValue(p.value) ? p.value : null
    return row
  })
  return { dates, values }
}

/** The plot area inside a canvas of `width` x `height` CSS px. */
export function plotRect(width: number, height: number, grid: Grid = GRID): Rect {
  return {
    left: grid.left,
    top: grid.top,
    width: Math.max(1, width - grid.left - grid.right),
    height: Math.max(1, height - grid.top - grid.bottom),
  }
}

/** At most this many points are drawn: never more than the canvas is wide in px. */
export function pointBudget(canvasWidth: number, plot: Rect): number {
  const width = Math.floor(canvasWidth)
  return Math.max(2, Math.min(width, Math.max(MIN_POINTS, Math.floor(plot.width))))
}

/** The y range: all values of all series, widened a little, split into `splits` equal parts. */
export function yRange(
  values: ReadonlyArray<ReadonlyArray<number | null>>,
  splits = Y_SPLITS,
): { min: number; max: number; ticks: number[] } {
  let lo = Infinity
  let hi = -Infinity
  for (const row of values) {
    for (const v of row) {
      if (!isValue(v)) continue
      if (v < lo) lo = v
      if (v > hi) hi = v
    }
  }
  if (lo === Infinity) {
    lo = 0
    hi = 1
  } else if (hi === lo) {
    const pad = Math.abs(lo) * 0.01 || 1
    lo -= pad
    hi += pad
  } else {
    const pad = (hi - lo) * Y_PADDING_RATIO
    lo -= pad
    hi += pad
  }
  return niceTicks(lo, hi, splits)
}

/** Round steps: 1, 2, 2.5 and 5 times a power of ten. */
const NICE_STEPS = [1, 2, 2.5, 5, 10]

/**
 * The axis from `lo` to `hi` in `splits` equal steps whose labels sit on round values (0%, 10%,
 * 20%; 1.00, 1.20), as fund apps label them (UI.md), rather than on the data's extremes.
 */
export function niceTicks(lo: number, hi: number, splits: number): { min: number; max: number; ticks: number[] } {
  const raw = (hi - lo) / splits
  const power = Math.pow(10, Math.floor(Math.log10(raw)))
  // Float noise off each tick (0.1 + 0.2): 12 significant digits are more than any label shows.
  const clean = (v: number) => Number(v.toPrecision(12))
  for (let p = power; ; p *= 10) {
    for (const m of NICE_STEPS) {
      const step = m * p
      if (step < raw) continue
      const min = clean(Math.floor(lo / step + 1e-9) * step)
      const max = clean(min + step * splits)
      if (max + 1e-12 < hi) continue
      return { min, max, ticks: Array.from({ length: splits + 1 }, (_, k) => clean(min + k * step)) }
    }
  }
}

/** Indices of the labelled dates: first, middle and last (plus quarters in fullscreen), no repeats. */
export function xTickIndices(length: number, fullscreen = false): number[] {
  if (length <= 0) return []
  const fractions = fullscreen ? X_TICK_FRACTIONS_FULLSCREEN : X_TICK_FRACTIONS
  return [...new Set(fractions.map((f) => Math.round(f * (length - 1))))]
}

export function xToPx(index: number, length: number, plot: Rect): number {
  return length <= 1 ? plot.left + plot.width / 2 : plot.left + (index / (length - 1)) * plot.width
}

export function yToPx(value: number, min: number, max: number, plot: Rect): number {
  return plot.top + plot.height - ((value - min) / (max - min)) * plot.height
}

/** A value as text, by the chart's format; null shows '--'. `sign` prefixes gains with '+'. */
export function formatValue(value: number | null | undefined, format: ValueFormat, sign = false): string {
  if (typeof format === 'function') return isValue(value) ? format(value) : formatPercent(null)
  if (format === 'nav') return formatNav(isValue(value) ? value : null)
  return formatPercent(isValue(value) ? value : null, 2, { ratio: format === 'ratio', sign })
}

/** The drawn index nearest to the finger at canvas x `px`. */
export function indexAtX(px: number, model: Pick<ChartModel, 'dates' | 'drawn' | 'plot'>): number {
  const n = model.dates.length
  if (!n || !model.drawn.length) return -1
  const { plot } = model
  const ratio = Math.min(1, Math.max(0, (px - plot.left) / plot.width))
  const target = ratio * (n - 1)
  // Binary search in the sorted drawn indices.
  const drawn = model.drawn
  let lo = 0
  let hi = drawn.length - 1
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1
    if (drawn[mid] <= target) lo = mid
    else hi = mid
  }
  return Math.abs(drawn[lo] - target) <= Math.abs(drawn[hi] - target) ? drawn[lo] : drawn[hi]
}

/** Crosshair content at `index`: the date and every series' value, formatted. */
export function tooltipAt(
  aligned: AlignedSeries,
  series: ReadonlyArray<Pick<ChartSeries, 'name' | 'color'>>,
  index: number,
  format: ValueFormat,
  scheme: Scheme = 'light',
): TooltipInfo | null {
  if (index < 0 || index >= aligned.dates.length) return null
  return {
    index,
    date: aligned.dates[index],
    items: series.map((s, k) => {
      const value = aligned.values[k]?.[index] ?? null
      return { name: s.name, color: seriesColor(s, k, scheme), value, text: formatValue(value, format, format !== 'nav') }
    }),
  }
}

/** Index of `date`, or of the first later date present (adjustments may fall on holidays). */
export function indexOfDate(dates: ReadonlyArray<string>, date: string): number {
  let lo = 0
  let hi = dates.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (dates[mid] < date) lo = mid + 1
    else hi = mid
  }
  return lo < dates.length ? lo : -1
}

/** F2 records: one per drawn point and series, in drawing order. */
export function chartData(model: ChartModel): Array<{ i: number; v: number | null; s: string }> {
  const byKey = new Map(model.lines.map((l) => [l.key, l]))
  return model.drawOrder.flatMap((key) => (byKey.get(key)?.points ?? []).map((p) => ({ i: p.i, v: p.v, s: key })))
}

export interface ModelInput {
  series: ReadonlyArray<ChartSeries>
  width: number
  height: number
  fullscreen?: boolean
  /** Selected series, drawn on top. */
  index?: number
  format?: ValueFormat
  markers?: ChartMarkers
  scheme?: Scheme
  grid?: Grid
}

export function buildChartModel(input: ModelInput): ChartModel {
  const { series, width, height, fullscreen = false, format = 'percent', markers, scheme = 'light' } = input
  const plot = plotRect(width, height, input.grid)
  const aligned = alignSeries(series)
  const { dates, values } = aligned
  const n = dates.length
  const drawn = downsampleIndices(values, n, pointBudget(width, plot))
  const { min, max, ticks } = yRange(values)
  const x = (i: number) => xToPx(i, n, plot)
  const y = (v: number) => yToPx(v, min, max, plot)

  const lines = series.map((s, k) => ({
    key: `s${k}`,
    name: s.name,
    color: seriesColor(s, k, scheme),
    points: drawn.map((i) => ({ i, v: values[k][i] })),
  }))
  const selected = input.index !== undefined && input.index >= 0 && input.index < lines.length ? input.index : 0
  const drawOrder = [...lines.filter((_, k) => k !== selected).reverse(), lines[selected]].filter(Boolean).map((l) => l.key)

  const tickIdx = xTickIndices(n, fullscreen)
  const xTicks: XTick[] = tickIdx.map((i, k) => ({
    index: i,
    pos: x(i),
    label: dates[i],
    align: tickIdx.length > 1 && k === 0 ? 'start' : k === tickIdx.length - 1 && tickIdx.length > 1 ? 'end' : 'center',
  }))
  const yTicks: YTick[] = ticks.map((v) => ({ value: v, pos: y(v), label: formatValue(v, format) }))

  const first = values[0] ?? []
  const pointAt = (i: number, color: string, label?: string): MarkerPoint | null =>
    i >= 0 && isValue(first[i]) ? { index: i, x: x(i), y: y(first[i]), color, label } : null

  const result: ChartModel['markers'] = { adjustments: [] }
  if (markers?.maxDrawdown && n) {
    const a = indexOfDate(dates, markers.maxDrawdown.start)
    const b = indexOfDate(dates, markers.maxDrawdown.end)
    const from = pointAt(a, DRAWDOWN_EDGE)
    const to = pointAt(b, DRAWDOWN_EDGE)
    if (from && to) result.drawdown = { x1: Math.min(from.x, to.x), x2: Math.max(from.x, to.x), from, to }
  }
  if (markers?.adjustments) {
    for (const d of markers.adjustments) {
      const p = pointAt(indexOfDate(dates, d), ADJUSTMENT_COLOR)
      if (p && !result.adjustments.some((q) => q.index === p.index)) result.adjustments.push(p)
    }
  }
  if (markers?.peak && n) {
    let i = -1
    if (markers.peak === true) {
      for (let k = 0; k < n; k += 1) if (isValue(first[k]) && (i < 0 || (first[k] as number) > (first[i] as number))) i = k
    } else {
      i = indexOfDate(dates, markers.peak)
    }
    const p = pointAt(i, PEAK_COLOR)
    if (p) result.peak = { ...p, label: formatValue(first[i], format, format !== 'nav') }
  }

  return {
    width,
    height,
    plot,
    dates,
    drawn,
    lines,
    drawOrder,
    yMin: min,
    yMax: max,
    xTicks,
    yTicks,
    axis: AXIS_STYLE[scheme],
    markers: result,
    format,
  }
}
