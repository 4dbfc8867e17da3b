import { hostLoginCode } from '@/platform/hostLogin'
import { loginWithBaiduPhone, loginWithBridge, loginWithWechat, PhoneNumberRefused } from '@/services/account'
import { setTransport, type HttpRequest, type HttpResponse } from '@/services/request'
import { user } from '@/services/user'
import { installFakeBridge, removeFakeBridge } from '../support/fakeBridge'
import { liveToken } from '../support/services'

jest.mock('@/platform/hostLogin', () => ({ ...jest.requireActual('@/platform/hostLogin'), hostLoginCode: jest.fn() }))

const token = liveToken('u_host')
let calls: HttpRequest[] = []

beforeEach(() => {
  calls = []
  user.logout()
  ;(hostLoginCode as jest.Mock).mockReset().mockResolvedValue('host-login-code')
  setTransport(async (req): Promise<HttpResponse> => {
    calls.push(req)
    return {
      statusCode: 200,
      data: { code: 200, msg: 'ok', data: { token, exp: 9e9, user: { userId: 'u_host', nickname: 'n', phone: null } } },
      header: {},
    }
  })
})
afterEach(() => removeFakeBridge())

describe('WeChat: the mini-program login code goes to the server (code2session there)', () => {
  it('POST /user/wechat/login { code } and the user is logged in', async () => {
    await loginWithWechat()
    expect(calls).toHaveLength(1)
    expect(calls[0].url).toMatch(/\/alfa\/v1\/user\/wechat\/login$/)
    expect(calls[0].method).toBe('POST')
    expect(calls[0].data).toEqual({ code: 'host-login-code' })
    expect(user.token).toBe(token)
    expect(user.userId).toBe('u_host')
  })
})

describe('Baidu: the phone-number button data with the login code, never a session key', () => {
  it('POST /user/baidu/smartprogram/phone-decode-register { code, encryptedData, iv }', async () => {
    await loginWithBaiduPhone({ encryptedData: 'ENC', iv: 'IV', errMsg: 'getPhoneNumber:ok' })
    expect(calls).toHaveLength(1)
    expect(calls[0].url).toMatch(/\/alfa\/v1\/user\/baidu\/smartprogram\/phone-decode-register$/)
    expect(calls[0].data).toEqual({ code: 'host-login-code', encryptedData: 'ENC', iv: 'IV' })
    expect(JSON.stringify(calls[0].data)).not.toMatch(/session/i)
    expect(user.isLogin).toBe(true)
  })

  it('a refused phone-number authorisation asks nothing and logs nobody in', async () => {
    await expect(loginWithBaiduPhone({ errMsg: 'getPhoneNumber:fail auth deny' })).rejects.toBeInstanceOf(PhoneNumberRefused)
    expect(calls).toHaveLength(0)
    expect(hostLoginCode).not.toHaveBeenCalled()
    expect(user.isLogin).toBe(false)
  })
})

describe('the provider app: the bridge call named login', () => {
  it('logs in with data.access_token', async () => {
    const bridge = installFakeBridge({ loginToken: token })
    await loginWithBridge()
    expect(bridge.calls.map((c) => c.name)).toEqual(['login'])
    expect(user.token).toBe(token)
    expect(calls).toHaveLength(0)
  })
})

describe('hostLoginCode on the web', () => {
  it('there is no mini-program login code on H5', async () => {
    const real = jest.requireActual<typeof import('@/platform/hostLogin')>('@/platform/hostLogin')
    await expect(real.hostLoginCode()).rejects.toThrow('no mini-program login code on the web')
    expect(real.loginKind()).toBe('sms')
  })
})

describe('H5 in a mini-program web view: the mini-program login page', () => {
  const real = jest.requireActual<typeof import('@/platform/hostLogin')>('@/platform/hostLogin')
  const ua = navigator.userAgent
  const setUa = (value: string) => Object.defineProperty(window.navigator, 'userAgent', { value, configurable: true })
  afterEach(() => {
    setUa(ua)
    delete (window as { wx?: unknown }).wx
  })

  it('with the web-view SDK: navigates the mini-program to its login page', async () => {
    setUa('Mozilla/5.0 (iPhone; CPU iPhone OS 16_3 like Mac OS X) MicroMessenger/8.0.34 miniProgram/wx123')
    const navigateTo = jest.fn()
    ;(window as { wx?: unknown }).wx = { miniProgram: { navigateTo } }
    expect(real.loginKind()).toBe('miniProgram')
    await real.openMiniProgramLogin()
    expect(navigateTo).toHaveBeenCalledWith(expect.objectContaining({ url: '/subPkg/pages/login/index' }))
  })

  it('without it: the SMS form, and opening the mini-program page is refused', async () => {
    setUa('Mozilla/5.0 (iPhone; CPU iPhone OS 16_3 like Mac OS X) MicroMessenger/8.0.34 miniProgram/wx123')
    expect(real.loginKind()).toBe('sms')
    await expect(real.openMiniProgramLogin()).rejects.toThrow('no mini-program web-view SDK')
  })

  it('in the provider app: the bridge', () => {
    setUa('Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AlfaApp/230')
    expect(real.loginKind()).toBe('bridge')
  })
})
