import * as graphql from '@/services/graphql'
import * as navigation from '@/services/navigation'
import { user } from '@/services/user'
import { filterStore } from '@/features/filter/store'
import FilterDetailPage from '@/pages/filterDetail/index'
import { renderPage, flush } from '../support/render'
import { liveToken } from '../support/services'

const mounted: { unmout: () => void }[] = []

afterEach(() => {
  mounted.splice(0).forEach((u) => u.unmout())
  document.body.innerHTML = ''
  jest.restoreAllMocks()
  filterStore.reset()
  user.logout()
})

async function open(params: Record<string, string> = {}, answer: () => unknown = () => ({})) {
  const execute = jest.spyOn(graphql, 'execute').mockImplementation(async () => answer())
  const nav = jest.spyOn(navigation, 'navigateTo').mockImplementation(() => undefined)
  const p = await renderPage(FilterDetailPage, 'pages/filterDetail/index', params)
  mounted.push(p.utils)
  await p.utils.act(flush)
  return { ...p, execute, nav }
}

describe('筛选条件', () => {
  it('the current conditions in words; 查看结果 opens the results', async () => {
    filterStore.setFormValue({
      categoryCodes: ['STOCK', 'INDEX'],
      riskLevels: ['High'],
      returnPeriod: 'M6',
      minReturn: '0.2',
      minManagerYears: 3,
      maxBuyFeeRate: '0.01',
    })
    const { text, container, utils, nav, execute } = await open()
    expect(execute).not.toHaveBeenCalled()
    for (const t of [
      '当前筛选条件',
      '基金类型',
      '股票型、指数型',
      '高风险',
      '近6月收益',
      '≥20%',
      '基金经理从业',
      '≥3年',
      '申购费率',
      '≤1%',
    ])
      expect(text()).toContain(t)
    await utils.act(async () => {
      utils.fireEvent.click(container.querySelector('.alfa-filter-detail__result') as HTMLElement)
    })
    expect(nav).toHaveBeenCalledWith('filterResult', {})
  })

  it('no conditions: says all funds', async () => {
    const { text } = await open()
    expect(text()).toContain('未设置条件，显示全部基金')
  })

  it('a saved filter from the server; 编辑 copies its conditions into the form', async () => {
    user.restore(liveToken())
    const { text, container, utils, nav } = await open({ filterId: 'f1' }, () => ({
      me: { userId: 'u1', savedFilters: [{ filterId: 'f1', name: '低回撤', formValue: { maxDrawdown: '0.1' }, createdAt: '2024-07-01' }] },
    }))
    expect(text()).toContain('低回撤')
    expect(text()).toContain('近1年最大回撤')
    expect(text()).toContain('≤10%')
    await utils.act(async () => {
      utils.fireEvent.click(container.querySelector('.alfa-filter-detail__edit') as HTMLElement)
    })
    expect(filterStore.formValue).toEqual({ maxDrawdown: '0.1' })
    expect(nav).toHaveBeenCalledWith('filter')
    await utils.act(async () => {
      utils.fireEvent.click(container.querySelector('.alfa-filter-detail__result') as HTMLElement)
    })
    expect(nav).toHaveBeenCalledWith('filterResult', { filterId: 'f1' })
  })

  it('a saved filter held in the store needs no request', async () => {
    user.restore(liveToken())
    filterStore.setFilterDetail({ id: 'f2', name: '费率低', conditions: { maxBuyFeeRate: '0' } })
    const { text, execute } = await open({ filterId: 'f2' })
    expect(execute).not.toHaveBeenCalled()
    expect(text()).toContain('费率低')
    expect(text()).toContain('免申购费')
  })

  it('a saved filter while anonymous: a login prompt', async () => {
    const { text } = await open({ filterId: 'f1' })
    expect(text()).toContain('登录后查看我的筛选')
  })
})
