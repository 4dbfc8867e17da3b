import { useReachBottom } from '@tarojs/taro'
import { useCallback, useMemo, useRef, useState } from 'react'
import type { LoadMoreStatus } from '@/components/LoadMore'
import { useRemote, type RemoteOptions } from './remote'

const NONE: never[] = []

/** One page of a list paged by pageInfo (spec: pageInfo{cursor, hasMore} and totalCount). */
export interface Page<T> {
  list: T[]
  totalCount: number
  pageInfo: { cursor?: string | null; hasMore: boolean }
}

export interface PagedOptions<H, P> extends RemoteOptions<H> {
  /** The page inside an answer, when the first page comes inside the head query (default: the answer is the page). */
  page?: (head: H) => P
}

interface NextPages<P extends Page<unknown>> {
  /** The first-page answer these pages follow. */
  head: unknown
  list: P['list']
  pageInfo: P['pageInfo'] | null
  status: LoadMoreStatus | null
}

/**
 * A list paged by pageInfo: the first page through useRemote (so cached, per user and so on,
 * with the same options), the next page on `loadMore` (the LoadMore footer, the page's
 * reach-bottom, or a retry after a failed page) with the cursor of the last one. `head` is the
 * latest first-page answer, for fields beside the list. An empty first page is the 'empty'
 * state. Pages that followed an older first page are dropped.
 */
export function usePaged<H, P extends Page<unknown> = H extends Page<unknown> ? H : Page<unknown>>(
  key: string | null,
  load: (cursor: string | null) => Promise<H | null>,
  options: PagedOptions<H, P> = {},
) {
  const pageOf = options.page ?? ((answer: H) => answer as unknown as P)
  const first = useRemote<H>(key, () => load(null), { empty: (answer) => !pageOf(answer).list.length, ...options })
  const head = first.data
  const [next, setNext] = useState<NextPages<P>>({ head: null, list: NONE, pageInfo: null, status: null })
  const pages: NextPages<P> = next.head === head ? next : { head, list: NONE, pageInfo: null, status: null }
  const firstPage = head === null ? null : pageOf(head)
  const pageInfo = pages.pageInfo ?? firstPage?.pageInfo
  const more: LoadMoreStatus = pages.status ?? (pageInfo?.hasMore && pageInfo.cursor ? 'more' : 'noMore')
  const items = useMemo(() => (firstPage ? [...firstPage.list, ...pages.list] : []) as P['list'], [firstPage, pages.list])

  const latest = useRef({ load, pageOf, pages, more, cursor: pageInfo?.cursor })
  latest.current = { load, pageOf, pages, more, cursor: pageInfo?.cursor }

  const loadMore = useCallback((): Promise<void> => {
    const { pages: shownPages, more: status, cursor } = latest.current
    const followed = shownPages.head
    if (followed === null || !cursor || (status !== 'more' && status !== 'error')) return Promise.resolve()
    // A second reach-bottom before the next render must not ask again.
    latest.current.more = 'loading'
    setNext({ ...shownPages, status: 'loading' })
    return latest.current.load(cursor).then(
      (answer) => {
        const page = answer === null ? null : latest.current.pageOf(answer)
        setNext((previous) =>
          previous.head !== followed
            ? previous
            : page
              ? { head: followed, list: [...previous.list, ...page.list], pageInfo: page.pageInfo, status: null }
              : { ...previous, status: 'error' },
        )
      },
      () => setNext((previous) => (previous.head === followed ? { ...previous, status: 'error' } : previous)),
    )
  }, [])

  useReachBottom(() => {
    if (latest.current.more === 'more') void loadMore()
  })
  return {
    items,
    head,
    state: first.state,
    stale: first.stale,
    more,
    totalCount: firstPage?.totalCount ?? 0,
    reload: first.reload,
    loadMore,
  }
}
