import { user } from '@/services/user'
import { hostStorage } from '@/services/storage'
import { answerCache } from '@/services/answerCache'
import PortfolioDetailPage from '@/subPkg/pages/portfolio/detail/index'
import { renderPage, flush, serveGraphql } from '../support/render'

/**
 * The strategy page's 人关注 while a follow is in flight (issue #19): one more at once on a follow,
 * one fewer on an unfollow, then the server's count.
 */
jest.mock('@/components/Chart', () => ({ ...jest.requireActual('@/components/Chart'), Chart: () => <div className='chart-stub' /> }))

const PREF = {
  displayPerformance: true,
  displayCompositionPieChart: true,
  displayCompositionDetailList: true,
  hasAdjustmentHistoryPage: true,
  hasAnalysisPage: false,
  hasFundInvestPoolPage: false,
  displayMaxDrawdownOnChart: true,
  displayAdjustmentPoint: false,
  displayPeakPoint: true,
  displayBenchmark: true,
  displayProfitCalculator: true,
  displayManagerIdentity: true,
  displayShowcase: true,
  displayDescriptionOnDetailPage: true,
  hasIntroPage: false,
  topNotice: { link: null, text: '组合将于近期进行调仓' },
  defaultComparableBenchmark: '000300',
  displaySmartAipDisclaimerPopup: false,
}

const CHART = {
  navHistory: {
    totalReturn: '0.2100',
    series: [
      { date: '2024-01-02', value: '1.0000' },
      { date: '2025-01-02', value: '1.1000' },
      { date: '2026-01-02', value: '1.2100' },
    ],
    adjustmentPoints: [{ date: '2025-01-02' }],
    maxDrawdown: { rate: '-0.1234', startDate: '2024-03-01', endDate: '2024-06-03' },
  },
  benchmark: {
    indexShortName: '沪深300',
    history: [
      { date: '2024-01-02', value: '1.0000' },
      { date: '2026-01-02', value: '1.0500' },
    ],
  },
}

function portfolio(over: Record<string, unknown> = {}) {
  return {
    poCode: 'ZH015676',
    poName: '全球多元配置',
    subTitle: '股债金全球配置',
    description: '以长期增值为目标的基金组合。',
    riskLevel: 'Medium',
    moneyType: 'Longterm',
    runningDays: 1234,
    createdDate: '2023-01-01',
    seriesType: null,
    isCustomPlan: false,
    isModelPo: true,
    hasAdvisor: true,
    isSupportSmartAip: true,
    runningWithRealMoney: false,
    followersCount: 21767,
    buyersCount: 99,
    hasFollowed: false,
    hasSigned: false,
    manager: { managerId: 'M1001', managerName: '张三', isVerified: true, avatarUrl: null, url: null },
    featureShowcase: [{ key: 'riskLevel', displayName: '风险等级', valueText: '中风险', fontColor: 'Primary' }],
    performanceShowcase: [
      { key: 'annualized', displayName: '年化收益', valueText: '8.61%', fontColor: 'Positive' },
      { key: 'maxDrawdown', displayName: '最大回撤', valueText: '-24.38%', fontColor: 'Negative' },
    ],
    annualizedReturnRateRange: { expectedAnnualizedReturnRate: '0.0800', defaultDrawdown: '0.2000', minDrawdown: '0.1000' },
    latestNav: { list: [{ date: '2026-01-02', value: '1.2100' }] },
    thermometer: { level: 2, levelDescription: '偏低' },
    comparableBenchmarks: [{ indexCode: '000300', indexShortName: '沪深300', isDefault: true }],
    preference: PREF,
    composition: {
      updatedAt: '2026-01-02',
      groups: [
        { percent: '0.6000', categoryCode: 'STOCK', categoryName: '股票型', unit: null, accProfitRate: null, parts: [] },
        { percent: '0.4000', categoryCode: 'BOND', categoryName: '债券型', unit: null, accProfitRate: null, parts: [] },
      ],
    },
    latestSignal: null,
    ...CHART,
    ...over,
  }
}

async function open(poCode: string) {
  const r = await renderPage(PortfolioDetailPage, '/subPkg/pages/portfolio/detail/index', { poCode })
  await r.utils.act(async () => {
    await flush()
    await flush()
  })
  for (let i = 0; i < 200 && !r.container.querySelector('.alfa-po-foot, .alfa-empty'); i++)
    await r.utils.act(async () => {
      await new Promise((done) => setTimeout(done, 10))
    })
  return r
}

beforeEach(() => {
  jest.restoreAllMocks()
  hostStorage.remove('portfolio_kinds')
  answerCache.clear()
  user.logout()
  document.body.innerHTML = ''
  user.login('header.eyJleHAiOjQxMDI0NDQ4MDB9.sig')
  user.setUserId('U1')
})

describe('人关注 while a follow is in flight', () => {
  for (const [what, followed, during, after] of [
    ['a follow adds one at once, then shows the server’s count', false, '501人关注', '530人关注'],
    ['an unfollow takes one away at once, then shows the server’s count', true, '499人关注', '480人关注'],
  ] as const) {
    it(what, async () => {
      let answer: (count: number) => void = () => undefined
      serveGraphql({
        Portfolio: () => ({ portfolio: portfolio({ followersCount: 500, hasFollowed: followed }) }),
        toggleFollow: (vars) =>
          new Promise(
            (resolve) => (answer = (count) => resolve({ toggleFollow: { hasFollowed: vars.state, followersCount: count, error: null } })),
          ),
      })
      const { container, text, utils } = await open('ZH015676')
      const button = () => container.querySelector('.alfa-po-follow') as HTMLElement
      expect(text()).toContain('500人关注')
      expect(button().textContent).toBe(followed ? '已关注' : '+ 关注')
      await utils.act(async () => {
        button().click()
        await flush()
      })
      expect(button().getAttribute('aria-busy')).toBe('true')
      expect(text()).toContain(during)
      expect(button().textContent).toBe(followed ? '+ 关注' : '已关注')
      await utils.act(async () => {
        answer(followed ? 480 : 530)
        await flush()
        await flush()
      })
      expect(text()).toContain(after)
      expect(button().textContent).toBe(followed ? '+ 关注' : '已关注')
    })
  }
})
