import { safeExecute } from '@tarojs/runtime'
import TestUtils from '@tarojs/test-utils-react'
import { useState } from 'react'
import { usePaged, useRemote, type Page } from '@/hooks/remote'
import { answerCache, userAnswerKey } from '@/services/answerCache'
import { user } from '@/services/user'
import { trackMounted } from '../support/mounted'
import { liveToken, makeToken } from '../support/services'

/** A promise settled from the test. */
function deferred<T>() {
  let resolve!: (v: T) => void
  let reject!: (e: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

type Hook<R> = (key: string | null) => R

/** Mounts a probe running `hook` with a key the test can change; `now()` is its latest result. */
async function probe<R>(hook: Hook<R>, initialKey: string | null) {
  let latest: R | undefined
  let setKey: (k: string | null) => void = () => undefined
  function Probe() {
    const [key, set] = useState<string | null>(initialKey)
    setKey = set
    latest = hook(key)
    return null
  }
  const container = document.createElement('div')
  document.body.appendChild(container)
  const utils = new TestUtils()
  await utils.mount(Probe as never, { container })
  // Unmounted after its test (test/support/freshCache.ts): a probe left mounted would answer the next test's page shows.
  trackMounted(() => (utils as unknown as { unmout: () => void }).unmout())
  const settle = () => utils.act(async () => new Promise((r) => setTimeout(r, 0)))
  return {
    now: () => latest as R,
    settle,
    act: (fn: () => unknown) => utils.act(async () => void (await fn())),
    changeKey: (k: string | null) => utils.act(async () => setKey(k)),
  }
}

afterEach(() => {
  document.body.innerHTML = ''
})

describe('useRemote: loading, ready, not found, error, refresh', () => {
  it('shows loading, then the data; null is the not-found state', async () => {
    const answers: Record<string, string | null> = { a: 'A', gone: null }
    const p = await probe((key) => useRemote(String(key), async () => answers[String(key)]), 'a')
    await p.settle()
    expect([p.now().state, p.now().data]).toEqual(['ready', 'A'])
    await p.changeKey('gone')
    await p.settle()
    expect([p.now().state, p.now().data]).toEqual(['notFound', null])
  })

  it('drops the answer of a superseded load (a late first answer never overwrites the second)', async () => {
    const pending: Record<string, ReturnType<typeof deferred<string>>> = { a: deferred(), b: deferred() }
    const p = await probe((key) => useRemote(String(key), () => pending[String(key)].promise), 'a')
    await p.changeKey('b')
    await p.act(() => pending.b.resolve('B'))
    await p.act(() => pending.a.resolve('A'))
    await p.settle()
    expect([p.now().state, p.now().data]).toEqual(['ready', 'B'])
  })

  it('a failed load is the error state; retry loads again', async () => {
    let calls = 0
    const p = await probe(() => useRemote('k', async () => (++calls === 1 ? Promise.reject(new Error('down')) : 'ok')), 'k')
    await p.settle()
    expect(p.now().state).toBe('error')
    await p.act(() => p.now().reload())
    expect([p.now().state, p.now().data, calls]).toEqual(['ready', 'ok', 2])
  })

  it('a failed quiet refresh (pull-down) keeps what is on screen', async () => {
    let calls = 0
    const p = await probe(() => useRemote('k', async () => (++calls === 1 ? 'first' : Promise.reject(new Error('down')))), 'k')
    await p.settle()
    await p.act(() => p.now().reload(true))
    expect([p.now().state, p.now().data, calls]).toEqual(['ready', 'first', 2])
  })
})

type Row = { id: number }
const pageOf = (ids: number[], cursor: string | null, hasMore: boolean, totalCount = 5): Page<Row> & { navDate: string } => ({
  list: ids.map((id) => ({ id })),
  totalCount,
  pageInfo: { cursor, hasMore },
  navDate: '2026-11-20',
})

describe('usePaged: pages by pageInfo', () => {
  it('loads the first page, appends the next by cursor, then says no more', async () => {
    const load = jest.fn(async (cursor: string | null) => (cursor === null ? pageOf([1, 2], 'c2', true) : pageOf([3], null, false)))
    const p = await probe((key) => usePaged(key, load), 'k')
    await p.settle()
    expect([p.now().state, p.now().items.map((r) => r.id), p.now().more, p.now().totalCount, p.now().head?.navDate]).toEqual([
      'ready',
      [1, 2],
      'more',
      5,
      '2026-11-20',
    ])
    await p.act(() => p.now().loadMore())
    expect([p.now().items.map((r) => r.id), p.now().more]).toEqual([[1, 2, 3], 'noMore'])
    await p.act(() => p.now().loadMore())
    expect(load.mock.calls.map((c) => c[0])).toEqual([null, 'c2'])
  })

  it('an empty first page is the empty state', async () => {
    const p = await probe((key) => usePaged(key, async () => pageOf([], null, false, 0)), 'k')
    await p.settle()
    expect([p.now().state, p.now().more]).toEqual(['empty', 'noMore'])
  })

  it('a failed next page shows the error footer; loadMore retries the same cursor', async () => {
    let failNext = true
    const load = jest.fn(async (cursor: string | null) => {
      if (cursor === null) return pageOf([1], 'c2', true)
      if (failNext) {
        failNext = false
        throw new Error('down')
      }
      return pageOf([2], null, false)
    })
    const p = await probe((key) => usePaged(key, load), 'k')
    await p.settle()
    await p.act(() => p.now().loadMore())
    expect([p.now().state, p.now().more, p.now().items.length]).toEqual(['ready', 'error', 1])
    await p.act(() => p.now().loadMore())
    expect([p.now().more, p.now().items.map((r) => r.id), load.mock.calls.map((c) => c[0])]).toEqual(['noMore', [1, 2], [null, 'c2', 'c2']])
  })

  it('a new key starts again from the first page and drops a next page of the old question', async () => {
    const late = deferred<Page<Row>>()
    const load = jest.fn((cursor: string | null, key: string | null) => {
      if (cursor !== null) return late.promise
      return Promise.resolve(key === 'a' ? pageOf([1], 'c2', true) : pageOf([10, 11], null, false))
    })
    const p = await probe((key) => usePaged(key, (cursor) => load(cursor, key)), 'a')
    await p.settle()
    let next: Promise<void> = Promise.resolve()
    await p.act(() => {
      next = p.now().loadMore()
    })
    await p.changeKey('b')
    await p.settle()
    await p.act(async () => {
      late.resolve(pageOf([2], null, false))
      await next
    })
    expect([p.now().items.map((r) => r.id), p.now().more]).toEqual([[10, 11], 'noMore'])
  })

  it('a null key asks nothing and keeps the skeleton', async () => {
    const load = jest.fn(async () => pageOf([1], null, false))
    const p = await probe((key) => usePaged(key, load), null)
    await p.settle()
    expect([p.now().state, load.mock.calls.length]).toEqual(['loading', 0])
  })

  it('a failed first page is the error state; a failed quiet refresh keeps the list', async () => {
    let mode: 'fail' | 'ok' = 'fail'
    const p = await probe(
      (key) => usePaged(key, async () => (mode === 'fail' ? Promise.reject(new Error('down')) : pageOf([1, 2], null, false))),
      'k',
    )
    await p.settle()
    expect(p.now().state).toBe('error')
    mode = 'ok'
    await p.act(() => p.now().reload())
    expect([p.now().state, p.now().items.length]).toEqual(['ready', 2])
    mode = 'fail'
    await p.act(() => p.now().reload(true))
    expect([p.now().state, p.now().items.length]).toEqual(['ready', 2])
  })
})

const down = () => Promise.reject(new Error('offline'))

describe('useRemote keeps the last good answer (stale-while-revalidate)', () => {
  it('a revisit shows the kept answer at once, without a skeleton, then the fresh one replaces it', async () => {
    const first = await probe(() => useRemote('quotes', async () => ['old']), 'k')
    await first.settle()
    document.body.innerHTML = ''
    const fresh = deferred<string[]>()
    const again = await probe(() => useRemote('quotes', () => fresh.promise), 'k')
    expect([again.now().state, again.now().data, again.now().stale]).toEqual(['ready', ['old'], false])
    await again.act(() => fresh.resolve(['new']))
    expect([again.now().state, again.now().data]).toEqual(['ready', ['new']])
    expect(answerCache.get('quotes')).toEqual(['new'])
  })

  it('offline, a kept answer stays, marked stale; a retry that gets through clears the mark', async () => {
    answerCache.set('quotes', ['old'])
    let online = false
    const p = await probe(() => useRemote('quotes', () => (online ? Promise.resolve(['new']) : down())), 'k')
    await p.settle()
    expect([p.now().state, p.now().data, p.now().stale]).toEqual(['ready', ['old'], true])
    await p.act(() => p.now().reload())
    expect([p.now().state, p.now().stale]).toEqual(['ready', true])
    online = true
    await p.act(() => p.now().reload())
    expect([p.now().state, p.now().data, p.now().stale]).toEqual(['ready', ['new'], false])
  })

  it('offline with nothing kept is the error state, never a skeleton that stays', async () => {
    const p = await probe(() => useRemote('quotes', down), 'k')
    await p.settle()
    expect([p.now().state, p.now().data]).toEqual(['error', null])
  })

  it('an empty or not-found answer is not kept, and drops the answer kept before', async () => {
    answerCache.set('list', ['old'])
    const p = await probe(() => useRemote('list', async () => []), 'k')
    await p.settle()
    expect(p.now().state).toBe('empty')
    expect(answerCache.get('list')).toBeNull()
  })

  it('cache: false keeps nothing', async () => {
    const p = await probe(() => useRemote('count', async () => [1], { cache: false }), 'k')
    await p.settle()
    expect(p.now().data).toEqual([1])
    expect(answerCache.get('count')).toBeNull()
  })

  it('fresh: a kept answer younger than it is shown without asking; an older one is asked again', async () => {
    answerCache.set('history', ['kept'])
    const load = jest.fn(async () => ['new'])
    const young = await probe(() => useRemote('history', load, { fresh: 60_000 }), 'k')
    await young.settle()
    expect([young.now().state, young.now().data, load.mock.calls.length]).toEqual(['ready', ['kept'], 0])
    document.body.innerHTML = ''
    jest.spyOn(answerCache, 'age').mockReturnValue(60_000)
    const old = await probe(() => useRemote('history', load, { fresh: 60_000 }), 'k')
    await old.settle()
    expect([old.now().data, load.mock.calls.length]).toEqual([['new'], 1])
    jest.restoreAllMocks()
  })

  it('empty: names which answers are the empty state', async () => {
    const p = await probe(() => useRemote('result', async () => ({ hits: [] as string[] }), { empty: (r) => r.hits.length === 0 }), 'k')
    await p.settle()
    expect(p.now().state).toBe('empty')
  })
})

describe('useRemote for user data (user: true)', () => {
  afterEach(() => user.logout())

  it('anonymous: the login state and no request; a login asks, a logout goes back to the login state', async () => {
    const load = jest.fn(async () => [`picks of ${user.userId}`])
    const p = await probe(() => useRemote('favourites', load, { user: true }), 'k')
    await p.settle()
    expect([p.now().state, load.mock.calls.length]).toEqual(['login', 0])
    await p.act(() => user.restore(liveToken('u1')))
    await p.settle()
    expect([p.now().state, p.now().data, load.mock.calls.length]).toEqual(['ready', ['picks of u1'], 1])
    await p.act(() => user.logout())
    expect([p.now().state, p.now().data]).toEqual(['login', null])
  })

  it('the answer is kept under the user id: another user never sees it, and logout forgets it', async () => {
    user.restore(liveToken('u1'))
    const p = await probe(() => useRemote('favourites', async () => [`picks of ${user.userId}`], { user: true }), 'k')
    await p.settle()
    expect(answerCache.get(userAnswerKey('u1', 'favourites'))).toEqual(['picks of u1'])
    document.body.innerHTML = ''
    user.restore(liveToken('u2'))
    const other = await probe(() => useRemote('favourites', () => deferred<string[]>().promise, { user: true }), 'k')
    expect([other.now().state, other.now().data]).toEqual(['loading', null])
    user.logout()
    expect(answerCache.get(userAnswerKey('u1', 'favourites'))).toBeNull()
  })

  it('an answer that arrives after a logout is not kept', async () => {
    user.restore(liveToken('u1'))
    const late = deferred<string[]>()
    const p = await probe(() => useRemote('favourites', () => late.promise, { user: true }), 'k')
    await p.act(() => {
      user.logout()
      late.resolve(['picks of u1'])
    })
    await p.settle()
    expect(answerCache.get(userAnswerKey('u1', 'favourites'))).toBeNull()
    expect(p.now().state).toBe('login')
  })

  it('a token without a user id loads but keeps nothing', async () => {
    user.restore(makeToken({ exp: Math.floor(Date.now() / 1000) + 3600 }))
    const p = await probe(() => useRemote('favourites', async () => ['mine'], { user: true }), 'k')
    await p.settle()
    expect(p.now().data).toEqual(['mine'])
    expect(Object.keys(localStorage).filter((k) => k.includes('favourites'))).toEqual([])
  })
})

describe('useRemote: edits and typing', () => {
  it('update replaces the answer on screen and in the cache; emptied, it is the empty state', async () => {
    const p = await probe(() => useRemote<string[]>('filters', async () => ['a', 'b']), 'k')
    await p.settle()
    await p.act(() => p.now().update((l) => [...l].reverse()))
    expect([p.now().data, answerCache.get('filters')]).toEqual([
      ['b', 'a'],
      ['b', 'a'],
    ])
    await p.act(() => p.now().update([]))
    expect([p.now().state, answerCache.get('filters')]).toEqual(['empty', null])
  })

  it('update drops a load in flight (an edit is not overwritten by an older answer)', async () => {
    const answers = [Promise.resolve(['a', 'b']), deferred<string[]>()]
    let n = 0
    const p = await probe(
      () =>
        useRemote<string[]>('filters', () =>
          n++ === 0 ? (answers[0] as Promise<string[]>) : (answers[1] as ReturnType<typeof deferred<string[]>>).promise,
        ),
      'k',
    )
    await p.settle()
    let refresh: Promise<void> = Promise.resolve()
    await p.act(() => {
      refresh = p.now().reload(true)
    })
    await p.act(() => p.now().update(['b', 'a']))
    await p.act(async () => {
      ;(answers[1] as ReturnType<typeof deferred<string[]>>).resolve(['a', 'b'])
      await refresh
    })
    expect(p.now().data).toEqual(['b', 'a'])
  })

  it('delay: asks once, after the key settles; what is shown stays meanwhile', async () => {
    const wait = (ms: number) => new Promise((r) => setTimeout(r, ms))
    const load = jest.fn(async (k: string | null) => `count of ${k}`)
    const p = await probe((key) => useRemote(`count:${key}`, () => load(key), { cache: false, delay: 40 }), 'a')
    await p.act(() => wait(60))
    expect(p.now().data).toBe('count of a')
    await p.changeKey('b')
    await p.changeKey('c')
    expect([p.now().state, p.now().data, load.mock.calls.length]).toEqual(['ready', 'count of a', 1])
    await p.act(() => wait(60))
    expect([p.now().data, load.mock.calls.map((c) => c[0])]).toEqual(['count of c', ['a', 'c']])
  })
})

describe('usePaged: the first page inside the head query (page option)', () => {
  type Fund = { fundName: string; navRows: Page<Row> }
  const fund = (ids: number[], cursor: string | null, hasMore: boolean): Fund => ({
    fundName: '甲',
    navRows: pageOf(ids, cursor, hasMore, 3),
  })

  it('the head is the whole answer, the list its page; the next pages ask the same loader with the cursor', async () => {
    const load = jest.fn(async (cursor: string | null) => (cursor ? fund([3], null, false) : fund([1, 2], 'c2', true)))
    const p = await probe((key) => usePaged(key, load, { page: (f) => f.navRows }), 'fund')
    await p.settle()
    expect([p.now().head?.fundName, p.now().items.map((r) => r.id), p.now().totalCount, p.now().more]).toEqual(['甲', [1, 2], 3, 'more'])
    await p.act(() => p.now().loadMore())
    expect([p.now().items.map((r) => r.id), p.now().more, load.mock.calls.map((c) => c[0])]).toEqual([[1, 2, 3], 'noMore', [null, 'c2']])
  })

  it('a revisit shows the kept first page; offline it stays, marked stale, and the next page says it failed', async () => {
    const first = await probe((key) => usePaged(key, async () => fund([1, 2], 'c2', true), { page: (f) => f.navRows }), 'fund')
    await first.settle()
    document.body.innerHTML = ''
    const p = await probe((key) => usePaged(key, down as () => Promise<Fund>, { page: (f) => f.navRows }), 'fund')
    await p.settle()
    expect([p.now().state, p.now().stale, p.now().items.map((r) => r.id)]).toEqual(['ready', true, [1, 2]])
    await p.act(() => p.now().loadMore())
    expect(p.now().more).toBe('error')
  })

  it('a null answer is the not-found state', async () => {
    const p = await probe((key) => usePaged(key, async () => null as Fund | null, { page: (f) => f.navRows }), 'fund')
    await p.settle()
    expect([p.now().state, p.now().items]).toEqual(['notFound', []])
  })
})

describe('useRemote: screens asking the same key hear of each other’s edits through the answer cache', () => {
  const shownAgain = (p: Awaited<ReturnType<typeof probe>>) => p.act(() => safeExecute('taro-app', 'componentDidShow'))

  it('shown again after another screen changed the answer: the changed one, without asking', async () => {
    const load = jest.fn(async () => ['a', 'b', 'c'])
    const below = await probe(() => useRemote<string[]>('picks', load), 'k')
    await below.settle()
    const top = await probe(() => useRemote<string[]>('picks', load), 'k')
    await top.settle()
    await top.act(() => top.now().update(['c', 'a']))
    expect(below.now().data).toEqual(['a', 'b', 'c'])
    await shownAgain(below)
    expect([below.now().data, load.mock.calls.length]).toEqual([['c', 'a'], 2])
    await shownAgain(below)
    expect(load.mock.calls.length).toBe(2)
  })

  it('shown again after another screen dropped the answer (emptied it): asks again', async () => {
    let answer = ['a']
    const load = jest.fn(async () => answer)
    const below = await probe(() => useRemote<string[]>('picks', load), 'k')
    await below.settle()
    const top = await probe(() => useRemote<string[]>('picks', load), 'k')
    await top.settle()
    answer = []
    await top.act(() => top.now().update([]))
    await shownAgain(below)
    await below.settle()
    expect([below.now().state, load.mock.calls.length]).toEqual(['empty', 3])
  })

  it('an answer asked before another screen’s edit gives way to the edited one (a late reply never undoes it)', async () => {
    const late = deferred<string[]>()
    let n = 0
    const load = () => (n++ === 1 ? late.promise : Promise.resolve(['a', 'b']))
    const below = await probe(() => useRemote<string[]>('picks', load), 'k')
    await below.settle()
    let refresh: Promise<void> = Promise.resolve()
    await below.act(() => {
      refresh = below.now().reload(true)
    })
    const top = await probe(() => useRemote<string[]>('picks', load), 'k')
    await top.settle()
    await top.act(() => top.now().update(['b']))
    await below.act(async () => {
      late.resolve(['a', 'b'])
      await refresh
    })
    expect([below.now().data, answerCache.get('picks')]).toEqual([['b'], ['b']])
  })
})
