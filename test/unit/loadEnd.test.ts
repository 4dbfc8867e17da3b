import { detectHost } from '@/platform/host'
import { BRIDGE_WAIT_MS } from '@/services/bridge'
import { LOAD_END_CALL, notifyLoadEnd } from '@/services/loadEnd'
import { startPageReports } from '@/services/pageReports'
import { installFakeBridge, removeFakeBridge } from '../support/fakeBridge'

const android = (v: number) => `Mozilla/5.0 (Linux; Android 14; wv) AppleWebKit/537.36 Mobile Safari/537.36 AlfaApp/${v}`
const ios = (v: number) => `Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 AlfaApp/${v}`
const harmony = (v: number) => `Mozilla/5.0 (Phone; OpenHarmony 4.1) AppleWebKit/537.36 ArkWeb/4.1.6.1 Mobile AlfaApp/${v}`

const names = (bridge: { calls: { name: string }[] }) => bridge.calls.map((c) => c.name)

afterEach(() => removeFakeBridge())

describe('the load-end notice goes to the native app behind its version gate (Android 150, iOS 213)', () => {
  it.each([
    ['Android 149', android(149), false],
    ['Android 150', android(150), true],
    ['iOS 212', ios(212), false],
    ['iOS 213', ios(213), true],
    ['Harmony 999 (no gate)', harmony(999), false],
    ['a plain Android browser', 'Mozilla/5.0 (Linux; Android 14) Mobile Safari/537.36', false],
  ])('%s: sent %p', async (_, ua, sent) => {
    const bridge = installFakeBridge()
    await expect(notifyLoadEnd(detectHost(ua))).resolves.toBe(sent)
    expect(names(bridge)).toEqual(sent ? [LOAD_END_CALL] : [])
  })

  it('an app that refuses the call: not taken, no throw', async () => {
    const bridge = installFakeBridge({ responses: { [LOAD_END_CALL]: { code: 3, msg: 'unknown call' } } })
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined)
    await expect(notifyLoadEnd(detectHost(android(150)))).resolves.toBe(false)
    expect(names(bridge)).toEqual([LOAD_END_CALL])
    expect(warn).toHaveBeenCalledTimes(1)
    warn.mockRestore()
  })

  it('no bridge within its wait: not taken', async () => {
    jest.useFakeTimers()
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined)
    try {
      const sent = notifyLoadEnd(detectHost(ios(213)))
      await jest.advanceTimersByTimeAsync(BRIDGE_WAIT_MS)
      await expect(sent).resolves.toBe(false)
    } finally {
      warn.mockRestore()
      jest.useRealTimers()
    }
  })
})

describe('the page tells the app once it has finished loading (services/pageReports)', () => {
  const setUa = (ua: string) => Object.defineProperty(window.navigator, 'userAgent', { value: ua, configurable: true })
  const original = window.navigator.userAgent
  afterEach(() => setUa(original))

  it.each([
    [android(150), [LOAD_END_CALL]],
    [android(149), []],
  ])('%s: the bridge gets %p after the load', async (ua, expected) => {
    setUa(ua)
    const bridge = installFakeBridge()
    expect(document.readyState).toBe('complete')
    startPageReports()
    await new Promise((r) => setTimeout(r, 0))
    expect(names(bridge)).toEqual(expected)
  })

  it('a page still loading tells the app at its load event, once', async () => {
    setUa(ios(213))
    const bridge = installFakeBridge()
    Object.defineProperty(document, 'readyState', { value: 'loading', configurable: true })
    try {
      startPageReports()
      await new Promise((r) => setTimeout(r, 0))
      expect(names(bridge)).toEqual([])
      window.dispatchEvent(new Event('load'))
      window.dispatchEvent(new Event('load'))
      await new Promise((r) => setTimeout(r, 0))
      expect(names(bridge)).toEqual([LOAD_END_CALL])
    } finally {
      delete (document as unknown as Record<string, unknown>).readyState
    }
  })
})
