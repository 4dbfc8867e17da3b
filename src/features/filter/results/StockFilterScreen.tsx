import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import { AsyncContent } from '@/components/AsyncContent'
import { navigateTo } from '@/services/navigation'
import type { SortState } from '@/utils/sort'
import type { ReturnPeriod } from '@/services/periods'
import type { FilterConditions } from '../conditions'
import { FundTable, type FilterSortKey } from './FundTable'
import { CompareTrayBar } from '@/features/compare'
import { filterStore } from '../store'
import { useFilterFunds } from './useFilterFunds'
import './StockFilterScreen.scss'

export interface Preset {
  key: string
  label: string
  description: string
  conditions: FilterConditions
  /** The return column and first sort. */
  period: ReturnPeriod
  sort: FilterSortKey
}

/** Ready-made screens: each is a FundFilterInput plus the column it sorts by. */
export const PRESETS: Preset[] = [
  { key: 'longTerm', label: '长期业绩优秀', description: '近3年收益从高到低', conditions: {}, period: 'THREE_YEAR', sort: 'THREE_YEAR' },
  {
    key: 'lowDrawdown',
    label: '回撤控制好',
    description: '近1年最大回撤不超过10%，按近1年收益排序',
    conditions: { maxDrawdown: '0.1' },
    period: 'ONE_YEAR',
    sort: 'ONE_YEAR',
  },
  {
    key: 'lowFee',
    label: '低费率',
    description: '申购费率不超过0.1%，按近1年收益排序',
    conditions: { maxBuyFeeRate: '0.001' },
    period: 'ONE_YEAR',
    sort: 'ONE_YEAR',
  },
  {
    key: 'starManager',
    label: '明星经理',
    description: '基金经理从业5年以上，按近1年收益排序',
    conditions: { minManagerYears: 5 },
    period: 'ONE_YEAR',
    sort: 'ONE_YEAR',
  },
]

function PresetList({ preset }: { preset: Preset }) {
  const [sort, setSort] = useState<SortState<FilterSortKey>>({ key: preset.sort, direction: 'reverse' })
  const list = useFilterFunds(preset.conditions, sort.key ?? preset.sort, sort.direction)
  return (
    <>
      <View className='alfa-stock-filter__info'>
        <Text className='alfa-stock-filter__description'>{preset.description}</Text>
        <Text className='alfa-stock-filter__count'>{list.state === 'ready' ? `共 ${list.totalCount} 只` : ''}</Text>
      </View>
      <AsyncContent state={list.state} onRetry={list.retry} skeleton={{ rows: 8 }} emptyTitle='暂无符合条件的基金'>
        <FundTable
          rows={list.rows}
          period={preset.period}
          sort={sort}
          onSort={setSort}
          more={list.more}
          onMore={() => void list.next()}
          navDate={list.navDate}
        />
      </AsyncContent>
    </>
  )
}

/** 选基结果: preset screens as tabs, each a paged, sortable FilterFunds list; 自定义 opens the form with its conditions. */
export function StockFilterScreen({ tab }: { tab?: string }) {
  const [current, setCurrent] = useState(() => PRESETS.find((p) => p.key === tab) ?? PRESETS[0])
  const customize = () => {
    filterStore.reset()
    filterStore.setFormValue({ ...current.conditions })
    navigateTo('filter')
  }
  return (
    <View className='alfa-stock-filter'>
      <View className='alfa-stock-filter__tabs' role='tablist'>
        {PRESETS.map((p) => (
          <View
            key={p.key}
            className={`alfa-stock-filter__tab${p.key === current.key ? ' alfa-stock-filter__tab--active' : ''}`}
            role='tab'
            aria-selected={p.key === current.key}
            onClick={() => setCurrent(p)}
          >
            {p.label}
          </View>
        ))}
      </View>
      <View className='alfa-stock-filter__custom' role='button' onClick={customize}>
        自定义筛选 ›
      </View>
      <PresetList key={current.key} preset={current} />
      <CompareTrayBar />
    </View>
  )
}
