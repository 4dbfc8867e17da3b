jest.mock('@/services/startup', () => ({ startServices: jest.fn(async () => undefined) }))
import { mayRestoreLogin, SAVED_LOGIN_NAMES } from '@/services/launch.h5'
import { ACCESS_TOKEN_COOKIE, tokenStorageKey } from '@/services/token'

const realUa = navigator.userAgent
afterEach(() => {
  Object.defineProperty(window.navigator, 'userAgent', { value: realUa, configurable: true })
  window.localStorage.clear()
  for (const n of SAVED_LOGIN_NAMES) document.cookie = `${n}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`
  window.history.replaceState(null, '', '/')
})

describe('H5 start-up waits for a restore only when a login may be restored', () => {
  it('the names are where services/token.ts keeps the token', () => {
    expect([...SAVED_LOGIN_NAMES].sort()).toEqual([tokenStorageKey('0008'), tokenStorageKey('0009'), ACCESS_TOKEN_COOKIE].sort())
  })
  it('an anonymous visitor with nothing saved: no wait', () => {
    expect(mayRestoreLogin()).toBe(false)
  })
  it('a token in local storage, a token cookie, or the url parameter: wait', () => {
    window.localStorage.setItem('access_token_0009', '{"data":"x"}')
    expect(mayRestoreLogin()).toBe(true)
    window.localStorage.clear()
    document.cookie = 'access_token=abc; path=/'
    expect(mayRestoreLogin()).toBe(true)
    document.cookie = 'access_token=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT'
    window.history.replaceState(null, '', '/?access_token=a.b.c')
    expect(mayRestoreLogin()).toBe(true)
  })
  it('the native app always (its bridge hands the login over)', () => {
    Object.defineProperty(window.navigator, 'userAgent', { value: 'Mozilla/5.0 (Linux; Android 14) AlfaApp/230', configurable: true })
    expect(mayRestoreLogin()).toBe(true)
  })
})

describe('the colour scheme is followed from the launch hook, not from a render', () => {
  it('drawing a page frame does not start the theme store; the launch does', async () => {
    const { theme } = await import('@/platform/theme')
    const started = () => (theme as unknown as { started: boolean }).started
    const { renderPage } = await import('../support/render')
    const { default: HomePage } = await import('@/pages/home/index')
    await renderPage(HomePage, 'pages/home/index')
    expect(started()).toBe(false)
    const { launchServices } = await import('@/services/launch.h5')
    launchServices()
    expect(started()).toBe(true)
  })
})
