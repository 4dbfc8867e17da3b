import { anonymousMode } from '@/services/anonymous'
import { appEvents } from '@/services/events'
import { followNativeEvents, startAuth } from '@/services/auth'
import { createFakeBridge, installFakeBridge, removeFakeBridge } from '../support/fakeBridge'
import { UserStore } from '@/services/user'
import { liveToken } from '../support/services'

const APP_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AlfaApp/230'
const realUa = navigator.userAgent
function setUserAgent(ua: string) {
  Object.defineProperty(window.navigator, 'userAgent', { configurable: true, get: () => ua })
}

function memoryPersistence() {
  const saved: (string | null)[] = []
  return { saved, save: (t: string) => void saved.push(t), clear: () => void saved.push(null) }
}

afterEach(() => {
  setUserAgent(realUa)
  removeFakeBridge()
})

describe('on start-up, if the native app provides a token, the user is logged in silently', () => {
  it('logs in and saves the token, with no toast', async () => {
    setUserAgent(APP_UA)
    const token = liveToken('app-user')
    installFakeBridge({ initialData: { access_token: token } })
    const persistence = memoryPersistence()
    const store = new UserStore(persistence)
    await expect(startAuth({ load: async () => token }, store)).resolves.toBe(token)
    expect(store.isLogin).toBe(true)
    expect(store.userId).toBe('app-user')
    expect(persistence.saved).toEqual([token])
  })
  it('outside the app a stored token is adopted without saving again', async () => {
    const token = liveToken()
    const persistence = memoryPersistence()
    const store = new UserStore(persistence)
    await startAuth({ load: async () => token }, store)
    expect(store.token).toBe(token)
    expect(persistence.saved).toEqual([])
  })
  it('a failed token load leaves the user anonymous and does not throw', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined)
    const store = new UserStore(memoryPersistence())
    await expect(startAuth({ load: () => Promise.reject(new Error('native bridge not found.')) }, store)).resolves.toBeNull()
    expect(store.isLogin).toBe(false)
    expect(warn).toHaveBeenCalledWith(expect.any(String), 'native bridge not found.')
    warn.mockRestore()
  })
})

describe('the token is saved when the app sends a user-login event carrying a token, and cleared when that event carries none', () => {
  it('follows the events', () => {
    const bridge = createFakeBridge()
    const persistence = memoryPersistence()
    const store = new UserStore(persistence)
    followNativeEvents(bridge, store)
    const token = liveToken('evt')
    bridge.emit('userLogin', { access_token: token })
    expect(store.token).toBe(token)
    bridge.emit('userLogin', {})
    expect(store.token).toBeNull()
    expect(persistence.saved).toEqual([token, null])
  })
})

describe('anonymous mode exists and ends on an exit event', () => {
  it('enters from the initial data and ends on exitAnonymous', () => {
    const bridge = createFakeBridge({ initialData: { anonymous: true } })
    const ended = jest.fn()
    const off = appEvents.on('anonymousExit', ended)
    followNativeEvents(bridge, new UserStore(memoryPersistence()))
    expect(anonymousMode.active).toBe(true)
    bridge.emit('exitAnonymous')
    expect(anonymousMode.active).toBe(false)
    expect(ended).toHaveBeenCalledTimes(1)
    bridge.emit('exitAnonymous')
    expect(ended).toHaveBeenCalledTimes(1)
    off()
  })
})
