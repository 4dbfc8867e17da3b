import TestUtils from '@tarojs/test-utils-react'
import { useState } from 'react'
import { usePaged, useRemote, type Page } from '@/hooks/remote'

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
    expect([p.now().state, p.now().items.map((r) => r.id), p.now().more, p.now().totalCount, p.now().head?.navDate]).toEqual(['ready', [1, 2], 'more', 5, '2026-11-20'])
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
    const p = await probe((key) => usePaged(key, async () => (mode === 'fail' ? Promise.reject(new Error('down')) : pageOf([1, 2], null, false))), 'k')
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
