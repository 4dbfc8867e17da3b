import { startAuth } from '@/services/auth'
import { startLogin } from '@/services/login'
import { ACCESS_TOKEN_COOKIE, TokenPersistence, defaultTokenEnvironment } from '@/services/token'
import { user } from '@/services/user'
import { MINI_PROGRAM_LOGIN_PAGE, NATIVE_LOGIN_PATH } from '@/services/webView'
import { documentCookies, assignLocation } from '@/platform/web'
import { BAIDU_WEBVIEW_SDK_URL, resetWechatSdk, WECHAT_JSSDK_URL } from '@/platform/wechatSdk'
import { liveToken } from '../support/services'

jest.mock('@/platform/web', () => ({ ...jest.requireActual('@/platform/web'), assignLocation: jest.fn() }))

const WEBVIEW_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.50 NetType/WIFI miniProgram'
const realUa = navigator.userAgent
const setUa = (ua: string) => Object.defineProperty(window.navigator, 'userAgent', { value: ua, configurable: true })
type W = Record<string, unknown>

beforeEach(() => {
  setUa(WEBVIEW_UA)
  user.logout()
  resetWechatSdk()
  ;(assignLocation as jest.Mock).mockClear()
})
afterEach(() => {
  setUa(realUa)
  delete (window as unknown as W).wx
  delete (window as unknown as W).swan
  documentCookies.remove(ACCESS_TOKEN_COOKIE)
  document.head.innerHTML = ''
})

describe('H5 in a mini-program web-view reads the accessToken cookie', () => {
  it('the cookie the mini-program set logs the user in at start-up', async () => {
    const token = liveToken('webview-user')
    documentCookies.set(ACCESS_TOKEN_COOKIE, token)
    const persistence = new TokenPersistence({ ...defaultTokenEnvironment(), cookies: documentCookies })
    await expect(startAuth(persistence)).resolves.toBe(token)
    expect(user.isLogin).toBe(true)
    expect(user.userId).toBe('webview-user')
  })
  it('outside a web-view the cookie is not the H5 token', async () => {
    setUa('Mozilla/5.0 (Linux; Android 14) Mobile Safari/537.36')
    documentCookies.set(ACCESS_TOKEN_COOKIE, liveToken('nobody'))
    const persistence = new TokenPersistence({ ...defaultTokenEnvironment(), cookies: documentCookies })
    await expect(startAuth(persistence)).resolves.toBeNull()
    expect(user.isLogin).toBe(false)
  })
})

describe('login in a mini-program web-view opens the mini-program login page', () => {
  it('WeChat: wx.miniProgram.navigateTo the login page, not the /n/user/login deep link', async () => {
    const navigateTo = jest.fn((o: { url: string; success?: () => void }) => o.success?.())
    ;(window as unknown as W).wx = { config: jest.fn(), ready: jest.fn(), error: jest.fn(), miniProgram: { navigateTo } }
    await expect(startLogin()).resolves.toBe('deeplink')
    expect(navigateTo).toHaveBeenCalledWith(expect.objectContaining({ url: MINI_PROGRAM_LOGIN_PAGE }))
    expect(MINI_PROGRAM_LOGIN_PAGE).toBe('/subPkg/pages/login/index')
    expect(assignLocation).not.toHaveBeenCalled()
  })
  it('WeChat: without the wx global the JS-SDK script is loaded from its allow-listed url first', async () => {
    const navigateTo = jest.fn((o: { url: string; success?: () => void }) => o.success?.())
    const done = startLogin()
    await new Promise((r) => setTimeout(r, 0))
    const script = document.head.querySelector('script') as HTMLScriptElement
    expect(script.src).toBe(WECHAT_JSSDK_URL)
    ;(window as unknown as W).wx = { config: jest.fn(), ready: jest.fn(), error: jest.fn(), miniProgram: { navigateTo } }
    script.onload?.(new Event('load'))
    await done
    expect(navigateTo).toHaveBeenCalledWith(expect.objectContaining({ url: MINI_PROGRAM_LOGIN_PAGE }))
  })
  it('Baidu: swan.webView.navigateTo', async () => {
    setUa('Mozilla/5.0 (Linux; Android 10) swan/2.0 baiduboxapp/13.0')
    const navigateTo = jest.fn((o: { url: string; success?: () => void }) => o.success?.())
    ;(window as unknown as W).swan = { webView: { navigateTo } }
    await startLogin()
    expect(navigateTo).toHaveBeenCalledWith(expect.objectContaining({ url: MINI_PROGRAM_LOGIN_PAGE }))
  })
  it('Baidu: without the swan global its web-view SDK is loaded from its allow-listed url first', async () => {
    setUa('Mozilla/5.0 (Linux; Android 10) swan/2.0 baiduboxapp/13.0')
    const navigateTo = jest.fn((o: { url: string; success?: () => void }) => o.success?.())
    const done = startLogin()
    await new Promise((r) => setTimeout(r, 0))
    const script = document.head.querySelector('script') as HTMLScriptElement
    expect(script.src).toBe(BAIDU_WEBVIEW_SDK_URL)
    expect(new URL(script.src).host).toBe('b.bdstatic.com')
    ;(window as unknown as W).swan = { webView: { navigateTo } }
    script.onload?.(new Event('load'))
    await done
    expect(navigateTo).toHaveBeenCalledWith(expect.objectContaining({ url: MINI_PROGRAM_LOGIN_PAGE }))
    expect(assignLocation).not.toHaveBeenCalled()
  })
  it('a bridge that refuses falls back to the deep link', async () => {
    ;(window as unknown as W).wx = {
      config: jest.fn(),
      ready: jest.fn(),
      error: jest.fn(),
      miniProgram: { navigateTo: (o: { fail?: () => void }) => o.fail?.() },
    }
    await startLogin()
    expect(assignLocation).toHaveBeenCalledWith(NATIVE_LOGIN_PATH)
  })
})
