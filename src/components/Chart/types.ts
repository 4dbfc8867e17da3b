/** Props shapes of the chart (spec section 3: chart series and chart options). */

export interface ChartPoint {
  /** Trading date, yyyy-MM-dd. */
  date: string
  value: number | null
}

export interface ChartSeries {
  name: string
  data: ChartPoint[]
  /** Line colour; default: blue for the first series, grey for the others. */
  color?: string
}

export interface ChartOptions {
  /** Category names (for example the series' names in a legend); shown above the chart when given. */
  categories?: string[]
  /** Selected category/series index (highlighted in the legend; drawn on top). */
  index?: number
  /** Fullscreen (landscape) view. */
  fullscreen?: boolean
}

/**
 * How values read: 'percent' values are already percentages (12.3 means 12.3%), 'ratio'
 * values are fractions (0.123 means 12.3%), 'nav' values are net values with 4 decimals.
 */
export type ValueFormat = 'percent' | 'ratio' | 'nav' | ((value: number) => string)

/** Optional marks, each drawn only when given (the display preferences decide). */
export interface ChartMarkers {
  /** Max drawdown: from the peak date to the trough date. */
  maxDrawdown?: { start: string; end: string }
  /** Adjustment (调仓) dates, marked on the first series. */
  adjustments?: string[]
  /** The peak point of the first series; `true` finds it, a date names it. */
  peak?: true | string
}

/** What the crosshair reports while a finger is on the chart. */
export interface TooltipInfo {
  /** Index into the full (not downsampled) data. */
  index: number
  date: string
  items: Array<{ name: string; color: string; value: number | null; text: string }>
}
