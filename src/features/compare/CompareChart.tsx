import { Text, View } from '@tarojs/components'
import { useMemo, useState } from 'react'
import { BasisSheet, BasisSteps } from '@/components/BasisSheet'
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
  // The fund whose window return's 口径 sheet is open.
  const [basis, setBasis] = useState<number | null>(null)
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
            <View
              key={code}
              className='alfa-compare-chart__return'
              data-fund={code}
              role='button'
              aria-haspopup='dialog'
              onClick={() => setBasis(j)}
            >
              <Text className='alfa-compare__sub'>{`${names[code] ?? code} 区间收益`}</Text>
              <SignedRate value={(Number(last.values[j]) / 100 - 1).toFixed(4)} />
            </View>
          ))}
        </View>
      )}
      <PeriodTabs value={period} onChange={onPeriod} />
      {basis !== null && last && chart && (
        <BasisSheet title='区间收益的计算口径' onClose={() => setBasis(null)}>
          <BasisSteps steps={windowBasisSteps(chart, basis, names)} />
        </BasisSheet>
      )}
    </View>
  )
}

/**
 * 口径 of a fund's return over the chart's window (issue #25): every fund's adjusted NAV is 100 on the
 * common start, so the return is its line's last value over 100.
 */
export function windowBasisSteps(chart: CompareChartPartFragment, j: number, names: Record<string, string>): string[] {
  const code = chart.chartFundCodes[j]
  const first = chart.series[0]
  const last = chart.series[chart.series.length - 1]
  const end = Number(last.values[j])
  const rate = end / 100 - 1
  return [
    `共同起点 ${first.date}：各基金在这一天都有净值（取各自首个净值日中最晚的一天），复权净值都折算为 100。`,
    `${names[code] ?? code} 在 ${last.date}（各基金都有净值的最后一天）折算后为 ${end.toFixed(2)}，即复权净值是起点的 ${(end / 100).toFixed(4)} 倍。`,
    `区间收益 = ${end.toFixed(2)} ÷ 100 − 1 = ${rate > 0 ? '+' : ''}${(rate * 100).toFixed(2)}%。`,
    '复权净值按分红再投资、拆分折算计算，所以分红不算亏损。',
  ]
}
