import { Text, View } from '@tarojs/components'
import { useMemo, useState } from 'react'
import { Card } from '@/components/Card'
import { Deferred } from '@/components/Deferred'
import {
  Chart,
  cumulative,
  DEFAULT_PERIOD,
  PERIOD_RANGE,
  PeriodTabs,
  type ChartMarkers,
  type ChartPeriod,
  type ChartSeries,
} from '@/components/Chart'
import { AsOf, DrawdownRate, SignedRate } from '@/components/Figure'
import { Skeleton } from '@/components/Skeleton'
import { useRemote } from '@/hooks/remote'
import { execute } from '@/services/graphql'
import {
  InvestPlanNavHistoryDocument,
  LongWinNavHistoryDocument,
  NavHistoryDocument,
  type PortfolioAcrLineFragment,
  type PortfolioChartFragment,
  type PortfolioRealMoneyLineFragment,
  type PortfolioPreferenceFlagsFragment,
} from '@/services/generated/graphql'
import type { PortfolioKind } from '../kind'
import { ProfitCalculator } from './ProfitCalculator'

/** The detail query asks the chart for this period; other tabs ask the history operation of the kind. */
export const DETAIL_PERIOD: ChartPeriod = DEFAULT_PERIOD
export const DETAIL_RANGE = PERIOD_RANGE[DETAIL_PERIOD]

/** A chart's answer: the NAV series and the benchmark, and for long-win plans the accumulated return and the real-money account. */
export type ChartAnswer = PortfolioChartFragment & Partial<PortfolioAcrLineFragment> & Partial<PortfolioRealMoneyLineFragment>

/**
 * The strategy line (its accumulated return: acrHistory where the answer has it, else the NAV
 * series rebased to the range's start), the real-money account of a long-win plan run with real
 * money, and, when the preference says so, the benchmark rebased to the range's start.
 */
export function chartSeries(chart: ChartAnswer, showBenchmark: boolean): ChartSeries[] {
  const acr = chart.acrHistory?.length ? chart.acrHistory.map((p) => ({ date: p.date, value: Number(p.value) })) : null
  const out: ChartSeries[] = [{ name: '本策略', data: acr ?? cumulative(chart.navHistory.series) }]
  if (chart.realMoneyHistory?.length) out.push({ name: '实盘', data: cumulative(chart.realMoneyHistory), color: '#FF9F1C' })
  const b = chart.benchmark
  if (showBenchmark && b && b.history.length) out.push({ name: b.indexShortName, data: cumulative(b.history) })
  return out
}

/** Another period's chart, by the kind's history operation (NavHistory, LongWinNavHistory, InvestPlanNavHistory). */
export function loadChartRange(poCode: string, kind: PortfolioKind, range: string, realMoney: boolean): Promise<ChartAnswer | null> {
  const hasAdjustment = true
  if (kind === 'longWin')
    return execute(LongWinNavHistoryDocument, { poCode, hasAdjustment, range, hasComparingIndex: false, isSInvested: realMoney }).then(
      (r) => r.portfolio,
    )
  if (kind === 'investPlan') return execute(InvestPlanNavHistoryDocument, { poCode, hasAdjustment, range }).then((r) => r.portfolio)
  return execute(NavHistoryDocument, { poCode, hasExpeData: false, hasAdjustment, range, hasComparingIndex: false }).then(
    (r) => r.portfolio,
  )
}

/** Max drawdown, adjustment points and the peak: each only when its display preference says so. */
export function chartMarkers(chart: PortfolioChartFragment, pref: PortfolioPreferenceFlagsFragment): ChartMarkers {
  const dd = chart.navHistory.maxDrawdown
  return {
    maxDrawdown: pref.displayMaxDrawdownOnChart && dd ? { start: dd.startDate, end: dd.endDate } : undefined,
    adjustments: pref.displayAdjustmentPoint ? chart.navHistory.adjustmentPoints.map((p) => p.date) : undefined,
    peak: pref.displayPeakPoint ? true : undefined,
  }
}

export interface ChartCardProps {
  poCode: string
  kind: PortfolioKind
  /** A long-win plan run with real money: its real-money account is drawn too. */
  realMoney?: boolean
  /** The detail answer's chart for DETAIL_PERIOD; undefined while its part is still coming. */
  initial: ChartAnswer | undefined
  preference: PortfolioPreferenceFlagsFragment
}

/** 业绩走势: the NAV chart against the benchmark with its marks, period tabs, and the profit calculator on the same series. */
export function ChartCard({ poCode, kind, realMoney = false, initial, preference }: ChartCardProps) {
  const [period, setPeriod] = useState<ChartPeriod>(DETAIL_PERIOD)
  const own = period === DETAIL_PERIOD
  const remote = useRemote(own ? null : `portfolioChart:${poCode}:${period}`, () =>
    loadChartRange(poCode, kind, PERIOD_RANGE[period], realMoney),
  )
  const chart = own ? initial : (remote.data ?? undefined)
  const loading = own ? !initial : remote.state === 'loading'
  const failed = !own && remote.state === 'error'
  const series = useMemo(() => (chart ? chartSeries(chart, preference.displayBenchmark) : []), [chart, preference.displayBenchmark])
  const markers = useMemo(() => (chart ? chartMarkers(chart, preference) : undefined), [chart, preference])
  const points = chart?.navHistory.series.length ?? 0
  const dd = chart?.navHistory.maxDrawdown
  // The range ends at the latest NAV: its figures are as of that day.
  const asOf = points ? chart?.navHistory.series[points - 1].date : null
  return (
    <>
      <Card title='业绩走势' extra={<AsOf date={asOf} />}>
        <View className='alfa-po-chart__legend'>
          {chart && (
            <View className='alfa-po-chart__figure'>
              <Text>区间收益 </Text>
              <SignedRate value={chart.navHistory.totalReturn} />
            </View>
          )}
          {chart && preference.displayMaxDrawdownOnChart && dd && (
            <View className='alfa-po-chart__figure' data-figure='maxDrawdown'>
              <Text>最大回撤 </Text>
              <DrawdownRate value={dd.rate} />
            </View>
          )}
        </View>
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
        <PeriodTabs value={period} onChange={setPeriod} />
      </Card>
      {preference.displayProfitCalculator && chart && points >= 2 && (
        <Deferred>
          <ProfitCalculator series={chart.navHistory.series} />
        </Deferred>
      )}
    </>
  )
}
