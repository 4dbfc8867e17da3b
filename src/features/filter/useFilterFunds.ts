import Taro, { usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { AsyncState } from '@/components/AsyncContent'
import type { LoadMoreStatus } from '@/components/LoadMore'
import { execute } from '@/services/graphql'
import { FilterFundsDocument, type FilterFundsQuery } from '@/services/generated/graphql'
import type { SortDirection } from '@/features/watchlist/sort'
import type { FilterConditions } from './conditions'

export type FilteredFundRow = FilterFundsQuery['fundFilter']['list'][number]
export const PAGE_SIZE = 20

/**
 * FilterFunds paged by pageInfo: the first page again whenever the conditions or the sort change
 * (or on pull-down refresh), the next page on reaching the bottom or tapping LoadMore. Answers to
 * an older question are dropped.
 */
export function useFilterFunds(conditions: FilterConditions | null, sort: string, direction: SortDirection) {
  const [state, setState] = useState<AsyncState>('loading')
  const [rows, setRows] = useState<FilteredFundRow[]>([])
  const [more, setMore] = useState<LoadMoreStatus>('noMore')
  const [totalCount, setTotalCount] = useState(0)
  const [navDate, setNavDate] = useState<string | null>(null)
  const question = useRef(0)
  const cursor = useRef<string | null>(null)
  const moreState = useRef<LoadMoreStatus>('noMore')
  const key = conditions ? JSON.stringify(conditions) : null

  const setMoreState = (s: LoadMoreStatus) => {
    moreState.current = s
    setMore(s)
  }

  // Promise chains rather than async functions: smaller in the ES5 main-package bundle.
  const first = useCallback(() => {
    if (key === null) return Promise.resolve()
    const id = ++question.current
    return execute(FilterFundsDocument, { conditions: JSON.parse(key) as FilterConditions, sort, direction, size: PAGE_SIZE }).then(
      (d) => {
        if (id !== question.current) return
        const page = d.fundFilter
        setRows(page.list)
        setTotalCount(page.totalCount)
        setNavDate(page.navDate)
        cursor.current = page.pageInfo.cursor
        setMoreState(page.pageInfo.hasMore ? 'more' : 'noMore')
        setState(page.list.length ? 'ready' : 'empty')
      },
      () => {
        if (id === question.current) setState('error')
      },
    )
  }, [key, sort, direction])

  const next = useCallback(() => {
    if (key === null || (moreState.current !== 'more' && moreState.current !== 'error')) return Promise.resolve()
    const id = question.current
    setMoreState('loading')
    return execute(FilterFundsDocument, { conditions: JSON.parse(key) as FilterConditions, sort, direction, size: PAGE_SIZE, cursor: cursor.current }).then(
      (d) => {
        if (id !== question.current) return
        const page = d.fundFilter
        setRows((r) => [...r, ...page.list])
        cursor.current = page.pageInfo.cursor
        setMoreState(page.pageInfo.hasMore ? 'more' : 'noMore')
      },
      () => {
        if (id === question.current) setMoreState('error')
      },
    )
  }, [key, sort, direction])

  useEffect(() => {
    if (key === null) return
    setState('loading')
    void first()
  }, [first, key])

  useReachBottom(() => void next())
  usePullDownRefresh(() => {
    void first().finally(() => Taro.stopPullDownRefresh())
  })

  const retry = () => {
    setState('loading')
    void first()
  }

  return { state, rows, more, totalCount, navDate, next, retry }
}
