import Taro, { usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { AsyncState } from '@/components/AsyncContent'
import type { LoadMoreStatus } from '@/components/LoadMore'

/** What a data screen shows: skeleton, error with retry, not-found (the loader answered null), or the data. */
export type LoadState = 'loading' | 'error' | 'notFound' | 'ready'

/**
 * Runs `load` on mount and whenever `key` changes; an answer of `null` is the not-found state.
 * Pull-down refresh reloads quietly: a failed refresh keeps what is on screen. Answers of a
 * superseded load are dropped.
 */
export function useRemote<T>(key: string, load: () => Promise<T | null>) {
  const [state, setState] = useState<LoadState>('loading')
  const [data, setData] = useState<T | null>(null)
  const seq = useRef(0)
  const hasData = useRef(false)
  const loadRef = useRef(load)
  loadRef.current = load

  // Promise chains rather than async functions: smaller in the ES5 main-package bundle.
  const reload = useCallback((quiet = false): Promise<void> => {
    const id = ++seq.current
    if (!quiet) setState('loading')
    return loadRef.current().then(
      (result) => {
        if (id !== seq.current) return
        setData(result)
        hasData.current = result !== null
        setState(result === null ? 'notFound' : 'ready')
      },
      () => {
        if (id === seq.current) setState(quiet && hasData.current ? 'ready' : 'error')
      },
    )
  }, [])

  useEffect(() => {
    void reload()
  }, [key, reload])
  usePullDownRefresh(() => {
    void reload(true).finally(() => Taro.stopPullDownRefresh())
  })
  return { state, data, reload }
}

/** One page of a list paged by pageInfo (spec: pageInfo{cursor, hasMore} and totalCount). */
export interface Page<T> {
  list: T[]
  totalCount: number
  pageInfo: { cursor?: string | null; hasMore: boolean }
}

/**
 * A list paged by pageInfo. The first page loads on mount and whenever `key` changes (`null`:
 * nothing to ask yet, the skeleton stays); the next page on `loadMore` (the LoadMore footer, the
 * page's reach-bottom, or a retry after a failed page); all pages again on pull-down refresh,
 * quietly. `head` is the latest first-page answer, for fields beside the list. An empty first
 * page is the 'empty' state. Answers to a superseded question are dropped.
 */
export function usePaged<P extends Page<unknown>>(key: string | null, load: (cursor: string | null) => Promise<P>) {
  const [items, setItems] = useState<P['list']>([])
  const [head, setHead] = useState<P | null>(null)
  const [state, setState] = useState<AsyncState>('loading')
  const [more, setMoreState] = useState<LoadMoreStatus>('noMore')
  const moreRef = useRef<LoadMoreStatus>('noMore')
  const cursor = useRef<string | null>(null)
  const seq = useRef(0)
  const loadRef = useRef(load)
  loadRef.current = load

  const setMore = (s: LoadMoreStatus) => {
    moreRef.current = s
    setMoreState(s)
  }
  const afterPage = (page: P) => {
    cursor.current = page.pageInfo.cursor ?? null
    setMore(page.pageInfo.hasMore && cursor.current ? 'more' : 'noMore')
  }

  const reload = useCallback(
    (quiet = false): Promise<void> => {
      if (key === null) return Promise.resolve()
      const id = ++seq.current
      if (!quiet) setState('loading')
      return loadRef.current(null).then(
        (page) => {
          if (id !== seq.current) return
          setItems(page.list)
          setHead(page)
          afterPage(page)
          setState(page.list.length ? 'ready' : 'empty')
        },
        () => {
          if (id === seq.current && !quiet) setState('error')
        },
      )
    },
    [key],
  )

  const loadMore = useCallback((): Promise<void> => {
    if (key === null || !cursor.current || (moreRef.current !== 'more' && moreRef.current !== 'error')) return Promise.resolve()
    const id = seq.current
    setMore('loading')
    return loadRef.current(cursor.current).then(
      (page) => {
        if (id !== seq.current) return
        setItems((prev) => [...prev, ...page.list] as P['list'])
        afterPage(page)
      },
      () => {
        if (id === seq.current) setMore('error')
      },
    )
  }, [key])

  useEffect(() => {
    void reload()
  }, [reload])
  usePullDownRefresh(() => {
    void reload(true).finally(() => Taro.stopPullDownRefresh())
  })
  useReachBottom(() => {
    if (moreRef.current === 'more') void loadMore()
  })
  return { items, head, state, more, totalCount: head?.totalCount ?? 0, reload, loadMore }
}
