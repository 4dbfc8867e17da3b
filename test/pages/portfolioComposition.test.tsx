import * as navigation from '@/services/navigation'
import { setTransport } from '@/services/request'
import { expiringStorage } from '@/services/storage'
import CompositionPage from '@/subPkg/pages/portfolio/composition/index'
import InvestPoolPage from '@/subPkg/pages/portfolio/investPool/index'
import AnalysisPage from '@/subPkg/pages/portfolio/analysis/index'
import IntroPage from '@/subPkg/pages/portfolio/intro/index'
import { openPage, flush, type GraphqlAnswers } from '../support/render'

const fund = (fundCode: string, fundName: string, nav: string, dailyReturn: string) => ({
  fundCode,
  fundName,
  nav,
  navDate: '2026-09-30',
  dailyReturn,
})

const ORDINARY = {
  poCode: 'ZH015676',
  poName: '全球多元配置',
  seriesType: null,
  isCustomPlan: false,
  preference: { displayCompositionPieChart: true, displayCompositionDetailList: true },
  composition: {
    updatedAt: '2026-08-14',
    groups: [
      {
        percent: '0.350000',
        categoryCode: 'FIXED_INCOME',
        categoryName: '固收类',
        unit: null,
        accProfitRate: '0.369090',
        parts: [
          {
            percent: '0.350000',
            unit: null,
            varietyName: '债券型',
            latestMovement: 'Convert',
            latestMovementName: null,
            fund: fund('364960', '工银瑞信纯债债券A', '1.56594', '0.000192'),
          },
        ],
      },
      {
        percent: '0.350100',
        categoryCode: 'EQUITY',
        categoryName: '权益类',
        unit: null,
        accProfitRate: '-0.121036',
        parts: [
          {
            percent: '0.350100',
            unit: null,
            varietyName: '混合型',
            latestMovement: 'Out',
            latestMovementName: '调出',
            fund: fund('446062', '嘉实优势企业混合', '0.8197', '-0.017382'),
          },
        ],
      },
      {
        percent: '0.299900',
        categoryCode: 'OVERSEA',
        categoryName: '海外类',
        unit: null,
        accProfitRate: null,
        parts: [
          {
            percent: '0.299900',
            unit: null,
            varietyName: 'QDII',
            latestMovement: 'In',
            latestMovementName: '调入',
            fund: fund('809090', '兴证全球纳斯达克100QDIIC', '2.5350', '0'),
          },
        ],
      },
    ],
  },
}

const LONG_WIN = {
  poCode: 'LW000001',
  poName: '长赢指数投资计划',
  seriesType: 'LONG_WIN',
  isCustomPlan: false,
  preference: { displayCompositionPieChart: true, displayCompositionDetailList: true },
  composition: {
    updatedAt: '2026-08-14',
    groups: [
      {
        percent: '0.700000',
        categoryCode: 'INDEX',
        categoryName: '指数型',
        unit: 105,
        accProfitRate: '0.261470',
        parts: [
          {
            percent: '0.700000',
            unit: 105,
            varietyName: '指数型',
            latestMovement: 'None',
            latestMovementName: '不变',
            fund: fund('268410', '沪深300指数A', '1.2000', '0.01'),
          },
        ],
      },
      {
        percent: '0.300000',
        categoryCode: 'BOND',
        categoryName: '债券型',
        unit: 45,
        accProfitRate: '0.01',
        parts: [
          {
            percent: '0.300000',
            unit: 45,
            varietyName: '债券型',
            latestMovement: 'None',
            latestMovementName: '不变',
            fund: fund('417097', '纯债A', '1.0100', '0'),
          },
        ],
      },
    ],
  },
}

beforeEach(() => {
  expiringStorage.remove('portfolio_kinds')
  setTransport(async () => ({ statusCode: 200, data: { code: 200, msg: 'ok', data: {} }, header: {} }))
})
afterEach(() => {
  document.body.innerHTML = ''
  jest.restoreAllMocks()
})

const open = (poCode: string, answers: GraphqlAnswers) =>
  openPage(CompositionPage, 'subPkg/pages/portfolio/composition/index', { poCode }, answers, 3)

describe('composition detail list: per group name, percent, accumulated profit rate; per fund percent, variety, movement, NAV and daily return', () => {
  it('shows the strategy name, the groups and their funds with formatted figures', async () => {
    const { text, container } = await open('ZH015676', { PoFundComposition: () => ({ portfolio: ORDINARY }) })
    expect(container.querySelector('.alfa-po-title__name')?.textContent).toBe('全球多元配置')
    expect(text()).toContain('更新于 2026-08-14')
    const equity = container.querySelector('.alfa-po-comp__group[data-category="EQUITY"]')!
    expect(equity.querySelector('.alfa-po-comp__name')?.textContent).toBe('权益类')
    expect(equity.querySelector('.alfa-po-comp__head-percent')?.textContent).toBe('35.01%')
    expect(equity.querySelector('.alfa-po-comp__profit .alfa-num--down')?.textContent).toBe('-12.10%')
    const fixed = container.querySelector('.alfa-po-comp__group[data-category="FIXED_INCOME"]')!
    expect(fixed.querySelector('.alfa-po-comp__profit .alfa-num--up')?.textContent).toBe('+36.91%')
    const bond = container.querySelector('.alfa-po-comp__part[data-fund-code="364960"]')!
    expect(bond.textContent).toContain('工银瑞信纯债债券A')
    expect(bond.textContent).toContain('364960')
    expect(bond.textContent).toContain('债券型')
    // The movement's name comes from common/labels.ts when the server sends none.
    expect(bond.querySelector('.alfa-po-comp__move')?.textContent).toBe('转换')
    expect(bond.textContent).toContain('净值 1.5659')
    expect(bond.textContent).toContain('（09-30）')
    expect(bond.querySelector('.alfa-po-comp__daily')?.textContent).toBe('+0.02%')
    const out = container.querySelector('.alfa-po-comp__part[data-fund-code="446062"]')!
    expect(out.querySelector('.alfa-po-comp__move')?.textContent).toBe('调出')
    expect(out.querySelector('.alfa-num--down')?.textContent).toBe('-1.74%')
    // A group without an accumulated profit rate shows none.
    expect(container.querySelector('.alfa-po-comp__group[data-category="OVERSEA"] .alfa-po-comp__profit')).toBeNull()
  })

  it('long-win plans are asked by fund category and show their units (份)', async () => {
    const { container, execute } = await open('LW000001', { PoFundComposition: () => ({ portfolio: LONG_WIN }) })
    // A first visit learns the kind from the answer and asks again in the long-win branch.
    expect(execute.mock.calls.map((c) => (c[1] as { categoryType: unknown }).categoryType)).toEqual([null, 'FundCategory'])
    const index = container.querySelector('.alfa-po-comp__group[data-category="INDEX"]')!
    expect(index.querySelector('.alfa-tag')?.textContent).toBe('105份')
    expect(container.querySelector('.alfa-po-comp__part[data-fund-code="417097"]')?.textContent).toContain('45份')
  })

  it('a remembered long-win plan is asked once, by fund category', async () => {
    await open('LW000001', { PoFundComposition: () => ({ portfolio: LONG_WIN }) })
    document.body.innerHTML = ''
    jest.restoreAllMocks()
    const { execute, text } = await open('LW000001', { PoFundComposition: () => ({ portfolio: LONG_WIN }) })
    expect(text()).toContain('长赢指数投资计划')
    expect(execute.mock.calls.map((c) => (c[1] as { categoryType: unknown }).categoryType)).toEqual(['FundCategory'])
  })
})

describe('composition pie: categories with percents in its legend', () => {
  it('the legend lists every group, largest first, with percents that add up to 100.00%', async () => {
    const { container } = await open('ZH015676', { PoFundComposition: () => ({ portfolio: ORDINARY }) })
    const rows = [...container.querySelectorAll('.alfa-pie__item')].map(
      (el) => `${el.querySelector('.alfa-pie__name')?.textContent} ${el.querySelector('.alfa-pie__percent')?.textContent}`,
    )
    expect(rows).toEqual(['权益类 35.01%', '固收类 35.00%', '海外类 29.99%'])
    expect(container.querySelector('.alfa-pie')?.getAttribute('aria-label')).toBe('策略持仓构成')
  })
})

describe('display preferences hide the pie or the list', () => {
  it('displayCompositionPieChart false: no pie, the list stays', async () => {
    const portfolio = { ...ORDINARY, preference: { displayCompositionPieChart: false, displayCompositionDetailList: true } }
    const { container } = await open('ZH015676', { PoFundComposition: () => ({ portfolio }) })
    expect(container.querySelector('.alfa-pie')).toBeNull()
    expect(container.querySelectorAll('.alfa-po-comp__part')).toHaveLength(3)
    expect(container.textContent).toContain('更新于 2026-08-14')
  })

  it('displayCompositionDetailList false: the pie, no list', async () => {
    const portfolio = { ...ORDINARY, preference: { displayCompositionPieChart: true, displayCompositionDetailList: false } }
    const { container } = await open('ZH015676', { PoFundComposition: () => ({ portfolio }) })
    expect(container.querySelector('.alfa-pie')).not.toBeNull()
    expect(container.querySelector('.alfa-po-comp__part')).toBeNull()
  })

  it('both off, or no holdings: an empty state that says why', async () => {
    const hidden = { ...ORDINARY, preference: { displayCompositionPieChart: false, displayCompositionDetailList: false } }
    let page = await open('ZH015676', { PoFundComposition: () => ({ portfolio: hidden }) })
    expect(page.text()).toContain('该策略不公开持仓构成')
    document.body.innerHTML = ''
    jest.restoreAllMocks()
    const bare = { ...ORDINARY, poCode: 'ZH015677', composition: { updatedAt: null, groups: [] } }
    page = await open('ZH015677', { PoFundComposition: () => ({ portfolio: bare }) })
    expect(page.text()).toContain('暂无持仓构成')
  })
})

describe('a group’s 累计收益率 opens its 口径 (issue #25)', () => {
  const part = (fundCode: string, fundName: string, percent: string, entryAdjNav: string, endAdjNav: string, rate: string) => ({
    fund: { fundCode, fundName },
    percent,
    entryDate: '2024-03-01',
    entryAdjNav,
    endDate: '2026-08-14',
    endAdjNav,
    rate,
  })
  const BASIS = {
    portfolio: {
      poCode: 'LW000001',
      composition: {
        groups: [
          {
            categoryCode: 'INDEX',
            accProfitBasis: {
              value: '0.261470',
              endDate: '2026-08-14',
              steps: ['累计收益率 = 当前占比合计 ÷ 成本合计 − 1 = 70.00% ÷ 55.50% − 1 = +26.15%。'],
              parts: [part('268410', '沪深300指数A', '0.700000', '1.0000', '1.2615', '0.261470')],
            },
          },
          { categoryCode: 'BOND', accProfitBasis: null },
        ],
      },
    },
  }
  it('the sheet asks the list’s own composition, lists each fund’s two adjusted NAVs, and a fund opens its span’s sheet', async () => {
    const { container, execute, utils } = await open('LW000001', {
      PoFundComposition: () => ({ portfolio: LONG_WIN }),
      PortfolioGroupProfitBasis: () => BASIS,
      FigureBasis: () => ({ fund: { fundCode: '268410', fundName: '沪深300指数A', figureBasis: null } }),
    })
    const figure = container.querySelector('.alfa-po-comp__group[data-category="INDEX"] [data-figure="accProfitRate"]') as HTMLElement
    expect(figure.getAttribute('role')).toBe('button')
    await utils.act(async () => {
      figure.click()
      for (let i = 0; i < 20 && !document.querySelector('.alfa-basis__step'); i++) await flush()
    })
    const asked = execute.mock.calls.find((c) => JSON.stringify(c[0]).includes('PortfolioGroupProfitBasis'))!
    expect(asked[1]).toEqual({ poCode: 'LW000001', categoryType: 'FundCategory', isModelPo: null })
    const sheet = document.querySelector('.alfa-basis')!
    expect(sheet.getAttribute('aria-label')).toBe('指数型累计收益率的计算口径')
    const row = sheet.querySelector('[data-fund-code="268410"]') as HTMLElement
    const cells = row.querySelectorAll('[role="cell"]')
    expect(cells[1].textContent).toContain('1.0000')
    expect(cells[1].querySelector('.alfa-group-basis__date')?.textContent).toBe('2024-03-01')
    expect(cells[2].querySelector('.alfa-group-basis__date')?.textContent).toBe('2026-08-14')
    expect(row.textContent).toContain('1.2615')
    expect(row.textContent).toContain('+26.15%')
    expect(sheet.textContent).toContain('70.00% ÷ 55.50% − 1')
    // The figure shown is the one computed: no note of a difference.
    expect(sheet.textContent).not.toContain('页面上的')
    await utils.act(async () => {
      row.click()
      for (let i = 0; i < 20 && !execute.mock.calls.some((c) => JSON.stringify(c[0]).includes('query FigureBasis')); i++) await flush()
    })
    const span = execute.mock.calls.find((c) => JSON.stringify(c[0]).includes('query FigureBasis'))!
    expect(span[1]).toEqual({ fundCode: '268410', figure: '2024-03-01~2026-08-14' })
  })

  it('a figure computed otherwise than shown says both; a group without a figure has no button', async () => {
    const shifted = JSON.parse(JSON.stringify(BASIS))
    shifted.portfolio.composition.groups[0].accProfitBasis.value = '0.250000'
    const { container, utils } = await open('LW000001', {
      PoFundComposition: () => ({ portfolio: LONG_WIN }),
      PortfolioGroupProfitBasis: () => shifted,
    })
    await utils.act(async () => {
      ;(container.querySelector('[data-figure="accProfitRate"]') as HTMLElement).click()
      for (let i = 0; i < 20 && !document.querySelector('.alfa-basis__step'); i++) await flush()
    })
    expect(document.querySelector('.alfa-basis')?.textContent).toContain('页面上的 26.15% 是数据更新时计算的；按上面的净值计算为 25.00%。')
    const ordinary = await open('ZH015676', { PoFundComposition: () => ({ portfolio: ORDINARY }) })
    expect(ordinary.container.querySelector('.alfa-po-comp__group[data-category="OVERSEA"] [data-figure="accProfitRate"]')).toBeNull()
  })
})

describe('a fund row opens its fund page', () => {
  it('tapping a fund navigates to fund with its code', async () => {
    const go = jest.spyOn(navigation, 'navigateTo').mockImplementation(() => Promise.resolve() as never)
    const { container, utils } = await open('ZH015676', { PoFundComposition: () => ({ portfolio: ORDINARY }) })
    const row = container.querySelector('.alfa-po-comp__part[data-fund-code="446062"]') as HTMLElement
    await utils.act(async () => {
      row.click()
    })
    expect(go).toHaveBeenCalledWith('fund', { fundCode: '446062' })
  })

  it('its 日涨跌幅 opens that figure’s 口径 instead (issue #25), and a fund without one has no button', async () => {
    const go = jest.spyOn(navigation, 'navigateTo').mockImplementation(() => Promise.resolve() as never)
    const { container, utils, execute } = await open('ZH015676', {
      PoFundComposition: () => ({ portfolio: ORDINARY }),
      FigureBasis: () => ({ fund: { fundCode: '446062', fundName: '嘉实优势企业混合', figureBasis: null } }),
    })
    const daily = container.querySelector('.alfa-po-comp__part[data-fund-code="446062"] [data-figure="DAILY"]') as HTMLElement
    expect(daily.getAttribute('role')).toBe('button')
    await utils.act(async () => {
      daily.click()
      for (let i = 0; i < 20 && !document.querySelector('.alfa-basis'); i++) await flush()
    })
    expect(go).not.toHaveBeenCalled()
    expect(execute.mock.calls.find((c) => JSON.stringify(c[0]).includes('query FigureBasis'))?.[1]).toEqual({
      fundCode: '446062',
      figure: 'DAILY',
    })
  })
})

describe('unknown strategy and load failure', () => {
  it('an unknown poCode shows 策略不存在', async () => {
    const { text } = await open('ZZ999999', { PoFundComposition: () => ({ portfolio: null }) })
    expect(text()).toContain('策略不存在')
  })

  it('a failed load shows an error with retry, and retry loads the composition', async () => {
    let fail = true
    const { container, utils, text } = await open('ZH015676', {
      PoFundComposition: () => {
        if (fail) throw new Error('network')
        return { portfolio: ORDINARY }
      },
    })
    const retry = container.querySelector('.alfa-empty__action') as HTMLElement
    expect(retry).not.toBeNull()
    fail = false
    await utils.act(async () => {
      retry.click()
      await flush()
    })
    await utils.act(flush)
    expect(text()).toContain('全球多元配置')
  })
})

const openScreen = (Page: Parameters<typeof openPage>[0], path: string, poCode: string, answers: GraphqlAnswers) =>
  openPage(Page, path, { poCode }, answers, 3)

describe('fund invest pool (基金池): funds and candidate funds by category', () => {
  const POOL = {
    ...LONG_WIN,
    preference: { hasFundInvestPoolPage: true },
    composition: {
      updatedAt: '2026-08-14',
      groups: [
        {
          percent: '0.700000',
          categoryCode: 'INDEX',
          categoryName: '指数型',
          parts: [
            {
              percent: '0.350000',
              varietyName: '指数型',
              fund: fund('268410', '沪深300指数A', '1.2000', '0.01'),
              candidateFunds: [fund('000300', '沪深300联接C', '0.98765', '-0.002'), fund('268411', '中证500指数A', '1.1', '0')],
            },
            {
              percent: '0.350000',
              varietyName: '指数型',
              fund: fund('268411', '中证500指数A', '1.1', '0'),
              candidateFunds: [fund('000300', '沪深300联接C', '0.98765', '-0.002')],
            },
          ],
        },
      ],
    },
  }

  it('lists each held fund with NAV and daily return, and each candidate once under 备选基金; a fund opens its page', async () => {
    const go = jest.spyOn(navigation, 'navigateTo').mockImplementation(() => Promise.resolve() as never)
    const { container, text, utils } = await openScreen(InvestPoolPage, 'subPkg/pages/portfolio/investPool/index', 'LW000001', {
      PortfolioInvestPool: () => ({ portfolio: POOL }),
    })
    expect(text()).toContain('长赢指数投资计划')
    expect(text()).toContain('指数型 70.00%')
    expect(text()).toContain('备选基金')
    const candidates = container.querySelectorAll('.alfa-po-pool__candidates [data-fund-code]')
    expect([...candidates].map((el) => el.getAttribute('data-fund-code'))).toEqual(['000300'])
    expect(candidates[0].textContent).toContain('净值 0.9877')
    expect(candidates[0].querySelector('.alfa-num--down')?.textContent).toBe('-0.20%')
    await utils.act(async () => {
      ;(candidates[0] as HTMLElement).click()
    })
    expect(go).toHaveBeenCalledWith('fund', { fundCode: '000300' })
  })

  it('a candidate’s 日涨跌幅 opens its 口径 and stays on the page (issue #25)', async () => {
    const go = jest.spyOn(navigation, 'navigateTo').mockImplementation(() => Promise.resolve() as never)
    const { container, utils, execute } = await openScreen(InvestPoolPage, 'subPkg/pages/portfolio/investPool/index', 'LW000001', {
      PortfolioInvestPool: () => ({ portfolio: POOL }),
      FigureBasis: () => ({ fund: { fundCode: '000300', fundName: '沪深300', figureBasis: null } }),
    })
    const daily = container.querySelector('.alfa-po-pool__candidates [data-fund-code="000300"] [data-figure="DAILY"]') as HTMLElement
    expect(daily.getAttribute('aria-label')).toBe('日涨跌幅 -0.20%，查看计算口径')
    await utils.act(async () => {
      daily.click()
      for (let i = 0; i < 20 && !document.querySelector('.alfa-basis'); i++) await flush()
    })
    expect(go).not.toHaveBeenCalled()
    expect(execute.mock.calls.find((c) => JSON.stringify(c[0]).includes('query FigureBasis'))?.[1]).toEqual({
      fundCode: '000300',
      figure: 'DAILY',
    })
    expect(document.querySelector('.alfa-basis')?.getAttribute('aria-label')).toBe('计算口径')
  })

  it('a strategy without a fund pool says so', async () => {
    const portfolio = { ...POOL, preference: { hasFundInvestPoolPage: false } }
    const { text } = await openScreen(InvestPoolPage, 'subPkg/pages/portfolio/investPool/index', 'LW000001', {
      PortfolioInvestPool: () => ({ portfolio }),
    })
    expect(text()).toContain('该策略没有基金池')
  })

  it('an unknown poCode shows 策略不存在', async () => {
    const { text } = await openScreen(InvestPoolPage, 'subPkg/pages/portfolio/investPool/index', 'ZZ999999', {
      PortfolioInvestPool: () => ({ portfolio: null }),
    })
    expect(text()).toContain('策略不存在')
  })
})

describe('strategy analysis (策略分析)', () => {
  const mix = (status: string) => ({
    assetMixModelCode: 'AM-1',
    assetPlanId: 'PLAN-1',
    expectedAnnualizedReturnRate: '0.0512',
    status,
    suggestHoldingTime: '3年以上',
  })
  const ANALYSIS = {
    poCode: 'ZH015676',
    poName: '全球多元配置',
    seriesType: null,
    isCustomPlan: false,
    preference: { hasAnalysisPage: true },
    performanceShowcase: [
      { key: 'annualized', displayName: '年化收益', valueText: '0.98%', fontColor: 'Positive' },
      { key: 'maxDrawdown', displayName: '最大回撤', valueText: '-35.55%', fontColor: 'Negative' },
    ],
    featureShowcase: [
      { key: 'riskLevel', displayName: '风险等级', valueText: 'MidHigh', fontColor: 'Primary' },
      { key: 'holding', displayName: '建议持有', valueText: '3年以上', fontColor: 'Warning' },
    ],
    annualizedReturnRateRange: { expectedAnnualizedReturnRate: '0.0800', defaultDrawdown: '0.355517', minDrawdown: '0.21331' },
    chinaIncludeAlternative: mix('ACTIVE'),
    chinaIncludeOversea: null,
    chinaOnly: mix('INACTIVE'),
    global: null,
    latestNav: { list: [{ date: '2026-09-30', value: '1.0964' }] },
    navHistory: { maxDrawdown: { rate: '0.355543', startDate: '2019-11-12', endDate: '2022-12-26' }, totalReturn: '0.096400' },
  }

  it('shows showcases in their tones, the return range, asset mixes per scope and the whole history', async () => {
    const { container, text } = await openScreen(AnalysisPage, 'subPkg/pages/portfolio/analysis/index', 'ZH015676', {
      PortfolioAnalysis: () => ({ portfolio: ANALYSIS }),
    })
    const value = (key: string) => container.querySelector(`.alfa-po-showcase__item[data-key="${key}"] .alfa-po-showcase__value`)
    expect(value('annualized')?.className).toContain('alfa-tone--Positive')
    expect(value('maxDrawdown')?.className).toContain('alfa-tone--Negative')
    expect(value('riskLevel')?.textContent).toBe('中高风险')
    expect(value('holding')?.className).toContain('alfa-tone--Warning')
    expect(text()).toContain('预期年化收益8.00%')
    expect(text()).toContain('最大回撤（成立以来）-35.55%')
    expect(text()).toContain('近1年最大回撤-21.33%')
    expect(container.querySelector('.alfa-po-mix[data-scope="含另类"]')?.textContent).toContain('5.12%')
    expect(container.querySelector('.alfa-po-mix[data-scope="含另类"]')?.textContent).toContain('建议持有 3年以上')
    expect(container.querySelector('.alfa-po-mix[data-scope="仅国内"]')?.textContent).toContain('未启用')
    expect(container.querySelector('.alfa-po-mix[data-scope="全球"]')).toBeNull()
    expect(text()).toContain('最大回撤-35.55%')
    expect(text()).toContain('2019-11-12 至 2022-12-26')
    expect(text()).toContain('+9.64%')
  })

  it('the max drawdown is a fall in the falling colour whatever sign it arrives with; labels in investor words (issue 22)', async () => {
    // Two strategies (two kept answers): one sent positive as the NAV history does, one negative.
    for (const [poCode, rate] of [
      ['ZH015676', '0.355543'],
      ['ZH015680', '-0.355543'],
    ]) {
      document.body.innerHTML = ''
      const maxDrawdown = { ...ANALYSIS.navHistory.maxDrawdown, rate }
      const portfolio = { ...ANALYSIS, poCode, navHistory: { ...ANALYSIS.navHistory, maxDrawdown } }
      const { container, text } = await openScreen(AnalysisPage, 'subPkg/pages/portfolio/analysis/index', poCode, {
        PortfolioAnalysis: () => ({ portfolio }),
      })
      const figure = container.querySelector('[data-figure="maxDrawdown"] .alfa-num')
      expect(figure?.textContent).toBe('-35.55%')
      expect(figure?.className).toContain('alfa-num--down')
      expect(text()).toContain('回撤区间2019-11-12 至 2022-12-26')
      // Since set-up and the last year: each a fall in the falling colour, no field names.
      const ends = [...container.querySelectorAll('.alfa-po-range-dd')]
      expect(ends.map((e) => [e.textContent, e.className.includes('alfa-num--down')])).toEqual([
        ['-35.55%', true],
        ['-21.33%', true],
      ])
      expect(text()).not.toMatch(/默认回撤|最小回撤/)
    }
  })

  it('its returns and drawdowns open their 口径, read from the history they come from (issue #25)', async () => {
    const ranges: string[] = []
    const series = [
      { date: '2019-11-12', value: '1.5000' },
      { date: '2022-12-26', value: '0.9668' },
      { date: '2026-09-30', value: '1.0964' },
    ]
    const history = (range: string) => ({
      portfolio: {
        poCode: 'ZH015676',
        navHistory: {
          series,
          adjustmentPoints: [],
          maxDrawdown: { rate: '-0.355467', startDate: '2019-11-12', endDate: '2022-12-26' },
          totalReturn: '-0.269067',
          seriesStart: '2019-11-12',
        },
        benchmark: null,
        range,
      },
    })
    const { container, utils } = await openScreen(AnalysisPage, 'subPkg/pages/portfolio/analysis/index', 'ZH015676', {
      PortfolioAnalysis: () => ({ portfolio: ANALYSIS }),
      NavHistory: (vars) => {
        ranges.push(String(vars.range))
        return history(String(vars.range))
      },
    })
    const tap = async (el: Element | null) => {
      expect(el?.getAttribute('role')).toBe('button')
      expect(el?.getAttribute('aria-haspopup')).toBe('dialog')
      await utils.act(async () => {
        ;(el as HTMLElement).click()
        for (let i = 0; i < 20 && !document.querySelector('.alfa-basis__step'); i++) await flush()
      })
      const sheet = document.querySelector('.alfa-basis') as HTMLElement
      const title = sheet.getAttribute('aria-label')
      const body = sheet.textContent ?? ''
      await utils.act(async () => {
        ;(sheet.querySelector('.alfa-basis__close') as HTMLElement).click()
        await flush()
      })
      return { title, body }
    }
    const yearDrawdown = await tap(container.querySelector('.alfa-po-basis-figure[data-figure="lastYear"]'))
    expect(yearDrawdown.title).toBe('近1年最大回撤的计算口径')
    expect(ranges).toEqual(['1Y'])
    const whole = await tap(container.querySelector('[data-figure="maxDrawdown"] .alfa-po-basis-figure'))
    expect(whole.body).toContain('净值从 2019-11-12 的高点 1.5000 跌到 2022-12-26 的低点 0.9668')
    const annual = await tap(container.querySelector('.alfa-po-showcase__item[data-key="annualized"]'))
    expect(annual.title).toBe('年化收益的计算口径')
    // The whole history the drawdown's sheet read a moment ago comes from the answer cache: not asked again.
    expect(ranges).toEqual(['1Y', 'Max'])
  })

  it('预期年化收益 (the range’s and an asset-mix scope’s) opens the mix by asset class; a scope’s own figure is the one compared', async () => {
    const { container, utils } = await openScreen(AnalysisPage, 'subPkg/pages/portfolio/analysis/index', 'ZH015676', {
      PortfolioAnalysis: () => ({ portfolio: ANALYSIS }),
      PortfolioExpectedBasis: () => ({
        portfolio: {
          poCode: 'ZH015676',
          annualizedReturnRateRange: { expectedAnnualizedReturnRate: '0.0800' },
          expectedReturnBasis: [
            { assetClass: 'EQUITY', assetClassName: '权益类', weight: '1.000000', rate: '0.080000', contribution: '0.080000' },
          ],
        },
      }),
    })
    const open = async (el: Element | null) => {
      expect(el?.getAttribute('aria-haspopup')).toBe('dialog')
      await utils.act(async () => {
        ;(el as HTMLElement).click()
        for (let i = 0; i < 20 && !document.querySelector('.alfa-basis__step'); i++) await flush()
      })
      const body = document.querySelector('.alfa-basis')?.textContent ?? ''
      await utils.act(async () => {
        ;(document.querySelector('.alfa-basis__close') as HTMLElement).click()
        await flush()
      })
      return body
    }
    const range = await open(container.querySelector('.alfa-section [data-figure="expected"]:not(.alfa-po-mix [data-figure])'))
    expect(range).toContain('权益类：占当前持仓 100.00% × 长期年化收益 8.00% = 8.00%。')
    expect(range).not.toContain('按当前持仓计算为')
    const scope = await open(container.querySelector('.alfa-po-mix[data-scope="含另类"] [data-figure="expected"]'))
    expect(scope).toContain('页面上的 5.12% 是按策略数据更新时的持仓计算的；按当前持仓计算为 8.00%。')
  })

  it('the performance and the history say the day of the latest NAV they are as of (截至)', async () => {
    const { container } = await openScreen(AnalysisPage, 'subPkg/pages/portfolio/analysis/index', 'ZH015676', {
      PortfolioAnalysis: () => ({ portfolio: ANALYSIS }),
    })
    const asOf = (title: string) =>
      [...container.querySelectorAll('.alfa-section')]
        .find((s) => s.querySelector('.alfa-section__title')?.textContent === title)
        ?.querySelector('.alfa-section__head .alfa-asof')?.textContent
    expect(asOf('业绩表现')).toBe('截至 2026-09-30')
    expect(asOf('历史业绩')).toBe('截至 2026-09-30')
  })

  it('a strategy without an analysis page shows an empty state', async () => {
    const portfolio = { ...ANALYSIS, preference: { hasAnalysisPage: false } }
    const { text } = await openScreen(AnalysisPage, 'subPkg/pages/portfolio/analysis/index', 'ZH015677', {
      PortfolioAnalysis: () => ({ portfolio }),
    })
    expect(text()).toContain('暂无策略分析')
  })
})

describe('strategy intro (策略介绍): images, video, pinned posts', () => {
  const INTRO = {
    poCode: 'ZH015677',
    poName: '积极成长优选',
    seriesType: null,
    isCustomPlan: false,
    preference: { hasIntroPage: true, introImageUrls: ['/alfa/static/demo/v1/po/intro-1.png', '/alfa/static/demo/v1/po/intro-2.png'] },
    introVideo: {
      videoId: 'V1',
      coverUrl: '/alfa/static/demo/v1/video/cover-1.png',
      url: 'https://www.alfa.example/v/1',
      commentCount: 149,
      visitCount: 40329,
    },
    pinnedPosts: [
      {
        postId: 'P1',
        url: null,
        title: '置顶调仓解读',
        intro: '聊聊最近的市场。',
        postBy: { avatarUrl: null, level: 4, nickname: '主理人' },
        contents: [
          { type: 'text', detail: '坚持纪律投资。' },
          { type: 'image', detail: '/alfa/static/demo/v1/post/img-0.png' },
        ],
      },
    ],
  }

  it('shows the intro images, the video with its counts and the pinned posts', async () => {
    const { container, text, execute } = await openScreen(IntroPage, 'subPkg/pages/portfolio/intro/index', 'ZH015677', {
      PortfolioIntro: () => ({ portfolio: INTRO }),
    })
    expect(execute.mock.calls[0][1]).toEqual({ poCode: 'ZH015677', isLongWin: false })
    expect(container.querySelectorAll('.alfa-po-intro__image')).toHaveLength(2)
    expect(text()).toContain('评论 149 · 观看 4w+')
    expect(text()).toContain('置顶调仓解读')
    expect(text()).toContain('主理人')
    expect(text()).toContain('Lv4')
    expect(text()).toContain('坚持纪律投资。')
    expect(container.querySelectorAll('.alfa-po-post__image')).toHaveLength(1)
  })

  it('a strategy without an intro page shows an empty state; an unknown one 策略不存在', async () => {
    const portfolio = { ...INTRO, preference: { hasIntroPage: false, introImageUrls: [] } }
    let page = await openScreen(IntroPage, 'subPkg/pages/portfolio/intro/index', 'ZH015677', { PortfolioIntro: () => ({ portfolio }) })
    expect(page.text()).toContain('暂无策略介绍')
    document.body.innerHTML = ''
    jest.restoreAllMocks()
    page = await openScreen(IntroPage, 'subPkg/pages/portfolio/intro/index', 'ZZ999999', { PortfolioIntro: () => ({ portfolio: null }) })
    expect(page.text()).toContain('策略不存在')
  })
})
