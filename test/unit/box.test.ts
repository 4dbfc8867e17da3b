import Taro from '@tarojs/taro'
import { measureBox } from '@/platform/box'

// The mini-program variant by its file name (jest, as the H5 build, resolves @/platform/box to box.h5.ts).
const { measureBox: measureBoxByQuery } = jest.requireActual<typeof import('@/platform/box')>('../../src/platform/box.ts')

/** platform/box: the browser measures the element itself; the mini-programs ask the host's query. */
describe('measureBox', () => {
  afterEach(() => {
    document.body.innerHTML = ''
    jest.restoreAllMocks()
  })

  it('H5: the first matching element’s box, and null without one', () => {
    const row = document.createElement('div')
    row.className = 'row'
    document.body.appendChild(row)
    jest.spyOn(row, 'getBoundingClientRect').mockReturnValue({ left: 3, top: 40, width: 300, height: 56 } as DOMRect)
    const seen: unknown[] = []
    measureBox('.row', (box) => seen.push(box))
    measureBox('.missing', (box) => seen.push(box))
    expect(seen).toEqual([{ left: 3, top: 40, width: 300, height: 56 }, null])
  })

  it('mini-programs: the host’s selector query answers; a host without one answers null', () => {
    const exec = jest.fn((cb: (res: unknown[]) => void) => cb([{ left: 1, top: 2, width: 3, height: 4 }]))
    const select = jest.fn(() => ({ boundingClientRect: () => ({ exec }) }))
    const query = jest.spyOn(Taro, 'createSelectorQuery').mockReturnValue({ select } as never)
    const seen: unknown[] = []
    measureBoxByQuery('#a', (box) => seen.push(box))
    expect(select).toHaveBeenCalledWith('#a')
    query.mockImplementation(() => {
      throw new Error('no query')
    })
    measureBoxByQuery('#a', (box) => seen.push(box))
    expect(seen).toEqual([{ left: 1, top: 2, width: 3, height: 4 }, null])
  })
})
