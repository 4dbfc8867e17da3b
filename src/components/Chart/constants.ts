/** Chart defaults of spec section 9, and the colours of UI.md. */

/** Space around the plot area, in CSS px: y labels sit in the left gutter, x labels below. */
export const GRID = { left: 48, right: 20, top: 10, bottom: 30 } as const
export type Grid = { left: number; right: number; top: number; bottom: number }

/** The y axis is cut into this many equal parts (so SPLITS + 1 grid lines and labels). */
export const Y_SPLITS = 3
/** Inline charts label the first, middle and last date; fullscreen adds the quarter points. */
export const X_TICK_FRACTIONS = [0, 0.5, 1] as const
export const X_TICK_FRACTIONS_FULLSCREEN = [0, 0.25, 0.5, 0.75, 1] as const

/** The strategy or fund line (the brand blue) and its width. */
export const LINE_COLOR = '#3388FF'
export const LINE_WIDTH = 1
/** Benchmarks and every further series, unless the series brings its own colour. */
export const BENCHMARK_COLOR = '#A0A6B2'
export const BENCHMARK_COLOR_DARK = '#7C8290'

/** Markers: max drawdown span, adjustment points, peak. */
export const DRAWDOWN_FILL = 'rgba(19, 163, 90, 0.12)'
export const DRAWDOWN_EDGE = '#13A35A'
export const ADJUSTMENT_COLOR = '#F08C00'
export const PEAK_COLOR = '#E5383B'

/** Axis text and grid lines per colour scheme. */
export const AXIS_STYLE = {
  light: { label: '#9197A3', grid: '#E8EAEF' },
  dark: { label: '#8B92A0', grid: '#2C3038' },
} as const

/** Axis labels, in CSS px; the legend, the read-out and 全屏 (index.scss) are the same size. */
export const AXIS_FONT_SIZE = 11
/** The y range is widened by this share of its span on each side, so peaks do not touch the edge. */
export const Y_PADDING_RATIO = 0.05
/** Default chart height in CSS px. */
export const DEFAULT_HEIGHT = 200
/** Minimum points kept when the canvas width is unknown or tiny. */
export const MIN_POINTS = 16
