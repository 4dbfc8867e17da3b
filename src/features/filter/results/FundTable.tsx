import { Text, View } from '@tarojs/components'
import { LoadMore, type LoadMoreStatus } from '@/components/LoadMore'
import { navigateTo } from '@/services/navigation'
import { nextSort, type SortState } from '@/utils/sort'
import { drawdownModifier, formatDate, formatDrawdown, formatPercent, MONTH_DAY, toneModifier } from '@/utils/format'
import { periodName, periodReturn, type ReturnPeriod } from '@/services/periods'
import type { FundTableRowFragment } from '@/services/generated/graphql'
import { CompareToggle } from '@/features/compare'
import './FundTable.scss'

/** What the table's columns sort by: the day's return, a period's return, the one-year max drawdown. */
export type FilterSortKey = 'DAILY' | ReturnPeriod | 'MAX_DRAWDOWN'

export interface FundTableProps {
  /** Rows selected by fragment FundTableRow. */
  rows: FundTableRowFragment[]
  /** The period of the return column. */
  period: ReturnPeriod
  sort: SortState<FilterSortKey>
  onSort: (next: SortState<FilterSortKey>) => void
  more: LoadMoreStatus
  onMore: () => void
  /** The list's statistics date; a fund whose own figures end earlier says its date (截至). Default: none. */
  navDate?: string | null
}

/**
 * Filter results: name and code, daily return, a period return and the one-year max drawdown;
 * the headers sort on the server (a new column reverse first, the same one toggles); a row opens
 * the fund; LoadMore at the end.
 */
export function FundTable({ rows, period, sort, onSort, more, onMore, navDate = null }: FundTableProps) {
  const header = (key: FilterSortKey, label: string) => {
    const active = sort.key === key
    return (
      <View
        className={`alfa-fund-table__sort${active ? ` alfa-fund-table__sort--${sort.direction}` : ''}`}
        role='button'
        aria-label={`按${label}排序`}
        onClick={() => onSort(nextSort(sort, key))}
      >
        {label}
        <Text className='alfa-fund-table__arrow'>{active ? (sort.direction === 'reverse' ? '↓' : '↑') : '↕'}</Text>
      </View>
    )
  }
  return (
    <View className='alfa-fund-table'>
      <View className='alfa-fund-table__head'>
        <View className='alfa-fund-table__name'>基金名称</View>
        {header('DAILY', '日涨幅')}
        {header(period, periodName(period))}
        {header('MAX_DRAWDOWN', '最大回撤')}
      </View>
      {rows.map((r) => {
        const ret = periodReturn(r.returns, period)
        return (
          <View
            key={r.fund.fundCode}
            className='alfa-fund-table__row'
            role='link'
            onClick={() => navigateTo('fundEntry', { fundCode: r.fund.fundCode })}
          >
            <View className='alfa-fund-table__name'>
              <Text className='alfa-fund-table__fund'>{r.fund.fundName}</Text>
              <Text className='alfa-fund-table__code'>
                {r.fund.fundCode}
                {r.returns.asOf && r.returns.asOf !== navDate ? ` · 截至${formatDate(r.returns.asOf, MONTH_DAY)}` : ''}
              </Text>
            </View>
            <CompareToggle variant='check' fund={r.fund} />
            <Text className={`alfa-fund-table__cell alfa-fund-table__figure--${toneModifier(r.fund.dailyReturn)}`}>
              {formatPercent(r.fund.dailyReturn, 2, { sign: true })}
            </Text>
            <Text className={`alfa-fund-table__cell alfa-fund-table__figure--${toneModifier(ret)}`}>
              {formatPercent(ret, 2, { sign: true })}
            </Text>
            {/* A drawdown is a fall on every screen (the filter sends its size, positive). */}
            <Text
              className={`alfa-fund-table__cell alfa-fund-table__figure--${drawdownModifier(r.maxDrawdown1Y)}`}
              data-figure='maxDrawdown'
            >
              {formatDrawdown(r.maxDrawdown1Y)}
            </Text>
          </View>
        )
      })}
      <LoadMore status={more} onLoad={onMore} />
    </View>
  )
}
