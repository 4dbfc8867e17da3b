import { BRIDGE_NOT_FOUND, BRIDGE_WAIT_MS, callNative, nativeLogin, NativeCallError, waitForBridge } from '@/services/bridge'
import { createFakeBridge, fakeBridgeScript, installFakeBridge, removeFakeBridge } from '../support/fakeBridge'

beforeEach(() => jest.useFakeTimers())
afterEach(() => {
  removeFakeBridge()
  jest.useRealTimers()
})

describe('the native bridge must appear within 3000 ms, else the error native bridge not found.', () => {
  it('rejects after 3000 ms without a bridge', async () => {
    expect(BRIDGE_WAIT_MS).toBe(3000)
    const wait = waitForBridge()
    const settled = jest.fn()
    wait.catch(settled)
    await jest.advanceTimersByTimeAsync(2999)
    expect(settled).not.toHaveBeenCalled()
    await jest.advanceTimersByTimeAsync(1)
    await expect(wait).rejects.toThrow(BRIDGE_NOT_FOUND)
    expect(BRIDGE_NOT_FOUND).toBe('native bridge not found.')
  })
  it('resolves with a bridge that appears at 2900 ms', async () => {
    const fake = installFakeBridge({}, 2900)
    const wait = waitForBridge()
    await jest.advanceTimersByTimeAsync(2900)
    await expect(wait).resolves.toBe(fake)
  })
  it('resolves at once when the bridge is there', async () => {
    const fake = installFakeBridge()
    await expect(waitForBridge()).resolves.toBe(fake)
  })
})

describe('native calls succeed when their error code is 0, else they are rejected', () => {
  it('resolves data on code 0', async () => {
    installFakeBridge({ responses: { getInfo: { code: 0, data: { v: 1 } } } })
    const call = callNative('getInfo')
    await jest.runAllTimersAsync()
    await expect(call).resolves.toEqual({ v: 1 })
  })
  it('rejects on another code with the code and message', async () => {
    installFakeBridge({ responses: { pay: { code: 7, msg: 'nope' } } })
    const call = callNative('pay')
    call.catch(() => undefined)
    await jest.runAllTimersAsync()
    await expect(call).rejects.toBeInstanceOf(NativeCallError)
    await expect(call).rejects.toMatchObject({ code: 7, message: 'nope' })
  })
})

describe('a bridge call named login returns data.access_token', () => {
  it('answers the token', async () => {
    const fake = installFakeBridge({ loginToken: 'a.b.c' })
    const login = nativeLogin()
    await jest.runAllTimersAsync()
    await expect(login).resolves.toBe('a.b.c')
    expect(fake.calls.map((c) => c.name)).toEqual(['login'])
  })
  it('a cancelled login rejects', async () => {
    installFakeBridge({})
    const login = nativeLogin()
    login.catch(() => undefined)
    await jest.runAllTimersAsync()
    await expect(login).rejects.toBeInstanceOf(NativeCallError)
  })
})

describe('the fake bridge script behaves like the fake bridge', () => {
  it('installs itself, records calls and answers login', async () => {
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- runs the script as the page would
    new Function(fakeBridgeScript({ initialData: { access_token: 'x.y.z' }, loginToken: 'l.o.g' }))()
    const bridge = await waitForBridge()
    expect(bridge.initialData).toEqual({ access_token: 'x.y.z' })
    const login = nativeLogin()
    await jest.runAllTimersAsync()
    await expect(login).resolves.toBe('l.o.g')
    expect((window as unknown as { __alfaBridgeCalls: unknown[] }).__alfaBridgeCalls).toEqual([{ name: 'login', params: {} }])
    const seen = jest.fn()
    bridge.on?.('userLogin', seen)
    ;(window as unknown as { __alfaBridgeEmit: (e: string, d: unknown) => void }).__alfaBridgeEmit('userLogin', { access_token: 't' })
    expect(seen).toHaveBeenCalledWith({ access_token: 't' })
  })
  it('createFakeBridge emits events to listeners', () => {
    const fake = createFakeBridge()
    const seen = jest.fn()
    fake.on?.('exitAnonymous', seen)
    fake.emit('exitAnonymous')
    expect(seen).toHaveBeenCalled()
  })
})
