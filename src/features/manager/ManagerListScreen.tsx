import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import { AsyncContent } from '@/components/AsyncContent'
import { LoadMore } from '@/components/LoadMore'
import { Tabs } from '@/components/Tabs'
import { execute } from '@/services/graphql'
import { navigateTo } from '@/services/navigation'
import { ManagerListDocument, type ManagerRowFragment, type ManagerSort, type SortDirection } from '@/services/generated/graphql'
import { formatPercent, NULL_TEXT, toneOf } from '@/utils/format'
import { usePaged } from '@/hooks/remote'
import '../../styles/list.scss'

const SORTS: { sort: ManagerSort; label: string }[] = [
  { sort: 'TENURE', label: '从业年限' },
  { sort: 'TENURE_RETURN', label: '最佳任职回报' },
]

/** 更多经理: paged, sorted by tenure or by the best tenure return; tapping the active sort reverses it. */
export function ManagerListScreen() {
  const [sort, setSort] = useState<ManagerSort>('TENURE')
  const [direction, setDirection] = useState<SortDirection>('reverse')
  const { items, state, stale, more, reload, loadMore } = usePaged(
    `managers:${sort}:${direction}`,
    async (cursor) => (await execute(ManagerListDocument, { page: { cursor, size: 20 }, sort, direction })).managerList,
  )
  const choose = (s: ManagerSort) => {
    if (s === sort) setDirection(direction === 'reverse' ? 'normal' : 'reverse')
    else {
      setSort(s)
      setDirection('reverse')
    }
  }
  return (
    <View className='alfa-list'>
      <Tabs
        items={SORTS.map((s) => ({ key: s.sort, label: s.sort === sort ? `${s.label}${direction === 'reverse' ? ' ↓' : ' ↑'}` : s.label }))}
        value={sort}
        onChange={choose}
      />
      <AsyncContent
        state={state}
        stale={stale}
        onRetry={() => reload()}
        emptyTitle='暂无基金经理'
        emptyDescription='下拉刷新试试。'
        skeleton={{ rows: 8 }}
      >
        {items.map((m) => (
          <ManagerRow key={m.managerId} manager={m} />
        ))}
        <LoadMore status={more} onLoad={() => void loadMore()} />
        {items.some((m) => m.isDemo) && <View className='alfa-list__demo'>演示数据</View>}
      </AsyncContent>
    </View>
  )
}

/** A manager of the list (fragment ManagerRow); tap opens the profile. */
function ManagerRow({ manager: m }: { manager: ManagerRowFragment }) {
  return (
    <View className='alfa-list__row' role='button' onClick={() => navigateTo('manager', { fundManagerId: m.managerId })}>
      <View className='alfa-list__main'>
        <View className='alfa-list__title'>
          {m.managerName}
          {m.isVerified && <Text className='alfa-list__sub'> · 已认证</Text>}
        </View>
        <View className='alfa-list__sub'>
          {m.company ?? NULL_TEXT} · 从业{m.tenureYears ?? NULL_TEXT}年 · 在管{m.fundCount}只
        </View>
      </View>
      <View className={`alfa-list__figure alfa-tone--${toneOf(m.bestTenureReturn)}`}>
        {formatPercent(m.bestTenureReturn, 2, { sign: true })}
      </View>
    </View>
  )
}
