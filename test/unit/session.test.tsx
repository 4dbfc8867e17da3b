import TestUtils from '@tarojs/test-utils-react'
import { useRemote } from '@/hooks/remote'
import { BRIDGE_GLOBAL, type NativeBridge } from '@/services/bridge'
import { execute } from '@/services/graphql'
import { request, setTransport, type HttpRequest } from '@/services/request'
import { beginSessionRestore, finishSessionRestore, resetSession, session, SESSION_WAIT_MS } from '@/services/session'
import { startServices } from '@/services/startup'
import { user } from '@/services/user'
import { liveToken } from '../support/services'

const TOKEN = liveToken('u-restored')

let calls: HttpRequest[] = []
beforeEach(() => {
  calls = []
  setTransport(async (req) => {
    calls.push(req)
    return { statusCode: 200, data: JSON.stringify({ code: 200, msg: 'ok', data: { data: { ok: 1 } } }), header: {} }
  })
})
afterEach(() => {
  resetSession()
  user.logout()
  document.body.innerHTML = ''
})

async function probe(load: () => Promise<string[]>) {
  let latest: ReturnType<typeof useRemote<string[]>> | undefined
  function Probe() {
    latest = useRemote('myFilter', load, { user: true })
    return null
  }
  const container = document.createElement('div')
  document.body.appendChild(container)
  const utils = new TestUtils()
  await utils.mount(Probe as never, { container })
  return {
    now: () => latest!,
    act: (fn: () => unknown) => utils.act(async () => void (await fn())),
    settle: () => utils.act(async () => new Promise((r) => setTimeout(r, 0))),
  }
}

describe('user-dependent loads wait for the restored login', () => {
  it('useRemote(user): loading (no login prompt) while the restore is under way; the first load goes out with the token', async () => {
    beginSessionRestore()
    const tokens: (string | null)[] = []
    const p = await probe(async () => {
      tokens.push(user.token)
      return ['f1']
    })
    await p.settle()
    expect(p.now().state).toBe('loading')
    expect(tokens).toEqual([])
    await p.act(() => {
      user.restore(TOKEN)
      finishSessionRestore()
    })
    await p.settle()
    expect([p.now().state, p.now().data]).toEqual(['ready', ['f1']])
    expect(tokens).toEqual([TOKEN])
  })

  it('a restore that finds no login ends in the login state', async () => {
    beginSessionRestore()
    const p = await probe(async () => ['never'])
    await p.settle()
    expect(p.now().state).toBe('loading')
    await p.act(() => finishSessionRestore())
    expect(p.now().state).toBe('login')
  })

  it('REST and GraphQL calls made during the restore wait and carry the token', async () => {
    beginSessionRestore()
    const rest = request({ path: '/user-fund-picks/list' })
    const gql = execute('query Q { ok }', {}, { stream: false })
    await new Promise((r) => setTimeout(r, 20))
    expect(calls).toHaveLength(0)
    user.restore(TOKEN)
    finishSessionRestore()
    await Promise.all([rest, gql])
    expect(calls.map((c) => c.header.authorization)).toEqual([`Bearer ${TOKEN}`, `Bearer ${TOKEN}`])
  })

  it('the wait is bounded: a restore that never ends lets the call go after SESSION_WAIT_MS', async () => {
    jest.useFakeTimers()
    try {
      beginSessionRestore()
      const rest = request({ path: '/user/ab-test' })
      await jest.advanceTimersByTimeAsync(SESSION_WAIT_MS - 10)
      expect(calls).toHaveLength(0)
      await jest.advanceTimersByTimeAsync(20)
      await rest
      expect(calls).toHaveLength(1)
      expect(session.restored).toBe(true)
    } finally {
      jest.useRealTimers()
    }
  })
})

describe('start-up in the native app with a slow bridge', () => {
  const realUa = navigator.userAgent
  afterEach(() => {
    Object.defineProperty(window.navigator, 'userAgent', { value: realUa, configurable: true })
    delete (window as unknown as Record<string, unknown>)[BRIDGE_GLOBAL]
  })

  it('the bridge hands the token over after 1.5 s: the first call waits for it and goes out with it', async () => {
    Object.defineProperty(window.navigator, 'userAgent', {
      value: 'Mozilla/5.0 (Linux; Android 14) Mobile AlfaApp/230',
      configurable: true,
    })
    const bridge: NativeBridge = { initialData: { access_token: TOKEN }, invoke: () => undefined, on: () => undefined }
    setTimeout(() => ((window as unknown as Record<string, unknown>)[BRIDGE_GLOBAL] = bridge), 1500)
    const started = startServices()
    const first = request({ path: '/user-fund-picks/list' })
    await first
    expect(calls).toHaveLength(1)
    expect(calls[0].header.authorization).toBe(`Bearer ${TOKEN}`)
    await expect(started).resolves.toBe(TOKEN)
    expect(session.restored).toBe(true)
  })
})
