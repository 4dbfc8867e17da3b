/**
 * The F2 side of the chart: the element tree for a ChartModel (built with F2's own jsx(), not
 * React's) and the lifetime of one F2 Canvas on a platform surface.
 */
import { Canvas, Chart, Line, jsx } from '@antv/f2'
import { runtime } from '@antv/g-lite'
import type { ChartSurface } from '@/platform/canvasShared'
import { AXIS_FONT_SIZE, DRAWDOWN_FILL, LINE_WIDTH } from './constants'
import { chartData, type ChartModel, type MarkerPoint } from './model'
import { CHART_MEASURES, measureFrom, timed } from './timing'

// G (F2's scene graph) parses every attribute as CSS by default ('10px', '50%', 'red'); the
// chart passes numbers and colours only, which G's fast path handles. Parsing cost about half
// of the first draw (Lighthouse: the chart's long task on the fund and market pages).
runtime.enableCSSParsing = false

export const FONT_FAMILY = '-apple-system, "PingFang SC", "Microsoft YaHei", "WenQuanYi Micro Hei", sans-serif'
const TEXT_ALIGN = { start: 'left', center: 'center', end: 'right' } as const

// F2's class components are generic over their props, which its jsx() element type does not accept.
type ElementType = Parameters<typeof jsx>[0]
const ChartEl = Chart as unknown as ElementType
const LineEl = Line as unknown as ElementType

function axes(model: ChartModel) {
  const { plot, axis } = model
  const bottom = plot.top + plot.height
  const grid = model.yTicks.map((t) =>
    jsx('line', {
      key: `g${t.pos}`,
      style: { x1: plot.left, y1: t.pos, x2: plot.left + plot.width, y2: t.pos, stroke: axis.grid, lineWidth: 0.5 },
    }),
  )
  const yLabels = model.yTicks.map((t) =>
    jsx('text', {
      key: `y${t.pos}`,
      style: {
        x: plot.left - 4,
        y: t.pos,
        text: t.label,
        fill: axis.label,
        fontSize: AXIS_FONT_SIZE,
        fontFamily: FONT_FAMILY,
        textAlign: 'right',
        textBaseline: 'middle',
      },
    }),
  )
  const xLabels = model.xTicks.map((t) =>
    jsx('text', {
      key: `x${t.index}`,
      style: {
        x: t.pos,
        y: bottom + 8,
        text: t.label,
        fill: axis.label,
        fontSize: AXIS_FONT_SIZE,
        fontFamily: FONT_FAMILY,
        textAlign: TEXT_ALIGN[t.align],
        textBaseline: 'top',
      },
    }),
  )
  return jsx('group', {}, ...grid, ...yLabels, ...xLabels)
}

function dot(p: MarkerPoint, key: string, r = 3) {
  return jsx('circle', { key, style: { cx: p.x, cy: p.y, r, fill: p.color, stroke: '#FFFFFF', lineWidth: 1 } })
}

function markers(model: ChartModel) {
  const { plot, markers: m } = model
  const shapes: unknown[] = []
  if (m.drawdown) {
    shapes.push(
      jsx('rect', {
        key: 'dd',
        style: {
          x: m.drawdown.x1,
          y: plot.top,
          width: Math.max(1, m.drawdown.x2 - m.drawdown.x1),
          height: plot.height,
          fill: DRAWDOWN_FILL,
        },
      }),
    )
    shapes.push(dot(m.drawdown.from, 'dd-from'), dot(m.drawdown.to, 'dd-to'))
  }
  m.adjustments.forEach((p) => shapes.push(dot(p, `adj${p.index}`, 2.5)))
  if (m.peak) {
    const p = m.peak
    shapes.push(dot(p, 'peak'))
    if (p.label) {
      const right = p.x > plot.left + plot.width * 0.75
      shapes.push(
        jsx('text', {
          key: 'peak-label',
          style: {
            x: p.x + (right ? -5 : 5),
            y: Math.max(plot.top + 6, p.y),
            text: p.label,
            fill: p.color,
            fontSize: AXIS_FONT_SIZE,
            fontFamily: FONT_FAMILY,
            textAlign: right ? 'right' : 'left',
            textBaseline: 'middle',
          },
        }),
      )
    }
  }
  return jsx('group', {}, ...shapes)
}

/** The whole scene: grid and labels, the lines, then the markers on top. */
export function chartTree(model: ChartModel) {
  const { plot } = model
  const colors = new Map(model.lines.map((l) => [l.key, l.color]))
  const n = model.dates.length
  return [
    axes(model),
    jsx(
      ChartEl,
      {
        data: chartData(model),
        style: { left: plot.left, top: plot.top, width: plot.width, height: plot.height, padding: [0, 0, 0, 0] },
        scale: {
          i: { type: 'linear', min: 0, max: Math.max(1, n - 1), nice: false },
          v: { type: 'linear', min: model.yMin, max: model.yMax, nice: false },
          s: { type: 'cat', values: model.drawOrder },
        },
      },
      jsx(LineEl, {
        x: 'i',
        y: 'v',
        color: ['s', model.drawOrder.map((k) => colors.get(k))],
        connectNulls: false,
        style: { lineWidth: LINE_WIDTH, lineJoin: 'round', lineCap: 'round' },
        animation: false,
      }),
    ),
    markers(model),
  ]
}

/** A started F2 canvas drawing a scene: its next scenes and its end. */
export interface F2Runtime<S> {
  update(scene: S): void
  destroy(): void
}

export type ChartRuntime = F2Runtime<ChartModel>

/**
 * Starts F2 on `surface` drawing the element tree `tree` makes of `scene` (the line chart, the
 * pie): one set of canvas props, the surface's flush on every re-render, the first render in a
 * task of its own.
 */
export function startF2<S>(surface: ChartSurface, scene: S, tree: (scene: S) => unknown): F2Runtime<S> {
  const props = {
    context: surface.context,
    pixelRatio: surface.pixelRatio,
    width: surface.width,
    height: surface.height,
    animate: false,
    // Lengths are CSS px, as the overlay and legend's: the spec's 0.854-of-rem factor is not applied (pxtransform already scales the rem layout; the canvas would shrink to 0.854× its legend).
    px2hd: (v: number) => v,
    offscreenCanvas: surface.offscreenCanvas,
    requestAnimationFrame: surface.requestAnimationFrame,
    cancelAnimationFrame: surface.cancelAnimationFrame,
    theme: { fontSize: AXIS_FONT_SIZE, fontFamily: FONT_FAMILY },
  }
  // F2's constructor types are strict about the context; the surface's context is a real one or
  // the legacy adapter, both with the calls F2 makes.
  const canvas = new Canvas({ ...props, children: tree(scene) } as unknown as ConstructorParameters<typeof Canvas>[0])
  const g = (canvas as unknown as { canvas?: { addEventListener?(type: string, fn: () => void): void } }).canvas
  if (surface.flush && g?.addEventListener) g.addEventListener('rerender', surface.flush)
  // From each draw's start to the end of the frame that shows it, and that frame's own render (scripts/bench-chart.mjs).
  let frameDone: (() => void) | null = null
  let paintDone: (() => void) | null = null
  g?.addEventListener?.('beforerender', () => {
    if (frameDone) paintDone = measureFrom(CHART_MEASURES.paint)
  })
  g?.addEventListener?.('afterrender', () => {
    paintDone?.()
    frameDone?.()
    paintDone = frameDone = null
  })
  let destroyed = false
  // The first render in a task of its own: on a slow phone F2's set-up above and its first render
  // are each a long task; together they blocked input for twice as long.
  let first: ReturnType<typeof setTimeout> | null = setTimeout(() => {
    first = null
    if (destroyed) return
    frameDone = measureFrom(CHART_MEASURES.frame)
    timed(CHART_MEASURES.draw, () => void canvas.render())
  }, 0)
  return {
    update(next) {
      if (destroyed) return
      if (first !== null) {
        clearTimeout(first)
        first = null
      }
      frameDone = measureFrom(CHART_MEASURES.frame)
      timed(
        CHART_MEASURES.draw,
        () => void canvas.update({ ...props, children: tree(next) } as unknown as Parameters<typeof canvas.update>[0]),
      )
    },
    destroy() {
      if (destroyed) return
      destroyed = true
      if (first !== null) clearTimeout(first)
      canvas.destroy()
      surface.destroy()
    },
  }
}

/** Starts F2 on `surface` drawing `model`. */
export const startChart = (surface: ChartSurface, model: ChartModel): ChartRuntime => startF2(surface, model, chartTree)
