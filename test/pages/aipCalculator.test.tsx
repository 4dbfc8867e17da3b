import AipCalculatorPage from '@/subPkg/pages/aipCalculator/index'
import { GraphQLClientError } from '@/services/graphql'
import { openPage, flush } from '../support/render'
import { planBasisSteps } from '@/features/aip/planBasis'

jest.mock('@/components/Chart', () => {
  const actual = jest.requireActual('@/components/Chart')
  return {
    ...actual,
    Chart: ({ series }: { series: Array<{ name: string; data: Array<{ value: number }> }> }) => (
      <div className='chart-stub'>{series.map((s) => `${s.name}:${s.data.map((p) => p.value).join('/')}`).join(',')}</div>
    ),
  }
})

const PAGE = 'subPkg/pages/aipCalculator/index'
const outcome = (o: Partial<Record<string, unknown>> = {}) => ({
  purchaseCount: 36,
  invested: '36000.00',
  fees: '53.92',
  endValue: '41234.56',
  cashDividends: '0.00',
  profit: '5234.56',
  totalReturn: '0.1454',
  annualizedReturn: '0.0912',
  ...o,
})
const ANSWER = {
  fundCode: '000001',
  fundName: '甲成长混合',
  firstNavDate: '2016-10-10',
  lastNavDate: '2026-09-30',
  startDate: '2023-09-30',
  endDate: '2026-09-30',
  dividendMode: 'REINVEST',
  firstPurchaseDate: '2023-10-09',
  startNav: '1.2345',
  endNavDate: '2026-09-30',
  endNav: '1.4567',
  outcome: outcome(),
  lumpSum: {
    date: '2023-10-09',
    nav: '1.2345',
    outcome: outcome({ purchaseCount: 1, endValue: '40000.00', profit: '4000.00', totalReturn: '0.1111', annualizedReturn: '0.0357' }),
  },
  series: [
    { date: '2023-10-09', invested: '1000.00', value: '998.50' },
    { date: '2026-09-30', invested: '36000.00', value: '41234.56' },
  ],
}

afterEach(() => {
  document.body.innerHTML = ''
  jest.restoreAllMocks()
})

const rowValue = (container: HTMLElement, scope: string, label: string) =>
  [...container.querySelectorAll(`${scope} .alfa-rows__row`)]
    .find((r) => r.querySelector('.alfa-rows__label')?.textContent === label)
    ?.querySelector('.alfa-rows__value')

const type = (container: HTMLElement, label: string, value: string) => {
  const input = container.querySelector(`[aria-label="${label}"]`) as HTMLElement
  input.dispatchEvent(new CustomEvent('input', { detail: { value }, bubbles: true }))
}
const tap = (container: HTMLElement, text: string) =>
  [...container.querySelectorAll<HTMLElement>('[role="tab"], button, taro-button-core')]
    .find((e) => e.textContent?.trim() === text)!
    .click()

describe('定投计算器', () => {
  it('asks the default plan at once (one request: 1000 元 on the 1st monthly, fee 0.15%, reinvested, the server’s last 3 years) and shows every figure', async () => {
    const { text, container, execute } = await openPage(
      AipCalculatorPage,
      PAGE,
      { fundCode: '000001' },
      { AipCalculation: () => ({ aipCalculation: ANSWER }) },
    )
    expect(execute).toHaveBeenCalledTimes(1)
    expect(execute.mock.calls[0][1]).toEqual({
      input: { fundCode: '000001', amount: '1000', frequency: 'MONTHLY', day: 1, feeRate: '0.0015', dividendMode: 'REINVEST' },
    })
    expect(text()).toContain('甲成长混合')
    expect(rowValue(container, '.alfa-aip-result', '定投期数')?.textContent).toBe('36 期')
    expect(rowValue(container, '.alfa-aip-result', '投入本金')?.textContent).toBe('36,000.00元')
    expect(rowValue(container, '.alfa-aip-result', '期末市值')?.textContent).toBe('41,234.56元')
    expect(rowValue(container, '.alfa-aip-result', '收益')?.querySelector('.alfa-num--up')?.textContent).toBe('+5,234.56元')
    expect(rowValue(container, '.alfa-aip-result', '累计收益率')?.querySelector('.alfa-num--up')?.textContent).toBe('+14.54%')
    expect(rowValue(container, '.alfa-aip-result', '年化收益率(XIRR)')?.textContent).toBe('+9.12%')
    expect(rowValue(container, '.alfa-aip-result', '现金分红')).toBeUndefined()
    // The lump sum beside it, and what the plan made more.
    expect(text()).toContain('若在 2023-10-09 以单位净值 1.2345 一次性投入 36,000.00 元')
    expect(rowValue(container, '.alfa-aip-lump', '收益')?.textContent).toBe('+4,000.00元')
    expect(rowValue(container, '.alfa-aip-lump', '定投比一次性投入多赚')?.textContent).toBe('+1,234.56元')
    // Invested against value, from the server's series.
    expect(container.querySelector('.chart-stub')?.textContent).toBe('资产:998.5/41234.56,投入本金:1000/36000')
    // The dates the server used fill the form.
    expect(text()).toContain('2023-09-30 ›')
    expect(text()).toContain('2026-09-30 ›')
  })

  it('a loss reads green, and cash dividends show when paid in cash', async () => {
    const loss = {
      ...ANSWER,
      dividendMode: 'CASH',
      outcome: outcome({ profit: '-1200.00', totalReturn: '-0.0333', annualizedReturn: '-0.0201', cashDividends: '300.00' }),
    }
    const { container } = await openPage(
      AipCalculatorPage,
      PAGE,
      { fundCode: '000001' },
      { AipCalculation: () => ({ aipCalculation: loss }) },
    )
    expect(rowValue(container, '.alfa-aip-result', '收益')?.querySelector('.alfa-num--down')?.textContent).toBe('-1,200.00元')
    expect(rowValue(container, '.alfa-aip-result', '累计收益率')?.querySelector('.alfa-num--down')?.textContent).toBe('-3.33%')
    expect(rowValue(container, '.alfa-aip-result', '现金分红')?.textContent).toBe('300.00元')
  })

  it('开始计算 asks the plan in the form: weekly on Wednesdays, cash, another amount and fee, the dates shown', async () => {
    const { container, execute, utils } = await openPage(
      AipCalculatorPage,
      PAGE,
      { fundCode: '000001' },
      { AipCalculation: () => ({ aipCalculation: ANSWER }) },
    )
    await utils.act(async () => {
      tap(container, '每周')
    })
    await utils.act(async () => {
      tap(container, '周三')
      tap(container, '现金分红')
      type(container, '每期金额', '500')
      type(container, '申购费率', '1.2')
    })
    await utils.act(async () => {
      tap(container, '开始计算')
      await flush()
    })
    expect(execute).toHaveBeenCalledTimes(2)
    expect(execute.mock.calls[1][1]).toEqual({
      input: {
        fundCode: '000001',
        amount: '500',
        frequency: 'WEEKLY',
        day: 3,
        startDate: '2023-09-30',
        endDate: '2026-09-30',
        feeRate: '0.012',
        dividendMode: 'CASH',
      },
    })
  })

  it('a plan the form cannot send says why without asking; one the server refuses shows its Chinese message', async () => {
    let refuse = false
    const { container, execute, utils, text } = await openPage(
      AipCalculatorPage,
      PAGE,
      { fundCode: '000001' },
      {
        AipCalculation: () => {
          if (!refuse) return { aipCalculation: ANSWER }
          throw new GraphQLClientError('graphql', '所选区间内没有定投扣款日，请延长区间或更换定投日', [
            { message: '所选区间内没有定投扣款日，请延长区间或更换定投日', extensions: { code: 'BAD_USER_INPUT' } },
          ])
        },
      },
    )
    await utils.act(async () => {
      type(container, '每期金额', '0')
    })
    await utils.act(async () => {
      tap(container, '开始计算')
      await flush()
    })
    expect(execute).toHaveBeenCalledTimes(1)
    expect(container.querySelector('.alfa-aip__error')?.textContent).toBe('定投金额必须大于 0')
    refuse = true
    await utils.act(async () => {
      type(container, '每期金额', '800')
      type(container, '每月扣款日', '28')
    })
    await utils.act(async () => {
      tap(container, '开始计算')
      await flush()
      await flush()
    })
    expect(execute).toHaveBeenCalledTimes(2)
    expect(container.querySelector('.alfa-aip__error')).toBeNull()
    expect(container.querySelector('.alfa-aip__refused')?.textContent).toBe('所选区间内没有定投扣款日，请延长区间或更换定投日')
    expect(text()).not.toContain('定投结果')
  })

  it('an unknown fund shows the server’s reason; a network failure the error state with a retry; no code says so', async () => {
    const unknown = await openPage(
      AipCalculatorPage,
      PAGE,
      { fundCode: '999999' },
      {
        AipCalculation: () => {
          throw new GraphQLClientError('graphql', '基金不存在：999999', [
            { message: '基金不存在：999999', extensions: { code: 'BAD_USER_INPUT' } },
          ])
        },
      },
    )
    expect(unknown.text()).toContain('基金不存在：999999')
    document.body.innerHTML = ''
    jest.restoreAllMocks()
    const down = await openPage(
      AipCalculatorPage,
      PAGE,
      { fundCode: '000002' },
      {
        AipCalculation: () => {
          throw new GraphQLClientError('network', 'request:fail')
        },
      },
    )
    expect(down.text()).toContain('加载失败')
    expect(down.text()).toContain('重试')
    document.body.innerHTML = ''
    jest.restoreAllMocks()
    const none = await openPage(AipCalculatorPage, PAGE, {}, {})
    expect(none.text()).toContain('缺少基金代码')
    expect(none.execute).not.toHaveBeenCalled()
  })
})

describe('定投结果的计算口径 (issue #25)', () => {
  const PLAN = {
    amount: '1000',
    feeRate: '0.0015',
    dividendMode: 'CASH',
    endNavDate: '2024-03-29',
    endNav: '1.1000',
    outcome: {
      purchaseCount: 3,
      invested: '3000.00',
      fees: '4.49',
      units: '2810.4493',
      endValue: '3091.49',
      cashDividends: '28.10',
      profit: '119.59',
      totalReturn: '0.0399',
      annualizedReturn: '0.3012',
    },
    purchases: [
      { scheduledDate: '2024-01-01', date: '2024-01-02', nav: '1.0000', units: '998.5023' },
      { scheduledDate: '2024-02-01', date: '2024-02-01', nav: '1.1000', units: '907.7294' },
      { scheduledDate: '2024-03-01', date: '2024-03-01', nav: '1.1041', units: '904.2176' },
    ],
    events: [{ date: '2024-02-20', kind: 'dividend', cashPerUnit: '0.0148', ratio: null, cashPaid: '28.10' }],
  }

  it('says how each figure of the plan came about, from the server’s purchases and distributions', () => {
    const steps = planBasisSteps(PLAN as never)
    expect(steps[0]).toBe('共定投 3 期：首期 2024-01-02（单位净值 1.0000），末期 2024-03-01（单位净值 1.1041）。')
    expect(steps[1]).toBe('1 期的扣款日不是交易日，顺延到下一个净值日，如 2024-01-01→2024-01-02。')
    expect(steps[2]).toContain('合计投入 3,000.00 元，其中申购费 4.49 元，买入 2810.4493 份。')
    expect(steps[3]).toBe('期间分红 1 次，以现金领取，共 28.10 元；期末持有 2810.4493 份。')
    expect(steps[4]).toBe('期末 2024-03-29 单位净值 1.1000：市值 = 2810.4493 份 × 1.1000 = 3,091.49 元。')
    expect(steps[5]).toBe('收益 = 期末市值 + 现金分红 − 投入本金 = +119.59 元；累计收益率 = 收益 ÷ 投入本金 = +3.99%。')
    expect(steps[6]).toMatch(/^年化收益率（XIRR）= \+30\.12%：把每期投入记为流出、期末市值和每笔现金分红记为流入/)
  })

  it('查看计算口径 asks the plan on screen with its purchases and shows the steps', async () => {
    const asked: unknown[] = []
    const { container, utils } = await openPage(
      AipCalculatorPage,
      PAGE,
      { fundCode: '000001' },
      {
        AipCalculation: () => ({ aipCalculation: ANSWER }),
        AipPlanBasis: (vars) => {
          asked.push(vars)
          return { aipCalculation: PLAN }
        },
      },
    )
    await utils.act(async () => {
      ;(container.querySelector('.alfa-aip__basis-link') as HTMLElement).click()
      for (let i = 0; i < 3; i++) await flush()
    })
    expect(asked).toEqual([
      { input: { fundCode: '000001', amount: '1000', frequency: 'MONTHLY', day: 1, feeRate: '0.0015', dividendMode: 'REINVEST' } },
    ])
    expect(container.querySelector('.alfa-basis')?.textContent).toContain('共定投 3 期')
  })
})
