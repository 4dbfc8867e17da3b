import { Text, View } from '@tarojs/components'
import { observer } from '@/hooks/observer'
import { useState } from 'react'
import { AsyncContent } from '@/components/AsyncContent'
import { BarButton, BottomBar } from '@/components/BottomBar'
import { Empty } from '@/components/Empty'
import { execute } from '@/services/graphql'
import { FilterSaveDocument } from '@/services/generated/graphql'
import { startLogin } from '@/services/login'
import { navigateTo } from '@/services/navigation'
import { toast } from '@/services/toast'
import { user } from '@/services/user'
import { periodOfFundPeriod } from '@/services/periods'
import type { SortState } from '@/utils/sort'
import { formatDate, MONTH_DAY } from '@/utils/format'
import { DEFAULT_PERIOD, summarizeConditions, toConditions } from '../conditions'
import { FundTable, type FilterSortKey } from './FundTable'
import { CompareTrayBar, compareTray } from '@/features/compare'
import { NamePrompt } from '../saved/NamePrompt'
import { useResolvedFilter } from '../saved/savedFilters'
import { filterStore } from '../store'
import { useFilterFunds } from './useFilterFunds'
import './FilterResultScreen.scss'

export const SAVED_TEXT = '已保存'
export const SAVE_FAILED_TEXT = '保存失败，请重试'

/**
 * 筛选结果: the funds meeting the current (or a saved, filterId) filter, paged, sorted on the
 * server by the column headers; 条件 opens the conditions in words; 保存筛选 asks a name and
 * saves (anonymous users are sent to login first).
 */
export const FilterResultScreen = observer(function FilterResultScreen({ filterId }: { filterId?: string }) {
  const { filter, state: filterState, retry: retryFilter } = useResolvedFilter(filterId)
  // Everything downstream reads the conditions by value (useFilterFunds keys on their JSON).
  const conditions = filter ? toConditions(filter.formValue) : null
  const period = periodOfFundPeriod(conditions?.returnPeriod ?? DEFAULT_PERIOD)
  const [sort, setSort] = useState<SortState<FilterSortKey>>({ key: period, direction: 'reverse' })
  const list = useFilterFunds(filterState === 'ready' ? conditions : null, sort.key ?? period, sort.direction)
  const [prompt, setPrompt] = useState(false)
  const [saved, setSaved] = useState<string | null>(null)

  if (filterState !== 'ready') {
    if (filterState === 'notFound')
      return <Empty title='筛选不存在' description='它可能已被删除。' actionText='去筛选' onAction={() => navigateTo('filter')} />
    if (filterState === 'login') return <Empty title='登录后查看我的筛选' actionText='去登录' onAction={() => void startLogin()} />
    return <AsyncContent state={filterState} onRetry={retryFilter} skeleton={{ rows: 6 }} />
  }

  const canSave = !filterId && !saved
  const askName = () => {
    if (!user.isLogin) {
      void startLogin()
      return
    }
    setPrompt(true)
  }
  const save = (name: string) => {
    setPrompt(false)
    execute(FilterSaveDocument, { name, formValue: conditions ?? {} }).then(
      (d) => {
        setSaved(d.saveFilter.filterId)
        filterStore.setFilterDetail({ id: d.saveFilter.filterId, name: d.saveFilter.name, conditions: conditions ?? {} })
        void toast.open(SAVED_TEXT)
      },
      () => void toast.open(SAVE_FAILED_TEXT),
    )
  }

  return (
    <View className='alfa-filter-result'>
      <View className='alfa-filter-result__summary'>
        <View className='alfa-filter-result__info'>
          {filter?.name && <Text className='alfa-filter-result__name'>{filter.name}</Text>}
          <Text className='alfa-filter-result__conditions'>{summarizeConditions(conditions)}</Text>
          <Text className='alfa-filter-result__count'>
            {list.state === 'ready' || list.state === 'empty' ? `共 ${list.totalCount} 只基金` : ' '}
            {list.navDate ? ` · 数据截至 ${formatDate(list.navDate, MONTH_DAY)}` : ''}
          </Text>
        </View>
        <View className='alfa-filter-result__link' role='button' onClick={() => navigateTo('filterDetail', filterId ? { filterId } : {})}>
          条件
        </View>
      </View>
      <AsyncContent
        state={list.state}
        stale={list.stale}
        onRetry={list.retry}
        skeleton={{ rows: 8 }}
        emptyTitle='没有符合条件的基金'
        emptyDescription='放宽一些条件再试试。'
      >
        <FundTable
          rows={list.rows}
          period={period}
          sort={sort}
          onSort={setSort}
          more={list.more}
          onMore={() => void list.next()}
          navDate={list.navDate}
        />
      </AsyncContent>
      {filterId && <CompareTrayBar />}
      {!filterId && (
        <BottomBar note={compareTray.count ? <CompareTrayBar compact /> : undefined}>
          <BarButton className='alfa-filter-result__save' disabled={!canSave} onClick={askName}>
            {saved ? '已保存到我的筛选' : '保存筛选'}
          </BarButton>
        </BottomBar>
      )}
      {prompt && <NamePrompt title='保存筛选' confirmText='保存' onConfirm={save} onCancel={() => setPrompt(false)} />}
    </View>
  )
})
