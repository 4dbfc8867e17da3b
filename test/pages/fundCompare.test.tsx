import { CompareToggle, CompareTray, CompareTrayBar, compareTray, COMPARE_TRAY_KEY, TRAY_FULL_TEXT } from '@/features/compare'
import { parseCodes } from '@/features/compare/tray'
import { GraphQLClientError } from '@/services/graphql'
import * as navigation from '@/services/navigation'
import { shareFor, shareH5Path } from '@/services/share'
import { toast } from '@/services/toast'
import type { KeyValueBackend } from '@/utils/expiringStorage'
import FundComparePage from '@/subPkg/pages/fundCompare/index'
import { flush, mountComponent, openPage } from '../support/render'

jest.mock('@/components/Chart', () => {
  const actual = jest.requireActual('@/components/Chart')
  return {
    ...actual,
    Chart: ({ series }: { series: Array<{ name: string; data: Array<{ value: number }> }> }) => (
      <div className='chart-stub'>{series.map((s) => `${s.name}:${s.data.length}:${s.data.at(-1)?.value}`).join(',')}</div>
    ),
  }
})

const ret = (key: string, label: string, value: string | null) => ({
  key,
  label,
  value,
  startDate: value === null ? null : '2025-09-30',
  startNav: value === null ? null : '1.0000',
  endDate: value === null ? null : '2026-09-30',
  endNav: value === null ? null : '1.1000',
})

const fund = (code: string, name: string, r1y: string, dd: string) => ({
  fund: {
    fundCode: code,
    fundName: name,
    categoryName: '混合型',
    riskLevelName: '中高风险',
    fundSize: '12.34',
    fundSizeDate: '2026-06-30',
    navDate: '2026-09-30',
    isDemo: false,
  },
  figuresUnavailable: null,
  periodReturns: [ret('1M', '近1月', '0.0100'), ret('1Y', '近1年', r1y), ret('SETUP', '成立以来', null)],
  yearlyReturns: [ret('2025', '2025年', r1y)],
  windowReturn: ret('WINDOW', '区间收益', r1y),
  maxDrawdown: { value: dd, peakDate: '2021-02-10', peakNav: '2.0000', troughDate: '2022-04-26', troughNav: '1.3000' },
  volatility: { value: '0.1800', startDate: '2016-10-10', endDate: '2026-09-30' },
  sharpeRatio: { value: '0.5123', annualizedReturn: '0.0800' },
  fees: { buyFeeRate: '0.0015', managementFeeRate: null, custodyFeeRate: null, salesServiceFeeRate: null },
  managers: [{ managerId: 'M1', managerName: '张三', tenureStart: '2019-01-02', tenureYears: '7.7' }],
})

const COMPARISON = {
  range: '1Y',
  riskFreeRate: '0.0150',
  startDate: '2025-09-30',
  endDate: '2026-09-30',
  chartFundCodes: ['000001', '110011'],
  series: [
    { date: '2025-09-30', values: ['100.0000', '100.0000'] },
    { date: '2026-09-30', values: ['112.3400', '95.0000'] },
  ],
  best: [
    { row: 'period:1Y', fundCodes: ['000001'] },
    { row: 'maxDrawdown', fundCodes: ['110011'] },
  ],
  overlaps: [{ fundCodeA: '000001', fundCodeB: '110011', known: true, commonCount: 1, commonNames: ['贵州茅台'], overlap: '0.0512' }],
  funds: [fund('000001', '甲成长混合', '0.1234', '-0.3500'), fund('110011', '乙价值混合', '-0.0500', '-0.2000')],
}

/** A storage backend in memory: what a device keeps between sessions. */
function memoryStorage(): KeyValueBackend & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>()
  return { data, get: (k) => data.get(k) ?? '', set: (k, v) => void data.set(k, v), remove: (k) => void data.delete(k) }
}

afterEach(() => {
  document.body.innerHTML = ''
  jest.restoreAllMocks()
  toast.close()
})

const openCompare = (codes: string, answers: Parameters<typeof openPage>[3]) =>
  openPage(FundComparePage, 'subPkg/pages/fundCompare/index', { codes }, answers)

describe('基金对比 page', () => {
  it('asks once for the codes of the address and shows them side by side, the best of a row marked, rises red and falls green', async () => {
    const asked: unknown[] = []
    const { container, text } = await openCompare('000001,110011', {
      FundComparison: (vars) => {
        asked.push(vars)
        return { fundComparison: COMPARISON }
      },
    })
    expect(asked).toEqual([{ codes: ['000001', '110011'], range: '1Y' }])
    expect(text()).toContain('甲成长混合')
    expect(text()).toContain('乙价值混合')
    const cell = (row: string, code: string) => container.querySelector(`[data-row="${row}"] [data-fund="${code}"]`)!
    expect(cell('period:1Y', '000001').getAttribute('data-best')).toBe('true')
    expect(cell('period:1Y', '000001').textContent).toContain('优')
    expect(cell('period:1Y', '110011').getAttribute('data-best')).toBeNull()
    expect(cell('period:1Y', '000001').querySelector('.alfa-num--up')?.textContent).toBe('+12.34%')
    expect(cell('period:1Y', '110011').querySelector('.alfa-num--down')?.textContent).toBe('-5.00%')
    expect(cell('period:SETUP', '000001').textContent).toBe('--')
    // The smallest fall wins the drawdown row; its dates are shown.
    expect(cell('maxDrawdown', '110011').getAttribute('data-best')).toBe('true')
    expect(cell('maxDrawdown', '000001').textContent).toContain('-35.00%')
    expect(cell('maxDrawdown', '000001').textContent).toContain('2021-02-10 至 2022-04-26')
    expect(cell('year:2025', '000001').textContent).toContain('+12.34%')
    expect(cell('buyFeeRate', '000001').textContent).toBe('0.15%')
    expect(cell('managementFeeRate', '000001').textContent).toBe('--')
    expect(cell('managers', '000001').textContent).toContain('张三任职 7.7 年')
    expect(cell('sharpeRatio', '000001').textContent).toBe('0.51')
    // The fixed first column names every row.
    expect(container.querySelector('[data-row="volatility"] [role="rowheader"]')?.textContent).toBe('年化波动率')
    expect(container.querySelector('.chart-stub')?.textContent).toBe('甲成长混合:2:112.34,乙价值混合:2:95')
    // Each line's return over the tab: its last value over 100.
    expect(container.querySelector('.alfa-compare-chart__return[data-fund="000001"] .alfa-num--up')?.textContent).toBe('+12.34%')
    expect(container.querySelector('.alfa-compare-chart__return[data-fund="110011"] .alfa-num--down')?.textContent).toBe('-5.00%')
    // Its 口径: the line's last value over 100.
    ;(container.querySelector('.alfa-compare-chart__return[data-fund="110011"]') as HTMLElement).click()
    await new Promise((r) => setTimeout(r, 0))
    expect(document.querySelector('.alfa-basis')?.textContent).toContain('区间收益 = 95.00 ÷ 100 − 1 = -5.00%')
    expect(container.querySelector('[data-pair="000001-110011"]')?.textContent).toContain('重合 5.12%（1 只：贵州茅台）')
    expect(text()).toContain('无风险利率为 1.50%/年')
  })

  it('a tap on a return or the drawdown opens that fund’s 口径 sheet (issue #25)', async () => {
    const asked: unknown[] = []
    const { container, utils } = await openCompare('000001,110011', {
      FundComparison: () => ({ fundComparison: COMPARISON }),
      FigureBasis: (vars) => {
        asked.push(vars)
        return { fund: { fundCode: String(vars.fundCode), fundName: '乙价值混合', figureBasis: null } }
      },
    })
    const button = container.querySelector('[data-row="maxDrawdown"] [data-fund="110011"] [role="button"]') as HTMLElement
    expect(button.getAttribute('aria-haspopup')).toBe('dialog')
    expect(container.querySelector('[data-row="buyFeeRate"] [data-fund="110011"] [role="button"]')).toBeNull()
    await utils.act(async () => {
      utils.fireEvent.click(button)
      for (let i = 0; i < 3; i++) await flush()
    })
    expect(asked).toEqual([{ fundCode: '110011', figure: 'DRAWDOWN' }])
    expect(container.querySelector('.alfa-basis')).not.toBeNull()
  })

  it('a period tab asks the chart only, for that range', async () => {
    const asked: Array<[string, unknown]> = []
    const { container, utils } = await openCompare('000001,110011', {
      FundComparison: (vars) => (asked.push(['FundComparison', vars]), { fundComparison: COMPARISON }),
      FundComparisonChart: (vars) => (
        asked.push(['FundComparisonChart', vars]),
        {
          fundComparison: {
            ...COMPARISON,
            range: '3Y',
            series: [COMPARISON.series[0], { date: '2026-01-05', values: ['101.0000', '99.0000'] }, COMPARISON.series[1]],
          },
        }
      ),
    })
    const tab = container.querySelector('[data-period="THREE_YEAR"]') as HTMLElement
    await utils.act(async () => {
      tab.click()
      await flush()
      await flush()
    })
    expect(asked).toEqual([
      ['FundComparison', { codes: ['000001', '110011'], range: '1Y' }],
      ['FundComparisonChart', { codes: ['000001', '110011'], range: '3Y' }],
    ])
    expect(container.querySelector('.chart-stub')?.textContent).toBe('甲成长混合:3:112.34,乙价值混合:3:95')
  })

  it('codes the server refuses (unknown, repeated, too few or many) show its Chinese message, not an error', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined)
    const { text } = await openCompare('000001,999999', {
      FundComparison: () => {
        throw new GraphQLClientError('graphql', '未找到基金 999999，请检查基金代码', [
          { message: '未找到基金 999999，请检查基金代码', extensions: { code: 'BAD_USER_INPUT' } },
        ])
      },
    })
    expect(text()).toContain('无法对比')
    expect(text()).toContain('未找到基金 999999，请检查基金代码')
    expect(text()).not.toContain('加载失败')
  })

  it('no code, one, five or a repeated one: said at once, in the server’s words, without asking', async () => {
    for (const [codes, message] of [
      ['', '请至少选择 2 只基金进行对比'],
      ['000001', '请至少选择 2 只基金进行对比'],
      ['1,2,3,4,5', '最多对比 4 只基金，当前选择了 5 只'],
      ['000001,000001', '基金 000001 重复，请选择不同的基金'],
    ]) {
      const { text, execute } = await openCompare(codes, {})
      expect(text()).toContain('无法对比')
      expect(text()).toContain(message)
      expect(execute).not.toHaveBeenCalled()
      document.body.innerHTML = ''
      jest.restoreAllMocks()
    }
  })

  it('a failed request is the error state with a retry', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined)
    let fail = true
    const { text, container, utils } = await openCompare('000002,110012', {
      FundComparison: () => {
        if (fail) throw new GraphQLClientError('network', 'offline')
        return { fundComparison: COMPARISON }
      },
    })
    expect(text()).toContain('加载失败')
    fail = false
    await utils.act(async () => {
      const retry = [...container.querySelectorAll('[role="button"]')].find((e) => e.textContent === '重试') as HTMLElement
      retry.click()
      await flush()
      await flush()
    })
    expect(text()).toContain('甲成长混合')
  })

  it('移除 on a fund’s column head compares the others: the address loses the code and so does the 对比栏', async () => {
    const go = jest.spyOn(navigation, 'redirectTo').mockImplementation(() => undefined)
    const open = jest.spyOn(navigation, 'navigateTo').mockImplementation(() => undefined)
    compareTray.clear()
    for (const [code, name] of [
      ['000001', '甲成长混合'],
      ['110011', '乙价值混合'],
      ['161725', '丙白酒指数'],
    ])
      compareTray.add({ fundCode: code, fundName: name })
    const three = { ...COMPARISON, funds: [...COMPARISON.funds, fund('161725', '丙白酒指数', '0.0300', '-0.4000')] }
    const { container, utils } = await openCompare('000001,110011,161725', { FundComparison: () => ({ fundComparison: three }) })
    const remove = (code: string) =>
      container.querySelector(`[role="columnheader"] .alfa-compare__remove[data-fund="${code}"]`) as HTMLElement
    expect(remove('110011').textContent).toBe('移除')
    expect(remove('110011').getAttribute('aria-label')).toBe('移除 乙价值混合')
    expect(remove('110011').getAttribute('aria-disabled')).toBeNull()
    await utils.act(async () => {
      remove('110011').click()
      await flush()
    })
    expect(go).toHaveBeenCalledWith('fundCompare', { codes: '000001,161725' })
    expect(open).not.toHaveBeenCalled()
    expect(compareTray.codes).toEqual(['000001', '161725'])
    compareTray.clear()
  })

  it('移除 with two funds left is refused with a Chinese hint, said to screen readers too; nothing changes', async () => {
    const go = jest.spyOn(navigation, 'redirectTo').mockImplementation(() => undefined)
    compareTray.clear()
    compareTray.add({ fundCode: '000001', fundName: '甲成长混合' })
    compareTray.add({ fundCode: '110011', fundName: '乙价值混合' })
    const { container, utils } = await openCompare('000001,110011', { FundComparison: () => ({ fundComparison: COMPARISON }) })
    const remove = container.querySelector('.alfa-compare__remove[data-fund="000001"]') as HTMLElement
    expect(remove.getAttribute('aria-disabled')).toBe('true')
    expect(remove.getAttribute('aria-label')).toBe('移除 甲成长混合：至少保留 2 只基金进行对比')
    await utils.act(async () => {
      remove.click()
      await flush()
    })
    expect(toast.content).toBe('至少保留 2 只基金进行对比')
    expect(go).not.toHaveBeenCalled()
    expect(compareTray.codes).toEqual(['000001', '110011'])
    compareTray.clear()
  })

  it('is shareable by its address: the codes travel in the share path and the H5 path', () => {
    const info = shareFor('fundCompare', { codes: '000001,110011', ts: '123' })
    expect(info.path).toBe('/subPkg/pages/fundCompare/index?codes=000001%2C110011')
    const h5 = shareH5Path('fundCompare', { codes: '000001,110011' })
    expect(h5).toBe('/alfa/fund/compare?codes=000001%2C110011')
    expect(parseCodes(new URLSearchParams(h5.split('?')[1]).get('codes'))).toEqual(['000001', '110011'])
    expect(parseCodes('000001%2C110011')).toEqual(['000001', '110011'])
  })
})

describe('对比栏 (compare tray)', () => {
  it('keeps up to four funds in device storage: a new session reads them back; a fifth is refused', () => {
    const storage = memoryStorage()
    const tray = new CompareTray(storage)
    for (const code of ['000001', '000002', '000003', '000004']) expect(tray.add({ fundCode: code, fundName: `基金${code}` })).toBe('added')
    expect(tray.add({ fundCode: '000005', fundName: '基金000005' })).toBe('full')
    expect(tray.add({ fundCode: '000001', fundName: '基金000001' })).toBe('present')
    tray.remove('000002')
    const nextSession = new CompareTray(storage)
    expect(nextSession.codes).toEqual(['000001', '000003', '000004'])
    expect(nextSession.funds[0].fundName).toBe('基金000001')
    nextSession.clear()
    expect(storage.data.has(COMPARE_TRAY_KEY)).toBe(false)
    expect(new CompareTray(storage).count).toBe(0)
  })

  it('ignores what it cannot read: broken JSON, repeated codes, more than four', () => {
    const storage = memoryStorage()
    storage.set(COMPARE_TRAY_KEY, '{broken')
    expect(new CompareTray(storage).count).toBe(0)
    storage.set(
      COMPARE_TRAY_KEY,
      JSON.stringify([
        { fundCode: 'A' },
        { fundCode: 'A' },
        { fundCode: '' },
        7,
        { fundCode: 'B' },
        { fundCode: 'C' },
        { fundCode: 'D' },
        { fundCode: 'E' },
      ]),
    )
    expect(new CompareTray(storage).codes).toEqual(['A', 'B', 'C', 'D'])
  })

  it('加入对比 toggles the fund; the bar shows the count and 开始对比 opens the comparison of the tray', async () => {
    const go = jest.spyOn(navigation, 'navigateTo').mockImplementation(() => undefined)
    const tray = new CompareTray(memoryStorage())
    tray.add({ fundCode: '110011', fundName: '乙价值混合' })
    const { container, utils } = await mountComponent(() => (
      <div>
        <CompareToggle fund={{ fundCode: '000001', fundName: '甲成长混合' }} tray={tray} />
        <CompareTrayBar tray={tray} />
      </div>
    ))
    const toggle = container.querySelector('.alfa-compare-toggle') as HTMLElement
    expect(toggle.textContent).toBe('加入对比')
    expect(container.textContent).toContain('对比栏 1/4')
    await utils.act(async () => {
      toggle.click()
      await flush()
    })
    expect(toggle.textContent).toBe('已加入对比')
    expect(container.textContent).toContain('对比栏 2/4')
    await utils.act(async () => {
      ;(container.querySelector('.alfa-compare-tray__start') as HTMLElement).click()
      await flush()
    })
    expect(go).toHaveBeenCalledWith('fundCompare', { codes: '110011,000001' })
  })

  it('a fifth fund is refused with a message; with one fund 开始对比 asks for another', async () => {
    const go = jest.spyOn(navigation, 'navigateTo').mockImplementation(() => undefined)
    const tray = new CompareTray(memoryStorage())
    for (const code of ['1', '2', '3', '4']) tray.add({ fundCode: code, fundName: code })
    const { container, utils } = await mountComponent(() => (
      <CompareToggle variant='check' fund={{ fundCode: '5', fundName: '五' }} tray={tray} />
    ))
    await utils.act(async () => {
      ;(container.querySelector('.alfa-compare-toggle') as HTMLElement).click()
      await flush()
    })
    expect(tray.codes).toEqual(['1', '2', '3', '4'])
    expect(toast.content).toBe(TRAY_FULL_TEXT)
    toast.close()
    const single = new CompareTray(memoryStorage())
    single.add({ fundCode: '1', fundName: '一' })
    const bar = await mountComponent(() => <CompareTrayBar tray={single} />)
    await bar.utils.act(async () => {
      ;(bar.container.querySelector('.alfa-compare-tray__start') as HTMLElement).click()
      await flush()
    })
    expect(go).not.toHaveBeenCalled()
    expect(toast.content).toBe('至少选择 2 只基金')
  })
})
