import { safeExecute } from '@tarojs/runtime'
import * as graphql from '@/services/graphql'
import * as login from '@/services/login'
import * as navigation from '@/services/navigation'
import { user } from '@/services/user'
import { filterStore } from '@/features/filter/store'
import MyFilterPage from '@/subPkg/pages/myFilter/index'
import { renderPage, flush } from '../support/render'
import { liveToken } from '../support/services'

const SAVED = [
  {
    filterId: 'f1',
    name: '稳健低回撤',
    formValue: { riskLevels: ['Low', 'MidLow'], maxDrawdown: '0.05' },
    createdAt: '2024-07-01T08:00:00Z',
  },
  { filterId: 'f2', name: '长期牛基', formValue: { returnPeriod: 'Y3', minReturn: '0.5' }, createdAt: '2024-07-02T08:00:00Z' },
]
const mounted: { unmout: () => void }[] = []

afterEach(() => {
  mounted.splice(0).forEach((u) => u.unmout())
  document.body.innerHTML = ''
  jest.restoreAllMocks()
  filterStore.reset()
  filterStore.setJustDelete(false)
  user.logout()
})

async function open(answer: () => unknown, login = true) {
  if (login) user.restore(liveToken())
  const execute = jest.spyOn(graphql, 'execute').mockImplementation(async () => answer())
  const p = await renderPage(MyFilterPage, 'subPkg/pages/myFilter/index')
  mounted.push(p.utils)
  await p.utils.act(flush)
  return { ...p, execute }
}
const names = (c: HTMLElement) => Array.from(c.querySelectorAll('.alfa-my-filter__name')).map((n) => n.textContent)

describe('我的筛选', () => {
  it('lists the saved filters with their conditions in words', async () => {
    const { container, text } = await open(() => ({ me: { userId: 'u1', savedFilters: SAVED } }))
    expect(names(container)).toEqual(['稳健低回撤', '长期牛基'])
    expect(text()).toContain('低风险、中低风险 · 近1年最大回撤≤5%')
    expect(text()).toContain('近3年收益≥50%')
    expect(text()).toContain('共 2 个筛选')
  })

  it('a tap opens its results with the filter in the store', async () => {
    const nav = jest.spyOn(navigation, 'navigateTo').mockImplementation(() => undefined)
    const { container, utils } = await open(() => ({ me: { userId: 'u1', savedFilters: SAVED } }))
    await utils.act(async () => {
      utils.fireEvent.click(container.querySelectorAll('.alfa-my-filter__item')[1])
    })
    expect(nav).toHaveBeenCalledWith('filterResult', { filterId: 'f2' })
    expect(filterStore.filterDetail).toEqual({ id: 'f2', name: '长期牛基', conditions: SAVED[1].formValue })
  })

  it('管理 opens filter manage; 新建筛选 starts a blank filter', async () => {
    const nav = jest.spyOn(navigation, 'navigateTo').mockImplementation(() => undefined)
    filterStore.setFormValue({ categoryCodes: ['BOND'] })
    const { container, utils } = await open(() => ({ me: { userId: 'u1', savedFilters: SAVED } }))
    await utils.act(async () => {
      utils.fireEvent.click(container.querySelector('.alfa-my-filter__manage') as HTMLElement)
    })
    expect(nav).toHaveBeenCalledWith('filterManage')
    await utils.act(async () => {
      utils.fireEvent.click(container.querySelector('.alfa-my-filter__new') as HTMLElement)
    })
    expect(nav).toHaveBeenLastCalledWith('filter')
    expect(filterStore.formValue).toEqual({})
  })

  it('reads the list again on show after a deletion (justDelete), once', async () => {
    let saved = SAVED
    const { container, utils, execute } = await open(() => ({ me: { userId: 'u1', savedFilters: saved } }))
    saved = [SAVED[1]]
    await utils.act(async () => {
      safeExecute('taro-app', 'componentDidShow')
      await flush()
    })
    expect(execute).toHaveBeenCalledTimes(1)
    filterStore.setJustDelete(true)
    await utils.act(async () => {
      safeExecute('taro-app', 'componentDidShow')
      await flush()
    })
    expect(execute).toHaveBeenCalledTimes(2)
    expect(filterStore.justDelete).toBe(false)
    expect(names(container)).toEqual(['长期牛基'])
  })

  it('no saved filter: 去筛选', async () => {
    const nav = jest.spyOn(navigation, 'navigateTo').mockImplementation(() => undefined)
    const { text, container, utils } = await open(() => ({ me: { userId: 'u1', savedFilters: [] } }))
    expect(text()).toContain('还没有保存的筛选')
    await utils.act(async () => {
      utils.fireEvent.click(container.querySelector('.alfa-empty__action') as HTMLElement)
    })
    expect(nav).toHaveBeenCalledWith('filter')
  })

  it('anonymous: a login prompt and no request', async () => {
    const startLogin = jest.spyOn(login, 'startLogin').mockResolvedValue('prompt')
    const { text, container, utils, execute } = await open(() => ({}), false)
    expect(text()).toContain('登录后查看我的筛选')
    expect(execute).not.toHaveBeenCalled()
    await utils.act(async () => {
      utils.fireEvent.click(container.querySelector('.alfa-empty__action') as HTMLElement)
    })
    expect(startLogin).toHaveBeenCalled()
  })
})
