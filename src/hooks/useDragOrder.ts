import { useRef, useState, type CSSProperties } from 'react'
import { measureBox } from '@/platform/box'
import { indexFromOffset, shiftOf, touchY } from '@/utils/dragOrder'

/** Row height used until the first measurement answers (a two-line row at the design width). */
export const FALLBACK_ROW_HEIGHT = 60

interface Drag {
  from: number
  startY: number
  offset: number
}

/**
 * Drag-to-reorder with touch events on a handle (≡), for H5, WeChat and Baidu alike:
 * touchstart on a handle picks its row up, touchmove moves it with the finger (translateY) while
 * the rows it passes step aside, touchend drops it and calls onDrop(from, to) when it moved.
 * The row height is measured once (platform/box on `rowSelector`).
 */
export function useDragOrder({
  count,
  rowSelector,
  onDrop,
}: {
  count: number
  rowSelector: string
  onDrop: (from: number, to: number) => void
}) {
  const [drag, setDrag] = useState<Drag | null>(null)
  const dragRef = useRef<Drag | null>(null)
  const rowHeight = useRef(0)

  const measure = () => {
    if (rowHeight.current > 0) return
    // No answer (no query on this host): the fallback height stands.
    measureBox(rowSelector, (box) => {
      if (box && box.height > 0) rowHeight.current = box.height
    })
  }
  const height = () => rowHeight.current || FALLBACK_ROW_HEIGHT

  const update = (next: Drag | null) => {
    dragRef.current = next
    setDrag(next)
  }

  const handleProps = (index: number) => ({
    onTouchStart: (e: object) => {
      const y = touchY(e)
      if (y === null || count < 2) return
      measure()
      update({ from: index, startY: y, offset: 0 })
    },
    onTouchMove: (e: object) => {
      const d = dragRef.current
      const y = touchY(e)
      if (!d || y === null) return
      ;(e as { stopPropagation?: () => void }).stopPropagation?.()
      update({ ...d, offset: y - d.startY })
    },
    onTouchEnd: (e: object) => {
      const d = dragRef.current
      if (!d) return
      const y = touchY(e)
      const offset = y === null ? d.offset : y - d.startY
      update(null)
      const to = indexFromOffset(d.from, offset, height(), count)
      if (to !== d.from) onDrop(d.from, to)
    },
    onTouchCancel: () => update(null),
  })

  const target = drag ? indexFromOffset(drag.from, drag.offset, height(), count) : -1

  /** The row's inline style while a drag is on (none otherwise). */
  const rowStyle = (i: number): CSSProperties | undefined => {
    if (!drag) return undefined
    if (i === drag.from) return { transform: `translateY(${drag.offset}px)`, position: 'relative', zIndex: 2 }
    const shift = shiftOf(i, drag.from, target, height())
    return { transform: `translateY(${shift}px)`, transition: 'transform 150ms ease' }
  }

  return { dragging: drag?.from ?? -1, target, handleProps, rowStyle }
}
