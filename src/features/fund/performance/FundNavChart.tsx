import { Text, View } from '@tarojs/components'
import { useMemo, useState } from 'react'
import { Chart, cumulative, DEFAULT_PERIOD, PERIOD_RANGE, PeriodTabs, type ChartPeriod, type ChartSeries } from '@/components/Chart'
import { Skeleton } from '@/components/Skeleton'
import { useRemote } from '@/hooks/remote'
import { execute } from '@/services/graphql'
import { FundChartDocument } from '@/services/generated/graphql'
import { Card } from '@/components/Card'
import { AsOf, SignedRate } from '@/components/Figure'
import { FigureBasisSheet } from '@/features/basis'
import { FiguresUnavailable } from './FiguresUnavailable'

/** The chart periods whose return has a 口径 sheet (Fund.figureBasis's periods). */
const BASIS_PERIODS = new Set(['1M', '3M', '6M', '1Y', '3Y', '5Y', 'YTD', 'SETUP'])
import '../index.scss'

/**
 * NAV chart with the category's comparison index and period tabs; for a fund whose figures are
 * unavailable (the reason), that notice instead, and nothing asked.
 */
export function FundNavChart({ fundCode, onMore, unavailable }: { fundCode: string; onMore?: () => void; unavailable?: string | null }) {
  const [period, setPeriod] = useState<ChartPeriod>(DEFAULT_PERIOD)
  // The range return's 口径 sheet is open (the period's return: the chart starts on its base day).
  const [basis, setBasis] = useState(false)
  const { state, data, reload } = useRemote(unavailable ? null : `fundChart:${fundCode}:${period}`, () =>
    execute(FundChartDocument, { fundCode, range: PERIOD_RANGE[period] }).then((r) => r.fund),
  )

  const series = useMemo<ChartSeries[]>(() => {
    if (!data) return []
    const out: ChartSeries[] = [{ name: '本基金', data: cumulative(data.navHistory) }]
    const b = data.comparisonBenchmark
    if (b && b.history.length)
      out.push({ name: b.indexShortName, data: b.history.map((p) => ({ date: p.date, value: Number(p.value) - 1 })) })
    return out
  }, [data])
  // An unknown fund (null) shows as a range without data.
  const shown = state !== 'loading' && state !== 'error'
  const own = series[0]?.data
  const periodReturn = own && own.length > 1 ? own[own.length - 1].value : null

  if (unavailable)
    return (
      <Card title='业绩走势' onMore={onMore}>
        <FiguresUnavailable reason={unavailable} />
      </Card>
    )
  return (
    <Card title='业绩走势' onMore={onMore} extra={shown ? <AsOf date={own?.[own.length - 1]?.date} /> : undefined}>
      <View className='alfa-fund-chart__legend'>
        {/* The chart draws its own legend (本基金 / the comparison index). */}
        {shown && (
          <View
            className='alfa-fund-chart__range'
            {...(periodReturn !== null && BASIS_PERIODS.has(PERIOD_RANGE[period])
              ? { role: 'button' as const, 'aria-haspopup': 'dialog' as const, onClick: () => setBasis(true) }
              : {})}
          >
            <Text>区间收益 </Text>
            <SignedRate value={periodReturn} />
          </View>
        )}
      </View>
      {/* As tall as the drawn chart while it loads: nothing below moves when it arrives (CLS). */}
      <View className={state === 'loading' ? 'alfa-fund-chart__body alfa-fund-chart__body--loading' : 'alfa-fund-chart__body'}>
        {state === 'loading' && <Skeleton rows={4} title={false} />}
        {state === 'error' && (
          <View className='alfa-fund-chart__error' role='alert'>
            <Text>走势加载失败</Text>
            <View className='alfa-fund-link' role='button' onClick={() => void reload()}>
              重试
            </View>
          </View>
        )}
        {shown && (own?.length ?? 0) < 2 && <Text className='alfa-fund-muted'>该区间暂无净值数据，请选择更长的区间。</Text>}
        {shown && (own?.length ?? 0) >= 2 && <Chart series={series} format='ratio' height={200} />}
      </View>
      <PeriodTabs value={period} onChange={setPeriod} />
      {basis && <FigureBasisSheet fundCode={fundCode} figure={PERIOD_RANGE[period]} onClose={() => setBasis(false)} />}
    </Card>
  )
}
