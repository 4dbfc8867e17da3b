/**
 * The F2 side of the pie: a donut of polygons on one F2 Canvas on a platform surface. Same
 * engine, same surfaces and same chunk as the line chart (draw.ts).
 */
import { jsx } from '@antv/f2'
import type { ChartSurface } from '@/platform/canvasShared'
import { FONT_FAMILY, startF2, type F2Runtime } from './draw'
import type { PieModel } from './pieModel'

/** Inner radius of the donut, as a share of the outer one. */
const PIE_INNER_RADIUS = 0.62
const CENTER_FONT_SIZE = 12
/** Arc steps per full turn: smooth at the donut's size. */
const STEPS_PER_TURN = 180

export interface PieScene {
  model: PieModel
  /** Canvas size in CSS px; the donut is the largest circle that fits, centred. */
  width: number
  height: number
  /** Text in the hole (for example the largest category); none when absent. */
  center?: string
}

/** The points of a ring slice from angle a0 to a1 (radians, clockwise from the top): the outer arc, then the inner one back. */
export function slicePoints(cx: number, cy: number, r: number, r0: number, a0: number, a1: number): Array<[number, number]> {
  const steps = Math.max(2, Math.ceil(((a1 - a0) / (2 * Math.PI)) * STEPS_PER_TURN))
  const at = (radius: number, a: number): [number, number] => [cx + radius * Math.sin(a), cy - radius * Math.cos(a)]
  const outer = Array.from({ length: steps + 1 }, (_, k) => at(r, a0 + ((a1 - a0) * k) / steps))
  const inner = Array.from({ length: steps + 1 }, (_, k) => at(r0, a1 - ((a1 - a0) * k) / steps))
  return [...outer, ...inner]
}

/**
 * The donut as one polygon per slice, and the centre label. Polygons of numbers rather than F2's
 * Interval in a polar coordinate: its sectors need G's CSS parsing, which draw.ts turns off for
 * speed (with it off they came out with no coordinates and drew nothing).
 */
export function pieTree({ model, width, height, center }: PieScene) {
  const side = Math.min(width, height)
  const cx = width / 2
  const cy = height / 2
  const r = side / 2 - 1
  const r0 = r * PIE_INNER_RADIUS
  const total = model.slices.reduce((sum, x) => sum + x.fraction, 0) || 1
  let angle = 0
  const tree: unknown[] = model.slices.map((s) => {
    const a0 = angle
    angle += (s.fraction / total) * 2 * Math.PI
    return jsx('polygon', {
      key: s.key,
      style: {
        points: slicePoints(cx, cy, r, r0, a0, angle),
        fill: s.color,
        stroke: model.gap,
        lineWidth: model.slices.length > 1 ? 1 : 0,
      },
    })
  })
  if (center) {
    tree.push(
      jsx('text', {
        key: 'center',
        style: {
          x: cx,
          y: cy,
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
