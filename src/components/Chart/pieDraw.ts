/**
 * The F2 side of the pie: a donut as F2's Interval stacked in a transposed polar coordinate (F2's
 * own pie construct), and the lifetime of one F2 Canvas on a platform surface. Same engine, same
 * surfaces and same chunk as the line chart (draw.ts).
 */
import { Chart, Interval, jsx } from '@antv/f2'
import type { ChartSurface } from '@/platform/canvasShared'
import { FONT_FAMILY, startF2, type F2Runtime } from './draw'
import type { PieModel } from './pieModel'

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

export type PieRuntime = F2Runtime<PieScene>

/** Starts F2 on `surface` drawing `scene`. */
export const startPie = (surface: ChartSurface, scene: PieScene): PieRuntime => startF2(surface, scene, pieTree)
