import { indexFromOffset, moveItem, shiftOf, touchY } from '@/utils/dragOrder'

describe('moveItem', () => {
  it('moves one item and clamps; the same array when nothing moves', () => {
    const a = [1, 2, 3, 4]
    expect(moveItem(a, 0, 2)).toEqual([2, 3, 1, 4])
    expect(moveItem(a, 3, 0)).toEqual([4, 1, 2, 3])
    expect(moveItem(a, 1, 99)).toEqual([1, 3, 4, 2])
    expect(moveItem(a, 0, -5)).toBe(a)
    expect(moveItem(a, 7, 0)).toBe(a)
  })
})

describe('indexFromOffset: the slot a dragged row lands in', () => {
  it('takes the next slot past half a row, either way', () => {
    expect(indexFromOffset(1, 29, 60, 5)).toBe(1)
    expect(indexFromOffset(1, 30, 60, 5)).toBe(2)
    expect(indexFromOffset(1, 150, 60, 5)).toBe(4) // 2.5 rows
    expect(indexFromOffset(2, -29, 60, 5)).toBe(2)
    expect(indexFromOffset(2, -31, 60, 5)).toBe(1)
    expect(indexFromOffset(2, -95, 60, 5)).toBe(0)
  })
  it('stays within the list', () => {
    expect(indexFromOffset(0, -500, 60, 5)).toBe(0)
    expect(indexFromOffset(3, 5000, 60, 5)).toBe(4)
  })
  it('no move without a usable row height or offset', () => {
    expect(indexFromOffset(2, 100, 0, 5)).toBe(2)
    expect(indexFromOffset(2, Number.NaN, 60, 5)).toBe(2)
  })
})

describe('shiftOf: the rows passed step aside by one row', () => {
  it('dragging down, rows between move up', () => {
    expect([0, 1, 2, 3, 4].map((i) => shiftOf(i, 1, 3, 60))).toEqual([0, 0, -60, -60, 0])
  })
  it('dragging up, rows between move down', () => {
    expect([0, 1, 2, 3, 4].map((i) => shiftOf(i, 3, 1, 60))).toEqual([0, 60, 60, 0, 0])
  })
  it('in place, nothing moves', () => {
    expect([0, 1, 2].map((i) => shiftOf(i, 1, 1, 60))).toEqual([0, 0, 0])
  })
  it('the rows shown after the shift are the order moveItem gives', () => {
    const list = ['a', 'b', 'c', 'd', 'e']
    for (const [from, to] of [
      [0, 4],
      [4, 0],
      [1, 3],
      [3, 2],
    ]) {
      const shown = list.map((x, i) => ({ x, y: i * 60 + (i === from ? (to - from) * 60 : shiftOf(i, from, to, 60)) }))
      expect(shown.sort((p, q) => p.y - q.y).map((p) => p.x)).toEqual(moveItem(list, from, to))
    }
  })
})

describe('touchY reads Taro touch events on every target', () => {
  it('clientY of the first touch, pageY when there is no clientY, changedTouches on touchend', () => {
    expect(touchY({ touches: [{ clientY: 120, pageY: 400 }] })).toBe(120)
    expect(touchY({ touches: [{ pageY: 400 }] })).toBe(400)
    expect(touchY({ touches: [], changedTouches: [{ clientY: 80 }] })).toBe(80)
    expect(touchY({})).toBeNull()
  })
})
