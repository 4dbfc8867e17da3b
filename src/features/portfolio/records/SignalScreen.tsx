import { Text, View } from '@tarojs/components'
import { AsyncContent, StaleNotice } from '@/components/AsyncContent'
import { LoadMore } from '@/components/LoadMore'
import { usePaged } from '@/hooks/remote'
import { execute } from '@/services/graphql'
import { SignalsDocument, type RecordsSignalFragment } from '@/services/generated/graphql'
import { formatAmount, formatPercent } from '@/utils/format'
import { PortfolioPending } from '../PortfolioPending'
import { RecordLink } from './RecordLink'
import { RecordsTitle } from './RecordsTitle'
import { TimelineItem } from './TimelineItem'
import { pageInput } from './paging'

function SignalRecord({ signal }: { signal: RecordsSignalFragment }) {
  const intro = signal.introduction
  return (
    <TimelineItem date={signal.date}>
      <View className='alfa-po-rec__line'>
        {signal.signalActionName && <Text className='alfa-po-rec__badge'>{signal.signalActionName}</Text>}
        {signal.shortDescription && <Text className='alfa-po-rec__name'>{signal.shortDescription}</Text>}
      </View>
      {signal.buyOrders.map((o, i) => (
        <View key={`b${o.fund.fundCode}-${i}`} className='alfa-po-rec__order'>
          <Text className='alfa-po-rec__action'>买入</Text>
          <Text className='alfa-po-rec__fund'>{o.fund.fundName}</Text>
          <Text className='alfa-po-rec__figure'>{formatPercent(o.percent)}</Text>
          {signal.displaySignalAmount && o.amount !== null && <Text className='alfa-po-rec__figure'>{formatAmount(o.amount)}元</Text>}
        </View>
      ))}
      {signal.convertOrders.map((o, i) => (
        <View key={`c${o.fund.fundCode}-${i}`} className='alfa-po-rec__order'>
          <Text className='alfa-po-rec__action'>转换</Text>
          <Text className='alfa-po-rec__fund'>
            {o.fund.fundName} → {o.targetFund.fundName}
          </Text>
          <Text className='alfa-po-rec__figure'>{formatPercent(o.percent)}</Text>
        </View>
      ))}
      {intro.title && <Text className='alfa-po-rec__title'>{intro.title}</Text>}
      {intro.description && <Text className='alfa-po-rec__comment'>{intro.description}</Text>}
      <RecordLink url={intro.link}>查看详情</RecordLink>
    </TimelineItem>
  )
}

/**
 * Departure (发车) signal records, paged. Every kind of strategy asks Signals: the spec's
 * LongWinSignal is the same selection as its first page of 20, with nothing more to show.
 */
export function SignalScreen({ poCode }: { poCode: string }) {
  const { state, head, items, stale, more, reload, loadMore } = usePaged(
    `poSignals:${poCode}`,
    (cursor) => (poCode ? execute(SignalsDocument, { poCode, page: pageInput(cursor) }).then((r) => r.portfolio) : Promise.resolve(null)),
    { page: (p) => p.signals, empty: () => false },
  )

  if (state !== 'ready' || !head) return <PortfolioPending state={state} onRetry={() => void reload()} />
  return (
    <View className='alfa-po alfa-po-records'>
      {stale && <StaleNotice onRetry={() => reload()} />}
      <RecordsTitle poName={head.poName} poCode={poCode} sub={`共${head.signals.totalCount}次发车`} />
      <AsyncContent
        state={items.length ? 'ready' : 'empty'}
        emptyTitle='暂无发车记录'
        emptyDescription='该策略还没有发出过信号，发车后会在这里列出。'
      >
        <View className='alfa-section alfa-po-rec-list' role='list'>
          {items.map((s) => (
            <SignalRecord key={s.sigId} signal={s} />
          ))}
        </View>
        <LoadMore status={more} onLoad={() => void loadMore()} />
      </AsyncContent>
    </View>
  )
}
