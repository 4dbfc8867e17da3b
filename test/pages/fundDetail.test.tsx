import * as navigation from '@/services/navigation'
import { setTransport, FUND_TERMINATED_MSG, type HttpRequest, type HttpResponse } from '@/services/request'
import { toast } from '@/services/toast'
import FundPage from '@/pages/fund/index'
import Fund0008Page from '@/pages/fund0008/index'
import FundEntryPage from '@/subPkg/pages/fundEntry/index'
import FundArchivesPage from '@/pages/fundArchives/index'
import FundNavPage from '@/subPkg/pages/fundNav/index'
import ValuationDetailPage from '@/pages/valuationDetail/index'
import FundIntroPage from '@/subPkg/pages/fundIntro/index'
import { openPage, flush, type GraphqlAnswers } from '../support/render'
import { CompareTray, compareTray } from '@/features/compare'

jest.mock('@/components/Chart', () => {
  const actual = jest.requireActual('@/components/Chart')
  return {
    ...actual,
    Chart: ({ series }: { series: Array<{ name: string; data: unknown[] }> }) => (
      <div className='chart-stub'>{series.map((s) => `${s.name}:${s.data.length}`).join(',')}</div>
    ),
  }
})

const FUND = {
  fundCode: '000001',
  fundName: '甲成长混合',
  categoryCode: 'MIXED',
  categoryName: '混合型',
  riskLevelName: '中高风险',
  offeringStageName: '已成立',
  setupDate: '2019-03-01',
  isTerminated: false,
  terminatedDate: null,
  nav: '1.23456',
  navDate: '2026-09-30',
  dailyReturn: '0.0123',
  intro: '精选成长股。',
  isDemo: true,
  figuresUnavailable: null,
  manager: { managerId: 'M1001', managerName: '张三', avatarUrl: null, company: '甲基金' },
  performance: {
    periodReturns: [
      { period: '1M', label: '近1月', value: '0.0200' },
      { period: '1Y', label: '近1年', value: '-0.0512' },
      { period: '5Y', label: '近5年', value: null },
      { period: 'SETUP', label: '成立以来', value: null },
    ],
  },
  tradeRules: {
    canBuy: true,
    canNotBuyReason: null,
    buyFeeRate: '0.0015',
    lowestBuyAmount: '10',
    managementFeeRate: '0.012000',
    custodyFeeRate: '0.002000',
    salesServiceFeeRate: null,
    redeemRules: ['持有不足7天：赎回费率 1.50%'],
  },
  topHoldings: { reportDate: '2026-09-30', isDemo: true, list: [{ securityCode: '600519', securityName: '贵州茅台', percent: '0.0812' }] },
}
const CHART = {
  fund: {
    fundCode: '000001',
    navHistory: [
      { date: '2026-09-29', value: '1.0000' },
      { date: '2026-09-30', value: '1.1000' },
    ],
    comparisonBenchmark: {
      indexShortName: '股债60/40',
      history: [
        { date: '2026-09-29', value: '1.0000' },
        { date: '2026-09-30', value: '1.0100' },
      ],
    },
  },
}

let restCalls: HttpRequest[] = []
let infoAnswer: HttpResponse

beforeEach(() => {
  restCalls = []
  toast.close()
  infoAnswer = { statusCode: 200, data: { code: 200, msg: 'ok', data: {} }, header: {} }
  setTransport(async (req) => {
    restCalls.push(req)
    if (req.url.includes('/fund/info/')) return infoAnswer
    return { statusCode: 200, data: { code: 200, msg: 'ok', data: { list: [] } }, header: {} }
  })
})
afterEach(() => {
  document.body.innerHTML = ''
  jest.restoreAllMocks()
})

const open = (Page: Parameters<typeof openPage>[0], path: string, params: Record<string, string>, answers: GraphqlAnswers) =>
  openPage(Page, path, params, answers)

describe('fund detail: name, code, risk tag, latest NAV with its date, daily return', () => {
  it('shows the header figures, NAV with 4 decimals, a signed red daily return and the returns over periods', async () => {
    const { text, container } = await open(
      FundPage,
      'pages/fund/index',
      { fundCode: '000001' },
      { FundDetail: () => ({ fund: FUND }), FundChart: () => CHART },
    )
    expect(text()).toContain('甲成长混合')
    expect(text()).toContain('000001')
    expect(text()).toContain('中高风险')
    expect(text()).toContain('1.2346')
    expect(text()).toContain('单位净值（截至 2026-09-30）')
    const daily = container.querySelector('.alfa-fund-head__big.alfa-num--up')
    expect(daily?.textContent).toBe('+1.23%')
    expect(container.querySelector('.alfa-fund-grid__cell[data-period="1Y"] .alfa-num--down')?.textContent).toBe('-5.12%')
    expect(container.querySelector('.alfa-fund-grid__cell[data-period="SETUP"]')?.textContent).toContain('--')
    expect(text()).toContain('申购费率0.15%')
    // Yearly fees when known; an unknown one is left out rather than shown as 0.
    expect(text()).toContain('管理费率1.20%/年')
    expect(text()).toContain('托管费率0.20%/年')
    expect(text()).not.toContain('销售服务费率')
    expect(text()).toContain('贵州茅台')
    expect(text()).toContain('演示数据')
  })

  it('paints the head first: the cards below the chart come in a later task (a shorter first render)', async () => {
    // What the DOM held when the fund's name first appeared (mutation records arrive before any later task).
    let withHead: string | null = null
    const seen = new MutationObserver(() => {
      const t = document.body.textContent ?? ''
      if (withHead === null && t.includes('甲成长混合')) withHead = t
    })
    seen.observe(document.body, { childList: true, subtree: true, characterData: true })
    const { text } = await open(
      FundPage,
      'pages/fund/index',
      { fundCode: '000001' },
      { FundDetail: () => ({ fund: FUND }), FundChart: () => CHART },
    )
    seen.disconnect()
    expect(withHead).toContain('单位净值（截至 2026-09-30）')
    expect(withHead).not.toContain('阶段涨幅')
    expect(withHead).not.toContain('贵州茅台')
    expect(text()).toContain('阶段涨幅')
    expect(text()).toContain('贵州茅台')
  })

  it('an imported fund is not labelled 演示数据 and shows no invented holdings', async () => {
    const imported = { ...FUND, isDemo: false, topHoldings: { reportDate: null, isDemo: false, list: [] } }
    const { text } = await open(
      FundPage,
      'pages/fund/index',
      { fundCode: '000001' },
      { FundDetail: () => ({ fund: imported }), FundChart: () => CHART },
    )
    expect(text()).toContain('甲成长混合')
    expect(text()).not.toContain('演示数据')
    expect(text()).not.toContain('贵州茅台')
    expect(text()).toContain('业绩按复权净值计算（分红再投资）')
  })

  it('draws the NAV chart with the comparison index', async () => {
    const { container } = await open(
      FundPage,
      'pages/fund/index',
      { fundCode: '000001' },
      { FundDetail: () => ({ fund: FUND }), FundChart: () => CHART },
    )
    expect(container.querySelector('.chart-stub')?.textContent).toBe('本基金:2,股债60/40:2')
    expect(container.textContent).toContain('区间收益 +10.00%')
  })

  it('the manager card opens the manager profile', async () => {
    const go = jest.spyOn(navigation, 'navigateTo').mockImplementation(() => Promise.resolve() as never)
    const { container, utils } = await open(
      FundEntryPage,
      'subPkg/pages/fundEntry/index',
      { fundCode: '000001' },
      { FundDetail: () => ({ fund: FUND }), FundChart: () => CHART },
    )
    await utils.act(async () => {
      utils.fireEvent.click(container.querySelector('.alfa-fund-manager') as HTMLElement)
    })
    expect(go).toHaveBeenCalledWith('manager', { fundManagerId: 'M1001' })
  })

  it('the 0008 fund page links to the 0008 manager and achievements pages', async () => {
    const go = jest.spyOn(navigation, 'navigateTo').mockImplementation(() => Promise.resolve() as never)
    const { container, utils } = await open(
      Fund0008Page,
      'pages/fund0008/index',
      { fundCode: '000001' },
      { FundDetail: () => ({ fund: FUND }), FundChart: () => CHART },
    )
    await utils.act(async () => {
      utils.fireEvent.click(container.querySelector('.alfa-fund-manager') as HTMLElement)
    })
    expect(go).toHaveBeenCalledWith('manager0008', { fundManagerId: 'M1001' })
  })

  it.each([
    ['定投计算器', 'aipCalculator'],
    ['净值提醒', 'navAlert'],
  ])('the %s card opens its screen for this fund (issue #25)', async (title, route) => {
    const go = jest.spyOn(navigation, 'navigateTo').mockImplementation(() => Promise.resolve() as never)
    const { container, utils } = await open(
      FundPage,
      'pages/fund/index',
      { fundCode: '000001' },
      { FundDetail: () => ({ fund: FUND }), FundChart: () => CHART },
    )
    const card = [...container.querySelectorAll('.alfa-section')].find(
      (c) => c.querySelector('.alfa-section__title')?.textContent === title,
    )
    await utils.act(async () => {
      utils.fireEvent.click(card?.querySelector('.alfa-section__more') as HTMLElement)
    })
    expect(go).toHaveBeenCalledWith(route, { fundCode: '000001' })
  })

  it('the pick toggle stays at the bottom', async () => {
    const { container } = await open(
      FundPage,
      'pages/fund/index',
      { fundCode: '000001' },
      { FundDetail: () => ({ fund: FUND }), FundChart: () => CHART },
    )
    expect(container.querySelector('.alfa-fund-bar .alfa-pick')).not.toBeNull()
  })
})

describe('unknown fund code shows a not-found state, never a crash', () => {
  it('基金不存在 with a way back, and no fund-info call', async () => {
    const { text, container } = await open(FundPage, 'pages/fund/index', { fundCode: '999999' }, { FundDetail: () => ({ fund: null }) })
    expect(text()).toContain('基金不存在')
    expect(container.querySelector('.alfa-empty__action')?.textContent).toBe('返回')
    expect(restCalls.filter((c) => c.url.includes('/fund/info/'))).toHaveLength(0)
  })
  it('a missing fundCode is not found too', async () => {
    const { text } = await open(FundArchivesPage, 'pages/fundArchives/index', {}, {})
    expect(text()).toContain('基金不存在')
  })
})

describe('terminated fund: the fund-stopped event shows a notice instead of a toast', () => {
  it('基金已终止 notice from the fund-info answer', async () => {
    infoAnswer = { statusCode: 410, data: { code: 410, msg: FUND_TERMINATED_MSG, data: null }, header: {} }
    const { text } = await open(
      FundPage,
      'pages/fund/index',
      { fundCode: '000001' },
      { FundDetail: () => ({ fund: FUND }), FundChart: () => CHART },
    )
    expect(restCalls.some((c) => c.url.includes('/fund/info/000001'))).toBe(true)
    expect(text()).toContain('基金已终止')
    expect(text()).toContain(FUND_TERMINATED_MSG)
    expect(toast.show).toBe(false)
  })
})

describe('load failure shows an error with retry', () => {
  it('重试 reloads', async () => {
    let fail = true
    const { text, container, utils } = await open(
      FundPage,
      'pages/fund/index',
      { fundCode: '000001' },
      {
        FundDetail: () => {
          if (fail) throw new Error('network')
          return { fund: FUND }
        },
        FundChart: () => CHART,
      },
    )
    expect(text()).toContain('加载失败')
    fail = false
    await utils.act(async () => {
      utils.fireEvent.click(container.querySelector('.alfa-empty__action') as HTMLElement)
    })
    await utils.act(flush)
    expect(text()).toContain('甲成长混合')
  })
})

const PERF = {
  fund: {
    fundCode: '000001',
    fundName: '甲成长混合',
    categoryName: '混合型',
    isTerminated: false,
    navDate: '2026-09-30',
    figuresUnavailable: null,
    performance: {
      periodReturns: FUND.performance.periodReturns,
      yearlyReturns: [
        { label: '2025', value: '0.1200' },
        { label: '2026', value: '-0.0300' },
      ],
      quarterlyReturns: [
        { label: '2026Q2', value: '0.0100' },
        { label: '2026Q3', value: '-0.0200' },
      ],
      maxDrawdown: '-0.2345',
      maxDrawdownStart: '2025-01-02',
      maxDrawdownEnd: '2025-06-30',
      volatility: '0.1800',
      sharpeRatio: '0.8765',
      peerRank1Y: { rank: 12, total: 130, categoryName: '混合型' },
    },
  },
}

describe('achievements: tabs for yearly and quarterly returns, rank among peers, risk statistics', () => {
  it('tabIndex defaults to 0 (yearly, newest first); rank, drawdown, volatility, Sharpe', async () => {
    const { container, text } = await open(
      FundArchivesPage,
      'pages/fundArchives/index',
      { fundCode: '000001' },
      { FundAchievements: () => PERF },
    )
    expect(container.querySelector('.alfa-fund-tabs__tab--active')?.textContent).toBe('年度业绩')
    const labels = Array.from(container.querySelectorAll('[data-label]')).map((n) => n.getAttribute('data-label'))
    expect(labels).toEqual(['2026', '2025'])
    expect(text()).toContain('12/130')
    expect(text()).toContain('-23.45%')
    expect(text()).toContain('18.00%')
    expect(text()).toContain('0.88')
  })
  it('tabIndex=1 opens quarterly returns', async () => {
    const { container } = await open(
      FundArchivesPage,
      'pages/fundArchives/index',
      { fundCode: '000001', tabIndex: '1' },
      { FundAchievements: () => PERF },
    )
    expect(container.querySelector('.alfa-fund-tabs__tab--active')?.textContent).toBe('季度业绩')
    expect(container.querySelector('[data-label="2026Q3"]')?.textContent).toContain('2026 第3季度')
  })
})

describe('口径 (issue #25): the head’s 日涨跌幅, the chart’s 区间收益 and each quarter open their sheets', () => {
  const basisAnswer = (figure: string) => ({
    fund: {
      fundCode: '000001',
      fundName: '甲成长混合',
      figureBasis: {
        figure,
        label: figure,
        value: '0.0123',
        requestedStartDate: null,
        endUnits: '1.0000',
        steps: [`${figure} 的计算步骤`],
        start: { date: '2026-09-29', nav: '1.2196', accNav: '1.2196', adjNav: '1.2196' },
        end: { date: '2026-09-30', nav: '1.2346', accNav: '1.2346', adjNav: '1.2346' },
      },
    },
  })
  const asked = (execute: jest.Mock) =>
    execute.mock.calls.map((c) => c[1] as { figure?: string }).flatMap((v) => (v && 'figure' in v ? [v.figure] : []))
  const tapAndClose = async (utils: { act: (f: () => Promise<void>) => Promise<void> }, el: Element | null) => {
    expect(el?.getAttribute('role')).toBe('button')
    expect(el?.getAttribute('aria-haspopup')).toBe('dialog')
    await utils.act(async () => {
      ;(el as HTMLElement).click()
      for (let i = 0; i < 20 && !document.querySelector('.alfa-basis__step'); i++) await flush()
    })
    const text = document.querySelector('.alfa-basis')?.textContent ?? ''
    await utils.act(async () => {
      ;(document.querySelector('.alfa-basis__close') as HTMLElement).click()
      await flush()
    })
    return text
  }

  it('the fund page: 日涨跌幅 asks DAILY, the chart’s 区间收益 asks its period', async () => {
    const { container, utils, execute } = await open(
      FundPage,
      'pages/fund/index',
      { fundCode: '000001' },
      { FundDetail: () => ({ fund: FUND }), FundChart: () => CHART, FigureBasis: (v) => basisAnswer(String(v.figure)) },
    )
    expect(await tapAndClose(utils, container.querySelector('.alfa-fund-head__figure[data-figure="DAILY"]'))).toContain('DAILY 的计算步骤')
    expect(await tapAndClose(utils, container.querySelector('.alfa-fund-chart__range'))).toContain('1Y 的计算步骤')
    expect(asked(execute as jest.Mock)).toEqual(['DAILY', '1Y'])
  })

  it('历史业绩: a row’s 日涨跌幅 asks that NAV day’s sheet', async () => {
    const row = (date: string) => ({ date, nav: '1.1000', accNav: '1.2000', dailyReturn: '-0.0010' })
    const { container, utils, execute } = await open(
      FundNavPage,
      'subPkg/pages/fundNav/index',
      { fundCode: '000001' },
      {
        FundNavRows: () => ({
          fund: {
            fundCode: '000001',
            fundName: '甲成长混合',
            figuresUnavailable: null,
            navRows: { totalCount: 2, pageInfo: { cursor: null, hasMore: false }, list: [row('2026-09-30'), row('2026-09-29')] },
          },
        }),
        FundChart: () => CHART,
        FigureBasis: (v) => basisAnswer(String(v.figure)),
      },
    )
    expect(await tapAndClose(utils, container.querySelector('[role="cell"] [data-figure="2026-09-29"]'))).toContain('2026-09-29 的计算步骤')
    expect(asked(execute as jest.Mock)).toEqual(['2026-09-29'])
  })

  it('基金业绩: a quarter asks its own sheet (2026Q3)', async () => {
    const { container, utils, execute } = await open(
      FundArchivesPage,
      'pages/fundArchives/index',
      { fundCode: '000001', tabIndex: '1' },
      { FundAchievements: () => PERF, FigureBasis: (v) => basisAnswer(String(v.figure)) },
    )
    expect(await tapAndClose(utils, container.querySelector('[data-label="2026Q3"]'))).toContain('2026Q3 的计算步骤')
    expect(asked(execute as jest.Mock)).toEqual(['2026Q3'])
  })
})

const UNAVAILABLE = '导入的单位净值、累计净值与日增长率互相矛盾（2024-03-01 起），无法核对'
/** What the server answers for a fund it could not reconcile: performance without figures. */
const NO_FIGURES = {
  periodReturns: FUND.performance.periodReturns.map((r) => ({ ...r, value: null })),
  yearlyReturns: [],
  quarterlyReturns: [],
  maxDrawdown: null,
  maxDrawdownStart: null,
  maxDrawdownEnd: null,
  volatility: null,
  sharpeRatio: null,
  peerRank1Y: null,
}
const section = (container: HTMLElement, title: string) =>
  Array.from(container.querySelectorAll('.alfa-section')).find((s) => s.querySelector('.alfa-section__title')?.textContent === title)

describe('fund figures say their NAV day; a drawdown is a fall; unreconciled figures are not shown (issue 22)', () => {
  it('the detail: 截至 beside the latest NAV, the period returns and the chart’s range return', async () => {
    const { container } = await open(
      FundPage,
      'pages/fund/index',
      { fundCode: '000001' },
      { FundDetail: () => ({ fund: FUND }), FundChart: () => CHART },
    )
    expect(section(container, '阶段涨幅')?.querySelector('.alfa-section__head .alfa-asof')?.textContent).toBe('截至 2026-09-30')
    expect(section(container, '业绩走势')?.querySelector('.alfa-section__head .alfa-asof')?.textContent).toBe('截至 2026-09-30')
  })

  it('the detail of a fund the import could not reconcile: 业绩数据暂不可用 with the reason, no return figure, no chart asked', async () => {
    const fund = { ...FUND, figuresUnavailable: UNAVAILABLE, performance: { periodReturns: NO_FIGURES.periodReturns } }
    const { container, text, execute } = await open(
      FundPage,
      'pages/fund/index',
      { fundCode: '000001' },
      { FundDetail: () => ({ fund }), FundChart: () => CHART },
    )
    expect(text()).toContain('甲成长混合')
    expect(section(container, '阶段涨幅')?.querySelector('.alfa-fund-unavailable')?.textContent).toBe(`业绩数据暂不可用${UNAVAILABLE}`)
    expect(container.querySelector('.alfa-fund-unavailable__reason')?.textContent).toBe(UNAVAILABLE)
    expect(container.querySelector('.alfa-fund-grid__cell')).toBeNull()
    expect(section(container, '业绩走势')?.textContent).toContain('业绩数据暂不可用')
    expect(text()).not.toContain('区间收益')
    expect(container.querySelector('.chart-stub')).toBeNull()
    expect(execute).not.toHaveBeenCalledWith(expect.objectContaining({}), expect.objectContaining({ range: expect.anything() }))
  })

  it('業績: 截至 beside the returns and statistics; the max drawdown a fall in the falling colour whatever its sign', async () => {
    for (const [fundCode, maxDrawdown] of [
      ['000001', '-0.2345'],
      ['000002', '0.2345'],
    ]) {
      document.body.innerHTML = ''
      const answer = { fund: { ...PERF.fund, fundCode, performance: { ...PERF.fund.performance, maxDrawdown } } }
      const { container, text } = await open(FundArchivesPage, 'pages/fundArchives/index', { fundCode }, { FundAchievements: () => answer })
      const figure = container.querySelector('.alfa-drawdown')
      expect(figure?.textContent).toBe('-23.45%')
      expect(figure?.className).toContain('alfa-num--down')
      expect(text()).toContain('回撤区间2025-01-02 至 2025-06-30')
      expect(section(container, '阶段涨幅')?.querySelector('.alfa-asof')?.textContent).toBe('截至 2026-09-30')
      expect(section(container, '业绩统计')?.querySelector('.alfa-asof')?.textContent).toBe('截至 2026-09-30')
    }
  })

  it('業績 of a fund the import could not reconcile: 业绩数据暂不可用 with the reason instead of every figure', async () => {
    const answer = { fund: { ...PERF.fund, figuresUnavailable: UNAVAILABLE, performance: NO_FIGURES } }
    const { container, text } = await open(
      FundArchivesPage,
      'pages/fundArchives/index',
      { fundCode: '000001' },
      { FundAchievements: () => answer },
    )
    expect(text()).toContain('甲成长混合')
    expect(container.querySelector('.alfa-fund-unavailable')?.textContent).toBe(`业绩数据暂不可用${UNAVAILABLE}`)
    for (const gone of ['阶段涨幅', '业绩统计', '最大回撤', '年度业绩', '--']) expect(text()).not.toContain(gone)
  })

  it('净值: the chart says its day; for an unreconciled fund the chart gives way to the notice (the NAV rows stay)', async () => {
    const row = (date: string) => ({ date, nav: '1.1000', accNav: '1.2000', dailyReturn: '-0.0010' })
    const answer = (figuresUnavailable: string | null, fundCode: string) => ({
      FundNavRows: () => ({
        fund: {
          fundCode,
          fundName: '甲成长混合',
          figuresUnavailable,
          navRows: { totalCount: 1, pageInfo: { cursor: null, hasMore: false }, list: [row('2026-09-30')] },
        },
      }),
      FundChart: () => CHART,
    })
    const plain = await open(FundNavPage, 'subPkg/pages/fundNav/index', { fundCode: '000001' }, answer(null, '000001'))
    expect(section(plain.container, '业绩走势')?.querySelector('.alfa-asof')?.textContent).toBe('截至 2026-09-30')
    document.body.innerHTML = ''
    const odd = await open(FundNavPage, 'subPkg/pages/fundNav/index', { fundCode: '000002' }, answer(UNAVAILABLE, '000002'))
    expect(section(odd.container, '业绩走势')?.querySelector('.alfa-fund-unavailable__reason')?.textContent).toBe(UNAVAILABLE)
    expect(odd.container.querySelector('.chart-stub')).toBeNull()
    expect(odd.container.querySelectorAll('.alfa-fund-table__row').length).toBe(2)
  })
})

describe('historical performance: NAV table paged by pageInfo', () => {
  it('loads the next page with the cursor', async () => {
    const row = (date: string) => ({ date, nav: '1.1000', accNav: '1.2000', dailyReturn: '-0.0010' })
    const { container, utils, execute } = await open(
      FundNavPage,
      'subPkg/pages/fundNav/index',
      { fundCode: '000001' },
      {
        FundNavRows: (v) => ({
          fund: {
            fundCode: '000001',
            fundName: '甲成长混合',
            navRows: v.cursor
              ? { totalCount: 3, pageInfo: { cursor: null, hasMore: false }, list: [row('2026-09-28')] }
              : { totalCount: 3, pageInfo: { cursor: 'Mg', hasMore: true }, list: [row('2026-09-30'), row('2026-09-29')] },
          },
        }),
        FundChart: () => CHART,
      },
    )
    expect(container.querySelectorAll('.alfa-fund-table__row').length).toBe(3)
    await utils.act(async () => {
      utils.fireEvent.click(container.querySelector('.alfa-load-more') as HTMLElement)
    })
    await utils.act(flush)
    expect(container.querySelectorAll('.alfa-fund-table__row').length).toBe(4)
    expect(execute).toHaveBeenCalledWith(expect.anything(), { fundCode: '000001', size: 20, cursor: 'Mg' })
    expect(container.querySelector('.alfa-load-more--noMore')).not.toBeNull()
  })
})

describe('valuation detail: estimate against the last NAV, labelled 演示数据', () => {
  it('shows the estimate, its time and the last NAV with its date', async () => {
    const { text } = await open(
      ValuationDetailPage,
      'pages/valuationDetail/index',
      { fundCode: '000001' },
      {
        FundValuation: () => ({
          fund: {
            fundCode: '000001',
            fundName: '甲成长混合',
            isTerminated: false,
            nav: '1.2345',
            navDate: '2026-09-30',
            valuation: {
              lastNav: '1.2345',
              lastNavDate: '2026-09-30',
              estimatedNav: '1.2400',
              estimatedReturn: '0.0045',
              estimatedAt: '2026-10-01 14:30',
              isDemo: true,
            },
          },
        }),
      },
    )
    expect(text()).toContain('1.2400')
    expect(text()).toContain('+0.45%')
    expect(text()).toContain('1.2345（2026-09-30）')
    expect(text()).toContain('演示数据')
  })
})

describe('fund intro', () => {
  it('shows the facts and the intro text', async () => {
    const { text } = await open(
      FundIntroPage,
      'subPkg/pages/fundIntro/index',
      { fundCode: '000001' },
      { FundDetail: () => ({ fund: FUND }) },
    )
    expect(text()).toContain('成立日期2019-03-01')
    expect(text()).toContain('精选成长股。')
    expect(text()).toContain('已成立')
  })

  it.each([
    ['1.005', '1.01亿元（截至2026-06-30）'],
    ['0.5', '50,000,000.00元（截至2026-06-30）'],
    [null, '--'],
  ])('基金规模 %p in 亿 shows as an amount: %s', async (fundSize, shown) => {
    const { text } = await open(
      FundIntroPage,
      'subPkg/pages/fundIntro/index',
      { fundCode: '000001' },
      { FundDetail: () => ({ fund: { ...FUND, fundSize, fundSizeDate: fundSize === null ? null : '2026-06-30' } }) },
    )
    expect(text()).toContain(`基金规模${shown}运作状态`)
  })
})

describe('fund detail: 加入对比 (issue #25)', () => {
  afterEach(() => compareTray.clear())
  it('puts the fund into the 对比栏, which shows its count and is kept in device storage', async () => {
    compareTray.clear()
    const { container, utils } = await open(
      FundPage,
      'pages/fund/index',
      { fundCode: '000001' },
      { FundDetail: () => ({ fund: FUND }), FundChart: () => CHART },
    )
    const toggle = container.querySelector('.alfa-compare-toggle') as HTMLElement
    expect(toggle.textContent).toBe('加入对比')
    // An empty tray takes no line of the bar.
    expect(container.querySelector('.alfa-bottom-bar__note')).toBeNull()
    await utils.act(async () => {
      toggle.click()
      await flush()
    })
    expect(toggle.textContent).toBe('已加入对比')
    expect(container.textContent).toContain('对比栏 1/4')
    expect(new CompareTray().codes).toEqual(['000001'])
  })
})
