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
import { SignedRate } from '@/components/Figure'
import { Skeleton } from '@/components/Skeleton'
import { useRemote } from '@/hooks/remote'
import { execute } from '@/services/graphql'
import {
  PortfolioChartRangeDocument,
  type PortfolioChartFragment,
  type PortfolioPreferenceFlagsFragment,
} from '@/services/generated/graphql'
import { formatPercent } from '@/utils/format'
import { ProfitCalculator } from './ProfitCalculator'

/** The detail query asks the chart for this period; other tabs ask PortfolioChartRange. */
export const DETAIL_PERIOD: ChartPeriod = DEFAULT_PERIOD
export const DETAIL_RANGE = PERIOD_RANGE[DETAIL_PERIOD]

/** The strategy line (cumulative return) and, when the preference says so, the benchmark rebased to the range's start. */
export function chartSeries(chart: PortfolioChartFragment, showBenchmark: boolean): ChartSeries[] {
  const out: ChartSeries[] = [{ name: '本策略', data: cumulative(chart.navHistory.series) }]
  const b = chart.benchmark
  if (showBenchmark && b && b.history.length) out.push({ name: b.indexShortName, data: cumulative(b.history) })
  return out
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
  /** The detail answer's chart for DETAIL_PERIOD; undefined while its part is still coming. */
  initial: PortfolioChartFragment | undefined
  preference: PortfolioPreferenceFlagsFragment
}

/** 业绩走势: the NAV chart against the benchmark with its marks, period tabs, and the profit calculator on the same series. */
export function ChartCard({ poCode, initial, preference }: ChartCardProps) {
  const [period, setPeriod] = useState<ChartPeriod>(DETAIL_PERIOD)
  const own = period === DETAIL_PERIOD
  const remote = useRemote(own ? null : `portfolioChart:${poCode}:${period}`, () =>
    execute(PortfolioChartRangeDocument, { poCode, range: PERIOD_RANGE[period] }).then((r) => r.portfolio),
  )
  const chart = own ? initial : (remote.data ?? undefined)
  const loading = own ? !initial : remote.state === 'loading'
  const failed = !own && remote.state === 'error'
  const series = useMemo(() => (chart ? chartSeries(chart, preference.displayBenchmark) : []), [chart, preference.displayBenchmark])
  const markers = useMemo(() => (chart ? chartMarkers(chart, preference) : undefined), [chart, preference])
  const points = chart?.navHistory.series.length ?? 0
  const dd = chart?.navHistory.maxDrawdown
  return (
    <>
      <Card title='业绩走势'>
        <View className='alfa-po-chart__legend'>
          {chart && (
            <View className='alfa-po-chart__figure'>
              <Text>区间收益 </Text>
              <SignedRate value={chart.navHistory.totalReturn} />
            </View>
          )}
          {chart && preference.displayMaxDrawdownOnChart && dd && (
            <Text className='alfa-po-chart__figure'>{`最大回撤 ${formatPercent(-Math.abs(Number(dd.rate)))}`}</Text>
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
