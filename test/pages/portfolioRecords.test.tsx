import * as navigation from '@/services/navigation'
import Taro from '@tarojs/taro'
import * as web from '@/platform/web'
import { configureExternalHosts, externalHosts } from '@/services/external'
import { expiringStorage } from '@/services/storage'
import AdjustmentPage from '@/subPkg/pages/portfolio/adjustment/index'
import SignalPage from '@/subPkg/pages/portfolio/signal/index'
import DailyNavPage from '@/subPkg/pages/portfolio/dailyNav/index'
import AipListPage from '@/subPkg/pages/portfolio/aipList/index'
import AipDetailPage from '@/subPkg/pages/portfolio/aipDetail/index'
import TimelinePage from '@/subPkg/pages/portfolio/timeline/index'
import { openPage, flush, type GraphqlAnswers } from '../support/render'

jest.mock('@/components/Chart', () => {
  const actual = jest.requireActual('@/components/Chart')
  return {
    ...actual,
    Chart: ({ series, format }: { series: Array<{ name: string; data: Array<{ value: number | null }> }>; format?: string }) => (
      <div className='chart-stub' data-format={format}>
        {series.map((s) => `${s.name}:${s.data.map((p) => p.value).join('/')}`).join(',')}
      </div>
    ),
  }
})

const page = <T,>(list: T[], cursor: string | null, totalCount = 3) => ({
  totalCount,
  pageInfo: { cursor, hasMore: !!cursor },
  list,
})

const open = (Page: Parameters<typeof openPage>[0], path: string, params: Record<string, string>, answers: GraphqlAnswers) =>
  openPage(Page, path, params, answers)

async function click(
  utils: { act: (f: () => unknown) => Promise<unknown>; fireEvent: { click: (el: Element) => void } },
  el: Element | null,
) {
  expect(el).not.toBeNull()
  await utils.act(async () => {
    utils.fireEvent.click(el as Element)
  })
  await utils.act(flush)
  await utils.act(flush)
}

const savedHosts = externalHosts()
afterEach(() => {
  document.body.innerHTML = ''
  jest.restoreAllMocks()
  configureExternalHosts(savedHosts)
})

// ---------------------------------------------------------------- adjustment

const fund = (fundCode: string, fundName: string) => ({ fundCode, fundName })
const adjustment = (adjustmentId: string, date: string) => ({
  adjustmentId,
  date,
  comment: '降低权益仓位，增加债券。',
  articleLink: `/subPkg/pages/article/index?articleId=ADJ-${adjustmentId}`,
  article: { text: '调仓说明', link: `/subPkg/pages/article/index?articleId=ADJ-${adjustmentId}` },
  groups: [
    {
      categoryCode: 'EQUITY',
      categoryName: '权益类',
      movementName: '调出',
      beforePercent: '0.2334',
      afterPercent: '0.1167',
      parts: [
        {
          movement: 'Out',
          movementName: '调出',
          beforePercent: '0.2334',
          afterPercent: '0.1167',
          varietyName: '混合型',
          fund: fund('446062', '嘉实优势企业混合'),
        },
      ],
    },
  ],
  buyOrders: [{ variety: '债券型', tradeUnit: 2, fund: fund('364960', '工银瑞信纯债债券A') }],
  redeemOrders: [{ variety: '混合型', tradeUnit: 1, fund: fund('446062', '嘉实优势企业混合') }],
})
const CHART = {
  portfolio: {
    poCode: 'ZH015676',
    adjustmentChart: [
      { date: '2025-08-01', adjustmentId: 'A1', groups: [{ categoryCode: 'EQUITY', categoryName: '权益类', percent: '0.2334' }] },
      { date: '2025-10-31', adjustmentId: 'A2', groups: [{ categoryCode: 'FIXED', categoryName: '固收类', percent: '0.35' }] },
      { date: '2026-08-14', adjustmentId: 'A3', groups: [{ categoryCode: 'EQUITY', categoryName: '权益类', percent: '0.1167' }] },
    ],
  },
}
const adjustmentAnswer = (v: Record<string, unknown>, chart = CHART.portfolio.adjustmentChart) => {
  const cursor = (v.page as { cursor?: string }).cursor
  return {
    portfolio: {
      poCode: 'ZH015676',
      poName: '全球多元配置',
      isModelPo: true,
      adjustments: cursor
        ? page([adjustment('A0', '2024-03-05')], null)
        : page([adjustment('A3', '2026-08-14'), adjustment('A2', '2025-10-31')], 'Mg'),
      ...(v.needPreference ? { preference: { hasAdjustmentHistoryPage: true, displayAdjustmentPoint: true } } : {}),
      // The chart comes with the first page (one round trip).
      ...(v.needCategoryDict ? { adjustmentChart: chart } : {}),
    },
    ...(v.needCategoryDict ? { categoryDict: [{ code: 'EQUITY', name: '权益类' }] } : {}),
  }
}

describe('adjustment records: a timeline of adjustments with the category-weight chart', () => {
  it('shows the name, each adjustment with its date, before → after percents, orders, comment and article', async () => {
    const { text, container } = await open(
      AdjustmentPage,
      'subPkg/pages/portfolio/adjustment/index',
      { poCode: 'ZH015676' },
      {
        Adjustment: adjustmentAnswer,
      },
    )
    expect(text()).toContain('全球多元配置')
    expect(container.querySelector('.alfa-po-rec__date')?.textContent).toBe('08-14')
    expect(container.querySelector('.alfa-po-rec__year')?.textContent).toBe('2026')
    expect(text()).toContain('权益类')
    expect(text()).toContain('23.34% → 11.67%')
    expect(container.querySelector('.alfa-po-rec__move--Out')?.textContent).toBe('调出')
    expect(text()).toContain('工银瑞信纯债债券A')
    expect(text()).toContain('2份')
    expect(text()).toContain('降低权益仓位，增加债券。')
    // The article link comes last in its record.
    const body = container.querySelector('.alfa-po-rec__body') as HTMLElement
    expect(body.lastElementChild?.textContent).toContain('调仓说明')
  })

  it('draws one ratio line per category, each keeping its weight until it moves again', async () => {
    const { container } = await open(
      AdjustmentPage,
      'subPkg/pages/portfolio/adjustment/index',
      { poCode: 'ZH015676' },
      {
        Adjustment: adjustmentAnswer,
      },
    )
    const chart = container.querySelector('.chart-stub')
    expect(chart?.getAttribute('data-format')).toBe('ratio')
    expect(chart?.textContent).toBe('权益类:0.2334/0.2334/0.1167,固收类:/0.35/0.35')
  })

  it('draws no chart with fewer than two adjustments', async () => {
    const { container, text } = await open(
      AdjustmentPage,
      'subPkg/pages/portfolio/adjustment/index',
      { poCode: 'ZH015676' },
      {
        Adjustment: (v) => adjustmentAnswer(v, CHART.portfolio.adjustmentChart.slice(0, 1)),
      },
    )
    expect(container.querySelector('.chart-stub')).toBeNull()
    expect(text()).toContain('全球多元配置')
  })

  it('loads the second page on LoadMore with the cursor, without the preference and dictionary', async () => {
    const { container, utils, execute } = await open(
      AdjustmentPage,
      'subPkg/pages/portfolio/adjustment/index',
      { poCode: 'ZH015676' },
      {
        Adjustment: adjustmentAnswer,
      },
    )
    expect(execute).toHaveBeenCalledWith(expect.anything(), {
      poCode: 'ZH015676',
      page: { size: 10 },
      needPreference: true,
      needCategoryDict: true,
    })
    expect(container.querySelectorAll('.alfa-po-rec').length).toBe(2)
    await click(utils, container.querySelector('.alfa-load-more--more'))
    expect(container.querySelectorAll('.alfa-po-rec').length).toBe(3)
    expect(execute).toHaveBeenCalledWith(expect.anything(), {
      poCode: 'ZH015676',
      page: { cursor: 'Mg', size: 10 },
      needPreference: false,
      needCategoryDict: false,
      isModelPo: true,
    })
    expect(container.querySelector('.alfa-load-more--noMore')).not.toBeNull()
  })

  it('the 调仓说明 opens our own article inside the app (link rules)', async () => {
    const navigate = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' })
    const assign = jest.spyOn(web, 'assignLocation').mockImplementation(() => undefined)
    const { container, utils } = await open(
      AdjustmentPage,
      'subPkg/pages/portfolio/adjustment/index',
      { poCode: 'ZH015676' },
      {
        Adjustment: adjustmentAnswer,
      },
    )
    const first = container.querySelector('.alfa-po-rec__link')
    expect(first?.textContent).toContain('调仓说明')
    await click(utils, first)
    expect(navigate).toHaveBeenCalledTimes(1)
    expect(navigate.mock.calls[0][0].url).toMatch(/^\/subPkg\/pages\/article\/index\?articleId=ADJ-[\w-]+&ts=\d+$/)
    expect(assign).not.toHaveBeenCalled()
  })

  it('an unknown poCode shows 策略不存在', async () => {
    const { text } = await open(
      AdjustmentPage,
      'subPkg/pages/portfolio/adjustment/index',
      { poCode: 'ZZ999999' },
      {
        Adjustment: () => ({ portfolio: null }),
      },
    )
    expect(text()).toContain('策略不存在')
  })

  it('no adjustments yet: an empty state that says so, under the name', async () => {
    const { text } = await open(
      AdjustmentPage,
      'subPkg/pages/portfolio/adjustment/index',
      { poCode: 'ZH015676' },
      {
        Adjustment: () => ({ portfolio: { poCode: 'ZH015676', poName: '全球多元配置', isModelPo: true, adjustments: page([], null, 0) } }),
      },
    )
    expect(text()).toContain('全球多元配置')
    expect(text()).toContain('暂无调仓记录')
  })

  it('a failed load shows the error with a retry that asks again', async () => {
    let fail = true
    const { text, container, utils } = await open(
      AdjustmentPage,
      'subPkg/pages/portfolio/adjustment/index',
      { poCode: 'ZH015676' },
      {
        Adjustment: (v) => {
          if (fail) throw new Error('offline')
          return adjustmentAnswer(v)
        },
      },
    )
    expect(text()).toContain('加载失败')
    fail = false
    await click(utils, container.querySelector('.alfa-empty__action'))
    expect(text()).toContain('全球多元配置')
  })
})

// ---------------------------------------------------------------- signal

const signal = (sigId: string, date: string) => ({
  sigId,
  date,
  shortDescription: '买入1份行业基金',
  signalActionName: '买入',
  displaySignalAmount: true,
  introduction: { title: '买入信号', description: '根据估值与趋势发出的操作信号。', link: 'https://www.alfa.example/signal/1' },
  buyOrders: [{ percent: '0.09', amount: '4500', fund: fund('446062', '嘉实优势企业混合') }],
  convertOrders: [{ percent: '0.07', fund: fund('000001', '南方纳斯达克100QDIIA'), targetFund: fund('702885', '广发均衡混合A') }],
})
const signalsAnswer = (v: Record<string, unknown>) => ({
  portfolio: {
    poCode: 'LW000001',
    poName: '长赢指数投资计划',
    signals: (v.page as { cursor?: string }).cursor
      ? page([signal('S1', '2026-01-05')], null)
      : page([signal('S3', '2026-08-14'), signal('S2', '2026-05-27')], 'Mg'),
  },
})

describe('signal records: departure signals as a timeline', () => {
  it('shows date, action, description, buy orders with percent and amount, conversions and the introduction', async () => {
    const { text, container } = await open(
      SignalPage,
      'subPkg/pages/portfolio/signal/index',
      { poCode: 'LW000001' },
      { Signals: signalsAnswer },
    )
    expect(text()).toContain('长赢指数投资计划')
    expect(container.querySelector('.alfa-po-rec__date')?.textContent).toBe('08-14')
    expect(container.querySelector('.alfa-po-rec__badge')?.textContent).toBe('买入')
    expect(text()).toContain('买入1份行业基金')
    expect(text()).toContain('9.00%')
    expect(text()).toContain('4,500.00元')
    expect(text()).toContain('南方纳斯达克100QDIIA → 广发均衡混合A')
    expect(text()).toContain('7.00%')
    expect(text()).toContain('买入信号')
    expect(text()).toContain('根据估值与趋势发出的操作信号。')
  })

  it('hides the amounts when displaySignalAmount is false', async () => {
    const { text } = await open(
      SignalPage,
      'subPkg/pages/portfolio/signal/index',
      { poCode: 'LW000001' },
      {
        Signals: (v) => {
          const a = signalsAnswer(v)
          a.portfolio.signals.list = a.portfolio.signals.list.map((s) => ({ ...s, displaySignalAmount: false }))
          return a
        },
      },
    )
    expect(text()).toContain('9.00%')
    expect(text()).not.toContain('4,500.00元')
  })

  it('loads the second page on LoadMore with the cursor', async () => {
    const { container, utils, execute } = await open(
      SignalPage,
      'subPkg/pages/portfolio/signal/index',
      { poCode: 'LW000001' },
      {
        Signals: signalsAnswer,
      },
    )
    expect(container.querySelectorAll('.alfa-po-rec').length).toBe(2)
    await click(utils, container.querySelector('.alfa-load-more--more'))
    expect(execute).toHaveBeenCalledWith(expect.anything(), { poCode: 'LW000001', page: { cursor: 'Mg', size: 10 } })
    expect(container.querySelectorAll('.alfa-po-rec').length).toBe(3)
    expect(container.querySelector('.alfa-load-more--noMore')).not.toBeNull()
  })

  it('an unknown poCode shows 策略不存在', async () => {
    const { text } = await open(
      SignalPage,
      'subPkg/pages/portfolio/signal/index',
      { poCode: 'ZZ999999' },
      { Signals: () => ({ portfolio: null }) },
    )
    expect(text()).toContain('策略不存在')
  })
})

// ---------------------------------------------------------------- daily NAV

const navAnswer = (seriesType: string | null) => (v: Record<string, unknown>) => ({
  portfolio: {
    poCode: 'LW000002',
    poName: '长赢S计划',
    seriesType,
    ...(v.withChart
      ? {
          navHistory: {
            series: [
              { date: '2026-09-29', value: '1.0917' },
              { date: '2026-09-30', value: '1.0843' },
            ],
          },
        }
      : {}),
    dailyNavs: page(
      [
        { date: '2026-09-30', value: '1.08431', dailyReturn: '-0.006778' },
        { date: '2026-09-29', value: '1.0917', dailyReturn: '0.002479' },
      ],
      null,
      2,
    ),
  },
})

describe('strategy movement: the NAV chart and the daily NAVs', () => {
  it('shows NAVs with 4 decimals and signed, coloured daily returns under a nav chart', async () => {
    const { text, container } = await open(
      DailyNavPage,
      'subPkg/pages/portfolio/dailyNav/index',
      { poCode: 'ZH015676' },
      {
        DailyNav: navAnswer(null),
      },
    )
    expect(text()).toContain('长赢S计划')
    expect(container.querySelector('.chart-stub')?.getAttribute('data-format')).toBe('nav')
    expect(container.querySelector('.chart-stub')?.textContent).toBe('策略净值:1.0917/1.0843')
    const rows = container.querySelectorAll('.alfa-po-nav-table__row:not(.alfa-po-nav-table__row--head)')
    expect(rows[0].textContent).toContain('2026-09-30')
    expect(rows[0].textContent).toContain('1.0843')
    expect(rows[0].querySelector('.alfa-num--down')?.textContent).toBe('-0.68%')
    expect(rows[1].querySelector('.alfa-num--up')?.textContent).toBe('+0.25%')
    // The chart says the day of its latest NAV (issue 22).
    expect(container.querySelector('.alfa-po-rec-chart .alfa-section__head .alfa-asof')?.textContent).toBe('截至 2026-09-30')
  })

  it('a day’s 日涨跌 opens its 口径 when the day before is listed (issue #25)', async () => {
    const { container, utils } = await open(
      DailyNavPage,
      'subPkg/pages/portfolio/dailyNav/index',
      { poCode: 'ZH015676' },
      { DailyNav: navAnswer(null) },
    )
    const rows = container.querySelectorAll('.alfa-po-nav-table__row:not(.alfa-po-nav-table__row--head)')
    // The oldest listed day has no day before it here: nothing to explain.
    expect(rows[1].querySelector('[role="button"]')).toBeNull()
    const button = rows[0].querySelector('[role="button"][data-figure="2026-09-30"]') as HTMLElement
    expect(button.getAttribute('aria-haspopup')).toBe('dialog')
    await utils.act(async () => {
      button.click()
    })
    const sheet = document.querySelector('.alfa-basis') as HTMLElement
    expect(sheet.getAttribute('aria-label')).toBe('2026-09-30 日涨跌的计算口径')
    expect(sheet.textContent).toContain('日涨跌 = 当日净值 ÷ 前一净值日净值 − 1 = 1.0843 ÷ 1.0917 − 1 = -0.68%')
  })

  it('asks with the range of the period tab and isLongWinS for a LONG_WIN_S plan', async () => {
    const { container, utils, execute } = await open(
      DailyNavPage,
      'subPkg/pages/portfolio/dailyNav/index',
      { poCode: 'LW000002' },
      {
        DailyNav: navAnswer('LONG_WIN_S'),
      },
    )
    expect(execute).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ poCode: 'LW000002', range: '1Y', isLongWinS: true }))
    await click(utils, container.querySelector('[data-period="THREE_MONTH"]'))
    expect(execute).toHaveBeenLastCalledWith(expect.anything(), {
      poCode: 'LW000002',
      range: '3M',
      isLongWinS: true,
      page: { size: 20 },
      withChart: true,
    })
  })

  it('an unknown poCode shows 策略不存在', async () => {
    const { text } = await open(
      DailyNavPage,
      'subPkg/pages/portfolio/dailyNav/index',
      { poCode: 'ZZ999999' },
      {
        DailyNav: () => ({ portfolio: null }),
      },
    )
    expect(text()).toContain('策略不存在')
  })
})

// ---------------------------------------------------------------- AIP list and detail

const advice = (sigId: string, issueNumber: number, buyRate = '0.9') => ({
  sigId,
  buyDate: '2026-09-02',
  buyRate,
  issueNumber,
  buyValidUntilTime: '2026-09-05T07:00:00.000Z',
  introduction: {
    tags: ['纪律', '高位少投'],
    title: `第${issueNumber}期定投建议`,
    description: '根据市场温度调整本期定投金额。',
    link: null,
  },
  buyOrders: [
    { fundCode: '446062', fundName: '嘉实优势企业混合', percent: '0.1167' },
    { fundCode: '364960', fundName: '工银瑞信纯债债券A', percent: '0.35' },
  ],
})
const aipAnswers = (popup: boolean, support = true): GraphqlAnswers => ({
  AipAdvices: (v) => ({
    // Asked with the first page in the same request.
    ...(v.askPopup ? { displaySmartAipDisclaimerPopup: popup } : {}),
    portfolio: {
      poCode: 'ZH015676',
      poName: '全球多元配置',
      isSupportSmartAip: support,
      aipAdvices: support ? page([advice('AIP-24', 24), advice('AIP-23', 23, '1.500000')], null, 2) : page([], null, 0),
    },
  }),
})

describe('regular-investment suggestions', () => {
  beforeEach(() => expiringStorage.remove('smart_aip_disclaimer:ZH015676'))

  it('lists each issue with buy date, buy multiple, valid-until time in Shanghai, tags and title; a row opens its detail', async () => {
    const nav = jest.spyOn(navigation, 'navigateTo').mockImplementation(() => Promise.resolve() as never)
    const { text, container, utils } = await open(
      AipListPage,
      'subPkg/pages/portfolio/aipList/index',
      { poCode: 'ZH015676' },
      aipAnswers(false),
    )
    expect(text()).toContain('全球多元配置')
    expect(text()).toContain('第24期')
    expect(text()).toContain('买入日 2026-09-02')
    expect([...container.querySelectorAll('[data-figure="buyRate"]')].map((e) => e.textContent)).toEqual(['0.9 倍', '1.5 倍'])
    expect(text()).toContain('0.9 倍建议定投倍数')
    expect(text()).not.toMatch(/90\.00%|150\.00%/)
    expect(text()).toContain('2026-09-05 15:00')
    expect(text()).toContain('高位少投')
    expect(text()).toContain('第24期定投建议')
    await click(utils, container.querySelector('.alfa-po-aip'))
    expect(nav).toHaveBeenCalledWith('portfolioAipDetail', { poCode: 'ZH015676', sigId: 'AIP-24' })
  })

  it('shows the disclaimer when the server says so, and not again after 我知道了', async () => {
    const first = await open(AipListPage, 'subPkg/pages/portfolio/aipList/index', { poCode: 'ZH015676' }, aipAnswers(true))
    expect(first.container.querySelector('.alfa-po-aip-disclaimer')).not.toBeNull()
    expect(first.text()).toContain('智能定投说明')
    await click(first.utils, first.container.querySelector('.alfa-po-aip-disclaimer__ok'))
    expect(first.container.querySelector('.alfa-po-aip-disclaimer')).toBeNull()
    document.body.innerHTML = ''
    jest.restoreAllMocks()

    const again = await open(AipListPage, 'subPkg/pages/portfolio/aipList/index', { poCode: 'ZH015676' }, aipAnswers(true))
    expect(again.text()).toContain('第24期')
    expect(again.container.querySelector('.alfa-po-aip-disclaimer')).toBeNull()
    // Once acknowledged the popup is not even asked about.
    expect(again.execute).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ askPopup: false }))
    expect(again.execute).not.toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ askPopup: true }))
  })

  it('no disclaimer when the server says not to show it', async () => {
    const { container, text } = await open(AipListPage, 'subPkg/pages/portfolio/aipList/index', { poCode: 'ZH015676' }, aipAnswers(false))
    expect(text()).toContain('第24期')
    expect(container.querySelector('.alfa-po-aip-disclaimer')).toBeNull()
  })

  it('a strategy without smart AIP says it offers no 定投建议', async () => {
    const { text } = await open(AipListPage, 'subPkg/pages/portfolio/aipList/index', { poCode: 'ZH015676' }, aipAnswers(false, false))
    expect(text()).toContain('全球多元配置')
    expect(text()).toContain('该策略不提供定投建议')
  })

  it('an unknown poCode shows 策略不存在', async () => {
    const { text } = await open(
      AipListPage,
      'subPkg/pages/portfolio/aipList/index',
      { poCode: 'ZZ999999' },
      {
        AipAdvices: () => ({ portfolio: null }),
      },
    )
    expect(text()).toContain('策略不存在')
  })

  it('the detail shows the issue, figures, introduction and the funds, which open their fund page', async () => {
    const nav = jest.spyOn(navigation, 'navigateTo').mockImplementation(() => Promise.resolve() as never)
    const { text, container, utils, execute } = await open(
      AipDetailPage,
      'subPkg/pages/portfolio/aipDetail/index',
      { poCode: 'ZH015676', sigId: 'AIP-24' },
      { AipAdvice: () => ({ portfolio: { poCode: 'ZH015676', poName: '全球多元配置' }, aipAdvice: advice('AIP-24', 24) }) },
    )
    expect(execute).toHaveBeenCalledWith(expect.anything(), { poCode: 'ZH015676', sigId: 'AIP-24' })
    expect(text()).toContain('全球多元配置')
    expect(text()).toContain('第24期')
    expect(text()).toContain('2026-09-05 15:00')
    // The multiple of the usual amount, as on the list (issue 22: never 150.00%).
    expect(container.querySelector('[data-figure="buyRate"]')?.textContent).toBe('0.9 倍')
    expect(text()).toContain('根据市场温度调整本期定投金额。')
    expect(text()).toContain('364960')
    expect(text()).toContain('35.00%')
    await click(utils, container.querySelector('.alfa-po-aip-orders__row'))
    expect(nav).toHaveBeenCalledWith('fund', { fundCode: '446062' })
  })

  it('an unknown sigId shows a not-found state', async () => {
    const { text } = await open(
      AipDetailPage,
      'subPkg/pages/portfolio/aipDetail/index',
      { poCode: 'ZH015676', sigId: 'NOPE' },
      {
        AipAdvice: () => ({ portfolio: { poCode: 'ZH015676', poName: '全球多元配置' }, aipAdvice: null }),
      },
    )
    expect(text()).toContain('定投建议不存在')
  })

  it('the detail of an unknown poCode shows 策略不存在', async () => {
    const { text } = await open(
      AipDetailPage,
      'subPkg/pages/portfolio/aipDetail/index',
      { poCode: 'ZZ999999', sigId: 'AIP-24' },
      {
        AipAdvice: () => ({ portfolio: null, aipAdvice: null }),
      },
    )
    expect(text()).toContain('策略不存在')
  })
})

// ---------------------------------------------------------------- timeline

const post = (postId: string, type: string) => ({
  postId,
  title: `全球多元配置·${postId}`,
  url: `https://community.alfa.example/post/${postId}`,
  type,
  postedDate: '2026-09-12T02:00:00.000Z',
  postedBy: '主理人',
  coverUrl: null,
})
const timelineAnswer = (v: Record<string, unknown>) => ({
  portfolio: {
    poCode: 'ZH015676',
    poName: '全球多元配置',
    timelinePosts:
      v.type === 'AdvisorReport'
        ? page([post('R1', 'AdvisorReport')], null, 1)
        : page([post('P2', 'ManagerTalk'), post('P3', 'MarketInterpretation')], 'Mg', 12),
  },
})

describe('timeline posts', () => {
  it('shows title, type, author and the posting time in Shanghai; a post opens through the link rules', async () => {
    configureExternalHosts(['alfa.example'])
    const assign = jest.spyOn(web, 'assignLocation').mockImplementation(() => undefined)
    const { text, container, utils } = await open(
      TimelinePage,
      'subPkg/pages/portfolio/timeline/index',
      { poCode: 'ZH015676' },
      {
        TimelinePosts: timelineAnswer,
      },
    )
    expect(text()).toContain('全球多元配置·P2')
    expect(text()).toContain('主理人说')
    expect(text()).toContain('2026-09-12 10:00')
    await click(utils, container.querySelector('.alfa-po-post'))
    expect(assign.mock.calls).toEqual([['https://community.alfa.example/post/P2']])
  })

  it('the type filter asks for that content type', async () => {
    const { text, container, utils, execute } = await open(
      TimelinePage,
      'subPkg/pages/portfolio/timeline/index',
      { poCode: 'ZH015676' },
      {
        TimelinePosts: timelineAnswer,
      },
    )
    const tab = [...container.querySelectorAll('.at-tabs__item')].find((el) => el.textContent === '投顾报告') ?? null
    await click(utils, tab)
    expect(execute).toHaveBeenLastCalledWith(expect.anything(), { poCode: 'ZH015676', page: { size: 10 }, type: 'AdvisorReport' })
    expect(text()).toContain('全球多元配置·R1')
    expect(text()).not.toContain('全球多元配置·P2')
  })

  it('an unknown poCode shows 策略不存在', async () => {
    const { text } = await open(
      TimelinePage,
      'subPkg/pages/portfolio/timeline/index',
      { poCode: 'ZZ999999' },
      {
        TimelinePosts: () => ({ portfolio: null }),
      },
    )
    expect(text()).toContain('策略不存在')
  })
})
