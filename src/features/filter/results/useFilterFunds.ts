import { usePaged } from '@/hooks/remote'
import { execute } from '@/services/graphql'
import { FilterFundsDocument } from '@/services/generated/graphql'
import { fundPeriodOf } from '@/services/periods'
import type { SortDirection } from '@/utils/sort'
import type { FilterConditions } from '../conditions'
import type { FilterSortKey } from './FundTable'

export const PAGE_SIZE = 20

/**
 * FilterFunds paged by pageInfo: the first page again whenever the conditions or the sort change
 * (or on pull-down refresh), the next page on reaching the bottom or tapping LoadMore. Answers to
 * an older question are dropped. `conditions` null: not known yet, nothing is asked.
 */
export function useFilterFunds(conditions: FilterConditions | null, sort: FilterSortKey, direction: SortDirection) {
  const key = conditions ? `filterFunds:${JSON.stringify([conditions, sort, direction])}` : null
  const { state, stale, items, head, more, totalCount, reload, loadMore } = usePaged(key, (cursor) =>
    execute(FilterFundsDocument, {
      conditions: conditions as FilterConditions,
      sort: sort === 'DAILY' || sort === 'MAX_DRAWDOWN' ? sort : fundPeriodOf(sort),
      direction,
      size: PAGE_SIZE,
      ...(cursor ? { cursor } : {}),
    }).then((d) => d.fundFilter),
  )
  return { state, stale, rows: items, more, totalCount, navDate: head?.navDate ?? null, next: loadMore, retry: () => reload() }
}
