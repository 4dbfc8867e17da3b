/** Where a finger is along the chart's x axis, from a touch event of any target. */

export interface TouchLike {
  /** Canvas-local x (mini-program canvas touches). */
  x?: number
  y?: number
  clientX?: number
  clientY?: number
  pageX?: number
  pageY?: number
}

export interface TouchEventLike {
  touches?: ArrayLike<TouchLike>
  changedTouches?: ArrayLike<TouchLike>
}

export function firstTouch(e: TouchEventLike): TouchLike | null {
  return e.touches?.[0] ?? e.changedTouches?.[0] ?? null
}

/**
 * The chart-space x of `touch`. Canvas touches in mini-programs carry a local x; otherwise the
 * client position is taken relative to the chart's box. In the rotated fullscreen view the
 * chart's x axis runs down the screen, so the client y is used.
 */
export function touchChartX(touch: TouchLike, box: { left: number; top: number } | null, rotated = false): number | null {
  if (!rotated && typeof touch.x === 'number') return touch.x
  if (rotated && typeof touch.y === 'number' && !box) return touch.y
  const cx = touch.clientX ?? touch.pageX
  const cy = touch.clientY ?? touch.pageY
  if (rotated) return typeof cy === 'number' ? cy - (box?.top ?? 0) : null
  return typeof cx === 'number' ? cx - (box?.left ?? 0) : null
}
