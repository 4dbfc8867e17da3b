import { Text, View } from '@tarojs/components'
import { useMemo } from 'react'
import { AsyncContent, StaleNotice } from '@/components/AsyncContent'
import { Card } from '@/components/Card'
import { Chart, type ChartSeries } from '@/components/Chart'
import { PIE_PALETTE as CATEGORY_COLORS } from '@/components/Chart/pieModel'
import { LoadMore } from '@/components/LoadMore'
import { usePaged } from '@/hooks/remote'
import { execute } from '@/services/graphql'
import {
  AdjustmentDocument,
  type AdjustmentQuery,
  type RecordsAdjustmentFragment,
  type RecordsAdjustmentOrderFragment,
} from '@/services/generated/graphql'
import { formatPercent } from '@/utils/format'
import { PortfolioPending } from '../PortfolioPending'
import { MOVEMENT_NAMES } from '@alfa/common/labels'
import { RecordLink } from './RecordLink'
import { RecordsTitle } from './RecordsTitle'
import { TimelineItem } from './TimelineItem'
import { pageInput } from './paging'

type Head = NonNullable<AdjustmentQuery['portfolio']>
type ChartPoint = NonNullable<Head['adjustmentChart']>[number]

/**
 * One line per category over the adjustments. A point lists only the categories that moved, so a
 * category keeps its last weight until it moves again (null before it first appears).
 */
export function adjustmentSeries(points: readonly ChartPoint[]): ChartSeries[] {
  const names = new Map<string, string>()
  for (const p of points)
    for (const g of p.groups) if (!names.has(g.categoryCode)) names.set(g.categoryCode, g.categoryName ?? g.categoryCode)
  // Every category in a colour of its own (the same ones as the composition pie).
  return [...names.entries()].map(([code, name], k) => {
    let last: number | null = null
    const data = points.map((p) => {
      const g = p.groups.find((x) => x.categoryCode === code)
      if (g) last = Number(g.percent)
      return { date: p.date, value: last }
    })
    return { name, data, color: CATEGORY_COLORS[k % CATEGORY_COLORS.length] }
  })
}

/** Category weights after each adjustment; drawn once there are two adjustments to join. */
function AdjustmentChart({ points }: { points: readonly ChartPoint[] }) {
  const series = useMemo(() => adjustmentSeries(points), [points])
  if (points.length < 2) return null
  return (
    <Card title='仓位变化' className='alfa-po-rec-chart'>
      <Chart series={series} format='ratio' height={180} />
    </Card>
  )
}

function Order({ order, action }: { order: RecordsAdjustmentOrderFragment; action: string }) {
  return (
    <View className='alfa-po-rec__order'>
      <Text className='alfa-po-rec__action'>{action}</Text>
      <Text className='alfa-po-rec__fund'>{order.fund.fundName}</Text>
      {order.variety && <Text className='alfa-po-muted'>{order.variety}</Text>}
      {order.tradeUnit !== null && <Text className='alfa-po-rec__figure'>{order.tradeUnit}份</Text>}
    </View>
  )
}

const change = (before: string, after: string) => `${formatPercent(before)} → ${formatPercent(after)}`

function AdjustmentRecord({ record }: { record: RecordsAdjustmentFragment }) {
  const article = record.article?.link ?? record.articleLink
  return (
    <TimelineItem date={record.date}>
      {record.groups.map((g) => (
        <View key={g.categoryCode} className='alfa-po-rec__group'>
          <View className='alfa-po-rec__line'>
            <Text className='alfa-po-rec__name'>{g.categoryName ?? g.categoryCode}</Text>
            <Text className='alfa-po-rec__move'>{g.movementName}</Text>
            <Text className='alfa-po-rec__figure'>{change(g.beforePercent, g.afterPercent)}</Text>
          </View>
          {g.parts.map((p, i) => (
            <View key={`${p.fund.fundCode}-${i}`} className='alfa-po-rec__line alfa-po-rec__line--part'>
              <Text className='alfa-po-rec__fund'>{p.fund.fundName}</Text>
              <Text className={`alfa-po-rec__move alfa-po-rec__move--${p.movement}`}>{MOVEMENT_NAMES[p.movement]}</Text>
              <Text className='alfa-po-rec__figure'>{change(p.beforePercent, p.afterPercent)}</Text>
            </View>
          ))}
        </View>
      ))}
      {record.buyOrders.map((o, i) => (
        <Order key={`b${o.fund.fundCode}-${i}`} order={o} action='买入' />
      ))}
      {record.redeemOrders.map((o, i) => (
        <Order key={`r${o.fund.fundCode}-${i}`} order={o} action='卖出' />
      ))}
      {record.comment && <Text className='alfa-po-rec__comment'>{record.comment}</Text>}
      <RecordLink url={article}>{record.article?.text || '调仓说明'}</RecordLink>
    </TimelineItem>
  )
}

/** Adjustment records: the category weights over time, then the adjustments as a timeline, paged. */
export function AdjustmentScreen({ poCode }: { poCode: string }) {
  const { state, head, items, stale, more, reload, loadMore } = usePaged(
    `poAdjustment:${poCode}`,
    (cursor): Promise<Head | null> =>
      poCode
        ? execute(AdjustmentDocument, {
            poCode,
            page: pageInput(cursor),
            // The preference and the category names come with the first page only.
            needPreference: !cursor,
            needCategoryDict: !cursor,
            ...(cursor && head ? { isModelPo: head.isModelPo } : {}),
          }).then((r) => r.portfolio)
        : Promise.resolve(null),
    { page: (p) => p.adjustments, empty: () => false },
  )

  if (state !== 'ready' || !head) return <PortfolioPending state={state} onRetry={() => void reload()} />
  return (
    <View className='alfa-po alfa-po-records'>
      {stale && <StaleNotice onRetry={() => reload()} />}
      <RecordsTitle poName={head.poName} poCode={poCode} sub={`共${head.adjustments.totalCount}次调仓`} />
      <AdjustmentChart points={head.adjustmentChart ?? []} />
      <AsyncContent
        state={items.length ? 'ready' : 'empty'}
        emptyTitle='暂无调仓记录'
        emptyDescription='该策略还没有调过仓，调仓后会在这里列出。'
      >
        <View className='alfa-section alfa-po-rec-list' role='list'>
          {items.map((a) => (
            <AdjustmentRecord key={a.adjustmentId} record={a} />
          ))}
        </View>
        <LoadMore status={more} onLoad={() => void loadMore()} />
      </AsyncContent>
    </View>
  )
}
