import { safeExecute } from '@tarojs/runtime'
import * as graphql from '@/services/graphql'
import * as navigation from '@/services/navigation'
import { FilterFundsDocument } from '@/services/generated/graphql'
import { filterStore } from '@/features/filter/store'
import StockFilterPage from '@/pages/stockFilter/index'
import { renderPage, flush } from '../support/render'

const row = (i: number) => ({
  fund: { fundCode: `00${2000 + i}`, fundName: `优选${i}号`, nav: '1.5000', navDate: '2024-06-28', dailyReturn: '0.0050' },
  returns: { m1: null, m3: null, m6: null, y1: '0.1200', y3: '0.4500', ytd: null },
  maxDrawdown1Y: '0.0600',
})
const answer = (vars: Record<string, unknown>) =>
  vars.cursor
    ? { fundFilter: { totalCount: 3, navDate: '2024-06-28', pageInfo: { cursor: null, hasMore: false }, list: [row(3)] } }
    : { fundFilter: { totalCount: 3, navDate: '2024-06-28', pageInfo: { cursor: 'p2', hasMore: true }, list: [row(1), row(2)] } }

const mounted: { unmout: () => void }[] = []
const tab = (c: HTMLElement, label: string) =>
  Array.from(c.querySelectorAll('.alfa-stock-filter__tab')).find((n) => n.textContent === label) as HTMLElement
const names = (c: HTMLElement) => Array.from(c.querySelectorAll('.alfa-fund-table__fund')).map((n) => n.textContent)

afterEach(() => {
  mounted.splice(0).forEach((u) => u.unmout())
  document.body.innerHTML = ''
  jest.restoreAllMocks()
  filterStore.reset()
})

async function open(params: Record<string, string> = {}) {
  const execute = jest.spyOn(graphql, 'execute').mockImplementation((async (_d: unknown, v: Record<string, unknown>) => answer(v)) as never)
  const p = await renderPage(StockFilterPage, 'pages/stockFilter/index', params)
  mounted.push(p.utils)
  await p.utils.act(flush)
  return { ...p, execute }
}

describe('选基结果', () => {
  it('the first preset lists the best 3-year returns', async () => {
    const { text, execute, container } = await open()
    for (const t of ['长期业绩优秀', '回撤控制好', '低费率', '明星经理']) expect(text()).toContain(t)
    expect(execute).toHaveBeenCalledWith(FilterFundsDocument, { conditions: {}, sort: 'Y3', direction: 'reverse', size: 20 })
    expect(names(container)).toEqual(['优选1号', '优选2号'])
    expect(text()).toContain('近3年')
    expect(text()).toContain('+45.00%')
    expect(text()).toContain('共 3 只')
  })

  it('each tab sends its own conditions', async () => {
    const { container, utils, execute } = await open()
    await utils.act(async () => {
      utils.fireEvent.click(tab(container, '回撤控制好'))
      await flush()
    })
    expect(execute).toHaveBeenLastCalledWith(FilterFundsDocument, {
      conditions: { maxDrawdown: '0.1' },
      sort: 'Y1',
      direction: 'reverse',
      size: 20,
    })
    await utils.act(async () => {
      utils.fireEvent.click(tab(container, '明星经理'))
      await flush()
    })
    expect(execute).toHaveBeenLastCalledWith(FilterFundsDocument, expect.objectContaining({ conditions: { minManagerYears: 5 } }))
    await utils.act(async () => {
      utils.fireEvent.click(tab(container, '低费率'))
      await flush()
    })
    expect(execute).toHaveBeenLastCalledWith(FilterFundsDocument, expect.objectContaining({ conditions: { maxBuyFeeRate: '0.001' } }))
    expect(tab(container, '低费率').className).toContain('--active')
  })

  it('the tab param picks the preset; reaching the bottom appends the next page once', async () => {
    const { container, utils, execute } = await open({ tab: 'starManager' })
    expect(tab(container, '明星经理').className).toContain('--active')
    await utils.act(async () => {
      safeExecute('taro-app', 'onReachBottom')
      safeExecute('taro-app', 'onReachBottom')
      await flush()
    })
    expect(execute).toHaveBeenCalledTimes(2)
    expect(execute).toHaveBeenLastCalledWith(
      FilterFundsDocument,
      expect.objectContaining({ cursor: 'p2', conditions: { minManagerYears: 5 } }),
    )
    expect(names(container)).toEqual(['优选1号', '优选2号', '优选3号'])
  })

  it("自定义筛选 opens the form with the preset's conditions", async () => {
    const nav = jest.spyOn(navigation, 'navigateTo').mockImplementation(() => undefined)
    const { container, utils } = await open({ tab: 'lowDrawdown' })
    await utils.act(async () => {
      utils.fireEvent.click(container.querySelector('.alfa-stock-filter__custom') as HTMLElement)
    })
    expect(filterStore.formValue).toEqual({ maxDrawdown: '0.1' })
    expect(nav).toHaveBeenCalledWith('filter')
  })
})
