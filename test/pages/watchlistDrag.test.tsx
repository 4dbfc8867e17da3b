import * as api from '@/services/api'
import * as graphql from '@/services/graphql'
import { toast } from '@/services/toast'
import { user } from '@/services/user'
import FavouritesManagePage from '@/pages/favouritesManage/index'
import { FALLBACK_ROW_HEIGHT } from '@/hooks/useDragOrder'
import { renderPage, flush } from '../support/render'
import { liveToken } from '../support/services'

const pick = (fundCode: string, fundName: string) => ({
  seq: 1,
  fund: { fundCode, fundName, nav: '1.0000', navDate: '2024-06-28', dailyReturn: null },
  returns: { m1: null, m3: null, m6: null, y1: null, y3: null, ytd: null },
})
const PICKS = [pick('000001', '甲成长混合'), pick('000002', '乙稳健债券'), pick('000003', '丙指数')]

/** A touch list as Taro hands it over (only clientY is read). */
const at = (clientY: number) => [{ clientY }] as unknown as Touch[]
const names = (c: HTMLElement) => Array.from(c.querySelectorAll('.alfa-manage__fund')).map((n) => n.textContent)
const byLabel = (c: HTMLElement, label: string) => c.querySelector(`[aria-label="${label}"]`) as HTMLElement

afterEach(() => {
  document.body.innerHTML = ''
  jest.restoreAllMocks()
  toast.close()
  user.logout()
})

async function open() {
  user.restore(liveToken())
  jest.spyOn(graphql, 'execute').mockImplementation(async () => ({ myPicks: PICKS }))
  jest.spyOn(api, 'pickList').mockResolvedValue({ list: [] } as never)
  const page = await renderPage(FavouritesManagePage, 'pages/favouritesManage/index')
  await page.utils.act(flush)
  return page
}

describe('管理自选: drag a row by its handle (≡)', () => {
  it('the row follows the finger, the passed row steps aside, the drop saves the new order', async () => {
    const seq = jest.spyOn(api, 'managePickSeq').mockResolvedValue({} as never)
    const { container, utils } = await open()
    const handle = byLabel(container, '拖动甲成长混合排序')
    expect(handle.textContent).toBe('≡')
    const h = FALLBACK_ROW_HEIGHT // jsdom lays nothing out: the fallback row height applies
    await utils.act(async () => {
      utils.fireEvent.touchStart(handle, { touches: at(100) })
    })
    await utils.act(async () => {
      utils.fireEvent.touchMove(handle, { touches: at(100 + h * 1.6) })
    })
    const rows = Array.from(container.querySelectorAll<HTMLElement>('.alfa-manage__row'))
    expect(rows[0].className).toContain('alfa-manage__row--dragging')
    expect(rows[0].style.transform).toBe(`translateY(${h * 1.6}px)`)
    expect(rows[1].style.transform).toBe(`translateY(${-h}px)`)
    expect(rows[2].style.transform).toBe(`translateY(${-h}px)`)
    await utils.act(async () => {
      utils.fireEvent.touchEnd(handle, { touches: [], changedTouches: at(100 + h * 1.6) })
      await flush()
    })
    expect(seq).toHaveBeenCalledWith(['000002', '000003', '000001'])
    expect(names(container)).toEqual(['乙稳健债券', '丙指数', '甲成长混合'])
    expect((container.querySelector('.alfa-manage__row') as HTMLElement).style.transform).toBe('')
  })

  it('a drop in place (less than half a row) saves nothing', async () => {
    const seq = jest.spyOn(api, 'managePickSeq').mockResolvedValue({} as never)
    const { container, utils } = await open()
    const handle = byLabel(container, '拖动乙稳健债券排序')
    await utils.act(async () => {
      utils.fireEvent.touchStart(handle, { touches: at(200) })
    })
    await utils.act(async () => {
      utils.fireEvent.touchMove(handle, { touches: at(210) })
    })
    await utils.act(async () => {
      utils.fireEvent.touchEnd(handle, { changedTouches: at(210) })
      await flush()
    })
    expect(seq).not.toHaveBeenCalled()
    expect(names(container)).toEqual(['甲成长混合', '乙稳健债券', '丙指数'])
  })

  it('a failed save after a drop puts the old order back', async () => {
    jest.spyOn(api, 'managePickSeq').mockRejectedValue(new Error('down'))
    const { container, utils } = await open()
    const handle = byLabel(container, '拖动丙指数排序')
    await utils.act(async () => {
      utils.fireEvent.touchStart(handle, { touches: at(300) })
    })
    await utils.act(async () => {
      utils.fireEvent.touchEnd(handle, { changedTouches: at(300 - FALLBACK_ROW_HEIGHT * 2) })
      await flush()
    })
    expect(names(container)).toEqual(['甲成长混合', '乙稳健债券', '丙指数'])
    expect(toast.content).toBe('排序保存失败，请重试')
  })
})
