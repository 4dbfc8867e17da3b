/**
 * Investment plans (AP codes) on their own screens through the spec's operations (issue #23): the
 * entry picks the branch with PortfolioEntry, the detail shows the plan beside its model portfolio
 * (InvestPlanModelPortfolio) and its latest advices (getLatestAipAdvices), smart-AIP strategies
 * their series (SmartAipNavHistory), long-win plans the 实盘 series (RealFundHistory); the
 * composition screen shows the plan's holdings beside the model's (InvestPlanFundComposition,
 * PoBasicDetail), the intro screen the plan's own (InvestPlanIntro).
 */
import * as navigation from '@/services/navigation'
import { expiringStorage } from '@/services/storage'
import { rememberKinds } from '@/features/portfolio'
import EntryPage from '@/subPkg/pages/portfolio/entry/index'
import DetailPage from '@/subPkg/pages/portfolio/detail/index'
import CompositionPage from '@/subPkg/pages/portfolio/composition/index'
import IntroPage from '@/subPkg/pages/portfolio/intro/index'
import { renderPage, flush, serveGraphql, type GraphqlAnswers } from '../support/render'

jest.mock('@/components/Chart', () => {
  const actual = jest.requireActual('@/components/Chart')
  return { ...actual, Chart: () => <div className='chart-stub' /> }
})

const PREF = {
  displayPerformance: false,
  displayCompositionPieChart: false,
  displayCompositionDetailList: false,
  hasAdjustmentHistoryPage: true,
  hasAnalysisPage: false,
  hasFundInvestPoolPage: false,
  displayMaxDrawdownOnChart: true,
  displayAdjustmentPoint: false,
  displayPeakPoint: false,
  displayBenchmark: true,
  displayProfitCalculator: false,
  displayManagerIdentity: false,
  displayShowcase: false,
  displayDescriptionOnDetailPage: false,
  hasIntroPage: true,
  topNotice: null,
  defaultComparableBenchmark: null,
  displaySmartAipDisclaimerPopup: false,
}

function head(over: Record<string, unknown> = {}) {
  return {
    poCode: 'AP000001',
    poName: '我的养老规划',
    subTitle: '稳中求进',
    description: '为退休准备的长期计划。',
    riskLevel: 'Medium',
    moneyType: 'Longterm',
    runningDays: 400,
    createdDate: '2025-01-01',
    seriesType: null,
    isCustomPlan: true,
    isModelPo: false,
    hasAdvisor: true,
    isSupportSmartAip: true,
    runningWithRealMoney: false,
    followersCount: 1,
    buyersCount: 1,
    hasFollowed: false,
    hasSigned: false,
    manager: null,
    featureShowcase: [],
    performanceShowcase: [],
    latestNav: { list: [] },
    annualizedReturnRateRange: null,
    thermometer: null,
    comparableBenchmarks: [],
    preference: PREF,
    composition: { updatedAt: null, groups: [] },
    totalUnit: null,
    investedUnit: null,
    chinaIncludeAlternative: null,
    chinaIncludeOversea: null,
    chinaOnly: null,
    global: null,
    latestSignal: null,
    ...over,
  }
}

const fund = (fundCode: string, fundName: string) => ({ fundCode, fundName, nav: '1.2345', navDate: '2026-09-30', dailyReturn: '0.001' })
const holdings = (isModelPo: boolean, code: string, name: string, adjustments: number) => ({
  portfolio: {
    poCode: 'AP000001',
    isModelPo: false,
    composition: {
      updatedAt: '2026-08-14',
      groups: [
        {
          percent: '1.000000',
          categoryCode: 'BOND',
          categoryName: '债券型',
          unit: null,
          accProfitRate: null,
          parts: [
            {
              percent: '1.000000',
              unit: null,
              varietyName: '债券型',
              latestMovement: 'None',
              latestMovementName: null,
              fund: fund(code, name),
            },
          ],
        },
      ],
    },
    adjustmentChart: Array.from({ length: adjustments }, (_, k) => ({ date: `2026-0${k + 1}-01`, adjustmentId: `${isModelPo}-${k}` })),
  },
})

const advice = (k: number) => ({
  sigId: `AIP-AP000001-00${k}`,
  buyDate: `2026-0${9 - k}-01`,
  buyRate: '1.5',
  issueNumber: 20 - k,
  buyValidUntilTime: '2026-09-05T15:00:00+08:00',
  introduction: { tags: ['低位多投'], title: null, description: null, link: null },
  buyOrders: [],
})

let seen: Array<{ name: string; vars: Record<string, unknown> }> = []
function serve(answers: GraphqlAnswers) {
  seen = []
  const wrapped: GraphqlAnswers = {}
  for (const [name, fn] of Object.entries(answers))
    wrapped[name] = (vars) => {
      seen.push({ name, vars })
      return fn(vars)
    }
  return serveGraphql(wrapped)
}

async function open(Page: Parameters<typeof renderPage>[0], path: string, poCode: string, until = '.alfa-po-foot, .alfa-empty') {
  const r = await renderPage(Page, path, { poCode })
  for (let i = 0; i < 200 && !r.container.querySelector(until); i++)
    await r.utils.act(async () => {
      await new Promise((done) => setTimeout(done, 10))
    })
  await r.utils.act(flush)
  await r.utils.act(flush)
  return r
}

const PLAN_ANSWERS: GraphqlAnswers = {
  InvestPlan: () => ({ portfolio: head() }),
  InvestPlanModelPortfolio: (v) => ({
    portfolio: {
      poCode: 'AP000001',
      modelPortfolio: { poCode: 'ZH015676', poName: '全球多元配置' },
      navHistory: v.isModelPo
        ? { series: [], totalReturn: '0.120000', maxDrawdown: { rate: '-0.080000', startDate: '2026-01-05', endDate: '2026-03-02' } }
        : {
            series: [
              { date: '2025-09-30', value: '1.0000' },
              { date: '2026-02-02', value: '1.0900' },
              { date: '2026-04-01', value: '1.0573' },
              { date: '2026-09-30', value: '1.0500' },
            ],
            totalReturn: '0.050000',
            maxDrawdown: { rate: '-0.036697', startDate: '2026-02-02', endDate: '2026-04-01' },
          },
    },
  }),
  getLatestAipAdvices: () => ({ portfolio: { poCode: 'AP000001', aipAdvices: { totalCount: 12, list: [1, 2, 3, 4, 5].map(advice) } } }),
  SmartAipNavHistory: () => ({
    portfolio: {
      poCode: 'AP000001',
      isSupportSmartAip: true,
      navHistory: {
        series: [
          { date: '2025-09-30', value: '1.0000' },
          { date: '2026-09-30', value: '1.0800' },
        ],
        maxDrawdown: { rate: '-0.040000', startDate: '2025-09-30', endDate: '2025-09-30' },
        totalReturn: '0.080000',
      },
    },
  }),
}

beforeEach(() => {
  expiringStorage.remove('portfolio_kinds')
})
afterEach(() => {
  document.body.innerHTML = ''
  jest.restoreAllMocks()
})

const card = (container: Element, title: string) =>
  [...container.querySelectorAll('.alfa-section')].find((c) => c.querySelector('.alfa-section__title')?.textContent === title)

describe('an investment plan’s detail: beside its model portfolio, its latest advices, its smart-AIP series', () => {
  it('asks the model portfolio with isModelPo false and true and shows both figures side by side', async () => {
    serve(PLAN_ANSWERS)
    const { container } = await open(DetailPage, '/subPkg/pages/portfolio/detail/index', 'AP000001')
    const asked = seen.filter((s) => s.name === 'InvestPlanModelPortfolio').map((s) => s.vars.isModelPo)
    expect(asked.sort()).toEqual([false, true])
    const compare = card(container, '计划与模型组合')!
    expect(compare).toBeDefined()
    const own = compare.querySelector('[data-series="own"]')!
    const model = compare.querySelector('[data-series="model"]')!
    expect(own.textContent).toBe('我的计划近1年+5.00%最大回撤-3.67%')
    expect(model.textContent).toBe('模型组合 · 全球多元配置近1年+12.00%最大回撤-8.00%')
  })

  it('the plan’s year figures open their 口径: the days and NAVs of the year’s series (issue #25)', async () => {
    serve(PLAN_ANSWERS)
    const { container, utils } = await open(DetailPage, '/subPkg/pages/portfolio/detail/index', 'AP000001')
    const own = card(container, '计划与模型组合')!.querySelector('[data-series="own"]')!
    const sheetOf = async (figure: string) => {
      const button = own.querySelector(`.alfa-plan-figure[data-figure="${figure}"]`) as HTMLElement
      expect(button.getAttribute('role')).toBe('button')
      expect(button.getAttribute('aria-haspopup')).toBe('dialog')
      await utils.act(async () => {
        button.click()
        await flush()
      })
      const sheet = document.querySelector('.alfa-basis') as HTMLElement
      const out = { title: sheet.getAttribute('aria-label'), body: sheet.textContent ?? '' }
      await utils.act(async () => {
        ;(sheet.querySelector('.alfa-basis__close') as HTMLElement).click()
        await flush()
      })
      return out
    }
    const year = await sheetOf('return')
    expect(year.title).toBe('近1年收益的计算口径')
    expect(year.body).toContain('起点 2025-09-30 策略净值 1.0000，终点 2026-09-30 策略净值 1.0500')
    const drawdown = await sheetOf('drawdown')
    expect(drawdown.body).toContain('净值从 2026-02-02 的高点 1.0900 跌到 2026-04-01 的低点 1.0573')
  })

  it('shows the five latest advices (getLatestAipAdvices), each opening its detail', async () => {
    const go = jest.spyOn(navigation, 'navigateTo').mockImplementation(() => Promise.resolve() as never)
    serve(PLAN_ANSWERS)
    const { container, utils } = await open(DetailPage, '/subPkg/pages/portfolio/detail/index', 'AP000001')
    expect(seen.filter((s) => s.name === 'getLatestAipAdvices').map((s) => s.vars)).toEqual([{ poCode: 'AP000001' }])
    const rows = card(container, '最新定投建议')!.querySelectorAll('.alfa-plan-advice')
    expect(rows).toHaveLength(5)
    expect(rows[0].textContent).toBe('第19期2026-08-01买入 1.5 倍低位多投')
    await utils.act(async () => {
      ;(rows[1] as HTMLElement).click()
    })
    expect(go).toHaveBeenCalledWith('portfolioAipDetail', { poCode: 'AP000001', sigId: 'AIP-AP000001-002' })
  })

  it('a smart-AIP strategy shows its series’ return and drawdown (SmartAipNavHistory over a year)', async () => {
    serve(PLAN_ANSWERS)
    const { container } = await open(DetailPage, '/subPkg/pages/portfolio/detail/index', 'AP000001')
    expect(seen.find((s) => s.name === 'SmartAipNavHistory')?.vars).toEqual({ poCode: 'AP000001', range: '1Y' })
    const series = card(container, '智能定投走势')!.querySelector('.alfa-plan-series')!
    expect(series.getAttribute('data-points')).toBe('2')
    expect(series.textContent).toBe('近1年收益+8.00%最大回撤-4.00%净值 1.0800（2026-09-30）')
  })

  it('a card whose answer fails stays away; the detail stands', async () => {
    serve({ InvestPlan: PLAN_ANSWERS.InvestPlan })
    const { container, text } = await open(DetailPage, '/subPkg/pages/portfolio/detail/index', 'AP000001')
    expect(text()).toContain('我的养老规划')
    expect(card(container, '计划与模型组合')).toBeUndefined()
    expect(card(container, '最新定投建议')).toBeUndefined()
    expect(container.querySelector('.alfa-empty')).toBeNull()
  })

  it('a long-win plan shows the 实盘 series (RealFundHistory) and no plan cards', async () => {
    rememberKinds([{ poCode: 'LW000002', seriesType: 'LONG_WIN_S', isCustomPlan: false }])
    serve({
      Longwin: () => ({
        portfolio: head({
          poCode: 'LW000002',
          poName: '长赢S计划',
          seriesType: 'LONG_WIN_S',
          isCustomPlan: false,
          isSupportSmartAip: false,
        }),
      }),
      RealFundHistory: () => ({
        realFundHistory: [
          { date: '2025-09-30', value: '2.0000' },
          { date: '2026-09-30', value: '2.2000' },
        ],
      }),
    })
    const { container } = await open(DetailPage, '/subPkg/pages/portfolio/detail/index', 'LW000002')
    expect(seen.find((s) => s.name === 'RealFundHistory')?.vars).toEqual({ range: '1Y' })
    expect(card(container, '长赢实盘')?.querySelector('.alfa-plan-series')?.textContent).toBe(
      '实盘近1年+10.00%实盘净值 2.2000（2026-09-30）',
    )
    expect(seen.map((s) => s.name)).not.toContain('InvestPlanModelPortfolio')
  })
})

describe('the entry route decides with PortfolioEntry', () => {
  it('a code of unknown kind asks PortfolioEntry, then only the branch it names', async () => {
    serve({
      PortfolioEntry: () => ({
        portfolio: {
          poCode: 'LW000002',
          seriesType: 'LONG_WIN_S',
          isCustomPlan: false,
          isModelPo: true,
          hasAdvisor: true,
          preference: { hasIntroPage: true },
        },
      }),
      Longwin: () => ({
        portfolio: head({
          poCode: 'LW000002',
          poName: '长赢S计划',
          seriesType: 'LONG_WIN_S',
          isCustomPlan: false,
          isSupportSmartAip: false,
        }),
      }),
      RealFundHistory: () => ({ realFundHistory: [] }),
    })
    const { text } = await open(EntryPage, '/subPkg/pages/portfolio/entry/index', 'LW000002')
    expect(text()).toContain('长赢S计划')
    const names = seen.map((s) => s.name)
    expect(names.slice(0, 2)).toEqual(['PortfolioEntry', 'Longwin'])
    expect(names).not.toContain('Portfolio')
  })

  it('an unknown code is the not-found state, without asking the detail', async () => {
    serve({ PortfolioEntry: () => ({ portfolio: null }) })
    const { text } = await open(EntryPage, '/subPkg/pages/portfolio/entry/index', 'ZZ404404')
    expect(text()).toContain('策略不存在')
    expect(seen.map((s) => s.name)).toEqual(['PortfolioEntry'])
  })

  it('a plan code (AP on the main brand) goes straight to the plan’s detail', async () => {
    serve(PLAN_ANSWERS)
    const { text } = await open(EntryPage, '/subPkg/pages/portfolio/entry/index', 'AP000001')
    expect(text()).toContain('我的养老规划')
    expect(seen[0].name).toBe('InvestPlan')
    expect(seen.map((s) => s.name)).not.toContain('PortfolioEntry')
  })
})

describe('an investment plan’s composition and intro screens', () => {
  const compositionAnswers: GraphqlAnswers = {
    PoBasicDetail: () => ({
      portfolio: {
        poCode: 'AP000001',
        poName: '我的养老规划',
        seriesType: null,
        isCustomPlan: true,
        subTitle: '稳中求进',
        riskLevel: 'Medium',
        moneyType: 'Longterm',
        runningDays: 400,
        isModelPo: false,
        modelPortfolio: { poCode: 'ZH015676', poName: '全球多元配置' },
      },
    }),
    InvestPlanFundComposition: (v) => (v.isModelPo ? holdings(true, '000002', '模型债券A', 7) : holdings(false, '000001', '我的债券A', 3)),
  }

  it('shows the plan’s holdings and, beside them, the model portfolio’s (isModelPo false and true)', async () => {
    serve(compositionAnswers)
    const { container } = await open(CompositionPage, '/subPkg/pages/portfolio/composition/index', 'AP000001')
    expect(
      seen
        .filter((s) => s.name === 'InvestPlanFundComposition')
        .map((s) => s.vars.isModelPo)
        .sort(),
    ).toEqual([false, true])
    expect(container.querySelector('.alfa-po-title__name')?.textContent).toBe('我的养老规划')
    const own = container.querySelector('.alfa-plan-holdings--own')!
    const model = container.querySelector('.alfa-plan-holdings--model')!
    expect(own.querySelector('.alfa-section__title')?.textContent).toBe('我的计划')
    expect(own.querySelector('.alfa-po-comp__part')?.getAttribute('data-fund-code')).toBe('000001')
    expect(own.textContent).toContain('调仓 3 次')
    expect(model.querySelector('.alfa-section__title')?.textContent).toBe('模型组合 · 全球多元配置')
    expect(model.querySelector('.alfa-po-comp__part')?.getAttribute('data-fund-code')).toBe('000002')
    expect(model.textContent).toContain('调仓 7 次')
  })

  it('each side’s 累计收益率 opens the 口径 of its own holdings: the plan’s (isModelPo false), the model’s (true)', async () => {
    const rated = (answer: ReturnType<typeof holdings>) => {
      answer.portfolio.composition.groups[0].accProfitRate = '0.050000' as never
      return answer
    }
    serve({
      ...compositionAnswers,
      InvestPlanFundComposition: (v) =>
        rated(v.isModelPo ? holdings(true, '000002', '模型债券A', 7) : holdings(false, '000001', '我的债券A', 3)),
      PortfolioGroupProfitBasis: () => ({ portfolio: { poCode: 'AP000001', composition: { groups: [] } } }),
    })
    const { container, utils } = await open(CompositionPage, '/subPkg/pages/portfolio/composition/index', 'AP000001')
    for (const side of ['model', 'own']) {
      await utils.act(async () => {
        ;(container.querySelector(`.alfa-plan-holdings--${side} [data-figure="accProfitRate"]`) as HTMLElement).click()
        for (let i = 0; i < 20 && !document.querySelector('.alfa-basis__close'); i++) await flush()
      })
      await utils.act(async () => {
        ;(document.querySelector('.alfa-basis__close') as HTMLElement).click()
        await flush()
      })
    }
    expect(seen.filter((s) => s.name === 'PortfolioGroupProfitBasis').map((s) => s.vars)).toEqual([
      { poCode: 'AP000001', categoryType: 'FundCategory', isModelPo: true },
      { poCode: 'AP000001', categoryType: 'FundCategory', isModelPo: false },
    ])
  })

  it('an unknown plan code is the not-found state', async () => {
    serve({ PoBasicDetail: () => ({ portfolio: null }), InvestPlanFundComposition: () => ({ portfolio: null }) })
    const { text } = await open(CompositionPage, '/subPkg/pages/portfolio/composition/index', 'AP404404')
    expect(text()).toContain('策略不存在')
  })

  it('the intro screen shows the plan’s own intro (InvestPlanIntro)', async () => {
    serve({
      InvestPlanIntro: () => ({
        portfolio: {
          poCode: 'AP000001',
          poName: '我的养老规划',
          seriesType: null,
          isCustomPlan: true,
          description: '为退休准备的长期计划。',
          philosophy: '长期持有、分散配置。',
          investStrategy: null,
          investRange: '境内外公募基金',
          preference: { hasIntroPage: true, introImageUrls: ['/alfa/static/demo/v1/po/intro-1.png'] },
        },
      }),
    })
    const { container, text } = await open(IntroPage, '/subPkg/pages/portfolio/intro/index', 'AP000001', '.alfa-plan-intro, .alfa-empty')
    expect(seen.map((s) => s.name)).toEqual(['InvestPlanIntro'])
    expect(text()).toContain('投资理念')
    expect(text()).toContain('长期持有、分散配置。')
    expect(text()).not.toContain('投资策略')
    expect(container.querySelectorAll('.alfa-po-intro__image')).toHaveLength(1)
  })
})
