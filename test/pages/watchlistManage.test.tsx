import Taro from '@tarojs/taro'
import * as api from '@/services/api'
import * as graphql from '@/services/graphql'
import * as login from '@/services/login'
import { toast } from '@/services/toast'
import { user } from '@/services/user'
import { pickStore } from '@/features/watchlist'
import { moveItem } from '@/features/watchlist/manage/FavouritesManage'
import FavouritesManagePage from '@/pages/favouritesManage/index'
import { renderPage, flush } from '../support/render'
import { liveToken } from '../support/services'

const pick = (fundCode: string, fundName: string) => ({
  seq: 1,
  fund: { fundCode, fundName, nav: '1.0000', navDate: '2024-06-28', dailyReturn: null },
  returns: { m1: null, m3: null, m6: null, y1: null, y3: null, ytd: null },
})
const PICKS = [pick('000001', '甲成长混合'), pick('000002', '乙稳健债券'), pick('000003', '丙指数')]

const names = (c: HTMLElement) => Array.from(c.querySelectorAll('.alfa-manage__fund')).map((n) => n.textContent)
const byLabel = (c: HTMLElement, label: string) => c.querySelector(`[aria-label="${label}"]`) as HTMLElement

afterEach(() => {
  document.body.innerHTML = ''
  jest.restoreAllMocks()
  toast.close()
  user.logout()
})

async function open(picks = PICKS) {
  user.restore(liveToken())
  const execute = jest.spyOn(graphql, 'execute').mockImplementation(async () => ({ myPicks: picks }))
  jest.spyOn(api, 'pickList').mockResolvedValue({ list: [] } as never)
  const page = await renderPage(FavouritesManagePage, 'pages/favouritesManage/index')
  await page.utils.act(flush)
  return { ...page, execute }
}

describe('管理自选: order', () => {
  it('lists the picked funds in their order', async () => {
    const { container } = await open()
    expect(names(container)).toEqual(['甲成长混合', '乙稳健债券', '丙指数'])
  })

  it('下移 moves a fund down and sends the whole new order', async () => {
    const seq = jest.spyOn(api, 'managePickSeq').mockResolvedValue({} as never)
    const { container, utils } = await open()
    await utils.act(async () => {
      utils.fireEvent.click(byLabel(container, '甲成长混合下移'))
      await flush()
    })
    expect(seq).toHaveBeenCalledWith(['000002', '000001', '000003'])
    expect(names(container)).toEqual(['乙稳健债券', '甲成长混合', '丙指数'])
  })

  it('置顶 puts a fund first', async () => {
    const seq = jest.spyOn(api, 'managePickSeq').mockResolvedValue({} as never)
    const { container, utils } = await open()
    await utils.act(async () => {
      utils.fireEvent.click(byLabel(container, '丙指数置顶'))
      await flush()
    })
    expect(seq).toHaveBeenCalledWith(['000003', '000001', '000002'])
  })

  it('上移 on the first fund does nothing', async () => {
    const seq = jest.spyOn(api, 'managePickSeq').mockResolvedValue({} as never)
    const { container, utils } = await open()
    await utils.act(async () => {
      utils.fireEvent.click(byLabel(container, '甲成长混合上移'))
      await flush()
    })
    expect(seq).not.toHaveBeenCalled()
  })

  it('a failed save puts the old order back and says so', async () => {
    jest.spyOn(api, 'managePickSeq').mockRejectedValue(new Error('down'))
    const { container, utils } = await open()
    await utils.act(async () => {
      utils.fireEvent.click(byLabel(container, '乙稳健债券上移'))
      await flush()
    })
    expect(names(container)).toEqual(['甲成长混合', '乙稳健债券', '丙指数'])
    expect(toast.content).toBe('排序保存失败，请重试')
  })

  it('moveItem clamps and keeps the array when nothing moves', () => {
    const a = [1, 2, 3]
    expect(moveItem(a, 2, 0)).toEqual([3, 1, 2])
    expect(moveItem(a, 0, -1)).toBe(a)
    expect(moveItem(a, 1, 9)).toEqual([1, 3, 2])
  })
})

describe('管理自选: remove several', () => {
  async function tick(container: HTMLElement, utils: Awaited<ReturnType<typeof open>>['utils'], ...funds: string[]) {
    for (const f of funds)
      await utils.act(async () => {
        utils.fireEvent.click(byLabel(container, `选择${f}`))
      })
  }

  it('asks for confirmation, then removes the ticked funds in one batch and refreshes the picks', async () => {
    const modal = jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false } as never)
    const batch = jest.spyOn(api, 'batchPicks').mockResolvedValue({} as never)
    const { container, utils, text } = await open()
    await tick(container, utils, '甲成长混合', '丙指数')
    expect(text()).toContain('删除(2)')
    await utils.act(async () => {
      utils.fireEvent.click(container.querySelector('.alfa-manage__remove') as HTMLElement)
      await flush()
    })
    expect(modal).toHaveBeenCalledWith(expect.objectContaining({ content: expect.stringContaining('2 只基金') }))
    expect(batch).toHaveBeenCalledWith(['000001', '000003'], 'remove')
    expect(names(container)).toEqual(['乙稳健债券'])
    expect(api.pickList).toHaveBeenCalled()
    expect(pickStore.picked.has('000001')).toBe(false)
    expect(toast.content).toBe('已删除')
  })

  it('cancelling the confirmation removes nothing', async () => {
    jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: false, cancel: true } as never)
    const batch = jest.spyOn(api, 'batchPicks')
    const { container, utils } = await open()
    await tick(container, utils, '乙稳健债券')
    await utils.act(async () => {
      utils.fireEvent.click(container.querySelector('.alfa-manage__remove') as HTMLElement)
      await flush()
    })
    expect(batch).not.toHaveBeenCalled()
    expect(names(container)).toHaveLength(3)
  })

  it('全选 ticks every fund; a failed removal keeps the list and says so', async () => {
    jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false } as never)
    const batch = jest.spyOn(api, 'batchPicks').mockRejectedValue(new Error('down'))
    const { container, utils } = await open()
    await utils.act(async () => {
      utils.fireEvent.click(container.querySelector('.alfa-manage__all') as HTMLElement)
    })
    await utils.act(async () => {
      utils.fireEvent.click(container.querySelector('.alfa-manage__remove') as HTMLElement)
      await flush()
    })
    expect(batch).toHaveBeenCalledWith(['000001', '000002', '000003'], 'remove')
    expect(names(container)).toHaveLength(3)
    expect(toast.content).toBe('删除失败，请重试')
  })

  it('nothing ticked: 删除 asks nothing', async () => {
    const modal = jest.spyOn(Taro, 'showModal')
    const { container, utils } = await open()
    await utils.act(async () => {
      utils.fireEvent.click(container.querySelector('.alfa-manage__remove') as HTMLElement)
      await flush()
    })
    expect(modal).not.toHaveBeenCalled()
  })
})

describe('管理自选: anonymous', () => {
  it('a login prompt, no request', async () => {
    const execute = jest.spyOn(graphql, 'execute')
    const startLogin = jest.spyOn(login, 'startLogin').mockResolvedValue('prompt')
    const { text, container, utils } = await renderPage(FavouritesManagePage, 'pages/favouritesManage/index')
    expect(text()).toContain('登录后管理自选')
    expect(execute).not.toHaveBeenCalled()
    await utils.act(async () => {
      utils.fireEvent.click(container.querySelector('.alfa-empty__action') as HTMLElement)
    })
    expect(startLogin).toHaveBeenCalled()
  })
})
