import Taro from '@tarojs/taro'
import { safeExecute } from '@tarojs/runtime'
import * as api from '@/services/api'
import * as graphql from '@/services/graphql'
import { toast } from '@/services/toast'
import { user } from '@/services/user'
import { FilterMySavedDocument, FilterRenameDocument, FilterReorderDocument } from '@/services/generated/graphql'
import FavouritesPage from '@/pages/favourites/index'
import FavouritesManagePage from '@/pages/favouritesManage/index'
import MyFilterPage from '@/subPkg/pages/myFilter/index'
import FilterManagePage from '@/subPkg/pages/filterManage/index'
import { renderPage, flush } from '../support/render'
import { liveToken } from '../support/services'

/**
 * An edit on one screen reaches the screen below it through the data layer (the answer cache's
 * versions, hooks/remote.ts), not through a flag the two screens keep by hand.
 */

const byLabel = (c: HTMLElement, label: string) => c.querySelector(`[aria-label="${label}"]`) as HTMLElement
const textsOf = (c: HTMLElement, selector: string) => Array.from(c.querySelectorAll(selector)).map((n) => n.textContent)

/** Back from the screen on top: it goes, and the one below is shown again. */
async function navigateBack(top: Awaited<ReturnType<typeof renderPage>>, below: Awaited<ReturnType<typeof renderPage>>) {
  ;(top.utils as unknown as { unmout: () => void }).unmout()
  await below.utils.act(async () => {
    safeExecute('taro-app', 'componentDidShow')
    await flush()
  })
}

afterEach(() => {
  document.body.innerHTML = ''
  jest.restoreAllMocks()
  toast.close()
  user.logout()
})

describe('我的自选 shows what 管理自选 changed, after navigating back', () => {
  const pick = (fundCode: string, fundName: string) => ({
    seq: 1,
    fund: { fundCode, fundName, nav: '1.0000', navDate: '2024-06-28', dailyReturn: null },
    returns: { m1: null, m3: null, m6: null, y1: '0.1000', y3: null, ytd: null },
  })
  const PICKS = [pick('000001', '甲成长混合'), pick('000002', '乙稳健债券'), pick('000003', '丙指数'), pick('000004', '丁价值')]

  it('the new order and the removals, without asking the server again', async () => {
    user.restore(liveToken())
    const execute = jest.spyOn(graphql, 'execute').mockImplementation(async () => ({ myPicks: PICKS }))
    jest.spyOn(api, 'pickList').mockResolvedValue({ list: [] } as never)
    const seq = jest.spyOn(api, 'managePickSeq').mockResolvedValue({} as never)
    const batch = jest.spyOn(api, 'batchPicks').mockResolvedValue({} as never)
    jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false } as never)

    const favourites = await renderPage(FavouritesPage, 'pages/favourites/index')
    await favourites.utils.act(flush)
    expect(textsOf(favourites.container, '.alfa-favourites__fund')).toEqual(['甲成长混合', '乙稳健债券', '丙指数', '丁价值'])

    const manage = await renderPage(FavouritesManagePage, 'pages/favouritesManage/index')
    await manage.utils.act(flush)
    await manage.utils.act(async () => {
      manage.utils.fireEvent.click(byLabel(manage.container, '丙指数置顶'))
      await flush()
    })
    await manage.utils.act(async () => {
      manage.utils.fireEvent.click(byLabel(manage.container, '选择乙稳健债券'))
    })
    await manage.utils.act(async () => {
      manage.utils.fireEvent.click(manage.container.querySelector('.alfa-manage__remove') as HTMLElement)
      await flush()
      await flush()
    })
    expect(seq).toHaveBeenCalledWith(['000003', '000001', '000002', '000004'])
    expect(batch).toHaveBeenCalledWith(['000002'], 'remove')
    expect(textsOf(manage.container, '.alfa-manage__fund')).toEqual(['丙指数', '甲成长混合', '丁价值'])
    const asked = execute.mock.calls.length

    await navigateBack(manage, favourites)
    expect(textsOf(favourites.container, '.alfa-favourites__fund')).toEqual(['丙指数', '甲成长混合', '丁价值'])
    expect(execute.mock.calls.length).toBe(asked)
  })

  it('removing every fund there: 我的自选 asks again and shows it has none', async () => {
    user.restore(liveToken())
    let picks = PICKS.slice(0, 1)
    const execute = jest.spyOn(graphql, 'execute').mockImplementation(async () => ({ myPicks: picks }))
    jest.spyOn(api, 'pickList').mockResolvedValue({ list: [] } as never)
    jest.spyOn(api, 'batchPicks').mockImplementation((async () => {
      picks = []
      return {}
    }) as never)
    jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false } as never)

    const favourites = await renderPage(FavouritesPage, 'pages/favourites/index')
    await favourites.utils.act(flush)
    const manage = await renderPage(FavouritesManagePage, 'pages/favouritesManage/index')
    await manage.utils.act(flush)
    await manage.utils.act(async () => {
      manage.utils.fireEvent.click(byLabel(manage.container, '选择甲成长混合'))
    })
    await manage.utils.act(async () => {
      manage.utils.fireEvent.click(manage.container.querySelector('.alfa-manage__remove') as HTMLElement)
      await flush()
      await flush()
    })
    const asked = execute.mock.calls.length

    await navigateBack(manage, favourites)
    expect(execute.mock.calls.length).toBe(asked + 1)
    expect(favourites.text()).toContain('还没有自选基金')
  })
})

describe('我的筛选 shows what 管理筛选 changed, after navigating back', () => {
  const SAVED = [
    { filterId: 'f1', name: '稳健低回撤', formValue: { maxDrawdown: '0.05' }, createdAt: '2024-07-01T08:00:00Z' },
    { filterId: 'f2', name: '长期牛基', formValue: { returnPeriod: 'Y3', minReturn: '0.5' }, createdAt: '2024-07-02T08:00:00Z' },
  ]

  it('a rename and a new order, without asking the server again', async () => {
    user.restore(liveToken())
    const execute = jest.spyOn(graphql, 'execute').mockImplementation((async (doc: unknown, vars: Record<string, unknown>) => {
      if (doc === FilterMySavedDocument) return { me: { userId: 'u1', savedFilters: SAVED } }
      if (doc === FilterRenameDocument) return { renameFilter: { ...SAVED[1], name: vars.name } }
      if (doc === FilterReorderDocument) return { reorderFilters: [] }
      throw new Error('unexpected')
    }) as never)

    const myFilter = await renderPage(MyFilterPage, 'subPkg/pages/myFilter/index')
    await myFilter.utils.act(flush)
    expect(textsOf(myFilter.container, '.alfa-my-filter__name')).toEqual(['稳健低回撤', '长期牛基'])

    const manage = await renderPage(FilterManagePage, 'subPkg/pages/filterManage/index')
    await manage.utils.act(flush)
    await manage.utils.act(async () => {
      manage.utils.fireEvent.click(byLabel(manage.container, '重命名长期牛基'))
    })
    await manage.utils.act(async () => {
      const input = manage.container.querySelector('.alfa-name-prompt__input') as HTMLElement
      input.dispatchEvent(new CustomEvent('input', { detail: { value: '三年五成' }, bubbles: true }))
    })
    await manage.utils.act(async () => {
      manage.utils.fireEvent.click(manage.container.querySelector('.alfa-name-prompt__confirm') as HTMLElement)
      await flush()
    })
    await manage.utils.act(async () => {
      manage.utils.fireEvent.click(byLabel(manage.container, '三年五成上移'))
      await flush()
    })
    expect(execute).toHaveBeenCalledWith(FilterReorderDocument, { filterIds: ['f2', 'f1'] })
    const asked = execute.mock.calls.length

    await navigateBack(manage, myFilter)
    expect(textsOf(myFilter.container, '.alfa-my-filter__name')).toEqual(['三年五成', '稳健低回撤'])
    expect(execute.mock.calls.length).toBe(asked)
  })
})
