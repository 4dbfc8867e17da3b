/**
 * The F2 side of the pie: a donut as F2's Interval stacked in a transposed polar coordinate (F2's
 * own pie construct), and the lifetime of one F2 Canvas on a platform surface. Same engine, same
 * surfaces and same chunk as the line chart (draw.ts).
 */
import { Canvas, Chart, Interval, jsx } from '@antv/f2'
import { runtime } from '@antv/g-lite'
import type { ChartSurface } from '@/platform/canvasShared'
import { AXIS_FONT_SIZE } from './constants'
import type { PieModel } from './pieModel'

// As in draw.ts: numbers and colours only, so G's CSS parsing is not needed (it is slow).
runtime.enableCSSParsing = false

const FONT_FAMILY = '-apple-system, "PingFang SC", "Microsoft YaHei", "WenQuanYi Micro Hei", sans-serif'
/** Inner radius of the donut, as a share of the outer one. */
const PIE_INNER_RADIUS = 0.62
const CENTER_FONT_SIZE = 12

// F2's class components are generic over their props, which its jsx() element type does not accept.
type ElementType = Parameters<typeof jsx>[0]
const ChartEl = Chart as unknown as ElementType
const IntervalEl = Interval as unknown as ElementType

export interface PieScene {
  model: PieModel
  /** Canvas size in CSS px; the donut is the largest circle that fits, centred. */
  width: number
  height: number
  /** Text in the hole (for example the largest category); none when absent. */
  center?: string
}

/** The donut, and the centre label over it. */
export function pieTree({ model, width, height, center }: PieScene) {
  const side = Math.min(width, height)
  const left = (width - side) / 2
  const top = (height - side) / 2
  const keys = model.slices.map((s) => s.key)
  const tree: unknown[] = [
    jsx(
      ChartEl,
      {
        data: model.slices.map((s) => ({ a: '1', v: s.fraction, k: s.key })),
        coord: { type: 'polar', transposed: true, innerRadius: PIE_INNER_RADIUS, radius: 1 },
        style: { left, top, width: side, height: side, padding: [0, 0, 0, 0] },
        scale: {
          v: { type: 'linear', min: 0, max: model.slices.reduce((s, x) => s + x.fraction, 0) || 1, nice: false },
          k: { type: 'cat', values: keys },
        },
      },
      jsx(IntervalEl, {
        x: 'a',
        y: 'v',
        adjust: 'stack',
        color: ['k', model.slices.map((s) => s.color)],
        style: { stroke: model.gap, lineWidth: 1 },
        animation: false,
      }),
    ),
  ]
  if (center) {
    tree.push(
      jsx('text', {
        key: 'center',
        style: {
          x: width / 2,
          y: height / 2,
          text: center,
          fill: model.label,
          fontSize: CENTER_FONT_SIZE,
          fontFamily: FONT_FAMILY,
          textAlign: 'center',
          textBaseline: 'middle',
        },
      }),
    )
  }
  return tree
}

export interface PieRuntime {
  update(scene: PieScene): void
  destroy(): void
}

/** Starts F2 on `surface` drawing `scene`. */
export function startPie(surface: ChartSurface, scene: PieScene): PieRuntime {
  const props = {
    context: surface.context,
    pixelRatio: surface.pixelRatio,
    width: surface.width,
    height: surface.height,
    animate: false,
    px2hd: (v: number) => v,
    offscreenCanvas: surface.offscreenCanvas,
    requestAnimationFrame: surface.requestAnimationFrame,
    cancelAnimationFrame: surface.cancelAnimationFrame,
    theme: { fontSize: AXIS_FONT_SIZE, fontFamily: FONT_FAMILY },
  }
  // The surface's context is a real one or the legacy adapter, both with the calls F2 makes.
  const canvas = new Canvas({ ...props, children: pieTree(scene) } as unknown as ConstructorParameters<typeof Canvas>[0])
  const g = (canvas as unknown as { canvas?: { addEventListener?(type: string, fn: () => void): void } }).canvas
  if (surface.flush && g?.addEventListener) g.addEventListener('rerender', surface.flush)
  let destroyed = false
  // The first render in a task of its own, as the line chart does (F2's set-up is a long task).
  let first: ReturnType<typeof setTimeout> | null = setTimeout(() => {
    first = null
    if (!destroyed) void canvas.render()
  }, 0)
  return {
    update(next) {
      if (destroyed) return
      if (first !== null) {
        clearTimeout(first)
        first = null
      }
      void canvas.update({ ...props, children: pieTree(next) } as unknown as Parameters<typeof canvas.update>[0])
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
