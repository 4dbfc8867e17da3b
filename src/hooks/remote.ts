import Taro, { usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import { reaction } from 'mobx'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { LoadState } from '@/components/AsyncContent'
import type { LoadMoreStatus } from '@/components/LoadMore'
import { answerCache, userAnswerKey } from '@/services/answerCache'
import { session } from '@/services/session'
import { user } from '@/services/user'
import { nextOrder } from '@/utils/order'

export type { LoadState }

export interface RemoteOptions<T> {
  /**
   * The signed-in user's data: nothing is asked without a user (the 'login' state), a login or
   * logout asks again, the answer is kept under the user's id and forgotten on logout.
   * 'optional': asked with or without a user (a page that shows the user's state when logged in,
   * such as a strategy's follow state); kept under the user's id when logged in.
   */
  user?: boolean | 'optional'
  /** Keep the last good answer and show it at once on a revisit while it refreshes (default true). */
  cache?: boolean
  /** Which answers are the empty state (default: an empty list). */
  empty?: (data: T) => boolean
  /** Ask this many ms after the key settles (typing, tapping chips); what is shown stays meanwhile. */
  delay?: number
}

interface Shown<T> {
  /** The question (key, with the user's id for user data) this is the answer to. */
  k: string | null
  state: LoadState
  data: T | null
  /** The answer on screen could not be refreshed. */
  stale: boolean
  /** `data` answers `k` (it came from the cache or a load), rather than being the last question's. */
  own: boolean
  /**
   * When `data` was asked (utils/order.ts): shared stores fed by answers (follows) ignore an answer
   * asked before their own later change. 0: not known to be recent (kept from an earlier visit).
   */
  askedAt: number
}

const emptyList = (data: unknown) => Array.isArray(data) && data.length === 0
const NONE: never[] = []

function settled<T>(data: T | null, empty: (data: T) => boolean): LoadState {
  return data === null ? 'notFound' : empty(data) ? 'empty' : 'ready'
}

/**
 * The one way a screen loads data. Runs `load` on mount and whenever `key` changes (`null`:
 * nothing to ask yet, the skeleton stays); an answer of `null` is the not-found state. `key`
 * names the question across the app (screen and parameters), since it is also the cache key
 * (services/answerCache): a revisit shows the last good answer at once and refreshes it behind
 * the screen; when that refresh fails the answer stays, marked `stale` (the not-fresh notice);
 * with nothing kept a failure is the error state. Pull-down refresh reloads quietly: a failure
 * keeps what is on screen, marked stale. Answers of a superseded load are dropped. `update`
 * replaces the answer after an edit (a manage screen), in the cache too. `load` may call
 * `progress` with a partial answer (the first parts of an @defer response) to show it at once.
 */
export function useRemote<T>(
  key: string | null,
  load: (progress: (partial: T) => void) => Promise<T | null>,
  options: RemoteOptions<T> = {},
) {
  const { user: who, cache = true, empty = emptyList, delay = 0 } = options
  const mine = who === true
  /** The answer depends on who asks: reloaded on login and logout, kept per user. */
  const personal = !!who
  const [, rerender] = useState(0)
  const whoAsks = () => `${session.restored}:${user.token ?? ''}`
  const seen = whoAsks()
  // Any component re-renders on login and logout, not only an observer; a restore that ended
  // between this render and the effect counts too (else the screen would wait for it forever).
  useEffect(() => {
    if (!personal) return undefined
    const stop = reaction(whoAsks, () => rerender((n) => n + 1))
    if (whoAsks() !== seen) rerender((n) => n + 1)
    return stop
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [personal])
  const userId = user.userId
  // While the saved login is being restored a user's load waits (loading, not the login prompt).
  const restoring = personal && !user.token && !session.restored
  const k = key === null || restoring ? null : user.token && personal ? userAnswerKey(userId || '', key) : mine ? null : key
  // Without a user id a user's answer is not kept: it could not be told from another user's.
  const cacheKey = cache && k !== null && (!personal || !user.token || userId) ? k : null

  const enter = (prev: Shown<T> | null): Shown<T> => {
    const hit = cacheKey ? answerCache.get<T>(cacheKey) : null
    if (hit !== null) return { k, state: settled(hit, empty), data: hit, stale: false, own: true, askedAt: 0 }
    if (prev && delay && !mine && k !== null) return { ...prev, k, stale: false, own: false }
    return {
      k,
      state: key !== null && k === null && !restoring ? 'login' : 'loading',
      // Another user's (or nobody's) answer is never shown for this one.
      data: personal ? null : (prev?.data ?? null),
      stale: false,
      own: false,
      askedAt: personal ? 0 : (prev?.askedAt ?? 0),
    }
  }
  const [kept, setShown] = useState<Shown<T>>(() => enter(null))
  let shown = kept
  // The restore ended without a user: the wait becomes the login state.
  if (kept.k !== k || (k === null && key !== null && kept.state === 'loading' && !restoring)) {
    shown = enter(kept)
    setShown(shown)
  }

  const seq = useRef(0)
  const latest = useRef({ load, cacheKey, shown, empty, personal })
  latest.current = { load, cacheKey, shown, empty, personal }

  // Promise chains rather than async functions: smaller in the ES5 mini-program bundle.
  /** Asks again; quietly (what is shown stays, a failure marks it stale) by default when it answers this key. */
  const reload = useCallback((quiet?: boolean): Promise<void> => {
    const { cacheKey: ck, shown: s, personal: m } = latest.current
    if (s.k === null) return Promise.resolve()
    const id = ++seq.current
    const askedAt = nextOrder()
    const q = quiet === undefined ? s.own : quiet === true
    const uid = user.userId
    if (!q) setShown((p) => (p.k === s.k ? { ...p, state: 'loading' } : p))
    // An incremental answer (@defer) shows each part as it arrives; only the whole one is kept.
    const progress = (partial: T) => {
      if (id === seq.current)
        setShown((p) =>
          p.k === s.k ? { k: p.k, state: settled(partial, latest.current.empty), data: partial, stale: false, own: true, askedAt } : p,
        )
    }
    return latest.current.load(progress).then(
      (data) => {
        if (id !== seq.current) return
        const state = settled(data, latest.current.empty)
        // Only an answer that shows something is kept (offline, an old "nothing here" would mislead);
        // a logout while it was asked keeps nothing.
        if (ck && (!m || user.userId === uid)) {
          if (state === 'ready') answerCache.set(ck, data)
          else answerCache.remove(ck)
        }
        setShown((p) => (p.k === s.k ? { k: p.k, state, data, stale: false, own: true, askedAt } : p))
      },
      () => {
        if (id === seq.current)
          setShown((p) => (p.k !== s.k ? p : q && p.own ? { ...p, stale: true } : { ...p, state: 'error', stale: false }))
      },
    )
  }, [])

  /** Replaces the answer on screen and in the cache (an edit made here); a load in flight is dropped. */
  const update = useCallback((next: T | ((data: T) => T)) => {
    const { cacheKey: ck, shown: s, empty: e } = latest.current
    const data = typeof next === 'function' ? (next as (data: T) => T)(s.data as T) : next
    const state = settled(data, e)
    seq.current++
    if (ck) {
      if (state === 'ready') answerCache.set(ck, data)
      else answerCache.remove(ck)
    }
    const n: Shown<T> = { ...s, data, state, stale: false, own: true, askedAt: nextOrder() }
    latest.current.shown = n
    setShown(n)
  }, [])

  useEffect(() => {
    if (k === null) return
    if (!delay) return void reload()
    const timer = setTimeout(() => void reload(), delay)
    return () => clearTimeout(timer)
  }, [k, delay, reload])
  usePullDownRefresh(() => {
    void reload(true).finally(() => Taro.stopPullDownRefresh())
  })
  return { state: shown.state, data: shown.data, stale: shown.stale, askedAt: shown.askedAt, reload, update }
}

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
  const pageOf = options.page ?? ((h: H) => h as unknown as P)
  const first = useRemote<H>(key, () => load(null), { empty: (h) => !pageOf(h).list.length, ...options })
  const head = first.data
  const [next, setNext] = useState<NextPages<P>>({ head: null, list: NONE, pageInfo: null, status: null })
  const pages: NextPages<P> = next.head === head ? next : { head, list: NONE, pageInfo: null, status: null }
  const firstPage = head === null ? null : pageOf(head)
  const info = pages.pageInfo ?? firstPage?.pageInfo
  const more: LoadMoreStatus = pages.status ?? (info?.hasMore && info.cursor ? 'more' : 'noMore')
  const items = useMemo(() => (firstPage ? [...firstPage.list, ...pages.list] : []) as P['list'], [firstPage, pages.list])

  const latest = useRef({ load, pageOf, pages, more, cursor: info?.cursor })
  latest.current = { load, pageOf, pages, more, cursor: info?.cursor }

  const loadMore = useCallback((): Promise<void> => {
    const { pages: p, more: m, cursor } = latest.current
    const h = p.head
    if (h === null || !cursor || (m !== 'more' && m !== 'error')) return Promise.resolve()
    // A second reach-bottom before the next render must not ask again.
    latest.current.more = 'loading'
    setNext({ ...p, status: 'loading' })
    return latest.current.load(cursor).then(
      (answer) => {
        const page = answer === null ? null : latest.current.pageOf(answer)
        setNext((n) =>
          n.head !== h
            ? n
            : page
              ? { head: h, list: [...n.list, ...page.list], pageInfo: page.pageInfo, status: null }
              : { ...n, status: 'error' },
        )
      },
      () => setNext((n) => (n.head === h ? { ...n, status: 'error' } : n)),
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
