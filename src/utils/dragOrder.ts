/**
 * Pure arithmetic of drag-to-reorder lists (管理自选, 管理筛选): which slot a dragged row lands
 * in, how far the other rows step aside, and the list after the drop. Rows are of equal height.
 */

/** The list with the item at `index` moved to `to` (clamped); the same array when nothing moves. */
export function moveItem<T>(list: readonly T[], index: number, to: number): T[] {
  const target = Math.max(0, Math.min(list.length - 1, to))
  if (index < 0 || index >= list.length || index === target) return list as T[]
  const next = [...list]
  const [item] = next.splice(index, 1)
  next.splice(target, 0, item)
  return next
}

/**
 * The slot a row dragged from `from` by `offset` px lands in: it takes the next slot once it has
 * moved past half a row; clamped to the list. A bad row height means no move.
 */
export function indexFromOffset(from: number, offset: number, rowHeight: number, count: number): number {
  if (!(rowHeight > 0) || count <= 0 || !Number.isFinite(offset)) return from
  const steps = offset >= 0 ? Math.floor(offset / rowHeight + 0.5) : -Math.floor(-offset / rowHeight + 0.5)
  return Math.max(0, Math.min(count - 1, from + steps))
}

/**
 * How far row `i` steps aside (px) while the row from `from` hovers over slot `to`: rows between
 * move one row up (dragging down) or down (dragging up) to make room; the others stay.
 */
export function shiftOf(i: number, from: number, to: number, rowHeight: number): number {
  if (i === from) return 0
  if (from < to && i > from && i <= to) return -rowHeight
  if (to < from && i >= to && i < from) return rowHeight
  return 0
}

/** What Taro's touch events carry on H5, WeChat and Baidu: the first touch's clientY (pageY on some). */
export interface TouchLike {
  touches?: ArrayLike<{ clientY?: number; pageY?: number }>
  changedTouches?: ArrayLike<{ clientY?: number; pageY?: number }>
}

/** The finger's vertical position, from touches or (on touchend) changedTouches; null when absent. */
export function touchY(e: TouchLike): number | null {
  const t = e.touches?.[0] ?? e.changedTouches?.[0]
  if (!t) return null
  const y = t.clientY ?? t.pageY
  return typeof y === 'number' && Number.isFinite(y) ? y : null
}
