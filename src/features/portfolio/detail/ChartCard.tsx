import { Text, View } from '@tarojs/components'
import { useEffect, useMemo, useState } from 'react'
import { Card } from '@/components/Card'
import { Deferred } from '@/components/Deferred'
import { Chart, PERIOD_LABELS, PERIOD_RANGE, PeriodTabs, type ChartMarkers, type ChartPeriod, type ChartSeries } from '@/components/Chart'
import { AsOf, DrawdownRate, SignedRate } from '@/components/Figure'
import { Skeleton } from '@/components/Skeleton'
import { useRemote } from '@/hooks/remote'
import { execute } from '@/services/graphql'
import {
  InvestPlanNavHistoryDocument,
  LongWinNavHistoryDocument,
  NavHistoryDocument,
  type PortfolioPreferenceFlagsFragment,
} from '@/services/generated/graphql'
import type { PortfolioKind } from '../kind'
import {
  asksAll,
  chosenBenchmark,
  keepBenchmark,
  offeredPeriods,
  strategyLines,
  type BenchmarkChoice,
  type SeriesExtent,
  type SeriesSetting,
} from './chartRules'
import { DETAIL_PERIOD, type ChartAnswer } from './chartAnswer'
import { ProfitCalculator } from './ProfitCalculator'
import { ChartBasisSheet } from '../sheets'

/** What the chart draws besides the answer: the benchmark line (when the preference shows one), the expected line (hasExpeData). */
export interface ChartShow {
  benchmark: boolean
  expected: boolean
  settings?: ReadonlyArray<SeriesSetting>
}

/**
 * The strategy line (its accumulated return: acrHistory where the answer has it, else the NAV
 * series rebased to the range's start), the real-money account of a long-win plan run with real
 * money, the compared benchmark (the chosen one where the answer has it, else the default), and
 * the expected return where the strategy has one.
 */
export function chartSeries(chart: ChartAnswer, show: ChartShow): ChartSeries[] {
  return strategyLines(
    {
      nav: chart.navHistory.series,
      acr: chart.acrHistory,
      realMoney: chart.realMoneyHistory,
      benchmark: show.benchmark ? (chart.comparing ?? chart.benchmark) : null,
      expected: show.expected ? chart.navHistory.expectedSeries : null,
    },
    show.settings,
  )
}

export interface ChartAsk {
  /** A benchmark other than the strategy's default (comparingIndexCode); null for the default. */
  comparing: string | null
  /** The expected line (hasExpeData). */
  expected: boolean
  /** Every NAV, also before the set-up (全部). */
  all: boolean
}

/** Another period's chart, by the kind's history operation (NavHistory, LongWinNavHistory, InvestPlanNavHistory). */
export function loadChartRange(
  poCode: string,
  kind: PortfolioKind,
  range: string,
  realMoney: boolean,
  ask: ChartAsk = { comparing: null, expected: false, all: false },
): Promise<ChartAnswer | null> {
  const hasAdjustment = true
  const comparing = { comparingIndexCode: ask.comparing, hasComparingIndex: !!ask.comparing }
  if (kind === 'longWin')
    return execute(LongWinNavHistoryDocument, { poCode, hasAdjustment, range, ...comparing, isSInvested: realMoney }).then(
      (r) => r.portfolio,
    )
  if (kind === 'investPlan') return execute(InvestPlanNavHistoryDocument, { poCode, hasAdjustment, range }).then((r) => r.portfolio)
  return execute(NavHistoryDocument, { poCode, hasExpeData: ask.expected, hasAdjustment, range, all: ask.all, ...comparing }).then(
    (r) => r.portfolio,
  )
}

/** Max drawdown, adjustment points and the peak: each only when its display preference says so. */
export function chartMarkers(chart: Pick<ChartAnswer, 'navHistory'>, pref: PortfolioPreferenceFlagsFragment): ChartMarkers {
  const dd = chart.navHistory.maxDrawdown
  return {
    maxDrawdown: pref.displayMaxDrawdownOnChart && dd ? { start: dd.startDate, end: dd.endDate } : undefined,
    adjustments: pref.displayAdjustmentPoint ? chart.navHistory.adjustmentPoints.map((p) => p.date) : undefined,
    peak: pref.displayPeakPoint ? true : undefined,
  }
}

/** What the chart reads of the strategy (its head in the detail answer). */
export interface ChartStrategy {
  poCode: string
  kind: PortfolioKind
  /** A long-win plan run with real money: its real-money account is drawn too. */
  runningWithRealMoney: boolean
  createdDate: string
  comparableBenchmarks: ReadonlyArray<BenchmarkChoice>
  annualizedReturnRateRange?: { expectedAnnualizedReturnRate: string | null } | null
  preference: PortfolioPreferenceFlagsFragment
}

export interface ChartCardProps {
  strategy: ChartStrategy
  /** The detail answer's chart for DETAIL_PERIOD; undefined while its part is still coming. */
  initial: ChartAnswer | undefined
}

/**
 * 业绩走势: the NAV chart against the chosen benchmark (kept per strategy on the device) and the
 * expected return, with its marks and the period tabs the series can fill, and the profit
 * calculator on the same series.
 */
export function ChartCard({ strategy, initial }: ChartCardProps) {
  const { poCode, kind, preference } = strategy
  const realMoney = strategy.runningWithRealMoney
  const [period, setPeriod] = useState<ChartPeriod>(DETAIL_PERIOD)
  // The chart figure whose 口径 sheet is open.
  const [basis, setBasis] = useState<'return' | 'drawdown' | null>(null)
  // Investment plans' history operation has no comparing benchmark: they show their default.
  const choices = preference.displayBenchmark && kind !== 'investPlan' ? strategy.comparableBenchmarks : []
  const [benchmark, setBenchmark] = useState(() => chosenBenchmark(poCode, choices, preference.defaultComparableBenchmark))
  // hasExpeData: the strategy has an expected annual return (NavHistory, ordinary strategies).
  const expected = kind === 'ordinary' && strategy.annualizedReturnRateRange?.expectedAnnualizedReturnRate != null
  // The server's benchmark(range) is the preference's default: any other is asked as the comparing one.
  const comparing = benchmark && benchmark !== preference.defaultComparableBenchmark ? benchmark : null
  const own = period === DETAIL_PERIOD && !comparing
  const remote = useRemote(own ? null : `portfolioChart:${poCode}:${period}:${comparing ?? ''}`, () =>
    loadChartRange(poCode, kind, PERIOD_RANGE[period], realMoney, { comparing, expected, all: asksAll(period) }),
  )
  const chart = own ? initial : (remote.data ?? undefined)
  const loading = own ? !initial : remote.state === 'loading'
  const failed = !own && remote.state === 'error'
  const settings = preference.listSeriesSettings
  const series = useMemo(
    () => (chart ? chartSeries(chart, { benchmark: preference.displayBenchmark, expected, settings }) : []),
    [chart, preference.displayBenchmark, expected, settings],
  )
  const markers = useMemo(() => (chart ? chartMarkers(chart, preference) : undefined), [chart, preference])
  const points = chart?.navHistory.series.length ?? 0
  const dd = chart?.navHistory.maxDrawdown
  // The range ends at the latest NAV: its figures are as of that day.
  const asOf = points ? chart?.navHistory.series[points - 1].date : null
  // How far back the series reaches is the same in every answer: the tabs keep it while another loads.
  const [extent, setExtent] = useState<SeriesExtent | null>(null)
  const start = chart?.navHistory.seriesStart
  useEffect(() => {
    if (start && asOf) setExtent({ start, end: asOf, createdDate: strategy.createdDate })
  }, [start, asOf, strategy.createdDate])
  const periods = useMemo(() => offeredPeriods(extent), [extent])
  const choose = (code: string) => {
    keepBenchmark(poCode, code)
    setBenchmark(code)
  }
  return (
    <>
      <Card title='业绩走势' extra={<AsOf date={asOf} />}>
        <View className='alfa-po-chart__legend'>
          {chart && (
            <View
              className='alfa-po-chart__figure'
              data-figure='totalReturn'
              role='button'
              aria-haspopup='dialog'
              onClick={() => setBasis('return')}
            >
              <Text>区间收益 </Text>
              <SignedRate value={chart.navHistory.totalReturn} />
            </View>
          )}
          {chart && preference.displayMaxDrawdownOnChart && dd && (
            <View
              className='alfa-po-chart__figure'
              data-figure='maxDrawdown'
              role='button'
              aria-haspopup='dialog'
              onClick={() => setBasis('drawdown')}
            >
              <Text>最大回撤 </Text>
              <DrawdownRate value={dd.rate} />
            </View>
          )}
        </View>
        {choices.length > 1 && (
          <View className='alfa-po-chart__compare' role='radiogroup' aria-label='对比基准'>
            <Text className='alfa-po-chart__compare-label'>对比</Text>
            {choices.map((c) => (
              <View
                key={c.indexCode}
                role='radio'
                aria-checked={c.indexCode === benchmark}
                data-index={c.indexCode}
                className={`alfa-po-chart__compare-item${c.indexCode === benchmark ? ' alfa-po-chart__compare-item--on' : ''}`}
                onClick={() => c.indexCode !== benchmark && choose(c.indexCode)}
              >
                {c.indexShortName}
              </View>
            ))}
          </View>
        )}
        <View className={loading ? 'alfa-po-chart__body alfa-po-chart__body--loading' : 'alfa-po-chart__body'}>
          {loading && <Skeleton rows={4} title={false} />}
          {failed && (
            <View className='alfa-po-chart__error' role='alert'>
              <Text>走势加载失败</Text>
              <View className='alfa-po-link' role='button' onClick={() => void remote.reload()}>
                重试
              </View>
            </View>
          )}
          {!loading && !failed && points < 2 && <Text className='alfa-po-muted'>该区间暂无净值数据，请选择更长的区间。</Text>}
          {!loading && !failed && points >= 2 && <Chart series={series} markers={markers} format='ratio' height={200} />}
        </View>
        <PeriodTabs value={period} onChange={setPeriod} periods={periods} />
      </Card>
      {basis && chart && (
        <ChartBasisSheet
          title={basis === 'return' ? '区间收益的计算口径' : '最大回撤的计算口径'}
          history={chart.navHistory}
          figure={basis}
          periodLabel={PERIOD_LABELS[period]}
          onClose={() => setBasis(null)}
        />
      )}
      {preference.displayProfitCalculator && chart && points >= 2 && (
        <Deferred>
          <ProfitCalculator series={chart.navHistory.series} />
        </Deferred>
      )}
    </>
  )
}
