import Taro from '@tarojs/taro'
import { CLOSE_NATIVE_PAGE_DELAY_MS, goBack, goBackOrHome, navigateTo } from '@/services/navigation'
import { installFakeBridge, removeFakeBridge } from '../support/fakeBridge'

const realUa = navigator.userAgent
function setUserAgent(ua: string) {
  Object.defineProperty(window.navigator, 'userAgent', { configurable: true, get: () => ua })
}

beforeEach(() => jest.useFakeTimers())
afterEach(() => {
  setUserAgent(realUa)
  removeFakeBridge()
  jest.useRealTimers()
  jest.restoreAllMocks()
})

describe('go-back closes the native page after 60 ms', () => {
  it('in the app with nothing to go back to, closes the page at 60 ms', async () => {
    setUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AlfaApp/230')
    jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([{}] as never)
    const bridge = installFakeBridge()
    goBack()
    await jest.advanceTimersByTimeAsync(CLOSE_NATIVE_PAGE_DELAY_MS - 1)
    expect(bridge.calls).toEqual([])
    await jest.advanceTimersByTimeAsync(1)
    expect(CLOSE_NATIVE_PAGE_DELAY_MS).toBe(60)
    expect(bridge.calls.map((c) => c.name)).toEqual(['closePage'])
  })
  it('outside the app it never calls the bridge', async () => {
    jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([{}, {}] as never)
    const back = jest.spyOn(Taro, 'navigateBack').mockResolvedValue({ errMsg: 'ok' })
    const bridge = installFakeBridge()
    goBack()
    await jest.advanceTimersByTimeAsync(1000)
    expect(back).toHaveBeenCalled()
    expect(bridge.calls).toEqual([])
  })
})

describe('a move the host refuses is logged, not an unhandled rejection', () => {
  it('navigateTo and goBackOrHome return nothing and log the failure', async () => {
    const refused = new Error('navigateTo:fail webview count limit exceed')
    jest.spyOn(Taro, 'navigateTo').mockRejectedValue(refused)
    jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([{}, {}] as never)
    jest.spyOn(Taro, 'navigateBack').mockRejectedValue(new Error('navigateBack:fail'))
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined)
    expect(navigateTo('filter')).toBeUndefined()
    expect(goBackOrHome()).toBeUndefined()
    await jest.advanceTimersByTimeAsync(0)
    expect(warn.mock.calls.map((c) => c[0])).toEqual(['navigateTo failed', 'navigateBack failed'])
    expect(warn.mock.calls[0][1]).toBe(refused)
  })
})
