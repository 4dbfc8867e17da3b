import { View } from '@tarojs/components'
import { useState } from 'react'
import { AsyncContent } from '@/components/AsyncContent'
import { LoadMore } from '@/components/LoadMore'
import { Tabs } from '@/components/Tabs'
import { execute } from '@/services/graphql'
import { MarketFundRankingDocument, type FundRankingRowFragment, type SortDirection } from '@/services/generated/graphql'
import { formatNav, formatPercent, toneOf } from '@/utils/format'
import { usePaged } from '@/hooks/remote'
import { FundLinkRow } from '@/features/fund'
import { periodCode, periodName, type Period } from '@/services/periods'
import '../../styles/list.scss'

/** The periods the ranking and the themes are measured over, as tabs (更多基金, 行业主题). */
export const PERIOD_TABS = (['ONE_MONTH', 'THREE_MONTH', 'SIX_MONTH', 'ONE_YEAR', 'THREE_YEAR'] as const).map((key) => ({
  key: key,
  label: periodName(key),
}))

/** 更多基金: paged, category tabs, sorted by the return over a period (tap the header to reverse). */
export function FundListScreen() {
  const [category, setCategory] = useState<string | null>(null)
  const [period, setPeriod] = useState<Period>('ONE_YEAR')
  const [direction, setDirection] = useState<SortDirection>('reverse')
  // The category tabs come with the first page (and stay while another category loads).
  const { items, head, state, stale, more, reload, loadMore } = usePaged(
    `funds:${category}:${period}:${direction}`,
    (cursor) =>
      execute(MarketFundRankingDocument, { page: { cursor, size: 20 }, categoryCode: category, period: periodCode(period), direction }),
    { page: (d) => d.fundRanking },
  )
  const categories = head?.categoryDict ?? []
  const label = periodName(period)
  return (
    <View className='alfa-list'>
      <Tabs
        layout='scroll'
        items={[{ key: null, label: '全部' }, ...categories.map((c) => ({ key: c.code, label: c.name }))]}
        value={category}
        onChange={setCategory}
      />
      <Tabs items={PERIOD_TABS} value={period} onChange={setPeriod} />
      <View className='alfa-list__header'>
        <View>基金名称</View>
        <View className='alfa-list__sort' role='button' onClick={() => setDirection(direction === 'reverse' ? 'normal' : 'reverse')}>
          {label}收益 {direction === 'reverse' ? '↓' : '↑'}
        </View>
      </View>
      <AsyncContent
        state={state}
        stale={stale}
        onRetry={() => reload()}
        emptyTitle='该分类暂无基金'
        emptyDescription='换个分类看看。'
        skeleton={{ rows: 8 }}
      >
        {items.map((r) => (
          <FundRankingRow key={r.fund.fundCode} row={r} />
        ))}
        <LoadMore status={more} onLoad={() => void loadMore()} />
        {items.some((r) => r.fund.isDemo) && <View className='alfa-list__demo'>演示数据</View>}
      </AsyncContent>
    </View>
  )
}

/** A fund of the ranking (fragment FundRankingRow): code, category, NAV and the period's return. */
function FundRankingRow({ row: r }: { row: FundRankingRowFragment }) {
  return (
    <FundLinkRow
      fund={r.fund}
      sub={`${r.fund.fundCode} · ${r.fund.categoryName ?? ''} · 净值 ${formatNav(r.fund.nav)}`}
      figure={<View className={`alfa-tone--${toneOf(r.periodReturn)}`}>{formatPercent(r.periodReturn, 2, { sign: true })}</View>}
    />
  )
}
