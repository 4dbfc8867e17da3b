/**
 * The strategy chart's rules, without the screen: which benchmark is compared (the strategy's
 * default, or the user's choice kept per strategy on the device), which periods the series can
 * fill, and the lines drawn with the names and colours of the server's list-series settings.
 */
import dayjs from 'dayjs'
import { cumulative, CHART_PERIODS, type ChartPeriod, type ChartSeries, type PeriodOption } from '@/components/Chart'
import { hostStorage } from '@/services/storage'

/** A comparable benchmark of the strategy (Portfolio.comparableBenchmarks). */
export interface BenchmarkChoice {
  indexCode: string
  indexShortName: string
  isDefault: boolean
}

/** The benchmark preselected: the preference's defaultComparableBenchmark, else the one marked default, else the first. */
export function defaultBenchmark(choices: ReadonlyArray<BenchmarkChoice>, preferred: string | null | undefined): string | null {
  return (choices.find((c) => c.indexCode === preferred) ?? choices.find((c) => c.isDefault) ?? choices[0])?.indexCode ?? null
}

const CHOICE_KEY = 'portfolio_benchmarks'
/** Choices kept on the device: the most recent strategies'. */
const MAX_CHOICES = 200

function keptChoices(): Record<string, string> {
  const kept = hostStorage.get(CHOICE_KEY)
  return kept && typeof kept === 'object' ? (kept as Record<string, string>) : {}
}

/** The benchmark the user compares `poCode` against: the kept choice while the strategy still offers it, else the default. */
export function chosenBenchmark(
  poCode: string,
  choices: ReadonlyArray<BenchmarkChoice>,
  preferred: string | null | undefined,
): string | null {
  const kept = keptChoices()[poCode]
  return choices.some((c) => c.indexCode === kept) ? kept : defaultBenchmark(choices, preferred)
}

/** Keeps the user's benchmark for `poCode` on the device (it survives a reload). */
export function keepBenchmark(poCode: string, indexCode: string): void {
  const kept = keptChoices()
  delete kept[poCode]
  kept[poCode] = indexCode
  hostStorage.set(CHOICE_KEY, Object.fromEntries(Object.entries(kept).slice(-MAX_CHOICES)))
}

/** The whole series' extent: its first day (NavHistory.seriesStart) and its last; the set-up day. */
export interface SeriesExtent {
  start: string | null | undefined
  end: string | null | undefined
  createdDate: string
}

/** 全部 on the strategy chart: every NAV (Max, asked with all: true), where 成立以来 starts at the set-up. */
export const ALL_DATA_PERIOD: PeriodOption = { value: 'Max', label: '全部' }
const TEN_YEAR_PERIOD: PeriodOption = { value: 'TEN_YEAR', label: '近10年' }

/**
 * The period tabs the series can fill: the usual ones; 近10年 when the series reaches ten years
 * back from its last day; 全部 when it starts before the set-up (more than 成立以来 shows).
 */
export function offeredPeriods(extent: SeriesExtent | null): PeriodOption[] {
  const out: PeriodOption[] = []
  const { start, end, createdDate } = extent ?? { start: null, end: null, createdDate: '' }
  const tenYears = !!start && !!end && start <= dayjs(end).subtract(10, 'year').format('YYYY-MM-DD')
  for (const p of CHART_PERIODS) {
    out.push(p)
    if (p.value === 'FIVE_YEAR' && tenYears) out.push(TEN_YEAR_PERIOD)
  }
  if (start && start < createdDate) out.push(ALL_DATA_PERIOD)
  return out
}

/** One line of the server's list-series settings (PortfolioPreference.listSeriesSettings). */
export interface SeriesSetting {
  key: string
  name: string
  color: string
}

/** Each line's default name and colour; a setting with the line's key overrides them. */
const LINE_DEFAULTS = {
  nav: { name: '本策略', color: undefined },
  realMoney: { name: '实盘', color: '#FF9F1C' },
  benchmark: { name: '业绩基准', color: undefined },
  expected: { name: '预期收益', color: '#8E6CEF' },
} as const

type LineKey = keyof typeof LINE_DEFAULTS

export interface ChartLines {
  nav: ReadonlyArray<{ date: string; value: string | number }>
  /** The accumulated return itself (a long-win plan's acrHistory): drawn as it is. */
  acr?: ReadonlyArray<{ date: string; value: string | number }> | null
  realMoney?: ReadonlyArray<{ date: string; value: string | number }> | null
  benchmark?: { indexShortName: string; history: ReadonlyArray<{ date: string; value: string | number }> } | null
  expected?: ReadonlyArray<{ date: string; value: string | number }> | null
}

/**
 * The expected line on the strategy's days: the server gives a point a month, the chart and its
 * read-out need one on every day (linear between the points, none outside them).
 */
export function onDates(points: ReadonlyArray<{ date: string; value: number | null }>, dates: ReadonlyArray<string>) {
  const t = (d: string) => Date.parse(d)
  let k = 0
  return dates.map((date) => {
    while (k < points.length - 2 && points[k + 1].date < date) k += 1
    const a = points[k]
    const b = points[k + 1] ?? a
    if (!a || date < a.date || date > b.date || a.value === null || b.value === null) return { date, value: null }
    const share = b.date === a.date ? 0 : (t(date) - t(a.date)) / (t(b.date) - t(a.date))
    return { date, value: a.value + (b.value - a.value) * share }
  })
}

/**
 * The lines of the strategy chart, each from its range's first day (accumulated returns): the
 * strategy, the real-money account, the compared benchmark (named by its index, so that the legend
 * and the crosshair read-out say which), the expected return. Names and colours follow the
 * list-series settings where they list the line; the benchmark keeps its index's name.
 */
export function strategyLines(lines: ChartLines, settings: ReadonlyArray<SeriesSetting> = []): ChartSeries[] {
  const look = (key: LineKey, name?: string): Pick<ChartSeries, 'name' | 'color'> => {
    const s = settings.find((x) => x.key === key)
    const color = s?.color ?? LINE_DEFAULTS[key].color
    return { name: name ?? s?.name ?? LINE_DEFAULTS[key].name, ...(color ? { color } : {}) }
  }
  const strategy = lines.acr?.length ? lines.acr.map((p) => ({ date: p.date, value: Number(p.value) })) : cumulative(lines.nav)
  const out: ChartSeries[] = [{ ...look('nav'), data: strategy }]
  if (lines.realMoney?.length) out.push({ ...look('realMoney'), data: cumulative(lines.realMoney) })
  const b = lines.benchmark
  if (b && b.history.length) out.push({ ...look('benchmark', b.indexShortName), data: cumulative(b.history) })
  if (lines.expected && lines.expected.length > 1)
    out.push({
      ...look('expected'),
      data: onDates(
        cumulative(lines.expected),
        strategy.map((p) => p.date),
      ),
    })
  return out
}

/** The period a tab asks the server for: 全部 is every NAV. */
export const asksAll = (period: ChartPeriod) => period === 'Max'
