import Taro, { useDidShow, usePullDownRefresh } from '@tarojs/taro'
import { reaction } from '@/utils/observable'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { LoadState } from '@/components/AsyncContent'
import { answerCache, userAnswerKey } from '@/services/answerCache'
import { session } from '@/services/session'
import { user } from '@/services/user'

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
  /**
   * An answer kept less than this many ms ago is shown as it is, not asked again (a sheet opened
   * twice in a row asks once); 0, the default: every mount asks, the kept answer shown meanwhile.
   */
  fresh?: number
}

interface Shown<T> {
  /** The question (key, with the user's id for user data) this is the answer to. */
  question: string | null
  state: LoadState
  data: T | null
  /** The answer on screen could not be refreshed. */
  stale: boolean
  /** `data` answers `question` (it came from the cache or a load), rather than being the last question's. */
  own: boolean
  /** The answer cache's version of the key that `data` stands for (services/answerCache.ts). */
  version: number
}

const emptyList = (data: unknown) => Array.isArray(data) && data.length === 0

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
 *
 * Screens that ask the same key hear of each other through the cache's versions: a page shown
 * again after another screen changed its key's answer (an edit, a fresher load) shows the kept
 * one, or asks again when the change dropped it; an answer asked before such a change gives way
 * to the kept one, so a late reply never undoes an edit made meanwhile.
 */
export function useRemote<T>(
  key: string | null,
  load: (progress: (partial: T) => void) => Promise<T | null>,
  options: RemoteOptions<T> = {},
) {
  const { user: userOption, cache = true, empty = emptyList, delay = 0, fresh = 0 } = options
  /** Asked only for a signed-in user. */
  const userOnly = userOption === true
  /** The answer depends on who asks: reloaded on login and logout, kept per user. */
  const perUser = !!userOption
  const [, rerender] = useState(0)
  const asker = () => `${session.restored}:${user.token ?? ''}`
  const askerAtRender = asker()
  // Any component re-renders on login and logout, not only an observer; a restore that ended
  // between this render and the effect counts too (else the screen would wait for it forever).
  useEffect(() => {
    if (!perUser) return undefined
    const stop = reaction(asker, () => rerender((count) => count + 1))
    if (asker() !== askerAtRender) rerender((count) => count + 1)
    return stop
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one subscription per perUser: the asker it compares with is the subscribing render's
  }, [perUser])
  const userId = user.userId
  // While the saved login is being restored a user's load waits (loading, not the login prompt).
  const restoring = perUser && !user.token && !session.restored
  const question = key === null || restoring ? null : user.token && perUser ? userAnswerKey(userId || '', key) : userOnly ? null : key
  // Without a user id a user's answer is not kept: it could not be told from another user's.
  const cacheKey = cache && question !== null && (!perUser || !user.token || userId) ? question : null
  const versionNow = () => (cacheKey ? answerCache.version(cacheKey) : 0)

  const shownFor = (previous: Shown<T> | null): Shown<T> => {
    const kept = cacheKey ? answerCache.get<T>(cacheKey) : null
    const version = versionNow()
    if (kept !== null) return { question, state: settled(kept, empty), data: kept, stale: false, own: true, version }
    if (previous && delay && !userOnly && question !== null) return { ...previous, question, stale: false, own: false, version }
    return {
      question,
      state: key !== null && question === null && !restoring ? 'login' : 'loading',
      // Another user's (or nobody's) answer is never shown for this one.
      data: perUser ? null : (previous?.data ?? null),
      stale: false,
      own: false,
      version,
    }
  }
  const [current, setShown] = useState<Shown<T>>(() => shownFor(null))
  let shown = current
  // The restore ended without a user: the wait becomes the login state.
  if (current.question !== question || (question === null && key !== null && current.state === 'loading' && !restoring)) {
    shown = shownFor(current)
    setShown(shown)
  }

  const lastLoad = useRef(0)
  const latest = useRef({ load, cacheKey, shown, empty, perUser })
  latest.current = { load, cacheKey, shown, empty, perUser }

  /** Shows the answer the cache keeps for the shown question (another screen changed it). */
  const showKept = useCallback(
    (asked: Shown<T>, data: T, version: number) =>
      setShown((previous) =>
        previous.question === asked.question
          ? { question: previous.question, state: settled(data, latest.current.empty), data, stale: false, own: true, version }
          : previous,
      ),
    [],
  )

  // Promise chains rather than async functions: smaller in the ES5 mini-program bundle.
  /** Asks again; quietly (what is shown stays, a failure marks it stale) by default when it answers this key. */
  const reload = useCallback(
    (quiet?: boolean): Promise<void> => {
      const { cacheKey: keptUnder, shown: asked, perUser: askedPerUser } = latest.current
      if (asked.question === null) return Promise.resolve()
      const loadId = ++lastLoad.current
      const askedVersion = keptUnder ? answerCache.version(keptUnder) : 0
      const quietly = quiet === undefined ? asked.own : quiet === true
      const askedFor = user.userId
      if (!quietly) setShown((previous) => (previous.question === asked.question ? { ...previous, state: 'loading' } : previous))
      // An incremental answer (@defer) shows each part as it arrives; only the whole one is kept.
      const progress = (partial: T) => {
        if (loadId === lastLoad.current)
          setShown((previous) =>
            previous.question === asked.question
              ? { ...previous, state: settled(partial, latest.current.empty), data: partial, stale: false, own: true }
              : previous,
          )
      }
      return latest.current.load(progress).then(
        (data) => {
          if (loadId !== lastLoad.current) return
          const state = settled(data, latest.current.empty)
          let version = askedVersion
          if (keptUnder && answerCache.version(keptUnder) !== askedVersion) {
            // Another screen changed the answer while this one was asked: this one is older.
            const kept = answerCache.get<T>(keptUnder)
            if (kept !== null) return showKept(asked, kept, answerCache.version(keptUnder))
            // It was dropped there: shown for now, asked again when the page shows next.
          } else if (keptUnder && (!askedPerUser || user.userId === askedFor)) {
            // Only an answer that shows something is kept (offline, an old "nothing here" would mislead);
            // a logout while it was asked keeps nothing.
            if (state === 'ready') answerCache.set(keptUnder, data)
            else answerCache.remove(keptUnder)
            version = answerCache.version(keptUnder)
          }
          setShown((previous) =>
            previous.question === asked.question
              ? { question: previous.question, state, data, stale: false, own: true, version }
              : previous,
          )
        },
        () => {
          if (loadId === lastLoad.current)
            setShown((previous) =>
              previous.question !== asked.question
                ? previous
                : quietly && previous.own
                  ? { ...previous, stale: true }
                  : { ...previous, state: 'error', stale: false },
            )
        },
      )
    },
    [showKept],
  )

  /** Replaces the answer on screen and in the cache (an edit made here); a load in flight is dropped. */
  const update = useCallback((next: T | ((data: T) => T)) => {
    const { cacheKey: keptUnder, shown: before, empty: isEmpty } = latest.current
    const data = typeof next === 'function' ? (next as (data: T) => T)(before.data as T) : next
    const state = settled(data, isEmpty)
    lastLoad.current++
    if (keptUnder) {
      if (state === 'ready') answerCache.set(keptUnder, data)
      else answerCache.remove(keptUnder)
    }
    const edited: Shown<T> = { ...before, data, state, stale: false, own: true, version: keptUnder ? answerCache.version(keptUnder) : 0 }
    latest.current.shown = edited
    setShown(edited)
  }, [])

  useEffect(() => {
    if (question === null) return
    const { cacheKey: keptUnder, shown: onScreen } = latest.current
    if (fresh && keptUnder && onScreen.own && (answerCache.age(keptUnder) ?? Infinity) < fresh) return
    if (!delay) return void reload()
    const timer = setTimeout(() => void reload(), delay)
    return () => clearTimeout(timer)
  }, [question, delay, reload, fresh])
  usePullDownRefresh(() => {
    void reload(true).finally(() => Taro.stopPullDownRefresh())
  })
  // Shown again (back from another screen): what changed there reaches this screen here.
  useDidShow(() => {
    const { cacheKey: keptUnder, shown: onScreen } = latest.current
    if (!keptUnder || onScreen.question === null || answerCache.version(keptUnder) === onScreen.version) return
    const kept = answerCache.get<T>(keptUnder)
    if (kept === null) return void reload(true)
    lastLoad.current++
    showKept(onScreen, kept, answerCache.version(keptUnder))
  })
  return { state: shown.state, data: shown.data, stale: shown.stale, reload, update }
}

// Paged lists (usePaged) live in paged.ts: a screen that loads no list (the home page, in the
// mini-programs' main package) does not carry them; this module is free of side effects for that.
export { usePaged, type Page } from './paged'
