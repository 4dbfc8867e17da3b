import { act, createElement } from 'react'
import { createRoot } from 'react-dom/client'
import { observer } from '@/hooks/observer'
import { isObservable, makeAutoObservable, reaction, runInAction } from '@/utils/observable'

/**
 * The app's stores without MobX (issue #24: 19 KB of every first screen): a field write tells the
 * readers once per outermost method, excluded fields tell nobody, methods are bound, Sets and Maps
 * in fields notify on real changes only, and an observer re-renders for the stores it read alone.
 */

class Counter {
  count = 0
  label = 'a'
  seen = new Set<string>()
  byId = new Map<string, number>()
  private ticks = 0
  constructor() {
    makeAutoObservable<Counter, 'ticks'>(this, ['ticks'])
  }
  get double() {
    return this.count * 2
  }
  bump() {
    this.count += 1
    this.count += 1
    this.label = `n${this.count}`
  }
  tick() {
    this.ticks += 1
  }
  get tickCount() {
    return this.ticks
  }
}

describe('makeAutoObservable and reaction', () => {
  it('a method that writes three times is heard once, with its final state', () => {
    const c = new Counter()
    const heard: string[] = []
    const stop = reaction(
      () => `${c.count}/${c.label}`,
      (v) => heard.push(v),
    )
    const { bump } = c // bound: usable as a callback
    bump()
    expect(heard).toEqual(['2/n2'])
    runInAction(() => {
      c.count = 5
      c.count = 2
    })
    expect(heard).toEqual(['2/n2']) // same value at the end: no effect
    stop()
    c.bump()
    expect(heard).toEqual(['2/n2'])
  })

  it('an excluded field notifies nobody; a computed getter follows its fields', () => {
    const c = new Counter()
    let runs = 0
    reaction(
      () => {
        runs += 1
        return c.tickCount
      },
      () => undefined,
    )
    c.tick()
    c.tick()
    expect(c.tickCount).toBe(2)
    expect(runs).toBe(1)
    const doubles: number[] = []
    reaction(
      () => c.double,
      (d) => doubles.push(d),
      { fireImmediately: true },
    )
    c.count = 3
    expect(doubles).toEqual([0, 6])
    expect(isObservable(c)).toBe(true)
    expect(isObservable({})).toBe(false)
  })

  it('Sets and Maps notify on a real change only, and a Set assigned later is observed too', () => {
    const c = new Counter()
    const sizes: string[] = []
    let runs = 0
    reaction(
      () => {
        runs += 1
        return `${c.seen.size}:${[...c.seen].join(',')}:${c.byId.get('x') ?? '-'}`
      },
      (v) => sizes.push(v),
    )
    c.seen.add('a')
    c.seen.add('a')
    c.byId.set('x', 1)
    c.byId.set('x', 1)
    c.seen.delete('zz')
    c.seen = new Set(['b', 'c'])
    c.seen.add('d')
    c.byId.clear()
    c.byId.clear()
    expect(sizes).toEqual(['1:a:-', '1:a:1', '2:b,c:1', '3:b,c,d:1', '3:b,c,d:-'])
    expect(c.seen.has('d')).toBe(true)
    expect(runs).toBe(1 + sizes.length) // the no-op writes woke nobody
  })

  it('an effect that writes state is heard by the other readers in the same flush', () => {
    const a = new Counter()
    const b = new Counter()
    reaction(
      () => a.count,
      (n) => (b.count = n * 10),
    )
    const seen: number[] = []
    reaction(
      () => b.count,
      (n) => seen.push(n),
    )
    a.bump()
    expect(seen).toEqual([20])
  })
})

describe('observer', () => {
  beforeAll(() => {
    ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
  })
  it('re-renders for the stores it read, not for others, and keeps memo on equal props', async () => {
    const read = new Counter()
    const other = new Counter()
    let renders = 0
    const View = observer(function View({ suffix }: { suffix: string }) {
      renders += 1
      return createElement('span', null, read.label, suffix)
    })
    const container = document.createElement('div')
    const root = createRoot(container)
    await act(async () => root.render(createElement(View, { suffix: '!' })))
    expect(container.textContent).toBe('a!')
    expect(renders).toBe(1)
    await act(async () => other.bump())
    expect(renders).toBe(1)
    await act(async () => read.bump())
    expect(container.textContent).toBe('n2!')
    expect(renders).toBe(2)
    await act(async () => root.render(createElement(View, { suffix: '!' })))
    expect(renders).toBe(2)
    await act(async () => root.unmount())
  })
})
