import Taro from '@tarojs/taro'
import * as login from '@/services/login'
import * as navigation from '@/services/navigation'
import * as graphql from '@/services/graphql'
import { user } from '@/services/user'
import { hostStorage } from '@/services/storage'
import { answerCache } from '@/services/answerCache'
import PortfolioDetailPage from '@/subPkg/pages/portfolio/detail/index'
import ModalsPage from '@/subPkg/pages/portfolio/modals/index'
import AdvisorPage from '@/subPkg/pages/portfolio/advisor/index'
import InformationPage from '@/subPkg/pages/portfolio/information/index'
import TradeModalPage from '@/pages/tradeModal/index'
import ManagerPage from '@/pages/manager/index'
import { rememberKinds } from '@/features/portfolio'
import { markNoticeRead } from '@/features/portfolio/trade/notices'
import { renderPage, flush, openPage, type GraphqlAnswers } from '../support/render'
import { unmountAll } from '../support/mounted'

/**
 * Issue 23: the signed state of the advisory service (anonymous, logged in without signing, signed),
 * the holdings asked only when needQueryHolding, the notices before the trade rules and the smart-AIP
 * advices, and 主理人 to the manager's profile.
 */

jest.mock('@/components/Chart', () => {
  const actual = jest.requireActual('@/components/Chart')
  return { ...actual, Chart: () => <div className='chart-stub' /> }
})

const PREF = {
  displayPerformance: false,
  displayCompositionPieChart: false,
  displayCompositionDetailList: false,
  hasAdjustmentHistoryPage: false,
  hasAnalysisPage: false,
  hasFundInvestPoolPage: false,
  displayMaxDrawdownOnChart: false,
  displayAdjustmentPoint: false,
  displayPeakPoint: false,
  displayBenchmark: false,
  displayProfitCalculator: false,
  displayManagerIdentity: true,
  displayShowcase: false,
  displayDescriptionOnDetailPage: false,
  hasIntroPage: false,
  topNotice: null,
  defaultComparableBenchmark: null,
  displaySmartAipDisclaimerPopup: true,
}

const MANAGER = {
  managerId: 'M1001',
  managerName: '张三',
  isVerified: true,
  avatarUrl: null,
  url: '/alfa/fund/manager/M1001',
  company: '演示基金',
  intro: '张三，12年证券从业经验，擅长资产配置。',
}

function portfolio(over: Record<string, unknown> = {}) {
  return {
    poCode: 'ZH015676',
    poName: '全球多元配置',
    subTitle: null,
    description: null,
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
    followersCount: 10,
    buyersCount: 10,
    hasFollowed: false,
    hasSigned: false,
    manager: MANAGER,
    featureShowcase: [],
    performanceShowcase: [],
    annualizedReturnRateRange: null,
    thermometer: null,
    comparableBenchmarks: [],
    preference: PREF,
    composition: { updatedAt: null, groups: [] },
    latestSignal: null,
    latestNav: { list: [] },
    ...over,
  }
}

const HOLDINGS = [{ caId: 'CA0001', units: '12000.5000' }]

let seen: Array<{ name: string; vars: Record<string, unknown> }> = []

function serve(answers: GraphqlAnswers) {
  seen = []
  return jest.spyOn(graphql, 'execute').mockImplementation((async (doc: unknown, vars: Record<string, unknown>) => {
    const name = graphql.operationNameOf(String(doc)) ?? ''
    seen.push({ name, vars })
    const answer = answers[name]
    if (!answer) throw new Error(`unexpected ${name}`)
    return answer(vars)
  }) as never)
}

async function openDetail(poCode = 'ZH015676') {
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

const click = async (r: { utils: { act: (f: () => Promise<void>) => Promise<void> } }, el: Element | null) => {
  expect(el).not.toBeNull()
  await r.utils.act(async () => {
    ;(el as HTMLElement).click()
    await flush()
    await flush()
  })
}

const logIn = (userId = 'U1') => {
  user.login('header.eyJleHAiOjQxMDI0NDQ4MDB9.sig')
  user.setUserId(userId)
}

const asked = (name: string) => seen.filter((s) => s.name === name)
/** The strategy and holdings queries, in order (the plan cards' own queries aside), with their needQueryHolding. */
const STRATEGY_QUERIES = new Set(['Portfolio', 'Longwin', 'InvestPlan', 'PortfolioHoldings'])
const strategyAsks = () => seen.filter((s) => STRATEGY_QUERIES.has(s.name)).map((s) => [s.name, s.vars.needQueryHolding])

beforeEach(() => {
  jest.restoreAllMocks()
  hostStorage.remove('portfolio_kinds')
  for (const u of ['U1', 'U2']) hostStorage.remove(`portfolio_signed:${u}`)
  for (const k of ['risk', 'smartAip']) for (const c of ['ZH015676', 'LW000001']) hostStorage.remove(`alfa_po_read:${k}:${c}`)
  answerCache.clear()
  user.logout()
  document.body.innerHTML = ''
})

describe('the strategy detail in the three signed states', () => {
  it('anonymous: the service card asks to log in, 签约投顾 starts the login, no holdings are asked', async () => {
    serve({ Portfolio: () => ({ portfolio: portfolio() }) })
    const start = jest.spyOn(login, 'startLogin').mockResolvedValue('page')
    const r = await openDetail()
    expect(asked('Portfolio')[0].vars.needQueryHolding).toBe(false)
    expect(r.container.querySelector('.alfa-po-service')?.textContent).toContain('登录后查看您的签约状态和持仓')
    expect(r.container.querySelector('.alfa-po-head')?.textContent).not.toContain('已签约')
    const cta = r.container.querySelector('.alfa-po-cta')
    expect(cta?.textContent).toBe('签约投顾')
    await click(r, cta)
    expect(start).toHaveBeenCalledTimes(1)
  })

  it('logged in without signing: 未签约 with the way to the service; 签约投顾 goes through the risk disclosure; no holdings asked', async () => {
    logIn()
    serve({ Portfolio: () => ({ portfolio: portfolio({ hasSigned: false }) }) })
    const nav = jest.spyOn(navigation, 'navigateTo').mockReturnValue(undefined)
    const r = await openDetail()
    expect(asked('Portfolio')[0].vars.needQueryHolding).toBe(false)
    expect(asked('PortfolioHoldings')).toHaveLength(0)
    const card = r.container.querySelector('.alfa-po-service')
    expect(card?.textContent).toContain('未签约')
    expect(card?.textContent).not.toContain('持有')
    await click(r, r.container.querySelector('.alfa-po-cta'))
    expect(nav).toHaveBeenLastCalledWith('portfolioModals', { poCode: 'ZH015676', next: 'tradeModal', notices: 'risk' })
    await click(r, [...(card?.querySelectorAll('[role="link"]') ?? [])].find((e) => e.textContent?.includes('了解投顾服务')) ?? null)
    expect(nav).toHaveBeenLastCalledWith('portfolioAdvisor', { poCode: 'ZH015676' })
  })

  it('signed: 已签约 in the head and the card, the holdings with 查看持仓 in place of 签约投顾; the next visit asks them at once', async () => {
    logIn()
    serve({
      Portfolio: (vars) => ({
        portfolio: portfolio({ hasSigned: true, ...(vars.needQueryHolding ? { capitalAccountHoldings: HOLDINGS } : {}) }),
      }),
      PortfolioHoldings: () => ({ portfolio: { poCode: 'ZH015676', capitalAccountHoldings: HOLDINGS } }),
    })
    const nav = jest.spyOn(navigation, 'navigateTo').mockReturnValue(undefined)
    const r = await openDetail()
    // The first answer tells the user has signed: the holdings are asked once, after it.
    expect(strategyAsks()).toEqual([
      ['Portfolio', false],
      ['PortfolioHoldings', undefined],
    ])
    expect(r.container.querySelector('.alfa-po-head')?.textContent).toContain('已签约')
    const card = r.container.querySelector('.alfa-po-service--signed')
    expect(card?.textContent).toContain('已签约投顾服务中')
    expect(card?.textContent).toContain('持有 12,000.50 份账户 CA0001')
    const cta = r.container.querySelector('.alfa-po-cta')
    expect(cta?.textContent).toBe('查看持仓')
    expect([...r.container.querySelectorAll('.alfa-bar-button')].map((b) => b.textContent)).toEqual(['交易须知', '查看持仓'])
    await click(r, cta)
    expect(nav).toHaveBeenLastCalledWith('wallet')

    // Known to have signed: the next visit asks the holdings in its one round trip.
    document.body.innerHTML = ''
    answerCache.clear()
    seen = []
    const again = await openDetail()
    expect(strategyAsks()).toEqual([['Portfolio', true]])
    expect(again.container.querySelector('.alfa-po-service--signed')?.textContent).toContain('持有 12,000.50 份')
  })

  it('signed without a holding: 已签约 stands in the bar, not tappable', async () => {
    logIn()
    serve({
      Portfolio: () => ({ portfolio: portfolio({ hasSigned: true }) }),
      PortfolioHoldings: () => ({ portfolio: { poCode: 'ZH015676', capitalAccountHoldings: [] } }),
    })
    const r = await openDetail()
    const cta = r.container.querySelector('.alfa-po-cta')
    expect(cta?.textContent).toBe('已签约')
    expect(cta?.getAttribute('aria-disabled')).toBe('true')
    expect(r.container.querySelector('.alfa-po-service')?.textContent).not.toContain('查看持仓')
  })

  it('what one user signed is not taken for another on the same device; a user no longer signed is forgotten', async () => {
    logIn('U1')
    let signed = true
    serve({
      Portfolio: (vars) => ({
        portfolio: portfolio({ hasSigned: signed, ...(vars.needQueryHolding ? { capitalAccountHoldings: HOLDINGS } : {}) }),
      }),
      PortfolioHoldings: () => ({ portfolio: { poCode: 'ZH015676', capitalAccountHoldings: HOLDINGS } }),
    })
    await openDetail()
    unmountAll()
    answerCache.clear()
    user.logout()
    logIn('U2')
    signed = false
    seen = []
    const other = await openDetail()
    expect(strategyAsks()).toEqual([['Portfolio', false]])
    expect(other.container.querySelector('.alfa-po-service--unsigned')).not.toBeNull()
    // U1 ends the agreement: asked with holdings once (still remembered), then no more.
    unmountAll()
    answerCache.clear()
    user.logout()
    logIn('U1')
    seen = []
    await openDetail()
    unmountAll()
    answerCache.clear()
    await openDetail()
    expect(strategyAsks()).toEqual([
      ['Portfolio', true],
      ['Portfolio', false],
    ])
  })

  it('every kind shows the holdings its needQueryHolding asks: a long-win plan once signed, an AP plan whenever logged in', async () => {
    logIn()
    rememberKinds([{ poCode: 'LW000001', seriesType: 'LONG_WIN', isCustomPlan: false }])
    serve({
      Longwin: (vars) => ({
        portfolio: portfolio({
          poCode: 'LW000001',
          poName: '长赢指数投资计划',
          seriesType: 'LONG_WIN',
          totalUnit: 150,
          investedUnit: 60,
          hasSigned: true,
          ...(vars.needQueryHolding ? { capitalAccountHoldings: [{ caId: 'CA0002', units: '35.0000' }] } : {}),
        }),
      }),
      PortfolioHoldings: () => ({ portfolio: { poCode: 'LW000001', capitalAccountHoldings: [{ caId: 'CA0002', units: '35.0000' }] } }),
      InvestPlan: (vars) => ({
        portfolio: portfolio({
          poCode: 'AP000002',
          poName: '子女教育金规划',
          isCustomPlan: true,
          hasAdvisor: false,
          totalUnit: null,
          investedUnit: null,
          chinaIncludeAlternative: null,
          chinaIncludeOversea: null,
          chinaOnly: null,
          global: null,
          ...(vars.needQueryHolding ? { capitalAccountHoldings: [{ caId: 'CA0003', units: '100.0000' }] } : {}),
        }),
      }),
    })
    const lw = await openDetail('LW000001')
    expect(strategyAsks()).toEqual([
      ['Longwin', false],
      ['PortfolioHoldings', undefined],
    ])
    expect(lw.container.querySelector('.alfa-po-service')?.textContent).toContain('持有 35.00 份账户 CA0002')
    document.body.innerHTML = ''
    seen = []
    const ap = await openDetail('AP000002')
    expect(strategyAsks()).toEqual([['InvestPlan', true]])
    const card = ap.container.querySelector('.alfa-po-service')
    // A plan without the advisory service: only the holding, under 我的持仓.
    expect(card?.textContent).toContain('我的持仓')
    expect(card?.textContent).toContain('持有 100.00 份账户 CA0003')
    expect(card?.textContent).not.toContain('签约')
  })
})

describe('the notices before the trade rules and the smart-AIP advices: once, the acknowledgement kept', () => {
  const modalsAnswers: GraphqlAnswers = {
    PortfolioModals: () => ({
      displaySmartAipDisclaimerPopup: true,
      portfolio: { poCode: 'ZH015676', poName: '全球多元配置', seriesType: null, isCustomPlan: false, riskLevel: 'Medium' },
    }),
  }

  it('交易须知 opens the risk disclosure; 我已阅读 goes on to the trade rules; afterwards 交易须知 opens them directly', async () => {
    serve({ Portfolio: () => ({ portfolio: portfolio() }) })
    const nav = jest.spyOn(navigation, 'navigateTo').mockReturnValue(undefined)
    const detail = await openDetail()
    const notice = () => [...detail.container.querySelectorAll('.alfa-bar-button')].find((b) => b.textContent === '交易须知') ?? null
    await click(detail, notice())
    expect(nav).toHaveBeenLastCalledWith('portfolioModals', { poCode: 'ZH015676', next: 'tradeModal', notices: 'risk' })

    const redirect = jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'ok' })
    const modals = await openPage(
      ModalsPage,
      'subPkg/pages/portfolio/modals/index',
      { poCode: 'ZH015676', next: 'tradeModal', notices: 'risk' },
      modalsAnswers,
      3,
    )
    // Only the notice the trade rules need; nothing goes on before it is read.
    expect(modals.text()).toContain('风险揭示')
    expect(modals.text()).not.toContain('智能定投免责声明')
    expect(redirect).not.toHaveBeenCalled()
    await click(modals, modals.container.querySelector('.alfa-po-notice--risk .alfa-po-notice__ack'))
    expect(redirect).toHaveBeenCalledTimes(1)
    expect(redirect.mock.calls[0][0].url).toMatch(/tradeModal.*poCode=ZH015676/)

    await click(detail, notice())
    expect(nav).toHaveBeenLastCalledWith('tradeModal', { poCode: 'ZH015676' })
  })

  it('定投建议 opens the smart-AIP disclaimer first where the strategy shows it, then the advices directly', async () => {
    serve({ Portfolio: () => ({ portfolio: portfolio() }) })
    const nav = jest.spyOn(navigation, 'navigateTo').mockReturnValue(undefined)
    const detail = await openDetail()
    const link = () => detail.container.querySelector('[data-route="portfolioAipList"]')
    await click(detail, link())
    expect(nav).toHaveBeenLastCalledWith('portfolioModals', { poCode: 'ZH015676', next: 'portfolioAipList', notices: 'smartAip' })
    const redirect = jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'ok' })
    const modals = await openPage(
      ModalsPage,
      'subPkg/pages/portfolio/modals/index',
      { poCode: 'ZH015676', next: 'portfolioAipList', notices: 'smartAip' },
      modalsAnswers,
      3,
    )
    expect(modals.text()).toContain('智能定投免责声明')
    expect(modals.text()).not.toContain('风险揭示')
    await click(modals, modals.container.querySelector('.alfa-po-notice--smartAip .alfa-po-notice__ack'))
    expect(redirect.mock.calls.map((c) => c[0].url)).toEqual([expect.stringMatching(/aip-?list.*ZH015676|ZH015676.*aip-?list/i)])
    await click(detail, link())
    expect(nav).toHaveBeenLastCalledWith('portfolioAipList', { poCode: 'ZH015676' })
  })

  it('a strategy without the disclaimer opens 定投建议 directly', async () => {
    serve({ Portfolio: () => ({ portfolio: portfolio({ preference: { ...PREF, displaySmartAipDisclaimerPopup: false } }) }) })
    const nav = jest.spyOn(navigation, 'navigateTo').mockReturnValue(undefined)
    const detail = await openDetail()
    await click(detail, detail.container.querySelector('[data-route="portfolioAipList"]'))
    expect(nav).toHaveBeenLastCalledWith('portfolioAipList', { poCode: 'ZH015676' })
  })

  it('modals opened on the way with the notice already read go on at once; an unknown next is only the notices', async () => {
    markNoticeRead('risk', 'ZH015676')
    const redirect = jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'ok' })
    await openPage(
      ModalsPage,
      'subPkg/pages/portfolio/modals/index',
      { poCode: 'ZH015676', next: 'tradeModal', notices: 'risk' },
      modalsAnswers,
      3,
    )
    expect(redirect).toHaveBeenCalledTimes(1)
    document.body.innerHTML = ''
    redirect.mockClear()
    const odd = await openPage(
      ModalsPage,
      'subPkg/pages/portfolio/modals/index',
      { poCode: 'ZH015676', next: 'https://evil.example', notices: 'risk' },
      modalsAnswers,
      3,
    )
    expect(odd.text()).toContain('智能定投免责声明')
    await click(odd, odd.container.querySelector('.alfa-po-notice--smartAip .alfa-po-notice__ack'))
    expect(redirect).not.toHaveBeenCalled()
  })
})

describe('the advisory service and the trade rules in the signed states', () => {
  const advisor = (over: Record<string, unknown> = {}) => ({
    portfolio: {
      poCode: 'ZH015676',
      poName: '全球多元配置',
      seriesType: null,
      isCustomPlan: false,
      hasAdvisor: true,
      hasSigned: false,
      description: null,
      philosophy: null,
      manager: MANAGER,
      tradeRule: { advisorCharge: null },
      investorMessages: [],
      ...over,
    },
  })

  it('advisory service: 登录 when anonymous, 签约投顾 through the risk disclosure when not signed, 已签约 with the holdings when signed', async () => {
    jest.spyOn(login, 'startLogin').mockResolvedValue('page')
    const nav = jest.spyOn(navigation, 'navigateTo').mockReturnValue(undefined)
    const anon = await openPage(
      AdvisorPage,
      'subPkg/pages/portfolio/advisor/index',
      { poCode: 'ZH015676' },
      { PoAdvisor: () => advisor() },
      3,
    )
    expect(anon.execute.mock.calls[0][1]).toEqual({ poCode: 'ZH015676', needQueryHolding: false })
    expect(anon.container.querySelector('.alfa-po-service--anonymous')?.textContent).toContain('登录')
    document.body.innerHTML = ''
    jest.restoreAllMocks()

    logIn()
    const navAgain = jest.spyOn(navigation, 'navigateTo').mockReturnValue(undefined)
    const unsigned = await openPage(
      AdvisorPage,
      'subPkg/pages/portfolio/advisor/index',
      { poCode: 'ZH015676' },
      { PoAdvisor: () => advisor() },
      3,
    )
    expect(unsigned.container.querySelector('.alfa-po-service--unsigned')?.textContent).toContain('未签约')
    await click(unsigned, unsigned.container.querySelector('.alfa-po-cta'))
    expect(navAgain).toHaveBeenLastCalledWith('portfolioModals', { poCode: 'ZH015676', next: 'tradeModal', notices: 'risk' })
    document.body.innerHTML = ''
    jest.restoreAllMocks()
    answerCache.clear()

    const signed = await openPage(
      AdvisorPage,
      'subPkg/pages/portfolio/advisor/index',
      { poCode: 'ZH015676' },
      {
        PoAdvisor: () => advisor({ hasSigned: true }),
        PortfolioHoldings: () => ({ portfolio: { poCode: 'ZH015676', capitalAccountHoldings: HOLDINGS } }),
      },
      4,
    )
    const card = signed.container.querySelector('.alfa-po-service--signed')
    expect(card?.textContent).toContain('已签约投顾服务中')
    expect(card?.textContent).toContain('持有 12,000.50 份')
    expect(signed.container.querySelector('.alfa-po-cta')?.textContent).toBe('查看持仓')
    expect(nav).not.toHaveBeenCalled()
  })

  it('trade rules: 已签约 for a signed user, 尚未签约 otherwise', async () => {
    const rule = (hasSigned: boolean) => () => ({
      portfolio: {
        poCode: 'ZH015676',
        poName: '全球多元配置',
        seriesType: null,
        isCustomPlan: false,
        hasAdvisor: true,
        hasSigned,
        tradeRule: {
          buying: {
            canBuy: true,
            canNotBuyReason: null,
            canNotBuyResults: [],
            explainUrl: null,
            explainText: null,
            lowestBuyAmount: '1000.00',
            buyFeeRate: '0.001500',
          },
          advisorCharge: null,
          redeeming: { canRedeem: true, cannotRedeemReason: null },
          dates: { currentTxnDate: '2026-11-26', buyExpectConfirmDate: '2026-11-27', incomeVisibleDate: '2026-11-30' },
          regularInvestment: {
            canAip: true,
            canNotAipReason: null,
            canNotAipExplainText: null,
            canNotAipExplainUrl: null,
            canOpenPlan: true,
            aipGuideTips: null,
          },
          other: { communityUrl: null, tradeModes: [], canBaseline: true, cannotBaselineReason: null },
        },
      },
    })
    logIn()
    const unsigned = await openPage(TradeModalPage, 'pages/tradeModal/index', { poCode: 'ZH015676' }, { PoTradeRule: rule(false) }, 3)
    expect(unsigned.container.querySelector('.alfa-po-rule__signed')?.textContent).toBe('您尚未签约该策略的投顾服务，买入前需签约')
    document.body.innerHTML = ''
    jest.restoreAllMocks()
    answerCache.clear()
    const signed = await openPage(TradeModalPage, 'pages/tradeModal/index', { poCode: 'ZH015676' }, { PoTradeRule: rule(true) }, 3)
    expect(signed.container.querySelector('.alfa-po-rule__signed--on')?.textContent).toBe(
      '已签约您已签约该策略的投顾服务，以下为服务中的交易规则',
    )
  })
})

describe('主理人 opens the manager’s profile', () => {
  it('the manager identity on the detail shows their own introduction and opens their profile page', async () => {
    serve({
      Portfolio: () => ({ portfolio: portfolio() }),
      ManagerProfile: (vars) => ({
        fundManager: {
          ...MANAGER,
          managerId: vars.managerId,
          isDemo: true,
          careerStart: '2014-01-01',
          tenureYears: '12.0',
          fundCount: 0,
          bestTenureReturn: null,
          managedFunds: [],
        },
      }),
    })
    const go = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' })
    const detail = await openDetail()
    const card = detail.container.querySelector('.alfa-po-manager')
    expect(card?.parentElement?.textContent).toContain('张三，12年证券从业经验，擅长资产配置。')
    await click(detail, card)
    const url = go.mock.calls[0][0].url
    expect(url).toMatch(/manager/)
    expect(url).toContain('M1001')
    // The page the address opens: the profile of that manager, with the introduction.
    document.body.innerHTML = ''
    const profile = await renderPage(ManagerPage, '/pages/manager/index', { fundManagerId: 'M1001' })
    await profile.utils.act(async () => {
      await flush()
      await flush()
    })
    expect(asked('ManagerProfile').map((s) => s.vars)).toEqual([{ managerId: 'M1001' }])
    expect(profile.text()).toContain('经理简介张三，12年证券从业经验，擅长资产配置。')
  })

  it('主理人 on the strategy information opens the manager’s profile', async () => {
    const nav = jest.spyOn(navigation, 'navigateTo').mockReturnValue(undefined)
    const info = await openPage(
      InformationPage,
      'subPkg/pages/portfolio/information/index',
      { poCode: 'ZH015676' },
      {
        PortfolioInfo: () => ({
          portfolio: {
            poCode: 'ZH015676',
            poName: '全球多元配置',
            seriesType: null,
            isCustomPlan: false,
            createdDate: '2017-06-08',
            runningDays: 3457,
            philosophy: null,
            investStrategy: null,
            investRange: null,
            moneyType: 'Longterm',
            riskLevel: 'Medium',
            followersCount: 10,
            buyersCount: 10,
            manager: MANAGER,
            comparableBenchmarks: [],
          },
        }),
      },
      3,
    )
    await click(info, info.container.querySelector('.alfa-po-info__manager'))
    expect(nav).toHaveBeenLastCalledWith('manager', { fundManagerId: 'M1001' })
  })
})
