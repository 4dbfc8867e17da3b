import Taro from '@tarojs/taro'
import { rememberKinds } from '@/features/portfolio'
import { configureExternalHosts } from '@/services/external'
import type { AdvisorChargeDetailFragment, TradeRuleDetailFragment } from '@/services/generated/graphql'
import { hostStorage } from '@/services/storage'
import TradeModalPage from '@/pages/tradeModal/index'
import ThermometerPage from '@/subPkg/pages/portfolio/thermometer/index'
import InformationPage from '@/subPkg/pages/portfolio/information/index'
import AdvisorPage from '@/subPkg/pages/portfolio/advisor/index'
import AdvisorContentPage from '@/subPkg/pages/portfolio/advisorContent/index'
import FaqPage from '@/subPkg/pages/portfolio/faq/index'
import ModalsPage from '@/subPkg/pages/portfolio/modals/index'
import { openPage, flush, type GraphqlAnswers } from '../support/render'

/** The trade rule of LW000002 on the demo server: advisor charge by asset steps. */
const stepRule = (): TradeRuleDetailFragment & { advisorCharge: AdvisorChargeDetailFragment } => ({
  buying: {
    canBuy: true,
    canNotBuyReason: null,
    canNotBuyResults: [],
    explainUrl: 'https://www.alfa.example/faq/buy',
    explainText: '买入规则说明',
    lowestBuyAmount: '12000.00',
    buyFeeRate: '0.001500',
  },
  advisorCharge: {
    feeRate: '0.005000',
    mode: 'STEP_ASSET',
    beforeFeeRate: '0.008000',
    description: '投顾服务费按日计提，按季度收取',
    stepRates: [
      { lower: '0.00', upper: '100000.00', feeRate: '0.006000', discountFeeRate: '0.004800', description: '0–100000.00元' },
      { lower: '100000.00', upper: '1000000.00', feeRate: '0.005000', discountFeeRate: '0.004000', description: '100000.00–1000000.00元' },
      { lower: '1000000.00', upper: null, feeRate: '0.004000', discountFeeRate: '0.003200', description: '1000000.00元以上' },
    ],
    monthlyCap: '300.00',
    discount: '0.800000',
    displayTexts: ['投顾服务费按日计提，按季度收取'],
  },
  redeeming: { canRedeem: true, cannotRedeemReason: null },
  dates: { currentTxnDate: '2026-11-26', buyExpectConfirmDate: '2026-11-27', incomeVisibleDate: '2026-11-30' },
  regularInvestment: {
    canAip: false,
    canNotAipReason: '长赢S计划暂不支持定投',
    canNotAipExplainText: '了解定投规则',
    canNotAipExplainUrl: 'https://www.alfa.example/faq/aip',
    canOpenPlan: false,
    aipGuideTips: null,
  },
  other: { communityUrl: null, tradeModes: ['FOLLOW'], canBaseline: false, cannotBaselineReason: '该组合不支持底仓' },
})

const head = (poCode: string, poName: string, seriesType: string | null = null) => ({
  poCode,
  poName,
  seriesType,
  isCustomPlan: poCode.startsWith('AP'),
})

const tradeAnswer =
  (poCode: string, poName: string, seriesType: string | null, rule = stepRule()) =>
  () => ({
    portfolio: {
      ...head(poCode, poName, seriesType),
      hasAdvisor: true,
      totalUnit: seriesType ? 150 : null,
      investedUnit: seriesType ? 150 : null,
      tradeRule: rule,
    },
  })

beforeEach(() => {
  // Remembered kinds and acknowledgements live in storage: each test starts without them.
  hostStorage.remove('portfolio_kinds')
  for (const k of ['risk', 'smartAip']) hostStorage.remove(`alfa_po_read:${k}:ZH015676`)
})
afterEach(() => {
  document.body.innerHTML = ''
  jest.restoreAllMocks()
})

const open = (Page: Parameters<typeof openPage>[0], path: string, params: Record<string, string>, answers: GraphqlAnswers) =>
  openPage(Page, path, params, answers, 3)

const operations = (execute: jest.SpyInstance) => execute.mock.calls.map(([doc]) => /\bquery\s+(\w+)/.exec(String(doc))?.[1])

describe('trade modal (Notice): the trade rules, no order', () => {
  it('a step-rate strategy shows each step row (amount ranges in 元, fee and discount rates) and the mode name', async () => {
    rememberKinds([head('LW000002', '长赢S计划', 'LONG_WIN_S')])
    const { text, container } = await open(
      TradeModalPage,
      'pages/tradeModal/index',
      { poCode: 'LW000002' },
      {
        LongwinTradeRule: tradeAnswer('LW000002', '长赢S计划', 'LONG_WIN_S'),
      },
    )
    expect(text()).toContain('长赢S计划')
    expect(text()).toContain('本页仅展示交易规则，不在此下单')
    expect(text()).toContain('按资产阶梯')
    const rows = [...container.querySelectorAll('.alfa-po-steps__row')].map((r) => r.textContent)
    expect(rows).toEqual(['0.00–100,000.00元0.60%0.48%', '100,000.00–1,000,000.00元0.50%0.40%', '1,000,000.00元以上0.40%0.32%'])
    // The before-discount rate is struck through beside the rate.
    expect(container.querySelector('.alfa-po-charge__before')?.textContent).toBe('0.80%')
    expect(container.querySelector('.alfa-po-charge__rate')?.textContent).toBe('0.50%/年')
    expect(text()).toContain('每月上限 300.00元')
    expect(text()).toContain('优惠 8折')
    expect(text()).toContain('起购金额12,000.00元')
    expect(text()).toContain('买入费率0.15%')
    expect(text()).toContain('交易日2026-11-26')
    expect(text()).toContain('预计确认日2026-11-27')
    expect(text()).toContain('收益可见日2026-11-30')
    expect(text()).toContain('暂不支持定投：长赢S计划暂不支持定投')
    expect(text()).toContain('跟随调仓')
    expect(text()).toContain('不支持：该组合不支持底仓')
  })

  it('holding-day steps read as day ranges in 天', async () => {
    const rule = stepRule()
    rule.advisorCharge.mode = 'STEP_HOLDING_DAY'
    rule.advisorCharge.stepRates = [
      { lower: '0', upper: '365', feeRate: '0.006000', discountFeeRate: null, description: null },
      { lower: '365', upper: null, feeRate: '0.004000', discountFeeRate: null, description: null },
    ]
    const { text, container } = await open(
      TradeModalPage,
      'pages/tradeModal/index',
      { poCode: 'ZH020001' },
      {
        PoTradeRule: tradeAnswer('ZH020001', '稳稳的幸福', null, rule),
      },
    )
    expect(text()).toContain('按持有天数阶梯')
    const rows = [...container.querySelectorAll('.alfa-po-steps__row')].map((r) => r.textContent)
    expect(rows).toEqual(['0–365天0.60%--', '365天以上0.40%--'])
  })

  it('when canBuy is false the reason and each fund that cannot be bought are shown', async () => {
    const rule = stepRule()
    rule.buying.canBuy = false
    rule.buying.canNotBuyReason = '组合暂停申购'
    rule.buying.canNotBuyResults = [{ fundCode: '000001', fundName: '甲成长混合', msg: '基金暂停申购' }]
    const { text } = await open(
      TradeModalPage,
      'pages/tradeModal/index',
      { poCode: 'ZH020038' },
      {
        PoTradeRule: tradeAnswer('ZH020038', '月月领零钱', null, rule),
      },
    )
    expect(text()).toContain('暂不可买入：组合暂停申购')
    expect(text()).toContain('甲成长混合基金暂停申购')
    expect(text()).not.toContain('可买入起购')
  })

  it('an unknown poCode is the not-found state', async () => {
    const { text } = await open(
      TradeModalPage,
      'pages/tradeModal/index',
      { poCode: 'ZZ999999' },
      { PoTradeRule: () => ({ portfolio: null }) },
    )
    expect(text()).toContain('策略不存在')
  })

  it('a failure shows the error with a retry that asks again', async () => {
    let fail = true
    const { text, utils, container } = await open(
      TradeModalPage,
      'pages/tradeModal/index',
      { poCode: 'ZH020001' },
      {
        PoTradeRule: () => {
          if (fail) throw new Error('network')
          return tradeAnswer('ZH020001', '稳稳的幸福', null)()
        },
      },
    )
    expect(text()).toContain('加载失败')
    fail = false
    await utils.act(async () => {
      utils.fireEvent.click(container.querySelector('.alfa-empty__action') as HTMLElement)
      await flush()
    })
    await utils.act(flush)
    expect(text()).toContain('稳稳的幸福')
  })
})

describe('the kind of strategy picks the trade rule document', () => {
  it('a remembered long-win code asks LongwinTradeRule', async () => {
    rememberKinds([head('LW000001', '长赢指数投资计划', 'LONG_WIN')])
    const { execute } = await open(
      TradeModalPage,
      'pages/tradeModal/index',
      { poCode: 'LW000001', scene: 'buy' },
      {
        LongwinTradeRule: tradeAnswer('LW000001', '长赢指数投资计划', 'LONG_WIN'),
      },
    )
    expect(operations(execute)).toEqual(['LongwinTradeRule'])
    expect(execute.mock.calls[0][1]).toEqual({ poCode: 'LW000001', scene: 'buy' })
  })

  it('an ordinary code asks PoTradeRule', async () => {
    const { execute } = await open(
      TradeModalPage,
      'pages/tradeModal/index',
      { poCode: 'ZH015676' },
      {
        PoTradeRule: tradeAnswer('ZH015676', '全球多元配置', null),
      },
    )
    expect(operations(execute)).toEqual(['PoTradeRule'])
  })

  it('an AP code (custom plan on the main brand) asks InvestPlanTradeRule', async () => {
    const { execute, text } = await open(
      TradeModalPage,
      'pages/tradeModal/index',
      { poCode: 'AP000001' },
      {
        InvestPlanTradeRule: tradeAnswer('AP000001', '我的养老规划', null),
      },
    )
    expect(operations(execute)).toEqual(['InvestPlanTradeRule'])
    expect(text()).toContain('我的养老规划')
  })

  it('a long-win plan not yet remembered is learnt from the answer and asked with its own document', async () => {
    const { execute, text } = await open(
      TradeModalPage,
      'pages/tradeModal/index',
      { poCode: 'LW000002' },
      {
        PoTradeRule: tradeAnswer('LW000002', '长赢S计划', 'LONG_WIN_S'),
        LongwinTradeRule: tradeAnswer('LW000002', '长赢S计划', 'LONG_WIN_S'),
      },
    )
    expect(operations(execute)).toEqual(['PoTradeRule', 'LongwinTradeRule'])
    expect(text()).toContain('共150份')
  })
})

describe('thermometer: the level and its description at a glance, the advice beneath', () => {
  const thermo = (thermometer: unknown) => () => ({ portfolio: { ...head('ZH015676', '全球多元配置'), thermometer } })

  it('shows the level on the five-segment gauge, the description and how to buy and sell', async () => {
    const { text, container } = await open(
      ThermometerPage,
      'subPkg/pages/portfolio/thermometer/index',
      { poCode: 'ZH015676' },
      {
        PoThermometer: thermo({ level: 4, levelDescription: '偏高', advice: { howToBuy: '减少买入金额。', howToSell: '可以分批止盈。' } }),
      },
    )
    expect(text()).toContain('全球多元配置')
    expect(container.querySelector('.alfa-po-gauge')?.getAttribute('aria-label')).toBe('温度计 4级（共5级）：偏高')
    expect(container.querySelectorAll('.alfa-po-gauge__segment')).toHaveLength(5)
    expect(container.querySelector('.alfa-po-gauge__segment--on')?.className).toContain('alfa-po-gauge__segment--4')
    expect(container.querySelector('.alfa-po-gauge__level')?.textContent).toBe('4')
    expect(container.querySelector('.alfa-po-gauge__description')?.textContent).toBe('偏高')
    expect(text()).toContain('如何买减少买入金额。')
    expect(text()).toContain('如何卖可以分批止盈。')
  })

  it('a strategy without a thermometer says so', async () => {
    const { text } = await open(
      ThermometerPage,
      'subPkg/pages/portfolio/thermometer/index',
      { poCode: 'ZH015676' },
      { PoThermometer: thermo(null) },
    )
    expect(text()).toContain('该策略暂无温度计')
  })

  it('an unknown poCode is the not-found state', async () => {
    const { text } = await open(
      ThermometerPage,
      'subPkg/pages/portfolio/thermometer/index',
      { poCode: 'ZZ999999' },
      {
        PoThermometer: () => ({ portfolio: null }),
      },
    )
    expect(text()).toContain('策略不存在')
  })
})

describe('information: dates, manager, philosophy, benchmarks, followers', () => {
  it('shows the facts with the default benchmark marked and the follower count by the display rule', async () => {
    const { text, container, execute } = await open(
      InformationPage,
      'subPkg/pages/portfolio/information/index',
      { poCode: 'ZH015676' },
      {
        PortfolioInfo: () => ({
          portfolio: {
            ...head('ZH015676', '全球多元配置'),
            createdDate: '2017-06-08',
            runningDays: 3457,
            philosophy: '长期持有、分散配置、纪律再平衡。',
            investStrategy: '以资产配置为核心。',
            investRange: '境内外公募基金',
            moneyType: 'Longterm',
            riskLevel: 'Medium',
            followersCount: 21767,
            buyersCount: 99,
            manager: { managerId: 'M1001', managerName: '黄伟', isVerified: true, avatarUrl: null, url: '' },
            comparableBenchmarks: [
              { indexCode: 'SPX', indexShortName: '标普500', name: '标准普尔500指数', description: '美国大型上市公司', isDefault: true },
              { indexCode: '000300', indexShortName: '沪深300', name: '沪深300指数', description: null, isDefault: false },
            ],
          },
        }),
      },
    )
    expect(execute.mock.calls[0][1]).toEqual({ poCode: 'ZH015676', is0009: false })
    expect(text()).toContain('成立日期2017-06-08')
    expect(text()).toContain('运行天数3457天')
    expect(text()).toContain('主理人黄伟已认证')
    expect(text()).toContain('资金类型长期投资')
    expect(text()).toContain('风险等级中风险')
    expect(text()).toContain('关注人数2.1w+')
    // Under 100 the count shows nothing: no buyers row.
    expect(text()).not.toContain('购买人数')
    expect(text()).toContain('投资理念长期持有、分散配置、纪律再平衡。')
    const benches = [...container.querySelectorAll('.alfa-po-info__bench')].map((b) => b.textContent)
    expect(benches).toEqual(['标准普尔500指数默认美国大型上市公司', '沪深300指数'])
  })
})

describe('advisory service', () => {
  it('shows the advisor, the charge, the investor messages and a link to the Notice', async () => {
    const { text } = await open(
      AdvisorPage,
      'subPkg/pages/portfolio/advisor/index',
      { poCode: 'LW000002' },
      {
        PoAdvisor: () => ({
          portfolio: {
            ...head('LW000002', '长赢S计划', 'LONG_WIN_S'),
            hasAdvisor: true,
            description: '一份一份买入。',
            philosophy: null,
            manager: { managerId: 'M1001', managerName: '黄伟', isVerified: false, avatarUrl: null, url: '' },
            tradeRule: { advisorCharge: stepRule().advisorCharge },
            investorMessages: [
              { id: 'm1', avatar: null, content: '跟着调仓，心里踏实。', likeNum: 933, nickName: '投资者6529', userDays: 457 },
            ],
          },
        }),
      },
    )
    expect(text()).toContain('黄伟')
    expect(text()).toContain('按资产阶梯')
    expect(text()).toContain('投资者6529陪伴457天')
    expect(text()).toContain('跟着调仓，心里踏实。')
    expect(text()).toContain('赞 933')
    expect(text()).toContain('交易须知')
  })

  it('a strategy without advisor shows 该策略暂无投顾服务', async () => {
    const { text } = await open(
      AdvisorPage,
      'subPkg/pages/portfolio/advisor/index',
      { poCode: 'ZH015677' },
      {
        PoAdvisor: () => ({
          portfolio: {
            ...head('ZH015677', '积极成长优选'),
            hasAdvisor: false,
            description: null,
            philosophy: null,
            manager: null,
            tradeRule: { advisorCharge: null },
            investorMessages: [],
          },
        }),
      },
    )
    expect(text()).toContain('该策略暂无投顾服务')
  })
})

describe('advisor content', () => {
  it('lists the reports of the strategy, and the manager talks on the other tab', async () => {
    const post = (postId: string, title: string, type: string) => ({
      postId,
      title,
      url: null,
      type,
      postedDate: '2026-08-07T02:00:00.000Z',
      postedBy: '主理人',
      coverUrl: null,
    })
    const { text, utils, container, execute } = await open(
      AdvisorContentPage,
      'subPkg/pages/portfolio/advisorContent/index',
      { poCode: 'ZH015676' },
      {
        AdvisorContentPosts: (vars) => ({
          portfolio: {
            ...head('ZH015676', '全球多元配置'),
            timelinePosts: {
              totalCount: 1,
              pageInfo: { cursor: null, hasMore: false },
              list: [vars.type === 'AdvisorReport' ? post('p1', '投顾月报6', 'AdvisorReport') : post('p2', '主理人说2', 'ManagerTalk')],
            },
          },
        }),
      },
    )
    expect(text()).toContain('全球多元配置')
    expect(text()).toContain('投顾月报6')
    expect(text()).toContain('主理人 · 2026-08-07')
    await utils.act(async () => {
      utils.fireEvent.click(container.querySelectorAll('.at-tabs__item')[1])
      await flush()
    })
    await utils.act(flush)
    expect(text()).toContain('主理人说2')
    expect(execute.mock.calls.map(([, v]) => (v as { type: string }).type)).toEqual(['AdvisorReport', 'ManagerTalk'])
  })

  describe('without a poCode: every strategy’s advisor content the brand may see, newest first', () => {
    const item = (postId: string, title: string, type: string, poCode: string, poName: string) => ({
      postId,
      title,
      url: `https://community.alfa.example/post/${postId}`,
      type,
      postedDate: '2026-09-30T10:00:00+08:00',
      postedBy: '主理人',
      poCode,
      poName,
    })
    const answers = {
      AllAdvisorContent: (vars: Record<string, unknown>) => ({
        advisorContent:
          vars.type === 'ManagerTalk'
            ? {
                totalCount: 1,
                pageInfo: { cursor: null, hasMore: false },
                list: [item('T1', '主理人说1', 'ManagerTalk', 'LW000001', '长赢指数投资计划')],
              }
            : {
                totalCount: 3,
                pageInfo: {
                  cursor: (vars.page as { cursor: string | null }).cursor ? null : 'Mg',
                  hasMore: !(vars.page as { cursor: string | null }).cursor,
                },
                list: (vars.page as { cursor: string | null }).cursor
                  ? [item('R3', '投顾月报3', 'AdvisorReport', 'AP000001', '投资计划一号')]
                  : [
                      item('R1', '投顾月报1', 'AdvisorReport', 'ZH015676', '全球多元配置'),
                      item('T2', '主理人说2', 'ManagerTalk', 'ZH015677', '积极成长优选'),
                    ],
              },
      }),
    }
    it('lists each post with its strategy, pages on, filters by kind', async () => {
      const { text, container, utils, execute } = await open(AdvisorContentPage, 'subPkg/pages/portfolio/advisorContent/index', {}, answers)
      expect(text()).not.toContain('未指定策略')
      expect(text()).toContain('投顾月报1')
      expect(text()).toContain('全球多元配置 ›')
      expect(text()).toContain('积极成长优选 ›')
      expect(text()).toContain('投顾报告 · 主理人 · 2026-09-30')
      await utils.act(async () => {
        utils.fireEvent.click(container.querySelector('.alfa-load-more--more') as HTMLElement)
        await flush()
      })
      expect(text()).toContain('投资计划一号')
      expect(execute.mock.calls.map(([, v]) => v)).toEqual([
        { type: null, page: { cursor: null, size: 10 } },
        { type: null, page: { cursor: 'Mg', size: 10 } },
      ])
      await utils.act(async () => {
        utils.fireEvent.click(container.querySelectorAll('.at-tabs__item')[2])
        await flush()
      })
      await utils.act(flush)
      expect(text()).toContain('主理人说1')
      expect(text()).not.toContain('投顾月报1')
      expect(execute.mock.calls[2][1]).toEqual({ type: 'ManagerTalk', page: { cursor: null, size: 10 } })
    })
    it('a post’s strategy opens the strategy; the post opens through the link rules', async () => {
      const navigate = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' })
      const { container, utils } = await open(AdvisorContentPage, 'subPkg/pages/portfolio/advisorContent/index', {}, answers)
      await utils.act(async () => {
        utils.fireEvent.click(container.querySelectorAll('.alfa-po-post__strategy')[1])
      })
      expect(navigate.mock.calls[0][0].url).toMatch(/^\/alfa\/portfolio\/ZH015677\?ts=\d+$/)
      await utils.act(async () => {
        utils.fireEvent.click(container.querySelector('.alfa-po-post__title') as HTMLElement)
      })
      // community.alfa.example is off this test's allow-list: the refusal page, with the address.
      expect(navigate.mock.calls[1][0].url).toContain(
        '/subPkg/pages/externalLink/index?url=https%3A%2F%2Fcommunity.alfa.example%2Fpost%2FR1',
      )
    })
    it('nothing yet: says so', async () => {
      const { text } = await open(
        AdvisorContentPage,
        'subPkg/pages/portfolio/advisorContent/index',
        {},
        {
          AllAdvisorContent: () => ({ advisorContent: { totalCount: 0, pageInfo: { cursor: null, hasMore: false }, list: [] } }),
        },
      )
      expect(text()).toContain('暂无投顾内容')
    })
  })
})

describe('FAQ: questions as an accordion', () => {
  const faq = [
    { question: '这个组合适合谁？', answer: '适合认同长期投资的投资者。', link: null },
    { question: '如何买入？', answer: '点击买入按钮，按组合比例一键买入。', link: 'https://www.alfa.example/faq/buy' },
  ]

  it('a tap on a question expands its answer (with its link), a second tap folds it', async () => {
    configureExternalHosts(['www.alfa.example'])
    const { text, utils, container } = await open(
      FaqPage,
      'subPkg/pages/portfolio/faq/index',
      { poCode: 'ZH015676' },
      {
        PoFaq: () => ({ portfolio: { ...head('ZH015676', '全球多元配置'), faq } }),
      },
    )
    expect(text()).toContain('如何买入？')
    expect(text()).not.toContain('一键买入')
    const question = container.querySelectorAll('.alfa-po-faq__question')[1] as HTMLElement
    await utils.act(async () => {
      utils.fireEvent.click(question)
    })
    expect(text()).toContain('点击买入按钮，按组合比例一键买入。')
    expect(text()).toContain('了解更多')
    expect(question.getAttribute('aria-expanded')).toBe('true')
    await utils.act(async () => {
      utils.fireEvent.click(question)
    })
    expect(text()).not.toContain('一键买入')
  })

  it('a remembered long-win plan asks LongwinFaq', async () => {
    rememberKinds([head('LW000001', '长赢指数投资计划', 'LONG_WIN')])
    const { execute } = await open(
      FaqPage,
      'subPkg/pages/portfolio/faq/index',
      { poCode: 'LW000001' },
      {
        LongwinFaq: () => ({ portfolio: { ...head('LW000001', '长赢指数投资计划', 'LONG_WIN'), faq } }),
      },
    )
    expect(operations(execute)).toEqual(['LongwinFaq'])
  })
})

describe('notices (/modals): risk disclosure and the smart-AIP disclaimer, each acknowledged once per device', () => {
  it('shows the disclaimer when the server says so and remembers 我已阅读', async () => {
    const answers: GraphqlAnswers = {
      PortfolioModals: () => ({
        displaySmartAipDisclaimerPopup: true,
        portfolio: { ...head('ZH015676', '全球多元配置'), riskLevel: 'Medium' },
      }),
    }
    const first = await open(ModalsPage, 'subPkg/pages/portfolio/modals/index', { poCode: 'ZH015676' }, answers)
    expect(first.text()).toContain('风险揭示')
    expect(first.text()).toContain('该策略风险等级为中风险。')
    expect(first.text()).toContain('智能定投免责声明')
    expect(first.container.querySelectorAll('.alfa-po-notice__ack')).toHaveLength(2)
    await first.utils.act(async () => {
      first.utils.fireEvent.click(first.container.querySelector('.alfa-po-notice--risk .alfa-po-notice__ack') as HTMLElement)
    })
    expect(first.container.querySelector('.alfa-po-notice--risk')?.textContent).toContain('已阅读')
    document.body.innerHTML = ''
    jest.restoreAllMocks()
    const again = await open(ModalsPage, 'subPkg/pages/portfolio/modals/index', { poCode: 'ZH015676' }, answers)
    expect(again.container.querySelector('.alfa-po-notice--risk .alfa-po-notice__ack')).toBeNull()
    expect(again.container.querySelector('.alfa-po-notice--smartAip .alfa-po-notice__ack')).not.toBeNull()
  })

  it('no disclaimer when the server says not; an unknown poCode is not found', async () => {
    const none = await open(
      ModalsPage,
      'subPkg/pages/portfolio/modals/index',
      {},
      {
        PortfolioModals: () => ({ displaySmartAipDisclaimerPopup: false }),
      },
    )
    expect(none.text()).toContain('风险揭示')
    expect(none.text()).not.toContain('智能定投免责声明')
    document.body.innerHTML = ''
    jest.restoreAllMocks()
    const unknown = await open(
      ModalsPage,
      'subPkg/pages/portfolio/modals/index',
      { poCode: 'ZZ999999' },
      {
        PortfolioModals: () => ({ displaySmartAipDisclaimerPopup: false, portfolio: null }),
      },
    )
    expect(unknown.text()).toContain('策略不存在')
  })
})

describe('the trade rule by scene (PoTradeRule scene: buy, aip, redeem)', () => {
  const answers = {
    PoTradeRule: (vars: Record<string, unknown>) => {
      const rule = stepRule()
      // As the server answers the redeem scene: the day the money arrives in place of the income day.
      if (vars.scene === 'redeem') rule.dates.incomeVisibleDate = '2026-12-01'
      if (vars.scene === 'aip') rule.other.tradeModes = ['AIP']
      return tradeAnswer('ZH020001', '稳稳的幸福', null, rule)()
    },
  }
  const tabsOf = (container: HTMLElement) => [...container.querySelectorAll('.alfa-po-rule__scenes .at-tabs__item')]
  const active = (container: HTMLElement) => tabsOf(container).find((t) => t.className.includes('at-tabs__item--active'))?.textContent

  it('opens on 买入 and asks each tab’s scene; 卖出 reads the arrival day', async () => {
    const page = await open(TradeModalPage, 'pages/tradeModal/index', { poCode: 'ZH020001' }, answers)
    expect(tabsOf(page.container).map((t) => t.textContent)).toEqual(['买入', '定投', '卖出'])
    expect(active(page.container)).toBe('买入')
    expect(page.execute.mock.calls.at(-1)?.[1]).toMatchObject({ poCode: 'ZH020001', scene: 'buy' })
    expect(page.text()).toContain('收益可见日2026-11-30')
    await page.utils.act(async () => page.utils.fireEvent.click(tabsOf(page.container)[2]))
    await page.utils.act(flush)
    await page.utils.act(flush)
    expect(page.execute.mock.calls.at(-1)?.[1]).toMatchObject({ poCode: 'ZH020001', scene: 'redeem' })
    expect(active(page.container)).toBe('卖出')
    expect(page.text()).toContain('预计到账日2026-12-01')
    expect(page.text()).not.toContain('收益可见日')
  })

  it('opened with ?scene=aip it starts on 定投 and lists the AIP trade mode', async () => {
    const page = await open(TradeModalPage, 'pages/tradeModal/index', { poCode: 'ZH020001', scene: 'aip' }, answers)
    expect(active(page.container)).toBe('定投')
    expect(page.execute.mock.calls.at(-1)?.[1]).toMatchObject({ scene: 'aip' })
    expect(page.text()).toContain('支持方式定投')
  })
})
