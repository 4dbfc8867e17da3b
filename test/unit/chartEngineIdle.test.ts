import { ENGINE_IDLE_TIMEOUT_MS, whenIdle } from '@/components/Chart/engine.h5'

describe('H5: the chart engine is evaluated once the main thread is idle', () => {
  it('waits for requestIdleCallback, with a deadline', async () => {
    const calls: Array<{ timeout?: number }> = []
    let fire: () => void = () => undefined
    const win = {
      setTimeout: (() => {
        throw new Error('no timer where idle callbacks exist')
      }) as unknown as Window['setTimeout'],
      requestIdleCallback: ((cb: IdleRequestCallback, opts?: IdleRequestOptions) => {
        calls.push({ timeout: opts?.timeout })
        fire = () => cb({ didTimeout: false, timeRemaining: () => 10 })
        return 1
      }) as Window['requestIdleCallback'],
    }
    let resolved = false
    const idle = whenIdle(win).then(() => (resolved = true))
    await Promise.resolve()
    expect(resolved).toBe(false)
    expect(calls).toEqual([{ timeout: ENGINE_IDLE_TIMEOUT_MS }])
    fire()
    await idle
    expect(resolved).toBe(true)
  })

  it('without requestIdleCallback (Safari), goes on in the next task', async () => {
    const delays: number[] = []
    const win = {
      setTimeout: ((cb: () => void, ms: number) => {
        delays.push(ms)
        cb()
        return 1
      }) as unknown as Window['setTimeout'],
    }
    await whenIdle(win)
    expect(delays).toEqual([0])
  })
})
