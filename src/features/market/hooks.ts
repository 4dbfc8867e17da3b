import Taro, { usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { LoadMoreStatus } from '@/components/LoadMore'

/** What a data screen shows: skeleton, error with retry, not-found (loader answered null), or the data. */
export type LoadState = 'loading' | 'error' | 'notFound' | 'ready'

/**
 * Runs `load` on mount and whenever `key` changes; `null` is the not-found state. Pull-down
 * refresh reloads quietly (needs enablePullDownRefresh on the page). Superseded answers are dropped.
 */
export function useRemote<T>(key: string, load: () => Promise<T | null>) {
  const [state, setState] = useState<LoadState>('loading')
  const [data, setData] = useState<T | null>(null)
  const seq = useRef(0)
  const loadRef = useRef(load)
  loadRef.current = load

  const reload = useCallback(async (quiet = false) => {
    const id = ++seq.current
    if (!quiet) setState('loading')
    try {
      const result = await loadRef.current()
      if (id !== seq.current) return
      setData(result)
      setState(result === null ? 'notFound' : 'ready')
    } catch {
      if (id === seq.current && !quiet) setState('error')
    }
  }, [])

  useEffect(() => {
    void reload()
  }, [key, reload])
  usePullDownRefresh(() => {
    void reload(true).finally(() => Taro.stopPullDownRefresh())
  })
  return { state, data, reload }
}

export interface Page<T> {
  list: T[]
  totalCount: number
  pageInfo: { cursor?: string | null; hasMore: boolean }
}

/**
 * A list paged by pageInfo: the first page on mount and when `key` changes, the next page on
 * `loadMore` (the LoadMore footer or the page's reach-bottom), all pages again on pull-down.
 */
export function usePaged<T>(key: string, load: (cursor: string | null) => Promise<Page<T>>) {
  const [items, setItems] = useState<T[]>([])
  const [state, setState] = useState<'loading' | 'error' | 'ready'>('loading')
  const [more, setMore] = useState<LoadMoreStatus>('noMore')
  const [totalCount, setTotalCount] = useState(0)
  const cursor = useRef<string | null>(null)
  const seq = useRef(0)
  const loadRef = useRef(load)
  loadRef.current = load

  const first = useCallback(async (quiet = false) => {
    const id = ++seq.current
    if (!quiet) setState('loading')
    try {
      const page = await loadRef.current(null)
      if (id !== seq.current) return
      cursor.current = page.pageInfo.cursor ?? null
      setItems(page.list)
      setTotalCount(page.totalCount)
      setMore(page.pageInfo.hasMore ? 'more' : 'noMore')
      setState('ready')
    } catch {
      if (id === seq.current && !quiet) setState('error')
    }
  }, [])

  const loadMore = useCallback(async () => {
    if (!cursor.current) return
    const id = seq.current
    setMore('loading')
    try {
      const page = await loadRef.current(cursor.current)
      if (id !== seq.current) return
      cursor.current = page.pageInfo.cursor ?? null
      setItems((prev) => [...prev, ...page.list])
      setMore(page.pageInfo.hasMore ? 'more' : 'noMore')
    } catch {
      if (id === seq.current) setMore('error')
    }
  }, [])

  useEffect(() => {
    void first()
  }, [key, first])
  usePullDownRefresh(() => {
    void first(true).finally(() => Taro.stopPullDownRefresh())
  })
  useReachBottom(() => {
    if (more === 'more') void loadMore()
  })
  return { items, state, more, totalCount, reload: first, loadMore }
}

/** Tone of a change: rise (red), fall (green) or flat (grey), by the sign of a decimal string. */
export function toneOf(value: string | number | null | undefined): 'rise' | 'fall' | 'flat' {
  const n = Number(value)
  if (value === null || value === undefined || value === '' || !Number.isFinite(n) || n === 0) return 'flat'
  return n > 0 ? 'rise' : 'fall'
}
