import { Text, View } from '@tarojs/components'
import { useMemo } from 'react'
import { Chart, PeriodTabs, type ChartPeriod, type ChartSeries } from '@/components/Chart'
import { Skeleton } from '@/components/Skeleton'
import { SignedRate } from '@/components/Figure'
import type { CompareChartPartFragment } from '@/services/generated/graphql'

/** Line colours of the compared funds, in their order (neither the rising red nor the falling green). */
export const COMPARE_COLORS = ['#3a7bfd', '#f59a23', '#8b5cf6', '#14b8c4']

export interface CompareChartProps {
  chart: CompareChartPartFragment | null
  /** Fund names by code, for the legend. */
  names: Record<string, string>
  /** Codes in the table's order (a fund keeps its colour whether or not it is drawn). */
  order: readonly string[]
  period: ChartPeriod
  onPeriod: (period: ChartPeriod) => void
  state: 'loading' | 'error' | 'ready'
  onRetry: () => void
}

/** The funds' NAVs rebased to 100 on their common start, with period tabs. */
export function CompareChart({ chart, names, order, period, onPeriod, state, onRetry }: CompareChartProps) {
  const series = useMemo<ChartSeries[]>(() => {
    if (!chart) return []
    return chart.chartFundCodes.map((code, j) => ({
      name: names[code] ?? code,
      color: COMPARE_COLORS[Math.max(0, order.indexOf(code)) % COMPARE_COLORS.length],
      data: chart.series.map((p) => ({ date: p.date, value: Number(p.values[j]) })),
    }))
  }, [chart, names, order])
  const drawable = state === 'ready' && chart !== null && chart.series.length >= 2
  // The tab's return of each fund: its rebased line's last value over 100 (the first and last points are always kept).
  const last = drawable ? chart.series[chart.series.length - 1] : null
  return (
    <View className='alfa-compare-chart'>
      <View className='alfa-compare-chart__note'>
        {drawable ? <Text>{`${chart.startDate} 起，各基金复权净值折算为 100`}</Text> : <Text>{'复权净值走势（共同起点折算为 100）'}</Text>}
      </View>
      <View className='alfa-compare-chart__body'>
        {state === 'loading' && <Skeleton rows={4} title={false} />}
        {state === 'error' && (
          <View className='alfa-compare-chart__error' role='alert'>
            <Text>走势加载失败</Text>
            <View className='alfa-compare__link' role='button' onClick={onRetry}>
              重试
            </View>
          </View>
        )}
        {state === 'ready' && !drawable && (
          <Text className='alfa-compare__muted'>该区间内这些基金没有共同的净值日期，请选择更长的区间。</Text>
        )}
        {drawable && <Chart series={series} format={(v) => v.toFixed(2)} height={220} />}
      </View>
      {last && (
        <View className='alfa-compare-chart__returns'>
          {chart!.chartFundCodes.map((code, j) => (
            <View key={code} className='alfa-compare-chart__return' data-fund={code}>
              <Text className='alfa-compare__sub'>{`${names[code] ?? code} 区间收益`}</Text>
              <SignedRate value={(Number(last.values[j]) / 100 - 1).toFixed(4)} />
            </View>
          ))}
        </View>
      )}
      <PeriodTabs value={period} onChange={onPeriod} />
    </View>
  )
}
