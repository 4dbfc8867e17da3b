import Taro from '@tarojs/taro'
import * as web from '@/platform/web'
import { configureExternalHosts, externalHosts } from '@/services/external'
import * as graphql from '@/services/graphql'
import { user } from '@/services/user'
import * as navigation from '@/services/navigation'
import { hostStorage } from '@/services/storage'
import { answerCache, userAnswerKey } from '@/services/answerCache'
import PortfolioDetailPage from '@/subPkg/pages/portfolio/detail/index'
import ProductPage from '@/pages/product/index'
import ProductListPage from '@/subPkg/pages/productList/index'
import { rememberKinds } from '@/features/portfolio'
import { renderPage, flush, serveGraphql, type GraphqlAnswers } from '../support/render'
import { CHART, portfolio, PREF } from '../support/portfolioAnswer'

jest.mock('@/components/Chart', () => {
  const actual = jest.requireActual('@/components/Chart')
  return {
    ...actual,
    Chart: ({ series, markers }: { series: Array<{ name: string; data: unknown[] }>; markers?: Record<string, unknown> }) => (
      <div className='chart-stub'>
        {series.map((s) => `${s.name}:${s.data.length}`).join(',')}
        {markers
          ? ` marks:${Object.keys(markers)
              .filter((k) => markers[k] !== undefined)
              .join('+')}`
          : ''}
      </div>
    ),
  }
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

async function open(poCode: string) {
  const r = await renderPage(PortfolioDetailPage, '/subPkg/pages/portfolio/detail/index', { poCode })
  await r.utils.act(async () => {
    await flush()
    await flush()
  })
  // Sections below the fold render in tasks after the first paint (components/Deferred): wait for the
  // last of them (the foot), or for a state without them.
  for (let i = 0; i < 200 && !r.container.querySelector('.alfa-po-foot, .alfa-empty'); i++)
    await r.utils.act(async () => {
      await new Promise((done) => setTimeout(done, 10))
    })
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
})

/** The 口径 sheet once shown: it comes in a chunk of its own on H5 (features/portfolio/sheets.h5.ts). */
async function basisSheet(): Promise<HTMLElement> {
  for (let i = 0; i < 50 && !document.querySelector('.alfa-basis'); i++) await new Promise((r) => setTimeout(r, 10))
  return document.querySelector('.alfa-basis') as HTMLElement
}

describe('strategy details show the server values', () => {
  it('name, tags, showcases in their font colours, expected range, running days and followers (count rule)', async () => {
    serve({ Portfolio: () => ({ portfolio: portfolio() }) })
    const { container, text } = await open('ZH015676')
    expect(text()).toContain('全球多元配置')
    expect(text()).toContain('股债金全球配置')
    expect(text()).toContain('中风险')
    expect(text()).toContain('长期投资')
    expect(container.querySelector('[data-key="annualized"] .alfa-tone--Positive')?.textContent).toBe('8.61%')
    expect(container.querySelector('[data-key="maxDrawdown"] .alfa-tone--Negative')?.textContent).toBe('-24.38%')
    expect(text()).toContain('预期年化收益 8.00%，最大回撤 -20.00%，近1年 -10.00%')
    expect(text()).toContain('运行 1234 天')
    // 21767 → 2.1w+; 99 buyers (under 100) show nothing.
    expect(text()).toContain('2.1w+人关注')
    expect(text()).not.toContain('人买入')
    expect(text()).toContain('组合将于近期进行调仓')
  })

  it('the chart draws the strategy against the benchmark with only the marks its preferences allow', async () => {
    serve({ Portfolio: () => ({ portfolio: portfolio() }) })
    const { container, text } = await open('ZH015676')
    expect(container.querySelector('.chart-stub')?.textContent).toBe('本策略:3,沪深300:2 marks:maxDrawdown+peak')
    expect(text()).toContain('区间收益 +21.00%')
    expect(text()).toContain('最大回撤 -12.34%')
  })

  it('without the benchmark preference only the strategy is drawn', async () => {
    serve({ Portfolio: () => ({ portfolio: portfolio({ preference: { ...PREF, displayBenchmark: false, displayPeakPoint: false } }) }) })
    const { container } = await open('ZH015676')
    expect(container.querySelector('.chart-stub')?.textContent).toBe('本策略:3 marks:maxDrawdown')
  })

  it('the profit calculator computes 10,000 from the first day of the series shown', async () => {
    serve({ Portfolio: () => ({ portfolio: portfolio() }) })
    const { text } = await open('ZH015676')
    expect(text()).toContain('收益计算器')
    expect(text()).toContain('12,100.00元')
    expect(text()).toContain('+2,100.00元')
  })

  it('the composition shows each category share; the links follow the strategy flags', async () => {
    serve({ Portfolio: () => ({ portfolio: portfolio() }) })
    const { container, text, utils } = await open('ZH015676')
    // The composition renders in a task after the first paint (components/Deferred).
    for (let i = 0; i < 50 && !text().includes('股票型'); i++)
      await utils.act(async () => {
        await new Promise((done) => setTimeout(done, 10))
      })
    expect(text()).toContain('股票型60.00%')
    const routes = [...container.querySelectorAll('.alfa-po-links__item')].map((e) => e.getAttribute('data-route'))
    expect(routes).toContain('portfolioAdjustment')
    expect(routes).toContain('portfolioAipList')
    expect(routes).toContain('portfolioAdvisor')
    expect(routes).not.toContain('portfolioAnalysis')
    expect(routes).not.toContain('portfolioIntro')
  })

  it('an unknown poCode is a not-found state', async () => {
    serve({ Portfolio: () => ({ portfolio: null }) })
    const { text } = await open('ZZ999999')
    expect(text()).toContain('策略不存在')
  })

  it('a failed load shows the error with a retry that asks again', async () => {
    let fail = true
    serve({
      Portfolio: () => {
        if (fail) throw new Error('network')
        return { portfolio: portfolio() }
      },
    })
    const { container, text, utils } = await open('ZH015676')
    expect(text()).toContain('加载失败')
    fail = false
    await utils.act(async () => {
      ;(container.querySelector('.alfa-empty__action') as HTMLElement).click()
      await flush()
      await flush()
    })
    expect(text()).toContain('全球多元配置')
  })
})

describe('a drawdown is one sign and one colour; every figure says its NAV day (issue 22)', () => {
  const section = (container: HTMLElement, title: string) =>
    [...container.querySelectorAll('.alfa-section')].find((s) => s.querySelector('.alfa-section__title')?.textContent === title)

  it('the chart’s max drawdown is a fall in the falling colour whatever sign it arrives with', async () => {
    for (const rate of ['0.1234', '-0.1234']) {
      answerCache.clear()
      document.body.innerHTML = ''
      const navHistory = { ...CHART.navHistory, maxDrawdown: { ...CHART.navHistory.maxDrawdown, rate } }
      serve({ Portfolio: () => ({ portfolio: portfolio({ navHistory }) }) })
      const { container } = await open('ZH015676')
      const figure = container.querySelector('.alfa-po-chart__figure[data-figure="maxDrawdown"] .alfa-num')
      expect(figure?.textContent).toBe('-12.34%')
      expect(figure?.className).toContain('alfa-num--down')
    }
  })

  it('区间收益, tapped, says how it was computed from the chart’s first and last NAVs (口径, issue #25)', async () => {
    serve({ Portfolio: () => ({ portfolio: portfolio() }) })
    const { container } = await open('ZH015676')
    const figure = container.querySelector('.alfa-po-chart__figure[data-figure="totalReturn"]') as HTMLElement
    expect(figure.getAttribute('role')).toBe('button')
    figure.click()
    const sheet = await basisSheet()
    expect(sheet.getAttribute('aria-label')).toBe('区间收益的计算口径')
    expect(sheet.textContent).toContain('起点 2024-01-02 策略净值 1.0000，终点 2026-01-02 策略净值 1.2100')
    expect(sheet.textContent).toContain('区间收益 = 终点净值 ÷ 起点净值 − 1 = 1.2100 ÷ 1.0000 − 1 = +21.00%')
  })

  it('the head’s 最大回撤, 近1年 and 年化收益, tapped, show how the history they come from gives them (口径, issue #25)', async () => {
    // The whole history (range Max) falls 20 % from 2024-03-01 to 2024-06-03; the last year 8 %, not the 10 % shown.
    const history = (range: string) => ({
      portfolio: {
        ...portfolio(),
        navHistory: {
          ...CHART.navHistory,
          series: [
            { date: '2024-01-02', value: '1.0000' },
            { date: '2024-03-01', value: '1.2500' },
            { date: '2024-06-03', value: '1.0000' },
            { date: '2025-03-03', value: '1.2500' },
            { date: '2025-05-06', value: '1.1500' },
            { date: '2026-01-02', value: '1.2100' },
          ].filter((p) => range === 'Max' || p.date >= '2025-01-02'),
          maxDrawdown:
            range === 'Max'
              ? { rate: '-0.200000', startDate: '2024-03-01', endDate: '2024-06-03' }
              : { rate: '-0.080000', startDate: '2025-03-03', endDate: '2025-05-06' },
        },
      },
    })
    serve({ Portfolio: () => ({ portfolio: portfolio() }), NavHistory: (vars) => history(String(vars.range)) })
    const { container } = await open('ZH015676')
    const tap = async (figure: string) => {
      const button = container.querySelector(`.alfa-po-head__figure[data-figure="${figure}"]`) as HTMLElement
      expect(button.getAttribute('role')).toBe('button')
      expect(button.getAttribute('aria-haspopup')).toBe('dialog')
      button.click()
      for (let i = 0; i < 50 && !document.querySelector('.alfa-basis__step'); i++) await new Promise((r) => setTimeout(r, 10))
      return document.querySelector('.alfa-basis') as HTMLElement
    }

    const whole = await tap('max')
    expect(whole.getAttribute('aria-label')).toBe('最大回撤的计算口径')
    expect(seen.filter((q) => q.name === 'NavHistory').map((q) => q.vars.range)).toEqual(['Max'])
    expect(whole.textContent).toContain('净值从 2024-03-01 的高点 1.2500 跌到 2024-06-03 的低点 1.0000')
    expect(whole.textContent).toContain('= 1.0000 ÷ 1.2500 − 1 = -20.00%')
    expect(whole.textContent).not.toContain('按目前的全部净值计算为')
    ;(whole.querySelector('.alfa-basis__close') as HTMLElement).click()
    await new Promise((r) => setTimeout(r, 0))

    const lastYear = await tap('lastYear')
    expect(lastYear.getAttribute('aria-label')).toBe('近1年最大回撤的计算口径')
    expect(lastYear.textContent).toContain('近1年内净值从 2025-03-03 的高点 1.2500 跌到 2025-05-06 的低点 1.1500')
    // The stored -10.00 % and the history's -8.00 % differ: the sheet says which is which.
    expect(lastYear.textContent).toContain('页面上的 -10.00% 是策略数据更新时的计算结果；按目前的全部净值计算为 -8.00%。')
    ;(lastYear.querySelector('.alfa-basis__close') as HTMLElement).click()
    await new Promise((r) => setTimeout(r, 0))

    // The showcases: 年化收益 over the whole history, 731 days; the stored 8.61 % is not what the history gives.
    const annual = container.querySelector('.alfa-po-showcase__item[data-key="annualized"]') as HTMLElement
    expect(annual.getAttribute('aria-haspopup')).toBe('dialog')
    annual.click()
    for (let i = 0; i < 50 && !document.querySelector('.alfa-basis__step'); i++) await new Promise((r) => setTimeout(r, 10))
    const sheet = document.querySelector('.alfa-basis') as HTMLElement
    expect(sheet.getAttribute('aria-label')).toBe('年化收益的计算口径')
    expect(sheet.textContent).toContain('相隔 731 天')
    expect(sheet.textContent).toContain('(1.2100 ÷ 1.0000)^(365 ÷ 731) − 1 = +9.99%')
    expect(sheet.textContent).toContain('页面上的 8.61% 是策略数据更新时的计算结果；按目前的全部净值计算为 9.99%。')
    // 年化收益 reads the same whole history 最大回撤 read a moment ago: from the answer cache, not asked again.
    expect(seen.filter((q) => q.name === 'NavHistory').map((q) => q.vars.range)).toEqual(['Max', '1Y'])
  })

  it('the history sheet opened twice asks for the history once (the app’s answer cache); a failed read is asked again on 重试', async () => {
    let fail = true
    serve({
      Portfolio: () => ({ portfolio: portfolio() }),
      NavHistory: () => {
        if (fail) throw new Error('offline')
        return { portfolio: { ...portfolio(), navHistory: CHART.navHistory } }
      },
    })
    const { container } = await open('ZH015676')
    const waitFor = async (selector: string) => {
      for (let i = 0; i < 50 && !document.querySelector(selector); i++) await new Promise((r) => setTimeout(r, 10))
      return document.querySelector(selector) as HTMLElement
    }
    const tap = () => (container.querySelector('.alfa-po-head__figure[data-figure="max"]') as HTMLElement).click()
    const close = async () => {
      ;(document.querySelector('.alfa-basis__close') as HTMLElement).click()
      await new Promise((r) => setTimeout(r, 0))
    }
    const asked = () => seen.filter((q) => q.name === 'NavHistory').length

    tap()
    const failed = await waitFor('.alfa-basis__note[role="alert"]')
    expect(failed.textContent).toContain('净值读取失败')
    expect(asked()).toBe(1)
    fail = false
    ;(failed.querySelector('[role="button"]') as HTMLElement).click()
    expect((await waitFor('.alfa-basis__step')).textContent).toBeTruthy()
    expect(asked()).toBe(2)
    await close()

    tap()
    expect((await waitFor('.alfa-basis__step')).textContent).toBeTruthy()
    await close()
    tap()
    expect((await waitFor('.alfa-basis__step')).textContent).toBeTruthy()
    await new Promise((r) => setTimeout(r, 50))
    expect(asked()).toBe(2)
  })

  it('the head’s 预期年化收益 opens its 口径: each asset class’s weight × long-run return, added up (issue #25)', async () => {
    serve({
      Portfolio: () => ({ portfolio: portfolio() }),
      PortfolioExpectedBasis: () => ({
        portfolio: {
          poCode: 'ZH015676',
          annualizedReturnRateRange: { expectedAnnualizedReturnRate: '0.0800' },
          expectedReturnBasis: [
            { assetClass: 'EQUITY', assetClassName: '权益类', weight: '0.600000', rate: '0.100000', contribution: '0.060000' },
            { assetClass: 'FIXED_INCOME', assetClassName: '固收类', weight: '0.400000', rate: '0.050000', contribution: '0.020000' },
          ],
        },
      }),
    })
    const { container } = await open('ZH015676')
    const button = container.querySelector('.alfa-po-head__figure[data-figure="expected"]') as HTMLElement
    expect(button.getAttribute('aria-haspopup')).toBe('dialog')
    button.click()
    for (let i = 0; i < 50 && !document.querySelector('.alfa-basis__step'); i++) await new Promise((r) => setTimeout(r, 10))
    const sheet = document.querySelector('.alfa-basis') as HTMLElement
    expect(sheet.getAttribute('aria-label')).toBe('预期年化收益的计算口径')
    expect(sheet.textContent).toContain('权益类：占当前持仓 60.00% × 长期年化收益 10.00% = 6.00%。')
    expect(sheet.textContent).toContain('预期年化收益 = 各类资产的占比 × 长期年化收益之和 = 8.00%。')
    expect(sheet.textContent).not.toContain('按当前持仓计算为')
    expect(seen.filter((q) => q.name === 'PortfolioExpectedBasis').map((q) => q.vars)).toEqual([{ poCode: 'ZH015676' }])
  })

  it('收益计算器’s 查看计算口径 opens the steps of its result (issue #25)', async () => {
    serve({ Portfolio: () => ({ portfolio: portfolio() }) })
    const { container } = await open('ZH015676')
    const link = container.querySelector('.alfa-po-profit__basis') as HTMLElement
    expect(link.getAttribute('aria-haspopup')).toBe('dialog')
    link.click()
    const sheet = await basisSheet()
    expect(sheet.getAttribute('aria-label')).toBe('收益计算器的计算口径')
    expect(sheet.textContent).toContain('价值 = 投入金额 × 终点净值 ÷ 起点净值 = 10000 × 1.2100 ÷ 1.0000 = 12100.00 元。')
  })

  it('a drawdown showcase written without its sign shows as a fall, in the falling colour', async () => {
    const performanceShowcase = [{ key: 'maxDrawdown', displayName: '最大回撤', valueText: '24.38%', fontColor: 'Positive' }]
    serve({ Portfolio: () => ({ portfolio: portfolio({ performanceShowcase }) }) })
    const { container } = await open('ZH015676')
    const value = container.querySelector('[data-key="maxDrawdown"] .alfa-po-showcase__value')
    expect(value?.textContent).toBe('-24.38%')
    expect(value?.className).toContain('alfa-tone--Negative')
  })

  it('the drawdowns are in investor words (since set-up, the last year), each a fall in the falling colour', async () => {
    serve({ Portfolio: () => ({ portfolio: portfolio() }) })
    const { container, text } = await open('ZH015676')
    expect(text()).toContain('最大回撤 -20.00%，近1年 -10.00%')
    const ends = [...container.querySelectorAll('.alfa-po-head__range .alfa-num')]
    expect(ends.map((e) => [e.textContent, e.className.includes('alfa-num--down')])).toEqual([
      ['-20.00%', true],
      ['-10.00%', true],
    ])
    expect(text()).not.toMatch(/默认回撤|最小回撤/)
  })

  it('the latest NAV and the period returns say the day they are as of (截至)', async () => {
    serve({ Portfolio: () => ({ portfolio: portfolio() }) })
    const { container } = await open('ZH015676')
    expect(container.querySelector('.alfa-po-head__nav')?.textContent).toBe('最新净值 1.2100截至 2026-01-02')
    expect(section(container, '业绩走势')?.querySelector('.alfa-section__head .alfa-asof')?.textContent).toBe('截至 2026-01-02')
  })
})

describe('the kind of strategy picks the query branch', () => {
  it('ordinary codes ask Portfolio; AP codes on the main brand ask InvestPlan', async () => {
    serve({
      Portfolio: () => ({ portfolio: portfolio() }),
      InvestPlan: () => ({
        portfolio: portfolio({
          poCode: 'AP000001',
          poName: '我的养老规划',
          isCustomPlan: true,
          totalUnit: null,
          investedUnit: null,
          chinaOnly: {
            assetMixModelCode: 'A',
            assetPlanId: 'P',
            expectedAnnualizedReturnRate: '0.0500',
            status: 'ON',
            suggestHoldingTime: '3年以上',
          },
          chinaIncludeAlternative: null,
          chinaIncludeOversea: null,
          global: null,
        }),
      }),
    })
    await open('ZH015676')
    expect(seen.map((s) => s.name)).toEqual(['Portfolio'])
    document.body.innerHTML = ''
    const { text } = await open('AP000001')
    expect(seen.map((s) => s.name)).toEqual(['Portfolio', 'InvestPlan'])
    expect(seen[1].vars).toMatchObject({ poCode: 'AP000001', needQueryHolding: false })
    expect(text()).toContain('定制规划')
    expect(text()).toContain('仅国内资产')
    expect(text()).toContain('预期年化 5.00% · 建议持有 3年以上')
  })

  it('a remembered long-win code asks Longwin in one round trip', async () => {
    rememberKinds([{ poCode: 'LW000001', seriesType: 'LONG_WIN', isCustomPlan: false }])
    serve({
      Longwin: () => ({
        portfolio: portfolio({ poCode: 'LW000001', poName: '长赢指数投资计划', seriesType: 'LONG_WIN', totalUnit: 150, investedUnit: 60 }),
      }),
    })
    const { text } = await open('LW000001')
    expect(seen.map((s) => s.name)).toEqual(['Longwin'])
    expect(text()).toContain('长赢计划')
    expect(text()).toContain('已投入 60 / 150 份')
    // Long-win plans show risk on the three-level scale.
    expect(text()).toContain('风险中')
  })

  it('a first visit to a long-win plan by link learns its kind and asks the long-win branch', async () => {
    const lw = portfolio({ poCode: 'LW000002', poName: '长赢S计划', seriesType: 'LONG_WIN_S', totalUnit: 150, investedUnit: 10 })
    serve({ Portfolio: () => ({ portfolio: lw }), Longwin: () => ({ portfolio: lw }) })
    const { text } = await open('LW000002')
    expect(seen.map((s) => s.name)).toEqual(['Portfolio', 'Longwin'])
    expect(text()).toContain('长赢S计划')
    document.body.innerHTML = ''
    await open('LW000002')
    expect(seen.map((s) => s.name)).toEqual(['Portfolio', 'Longwin', 'Longwin'])
  })
})

describe('long-win plans: the accumulated return and the real-money account', () => {
  it('the plan line is its accumulated return; a plan run with real money draws the real-money line; another period asks LongWinNavHistory', async () => {
    rememberKinds([{ poCode: 'LW000001', seriesType: 'LONG_WIN', isCustomPlan: false }])
    const acrHistory = [
      { date: '2024-01-02', value: '0.000000' },
      { date: '2025-01-02', value: '0.100000' },
      { date: '2026-01-02', value: '0.210000' },
    ]
    const realMoneyHistory = [
      { date: '2024-01-02', value: '1.0000' },
      { date: '2026-01-02', value: '1.1500' },
    ]
    serve({
      Longwin: () => ({
        portfolio: portfolio({
          poCode: 'LW000001',
          seriesType: 'LONG_WIN',
          runningWithRealMoney: true,
          totalUnit: 150,
          investedUnit: 60,
          acrHistory,
          realMoneyHistory,
        }),
      }),
      LongWinNavHistory: () => ({ portfolio: { poCode: 'LW000001', ...CHART, realMoneyHistory } }),
    })
    const { container, utils } = await open('LW000001')
    expect(container.querySelector('.chart-stub')?.textContent).toBe('本策略:3,实盘:2,沪深300:2 marks:maxDrawdown+peak')
    await utils.act(async () => {
      ;(container.querySelector('.alfa-period-tabs__tab[data-period="THREE_MONTH"]') as HTMLElement).click()
      await flush()
      await flush()
    })
    const asked = seen.find((x) => x.name === 'LongWinNavHistory')
    expect(asked?.vars).toMatchObject({ poCode: 'LW000001', range: '3M', isSInvested: true, hasAdjustment: true })
    expect(container.querySelector('.chart-stub')?.textContent).toBe('本策略:3,实盘:2,沪深300:2 marks:maxDrawdown+peak')
  })
})

describe('the chart part arrives later in the same request (@defer)', () => {
  it('the page shows at once with a chart skeleton, then the chart', async () => {
    let finish: () => void = () => undefined
    jest.spyOn(graphql, 'execute').mockImplementation((doc: unknown, _vars: unknown, options?: { onData?: (d: unknown) => void }) => {
      // The detail's own cards (plan/PlanCards: the smart-AIP series) ask apart; only the detail is held back.
      if (graphql.operationNameOf(String(doc)) !== 'Portfolio') return Promise.reject(new Error('not this test'))
      const head = portfolio()
      delete (head as Record<string, unknown>).navHistory
      delete (head as Record<string, unknown>).benchmark
      options?.onData?.({ portfolio: head })
      return new Promise((resolve) => {
        finish = () => {
          options?.onData?.({ portfolio: portfolio() })
          resolve({ portfolio: portfolio() })
        }
      })
    })
    const { container, text, utils } = await open('ZH015676')
    expect(text()).toContain('全球多元配置')
    expect(container.querySelector('.alfa-po-chart__body--loading')).not.toBeNull()
    expect(container.querySelector('.chart-stub')).toBeNull()
    await utils.act(async () => {
      finish()
      await flush()
    })
    expect(container.querySelector('.chart-stub')).not.toBeNull()
  })
})

describe('follow on the details', () => {
  it('a toggle is not undone by another page’s answer asked before it (a page below reloading on login)', async () => {
    let late: (() => void) | null = null
    let calls = 0
    serve({
      Portfolio: () => {
        calls += 1
        // The second ask is the first page's reload on login: it answers only after the toggle.
        if (calls === 2) return new Promise((resolve) => (late = () => resolve({ portfolio: portfolio() })))
        return { portfolio: portfolio() }
      },
      toggleFollow: (vars) => ({ toggleFollow: { hasFollowed: vars.state, followersCount: 21768, error: null } }),
    })
    const below = await open('ZH015676')
    await below.utils.act(async () => {
      user.login('header.eyJleHAiOjQxMDI0NDQ4MDB9.sig')
      user.setUserId('U1')
      await flush()
    })
    expect(calls).toBe(2)
    const top = await open('ZH015676')
    const button = () => top.container.querySelector('.alfa-po-follow') as HTMLElement
    await top.utils.act(async () => {
      button().click()
      await flush()
      await flush()
    })
    expect(button().textContent).toBe('已关注')
    await top.utils.act(async () => {
      late!()
      await flush()
      await flush()
    })
    expect(below.container.querySelector('.alfa-po-follow')?.textContent).toBe('已关注')
    expect(button().textContent).toBe('已关注')
  })

  it('a logged-in follow flips the button, counts the follower, and the kept answer has the new state', async () => {
    user.login('header.eyJleHAiOjQxMDI0NDQ4MDB9.sig')
    user.setUserId('U1')
    serve({
      Portfolio: () => ({ portfolio: portfolio() }),
      toggleFollow: (vars) => ({ toggleFollow: { hasFollowed: vars.state, followersCount: 21768, error: null } }),
    })
    const { container, text, utils } = await open('ZH015676')
    const button = container.querySelector('.alfa-po-follow') as HTMLElement
    expect(button.textContent).toBe('+ 关注')
    await utils.act(async () => {
      button.click()
      await flush()
      await flush()
    })
    expect(seen.find((s) => s.name === 'toggleFollow')?.vars).toEqual({ poCode: 'ZH015676', state: true })
    expect(container.querySelector('.alfa-po-follow')?.textContent).toBe('已关注')
    expect(text()).toContain('2.1w+人关注')
    expect(answerCache.get<{ hasFollowed: boolean }>(userAnswerKey('U1', 'portfolioDetail:ZH015676'))?.hasFollowed).toBe(true)
    // Kept for this user only: after logout the strategy is asked again, anonymously.
    const asked = seen.length
    await utils.act(async () => {
      user.logout()
      await flush()
      await flush()
    })
    expect(answerCache.get(userAnswerKey('U1', 'portfolioDetail:ZH015676'))).toBeNull()
    expect(container.querySelector('.alfa-po-follow')?.textContent).toBe('+ 关注')
    expect(seen.slice(asked).some((s) => s.name === 'Portfolio' && s.vars.poCode === 'ZH015676')).toBe(true)
  })
})

describe('navigation from the details', () => {
  it('交易须知 opens the trade modal with the poCode (the risk disclosure first); a link opens its screen', async () => {
    serve({ Portfolio: () => ({ portfolio: portfolio() }) })
    const nav = jest.spyOn(navigation, 'navigateTo').mockResolvedValue(undefined as never)
    const { container } = await open('ZH015676')
    ;(container.querySelector('.alfa-bar-button') as HTMLElement).click()
    expect(nav).toHaveBeenLastCalledWith('portfolioModals', { poCode: 'ZH015676', next: 'tradeModal', notices: 'risk' })
    ;(container.querySelector('[data-route="portfolioAdjustment"]') as HTMLElement).click()
    expect(nav).toHaveBeenLastCalledWith('portfolioAdjustment', { poCode: 'ZH015676' })
  })
  it('the top notice opens its link through the link rules: an allowed page in the tab, any other on the refusal page', async () => {
    const assign = jest.spyOn(web, 'assignLocation').mockImplementation(() => undefined)
    const navigate = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' })
    const saved = externalHosts()
    configureExternalHosts(['alfa.example'])
    try {
      for (const link of ['https://www.alfa.example/notice/ZH015676', 'https://evil.example/notice']) {
        serve({
          Portfolio: () => ({ portfolio: portfolio({ preference: { ...PREF, topNotice: { link, text: '组合将于近期进行调仓' } } }) }),
        })
        const { container } = await open('ZH015676')
        const notice = container.querySelector('.alfa-po-notice') as HTMLElement
        expect(notice.getAttribute('role')).toBe('link')
        notice.click()
        document.body.innerHTML = ''
        answerCache.clear()
      }
      expect(assign.mock.calls).toEqual([['https://www.alfa.example/notice/ZH015676']])
      expect(navigate.mock.calls.map((c) => c[0].url.replace(/&ts=\d+$/, ''))).toEqual([
        '/subPkg/pages/externalLink/index?url=https%3A%2F%2Fevil.example%2Fnotice',
      ])
    } finally {
      configureExternalHosts(saved)
    }
  })
})

describe('策略 and 更多策略 list the brand’s strategies', () => {
  const row = (poCode: string, poName: string, moneyType: string, extra: Record<string, unknown> = {}) => ({
    poCode,
    poName,
    subTitle: `${poName}简介`,
    riskLevel: 'Low',
    moneyType,
    seriesType: null,
    isCustomPlan: false,
    runningDays: 100,
    followersCount: 10000,
    performanceShowcase: [{ key: 'annualized', valueText: '3.21%', fontColor: 'Positive' }],
    annualizedReturnRateRange: { expectedAnnualizedReturnRate: '0.0400' },
    ...extra,
  })

  it('the product page groups by money type and links to 更多策略', async () => {
    serve({
      PortfolioList: () => ({
        portfolios: {
          totalCount: 3,
          pageInfo: { cursor: null, hasMore: false },
          list: [
            row('ZH1', '稳稳的幸福', 'Steady'),
            row('ZH2', '现金管理', 'Spare', { performanceShowcase: [] }),
            row('LW1', '长赢计划', 'Longterm', { seriesType: 'LONG_WIN' }),
          ],
        },
      }),
    })
    const r = await renderPage(ProductPage, '/pages/product/index')
    await r.utils.act(async () => {
      await flush()
    })
    const sections = [...r.container.querySelectorAll('.alfa-po-list__section')].map((e) => e.textContent)
    expect(sections).toEqual(['活钱管理', '稳健理财', '长期投资'])
    expect(r.text()).toContain('3.21%成立以来年化')
    // No annualised figure: the expected annualised return.
    expect(r.text()).toContain('4.00%预期年化收益')
    expect(r.text()).toContain('1w人关注')
    expect(r.text()).toContain('更多策略（共3个）')
  })

  it('更多策略 pages with the cursor and remembers each kind', async () => {
    const pages: Record<string, unknown> = {
      first: { totalCount: 2, pageInfo: { cursor: 'c1', hasMore: true }, list: [row('ZH1', '稳稳的幸福', 'Steady')] },
      c1: {
        totalCount: 2,
        pageInfo: { cursor: null, hasMore: false },
        list: [row('LW9', '长赢九号', 'Longterm', { seriesType: 'LONG_WIN' })],
      },
    }
    serve({ PortfolioList: (vars) => ({ portfolios: pages[(vars.page as { cursor?: string }).cursor ?? 'first'] }) })
    const r = await renderPage(ProductListPage, '/subPkg/pages/productList/index')
    await r.utils.act(async () => {
      await flush()
    })
    expect(r.text()).toContain('稳稳的幸福')
    expect(r.text()).not.toContain('长赢九号')
    await r.utils.act(async () => {
      ;(r.container.querySelector('.alfa-load-more') as HTMLElement)?.click()
      await flush()
      await flush()
    })
    expect(seen.map((s) => (s.vars.page as { cursor?: string }).cursor ?? null)).toEqual([null, 'c1'])
    expect(r.text()).toContain('长赢九号')
    const { kindOf } = await import('@/features/portfolio')
    expect(kindOf('LW9')).toBe('longWin')
  })
})

describe('the strategy chart: the compared benchmark, the expected line and the periods (issue 23)', () => {
  const BENCHMARKS = [
    { indexCode: '000300', indexShortName: '沪深300', isDefault: true },
    { indexCode: '000905', indexShortName: '中证500', isDefault: false },
    { indexCode: 'H11001', indexShortName: '中债综合', isDefault: false },
  ]
  const ZZ500 = {
    indexCode: '000905',
    indexShortName: '中证500',
    history: [
      { date: '2024-01-02', value: '1.0000' },
      { date: '2025-01-02', value: '0.9000' },
      { date: '2026-01-02', value: '1.1000' },
    ],
  }
  const EXPECTED = [
    { date: '2024-01-02', value: '1.0000' },
    { date: '2025-01-02', value: '1.0800' },
    { date: '2026-01-02', value: '1.1664' },
  ]
  const stub = (container: HTMLElement) => container.querySelector('.chart-stub')?.textContent
  const checked = (container: HTMLElement) => container.querySelector('[role="radio"][aria-checked="true"]')?.textContent
  const navHistory = (vars: Record<string, unknown>) => ({
    portfolio: {
      poCode: 'ZH015676',
      ...CHART,
      navHistory: { ...CHART.navHistory, seriesStart: '2024-01-02', ...(vars.hasExpeData ? { expectedSeries: EXPECTED } : {}) },
      comparing: vars.hasComparingIndex && vars.comparingIndexCode === '000905' ? ZZ500 : null,
    },
  })

  beforeEach(() => hostStorage.remove('portfolio_benchmarks'))

  it('the preference’s default benchmark is preselected; another choice is asked as NavHistory’s comparing line, named in the chart, and kept across a reload', async () => {
    serve({
      Portfolio: () => ({ portfolio: portfolio({ comparableBenchmarks: BENCHMARKS }) }),
      NavHistory: navHistory,
    })
    const first = await open('ZH015676')
    expect(checked(first.container)).toBe('沪深300')
    expect(stub(first.container)).toBe('本策略:3,沪深300:2 marks:maxDrawdown+peak')
    await first.utils.act(async () => {
      ;(first.container.querySelector('[role="radio"][data-index="000905"]') as HTMLElement).click()
      await flush()
      await flush()
    })
    const asked = seen.filter((x) => x.name === 'NavHistory')
    expect(asked.map((x) => x.vars)).toEqual([
      expect.objectContaining({ range: '1Y', comparingIndexCode: '000905', hasComparingIndex: true }),
    ])
    expect(checked(first.container)).toBe('中证500')
    expect(stub(first.container)).toMatch(/^本策略:3,中证500:3,/)

    // A reload: the page mounted afresh, nothing in memory but the device's storage.
    ;(first.utils as unknown as { unmout: () => void }).unmout()
    document.body.innerHTML = ''
    answerCache.clear()
    serve({
      Portfolio: () => ({ portfolio: portfolio({ comparableBenchmarks: BENCHMARKS }) }),
      NavHistory: navHistory,
    })
    const again = await open('ZH015676')
    expect(checked(again.container)).toBe('中证500')
    expect(stub(again.container)).toMatch(/^本策略:3,中证500:3,/)
    // Kept on the device under the strategy's code.
    expect(hostStorage.get('portfolio_benchmarks')).toEqual({ ZH015676: '000905' })
  })

  it('the expected line is drawn only when the strategy has an expected return (hasExpeData)', async () => {
    serve({
      Portfolio: () => ({ portfolio: portfolio({ navHistory: { ...CHART.navHistory, expectedSeries: EXPECTED } }) }),
      NavHistory: navHistory,
    })
    const { container, utils } = await open('ZH015676')
    expect(stub(container)).toBe('本策略:3,沪深300:2,预期收益:3 marks:maxDrawdown+peak')
    await utils.act(async () => {
      ;(container.querySelector('.alfa-period-tabs__tab[data-period="THREE_YEAR"]') as HTMLElement).click()
      await flush()
      await flush()
    })
    expect(seen.find((x) => x.name === 'NavHistory')?.vars).toMatchObject({ range: '3Y', hasExpeData: true, hasComparingIndex: false })
    expect(stub(container)).toBe('本策略:3,沪深300:2,预期收益:3 marks:maxDrawdown+peak')
  })

  it('no expected line without an expected return: NavHistory is asked without hasExpeData', async () => {
    const none = { expectedAnnualizedReturnRate: null, defaultDrawdown: '-0.2000', minDrawdown: '-0.1000' }
    serve({
      Portfolio: () => ({
        portfolio: portfolio({ annualizedReturnRateRange: none, navHistory: { ...CHART.navHistory, expectedSeries: EXPECTED } }),
      }),
      NavHistory: navHistory,
    })
    const { container, utils } = await open('ZH015676')
    expect(stub(container)).toBe('本策略:3,沪深300:2 marks:maxDrawdown+peak')
    await utils.act(async () => {
      ;(container.querySelector('.alfa-period-tabs__tab[data-period="THREE_YEAR"]') as HTMLElement).click()
      await flush()
      await flush()
    })
    expect(seen.find((x) => x.name === 'NavHistory')?.vars).toMatchObject({ hasExpeData: false })
    expect(stub(container)).toBe('本策略:3,沪深300:2 marks:maxDrawdown+peak')
  })

  it('近10年 and 全部 are offered where the series reaches them; 全部 asks every NAV (all: true)', async () => {
    const tabs = (container: HTMLElement) => [...container.querySelectorAll('.alfa-period-tabs__tab')].map((t) => t.textContent)
    serve({
      Portfolio: () => ({ portfolio: portfolio({ navHistory: { ...CHART.navHistory, seriesStart: '2024-01-02' } }) }),
      NavHistory: navHistory,
    })
    const short = await open('ZH015676')
    expect(tabs(short.container)).toEqual(['近1月', '近3月', '近6月', '近1年', '近3年', '近5年', '今年以来', '成立以来'])
    ;(short.utils as unknown as { unmout: () => void }).unmout()
    document.body.innerHTML = ''
    answerCache.clear()

    // Set up in 2023 on a series back-tested from 2014: ten years of NAVs, and some before the set-up.
    serve({
      Portfolio: () => ({ portfolio: portfolio({ navHistory: { ...CHART.navHistory, seriesStart: '2014-01-02' } }) }),
      NavHistory: navHistory,
    })
    const long = await open('ZH015676')
    expect(tabs(long.container)).toEqual(['近1月', '近3月', '近6月', '近1年', '近3年', '近5年', '近10年', '今年以来', '成立以来', '全部'])
    await long.utils.act(async () => {
      ;(long.container.querySelector('.alfa-period-tabs__tab[data-period="Max"]') as HTMLElement).click()
      await flush()
      await flush()
    })
    expect(seen.find((x) => x.name === 'NavHistory')?.vars).toMatchObject({ range: 'Max', all: true })
  })
})
