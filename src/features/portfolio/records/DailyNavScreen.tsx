import { Text, View } from '@tarojs/components'
import { useEffect, useMemo, useState } from 'react'
import { AsyncContent, StaleNotice } from '@/components/AsyncContent'
import { Card } from '@/components/Card'
import { Chart, DEFAULT_PERIOD, PERIOD_RANGE, PeriodTabs, type ChartPeriod, type ChartSeries } from '@/components/Chart'
import { AsOf, SignedRate } from '@/components/Figure'
import { LoadMore } from '@/components/LoadMore'
import { Skeleton } from '@/components/Skeleton'
import { usePaged } from '@/hooks/remote'
import { execute } from '@/services/graphql'
import { DailyNavDocument } from '@/services/generated/graphql'
import { formatDate, formatNav, formatPercent, DATE } from '@/utils/format'
import { BasisSheet, BasisSteps } from '@/components/BasisSheet'
import { PortfolioPending } from '../PortfolioPending'
import { RecordsTitle } from './RecordsTitle'
import { pageInput } from './paging'

/** Daily NAVs are short rows: more of them per page. */
export const DAILY_NAV_PAGE_SIZE = 20

/** Strategies seen to be LONG_WIN_S in this session: their first ask already says so. */
const longWinS = new Set<string>()

/** Strategy movement: the NAV chart over the chosen range, then that range's daily NAVs, paged. */
export function DailyNavScreen({ poCode }: { poCode: string }) {
  const [period, setPeriod] = useState<ChartPeriod>(DEFAULT_PERIOD)
  // Known only from an answer: a LONG_WIN_S plan seen for the first time is asked again with the flag.
  const [isLongWinS, setLongWinS] = useState(() => longWinS.has(poCode))
  const range = PERIOD_RANGE[period]
  // The row whose 日涨跌 口径 sheet is open.
  const [basis, setBasis] = useState<number | null>(null)
  const { state, head, items, stale, more, reload, loadMore } = usePaged(
    `poDailyNav:${poCode}:${range}:${isLongWinS}`,
    (cursor) =>
      poCode
        ? execute(DailyNavDocument, { poCode, range, isLongWinS, page: pageInput(cursor, DAILY_NAV_PAGE_SIZE), withChart: !cursor }).then(
            (r) => r.portfolio,
          )
        : Promise.resolve(null),
    { page: (p) => p.dailyNavs, empty: () => false },
  )
  const seriesType = head?.seriesType
  useEffect(() => {
    if (seriesType === 'LONG_WIN_S' && !isLongWinS) {
      longWinS.add(poCode)
      setLongWinS(true)
    }
  }, [seriesType, isLongWinS, poCode])

  const series = useMemo<ChartSeries[]>(
    () => [{ name: '策略净值', data: (head?.navHistory?.series ?? []).map((p) => ({ date: p.date, value: Number(p.value) })) }],
    [head],
  )

  // While another range loads, the title and tabs stay and the figures below wait.
  if (!head || state === 'error' || state === 'notFound') return <PortfolioPending state={state} onRetry={() => void reload()} />
  const loading = state === 'loading'
  const points = series[0].data.length
  // The chart ends at the latest NAV of the range.
  const asOf = !loading && points ? series[0].data[points - 1].date : null
  return (
    <View className='alfa-po alfa-po-records'>
      {stale && <StaleNotice onRetry={() => reload()} />}
      <RecordsTitle poName={head.poName} poCode={poCode} />
      <Card title='策略走势' className='alfa-po-rec-chart' extra={<AsOf date={asOf} />}>
        <View className='alfa-po-rec-chart__body'>
          {loading && <Skeleton rows={4} title={false} />}
          {!loading && points < 2 && <Text className='alfa-po-muted'>该区间暂无净值数据，请选择更长的区间。</Text>}
          {!loading && points >= 2 && <Chart series={series} format='nav' height={200} />}
        </View>
        <PeriodTabs value={period} onChange={setPeriod} />
      </Card>
      {loading ? (
        <Skeleton rows={6} />
      ) : (
        <AsyncContent
          state={items.length ? 'ready' : 'empty'}
          emptyTitle='暂无净值'
          emptyDescription='该区间内没有净值，请选择更长的区间。'
        >
          <View className='alfa-section alfa-po-nav-table' role='table'>
            <View className='alfa-po-nav-table__row alfa-po-nav-table__row--head' role='row'>
              <Text className='alfa-po-nav-table__cell' role='columnheader'>
                日期
              </Text>
              <Text className='alfa-po-nav-table__cell' role='columnheader'>
                净值
              </Text>
              <Text className='alfa-po-nav-table__cell' role='columnheader'>
                日涨跌
              </Text>
            </View>
            {items.map((r, i) => (
              <View key={r.date} className='alfa-po-nav-table__row' role='row'>
                <Text className='alfa-po-nav-table__cell' role='cell'>
                  {formatDate(r.date, DATE)}
                </Text>
                <Text className='alfa-po-nav-table__cell' role='cell'>
                  {formatNav(r.value)}
                </Text>
                {/* The rate opens its 口径 when the day before is listed; a View around it, as Baidu drops a text inside a text. */}
                <View className='alfa-po-nav-table__cell' role='cell'>
                  {r.dailyReturn != null && items[i + 1] ? (
                    <View role='button' aria-haspopup='dialog' data-figure={r.date} onClick={() => setBasis(i)}>
                      <SignedRate value={r.dailyReturn} />
                    </View>
                  ) : (
                    <SignedRate value={r.dailyReturn} />
                  )}
                </View>
              </View>
            ))}
          </View>
          <LoadMore status={more} onLoad={() => void loadMore()} />
        </AsyncContent>
      )}
      {basis !== null && items[basis] && items[basis + 1] && (
        <BasisSheet title={`${items[basis].date} 日涨跌的计算口径`} onClose={() => setBasis(null)}>
          <BasisSteps
            steps={[
              `${items[basis].date} 策略净值 ${formatNav(items[basis].value)}，前一净值日 ${items[basis + 1].date} 策略净值 ${formatNav(items[basis + 1].value)}。`,
              `日涨跌 = 当日净值 ÷ 前一净值日净值 − 1 = ${formatNav(items[basis].value)} ÷ ${formatNav(items[basis + 1].value)} − 1 = ${formatPercent(items[basis].dailyReturn, 2, { sign: true })}。`,
              '策略净值由各期调仓后的成分基金按权重组合而成，成分基金按复权净值（分红再投资）计算，所以基金分红不算亏损。',
            ]}
          />
        </BasisSheet>
      )}
    </View>
  )
}
