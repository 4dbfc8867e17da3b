import path from 'node:path'
import * as sass from 'sass'
import { AXIS_FONT_SIZE, GRID } from '@/components/Chart'
import { alignSeries, tooltipAt } from '@/components/Chart/model'
import { hostStorage } from '@/services/storage'
import {
  chosenBenchmark,
  defaultBenchmark,
  keepBenchmark,
  offeredPeriods,
  onDates,
  strategyLines,
  type BenchmarkChoice,
} from '@/features/portfolio/detail/chartRules'

const CHOICES: BenchmarkChoice[] = [
  { indexCode: '000300', indexShortName: '沪深300', isDefault: false },
  { indexCode: 'H11001', indexShortName: '中债综合', isDefault: true },
  { indexCode: 'SPX', indexShortName: '标普500', isDefault: false },
]

const store = new Map<string, unknown>()
beforeEach(() => {
  store.clear()
  jest.spyOn(hostStorage, 'get').mockImplementation((k) => store.get(k) ?? null)
  jest.spyOn(hostStorage, 'set').mockImplementation((k, v) => void store.set(k, JSON.parse(JSON.stringify(v))))
})
afterEach(() => jest.restoreAllMocks())

describe('the benchmark a strategy is compared with', () => {
  it('is preselected from the preference’s defaultComparableBenchmark, else the one marked default, else the first', () => {
    expect(defaultBenchmark(CHOICES, 'SPX')).toBe('SPX')
    expect(defaultBenchmark(CHOICES, null)).toBe('H11001')
    expect(defaultBenchmark(CHOICES, 'NOT_OFFERED')).toBe('H11001')
    expect(defaultBenchmark([CHOICES[0], CHOICES[2]], null)).toBe('000300')
    expect(defaultBenchmark([], '000300')).toBeNull()
    expect(chosenBenchmark('ZH000001', CHOICES, 'SPX')).toBe('SPX')
  })

  it('a choice is kept per strategy on the device: another strategy keeps its own default', () => {
    keepBenchmark('ZH000001', '000300')
    expect(chosenBenchmark('ZH000001', CHOICES, 'SPX')).toBe('000300')
    expect(chosenBenchmark('ZH000002', CHOICES, 'SPX')).toBe('SPX')
    keepBenchmark('ZH000002', 'H11001')
    expect(chosenBenchmark('ZH000001', CHOICES, 'SPX')).toBe('000300')
    expect(chosenBenchmark('ZH000002', CHOICES, 'SPX')).toBe('H11001')
  })

  it('a kept choice the strategy no longer offers gives way to the default', () => {
    keepBenchmark('ZH000001', '000905')
    expect(chosenBenchmark('ZH000001', CHOICES, 'SPX')).toBe('SPX')
  })
})

describe('the period tabs the series can fill', () => {
  const labels = (start: string | null, created = '2010-01-04') =>
    offeredPeriods(start ? { start, end: '2026-11-20', createdDate: created } : null).map((p) => p.label)
  const usual = ['近1月', '近3月', '近6月', '近1年', '近3年', '近5年', '今年以来', '成立以来']

  it('近10年 only when the series reaches ten years back from its last day, after 近5年', () => {
    expect(labels('2016-11-21', '2016-11-21')).toEqual(usual)
    expect(labels('2016-11-20', '2016-11-20')).toEqual([
      '近1月',
      '近3月',
      '近6月',
      '近1年',
      '近3年',
      '近5年',
      '近10年',
      '今年以来',
      '成立以来',
    ])
    expect(labels(null)).toEqual(usual)
  })

  it('全部 (Max) only when the series starts before the set-up: more than 成立以来 shows', () => {
    const withAll = offeredPeriods({ start: '2019-01-02', end: '2026-11-20', createdDate: '2020-06-01' })
    expect(withAll.map((p) => p.label)).toEqual([...usual, '全部'])
    expect(withAll[withAll.length - 1].value).toBe('Max')
    expect(labels('2020-06-01', '2020-06-01')).toEqual(usual)
  })
})

describe('the lines of the strategy chart', () => {
  const nav = [
    { date: '2024-01-02', value: '1.0000' },
    { date: '2024-01-17', value: '1.0500' },
    { date: '2024-02-01', value: '1.1000' },
  ]
  const benchmark = { indexShortName: '中证500', history: [...nav] }

  it('the benchmark line is named by its index; the expected line is drawn on every day of the strategy', () => {
    const lines = strategyLines({
      nav,
      benchmark,
      expected: [
        { date: '2024-01-02', value: '1.0000' },
        { date: '2024-02-01', value: '1.0060' },
      ],
    })
    expect(lines.map((l) => l.name)).toEqual(['本策略', '中证500', '预期收益'])
    const expected = lines[2].data
    expect(expected.map((p) => p.date)).toEqual(nav.map((p) => p.date))
    expect(expected[0].value).toBe(0)
    expect(expected[1].value).toBeCloseTo(0.003, 6)
    expect(expected[2].value).toBeCloseTo(0.006, 6)
  })

  it('the crosshair read-out names the compared benchmark and the expected line, each with its value', () => {
    const lines = strategyLines({ nav, benchmark, expected: [nav[0], { date: '2024-02-01', value: '1.0060' }] })
    const tip = tooltipAt(alignSeries(lines), lines, 2, 'ratio')
    expect(tip?.items.map((i) => `${i.name} ${i.text}`)).toEqual(['本策略 +10.00%', '中证500 +10.00%', '预期收益 +0.60%'])
  })

  it('without an expected line (hasExpeData false) there is no third line', () => {
    expect(strategyLines({ nav, benchmark, expected: null }).map((l) => l.name)).toEqual(['本策略', '中证500'])
  })

  it('the list-series settings name and colour the lines they list; the benchmark keeps its index’s name', () => {
    const lines = strategyLines({ nav, benchmark, realMoney: nav, expected: nav }, [
      { key: 'nav', name: '组合收益', color: '#112233' },
      { key: 'benchmark', name: '业绩基准', color: '#445566' },
      { key: 'realMoney', name: '实盘账户', color: '#778899' },
    ])
    expect(lines.map((l) => [l.name, l.color])).toEqual([
      ['组合收益', '#112233'],
      ['实盘账户', '#778899'],
      ['中证500', '#445566'],
      ['预期收益', '#8E6CEF'],
    ])
  })

  it('onDates leaves the days outside the expected points empty', () => {
    const out = onDates(
      [
        { date: '2024-01-02', value: 0 },
        { date: '2024-01-04', value: 0.02 },
      ],
      ['2024-01-01', '2024-01-03', '2024-01-05'],
    )
    expect(out.map((p) => p.value)).toEqual([null, 0.01, null])
  })
})

describe('the legend, the read-out and 全屏 are drawn at the axis labels’ size on every target', () => {
  // The stylesheet as the build compiles it, before Taro's pxtransform: there a lowercase px is a px
  // of the 1242-wide design (0.6033 rpx, 0.3 CSS px on a 375-wide phone); PX is left as a CSS px,
  // the unit the canvas draws its labels in (AXIS_FONT_SIZE).
  const css = sass.compile(path.resolve(__dirname, '../../src/components/Chart/index.scss'), { style: 'expanded' }).css
  const rule = (selector: string) => {
    const m = new RegExp(`(?:^|\\n)${selector.replace(/[.-]/g, (c) => `\\${c}`)} \\{([^}]*)\\}`).exec(css)
    if (!m) throw new Error(`no rule ${selector}`)
    return m[1]
  }
  const decl = (selector: string, prop: string) => new RegExp(`${prop}: ([^;]+);`).exec(rule(selector))?.[1]

  it('legend, crosshair read-out and 全屏: font size AXIS_FONT_SIZE in CSS px', () => {
    for (const selector of ['.alfa-chart__legend', '.alfa-chart__tip', '.alfa-chart__toggle'])
      expect(decl(selector, 'font-size')).toBe(`${AXIS_FONT_SIZE}PX`)
  })

  it('the legend starts at the plot’s left edge (GRID.left CSS px)', () => {
    expect(decl('.alfa-chart__legend', 'padding')).toBe(`4PX ${GRID.right}PX 4PX ${GRID.left}PX`)
  })

  it('no length in the chart’s own rules is a design px (lowercase px)', () => {
    const chartRules = css.split(/\n(?=\.)/).filter((block) => block.startsWith('.alfa-chart'))
    expect(chartRules.length).toBeGreaterThan(10)
    for (const block of chartRules) expect(block).not.toMatch(/\d(\.\d+)?px\b/)
  })
})

describe('a chart’s loading placeholder holds the chart’s height in CSS px (no shift when it draws)', () => {
  // The legend row (24) and the canvas (200) measure in CSS px: a lowercase 224px would be a design px (about 67 CSS px).
  for (const file of ['../../src/features/fund/index.scss', '../../src/features/portfolio/detail/index.scss'])
    it(file.replace('../../', ''), () => {
      const css = sass.compile(path.resolve(__dirname, file), { style: 'expanded', loadPaths: [path.resolve(__dirname, '../../src')] }).css
      const heights = [...css.matchAll(/min-height: (224[A-Za-z]+);/g)].map((m) => m[1])
      expect(heights.length).toBeGreaterThan(0)
      expect(heights).toEqual(heights.map(() => '224PX'))
    })
})
