import * as graphql from '@/services/graphql'
import * as navigation from '@/services/navigation'
import { describeConditions, summarizeConditions, toConditions } from '@/features/filter/conditions'
import { COUNT_DELAY } from '@/features/filter/form/FilterScreen'
import { filterStore } from '@/features/filter/store'
import FilterPage from '@/subPkg/pages/filter/index'
import { renderPage } from '../support/render'

const wait = (ms = COUNT_DELAY + 50) => new Promise((r) => setTimeout(r, ms))
const chip = (c: HTMLElement, label: string) =>
  Array.from(c.querySelectorAll('.alfa-filter__chip')).find((n) => n.textContent === label) as HTMLElement

// Pages stay mounted after the DOM is cleared and would keep observing the store: unmount them.
const mounted: { unmout: () => void }[] = []
async function render() {
  const page = await renderPage(FilterPage, 'subPkg/pages/filter/index')
  mounted.push(page.utils)
  return page
}

afterEach(() => {
  mounted.splice(0).forEach((u) => u.unmout())
  document.body.innerHTML = ''
  jest.restoreAllMocks()
  filterStore.reset()
})

async function open(count: (conditions: unknown) => number = () => 120) {
  const execute = jest
    .spyOn(graphql, 'execute')
    .mockImplementation((async (_doc: unknown, vars: { conditions: unknown }) => ({ fundFilterCount: count(vars.conditions) })) as never)
  const page = await render()
  await page.utils.act(() => wait())
  return { ...page, execute }
}

describe('基金筛选', () => {
  it('shows every supported condition group and the count of all funds', async () => {
    const { text, execute } = await open()
    for (const t of [
      '基金类型',
      '风险等级',
      '区间收益',
      '近1年最大回撤',
      '基金经理从业年限',
      '申购费率',
      '股票型',
      '中低风险',
      '≥10%',
      '≤5%',
      '≥5年',
      '免申购费',
    ])
      expect(text()).toContain(t)
    for (const t of ['基金规模', '2亿以下', '2–10亿', '100亿以上']) expect(text()).toContain(t)
    expect(execute).toHaveBeenCalledWith(expect.anything(), { conditions: {} })
    expect(text()).toContain('共 120 只基金符合条件')
  })

  it('chips set the form value; the count follows once, after the last change', async () => {
    const { container, utils, text, execute } = await open((c) => Object.keys(c as object).length * 10)
    execute.mockClear()
    await utils.act(async () => {
      utils.fireEvent.click(chip(container, '股票型'))
      utils.fireEvent.click(chip(container, '混合型'))
      utils.fireEvent.click(chip(container, '近3年'))
      utils.fireEvent.click(chip(container, '≥20%'))
    })
    expect(filterStore.formValue).toEqual({ categoryCodes: ['STOCK', 'MIXED'], returnPeriod: 'Y3', minReturn: '0.2' })
    expect(execute).not.toHaveBeenCalled()
    await utils.act(() => wait())
    expect(execute).toHaveBeenCalledTimes(1)
    expect(execute).toHaveBeenCalledWith(expect.anything(), {
      conditions: { categoryCodes: ['STOCK', 'MIXED'], returnPeriod: 'Y3', minReturn: '0.2' },
    })
    expect(text()).toContain('共 30 只基金符合条件')
    expect(chip(container, '股票型').className).toContain('alfa-filter__chip--on')
  })

  it('a fund size bracket sets minFundSize/maxFundSize; another bracket replaces it; tapped again it clears', async () => {
    const { container, utils, execute } = await open()
    await utils.act(async () => {
      utils.fireEvent.click(chip(container, '10–50亿'))
    })
    expect(filterStore.formValue).toEqual({ minFundSize: '10', maxFundSize: '50' })
    await utils.act(async () => {
      utils.fireEvent.click(chip(container, '2亿以下'))
    })
    expect(filterStore.formValue).toEqual({ maxFundSize: '2' })
    expect(chip(container, '2亿以下').className).toContain('alfa-filter__chip--on')
    expect(chip(container, '10–50亿').className).not.toContain('alfa-filter__chip--on')
    await utils.act(() => wait())
    expect(execute).toHaveBeenLastCalledWith(expect.anything(), { conditions: { maxFundSize: '2' } })
    await utils.act(async () => {
      utils.fireEvent.click(chip(container, '2亿以下'))
    })
    expect(toConditions(filterStore.formValue)).toEqual({})
  })

  it('tapping a chosen single chip clears it; a type tapped twice is dropped', async () => {
    const { container, utils } = await open()
    await utils.act(async () => {
      utils.fireEvent.click(chip(container, '≤10%'))
      utils.fireEvent.click(chip(container, '≥3年'))
      utils.fireEvent.click(chip(container, '≥3年'))
      utils.fireEvent.click(chip(container, '债券型'))
      utils.fireEvent.click(chip(container, '债券型'))
    })
    expect(toConditions(filterStore.formValue)).toEqual({ maxDrawdown: '0.1' })
  })

  it('重置 clears the form and the saved-filter detail; the count is for all funds again', async () => {
    filterStore.setFilterDetail({ id: 'f1', name: '我的', conditions: { riskLevels: ['Low'] } })
    const { container, utils, execute } = await open()
    await utils.act(async () => {
      utils.fireEvent.click(chip(container, '低风险'))
    })
    await utils.act(() => wait())
    execute.mockClear()
    await utils.act(async () => {
      utils.fireEvent.click(container.querySelector('.alfa-filter__reset') as HTMLElement)
    })
    expect(filterStore.formValue).toEqual({})
    expect(filterStore.filterDetail).toBeNull()
    expect(chip(container, '低风险').className).not.toContain('--on')
    await utils.act(() => wait())
    expect(execute).toHaveBeenCalledWith(expect.anything(), { conditions: {} })
  })

  it('a failed count says so; 查看结果 opens the results', async () => {
    jest.spyOn(graphql, 'execute').mockRejectedValue(new Error('down'))
    const nav = jest.spyOn(navigation, 'navigateTo').mockImplementation(() => undefined)
    const { text, container, utils } = await render()
    await utils.act(() => wait())
    expect(text()).toContain('暂时无法统计')
    await utils.act(async () => {
      utils.fireEvent.click(container.querySelector('.alfa-filter__submit') as HTMLElement)
    })
    expect(nav).toHaveBeenCalledWith('filterResult')
  })
})

describe('conditions in words', () => {
  it('drops empty conditions, applies the default period, and describes each', () => {
    const v = { categoryCodes: ['STOCK'], riskLevels: [], minReturn: '0.1', maxDrawdown: '0.05', minManagerYears: 5, maxBuyFeeRate: '0' }
    expect(toConditions(v)).toEqual({
      categoryCodes: ['STOCK'],
      returnPeriod: 'Y1',
      minReturn: '0.1',
      maxDrawdown: '0.05',
      minManagerYears: 5,
      maxBuyFeeRate: '0',
    })
    expect(toConditions({ returnPeriod: 'Y3' })).toEqual({})
    expect(describeConditions(v).map((l) => `${l.name}${l.value}`)).toEqual([
      '基金类型股票型',
      '近1年收益≥10%',
      '近1年最大回撤≤5%',
      '基金经理从业≥5年',
      '申购费率免申购费',
    ])
    expect(summarizeConditions({})).toBe('全部基金')
    expect(summarizeConditions({ riskLevels: ['Low', 'MidLow'], maxBuyFeeRate: '0.005' })).toBe('低风险、中低风险 · 申购费率≤0.5%')
  })
})
