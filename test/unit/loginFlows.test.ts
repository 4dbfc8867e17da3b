import Taro from '@tarojs/taro'
import { replaceLocation } from '@/platform/web'
import { PickStore } from '@/features/watchlist'
import { codeError, digitsOnly, phoneError } from '@/features/account/validation'
import { RESEND_SECONDS, SmsLoginForm, type SmsLoginDeps } from '@/features/account/smsLoginForm'
import { logout } from '@/services/account'
import { answerCache, userAnswerKey } from '@/services/answerCache'
import {
  DEFAULT_BACK,
  landingPath,
  leaveLogin,
  PENDING_ACTION_KEY,
  rememberPendingAction,
  safeBackPath,
  takePendingAction,
} from '@/services/login'
import { RequestError, setTransport, type HttpRequest, type HttpResponse } from '@/services/request'
import { defaultPageProperties, tracker } from '@/services/tracking'
import { user } from '@/services/user'
import { createExpiringStorage } from '@/utils/expiringStorage'
import { liveToken } from '../support/services'

jest.mock('@/platform/web', () => ({ ...jest.requireActual('@/platform/web'), replaceLocation: jest.fn() }))

const ORIGIN = 'http://localhost'

afterEach(() => {
  jest.useRealTimers()
  user.logout()
  Taro.removeStorageSync(PENDING_ACTION_KEY)
})

describe('back= lands only on our own origin', () => {
  it.each([
    ['/alfa/fund/000001', '/alfa/fund/000001'],
    ['/alfa/fund/000001?ts=1#top', '/alfa/fund/000001?ts=1#top'],
    [`${ORIGIN}/alfa/fund/000001?ts=1`, '/alfa/fund/000001?ts=1'],
  ])('%s → %s', (back, path) => expect(safeBackPath(back, ORIGIN)).toBe(path))

  it.each([
    'https://evil.example',
    'https://evil.example/alfa/fund/000001',
    '//evil.example',
    '//evil.example/x',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '/\t/evil.example',
    'http://localhost:8080/x',
    'https://localhost/x',
    'http://user@localhost/x',
    'http://localhost.evil.example/x',
    'evil.example',
    '',
  ])('refuses %j and lands on the home page', (back) => {
    expect(safeBackPath(back, ORIGIN)).toBeNull()
    expect(landingPath(back, ORIGIN)).toBe(DEFAULT_BACK)
  })

  it('refuses the login page itself (a loop) and a missing back', () => {
    expect(landingPath('/user/signup?back=/x', ORIGIN)).toBe(DEFAULT_BACK)
    expect(landingPath('/n/user/login', ORIGIN)).toBe(DEFAULT_BACK)
    expect(landingPath(null, ORIGIN)).toBe(DEFAULT_BACK)
    expect(DEFAULT_BACK).toBe('/pages/home/index')
  })

  it('leaveLogin replaces the login page with the checked address', () => {
    leaveLogin('https://evil.example/steal')
    expect(replaceLocation).toHaveBeenLastCalledWith(DEFAULT_BACK)
    leaveLogin(`${window.location.origin}/alfa/fund/000001`)
    expect(replaceLocation).toHaveBeenLastCalledWith('/alfa/fund/000001')
  })
})

describe('phone and code validation (Chinese messages)', () => {
  it.each([
    ['', '请输入手机号'],
    ['1380000000', '手机号格式不正确'],
    ['23800000000', '手机号格式不正确'],
    ['138000000001', '手机号格式不正确'],
    ['13800000000', null],
  ])('phone %j → %j', (phone, message) => expect(phoneError(phone)).toBe(message))

  it.each([
    ['', '请输入验证码'],
    ['12345', '验证码为6位数字'],
    ['12345a', '验证码为6位数字'],
    ['123456', null],
  ])('code %j → %j', (code, message) => expect(codeError(code)).toBe(message))

  it('inputs keep digits only, cut to their length', () => {
    expect(digitsOnly('138 0000 0000 9', 11)).toBe('13800000000')
    expect(digitsOnly('12a34567', 6)).toBe('123456')
  })
})

function formWith(over: Partial<SmsLoginDeps> = {}) {
  const deps = {
    sendSmsCode: jest.fn(async () => ({ sent: true, resendAfterSeconds: RESEND_SECONDS })),
    loginWithSms: jest.fn(async () => undefined),
    now: () => Date.now(),
    ...over,
  }
  return { form: new SmsLoginForm(deps), deps }
}

describe('the SMS form', () => {
  it('does not send to an invalid phone: it says why and calls nothing', async () => {
    const { form, deps } = formWith()
    form.setPhone('1380000')
    await expect(form.send()).resolves.toBe(false)
    expect(form.error).toBe('手机号格式不正确')
    expect(deps.sendSmsCode).not.toHaveBeenCalled()
    expect(form.countdown).toBe(0)
  })

  it('counts down 60 s after sending; no second send meanwhile; 重新获取 after', async () => {
    jest.useFakeTimers()
    const { form, deps } = formWith()
    form.setPhone('13800000000')
    expect(form.sendText).toBe('获取验证码')
    await form.send()
    expect(deps.sendSmsCode).toHaveBeenCalledWith('13800000000')
    expect(form.countdown).toBe(60)
    expect(form.sendText).toBe('60s后重新获取')
    jest.advanceTimersByTime(1000)
    expect(form.sendText).toBe('59s后重新获取')
    await expect(form.send()).resolves.toBe(false)
    expect(deps.sendSmsCode).toHaveBeenCalledTimes(1)
    jest.advanceTimersByTime(58_000)
    expect(form.countdown).toBe(1)
    jest.advanceTimersByTime(1000)
    expect(form.countdown).toBe(0)
    expect(form.sendText).toBe('重新获取')
    expect(form.canSend).toBe(true)
    await form.send()
    expect(deps.sendSmsCode).toHaveBeenCalledTimes(2)
    form.dispose()
  })

  it('follows the server resendAfterSeconds', async () => {
    jest.useFakeTimers()
    const { form } = formWith({ sendSmsCode: jest.fn(async () => ({ sent: true, resendAfterSeconds: 90 })) })
    form.setPhone('13800000000')
    await form.send()
    expect(form.countdown).toBe(90)
    form.dispose()
  })

  it('a refused send shows the server message and starts no countdown', async () => {
    const { form } = formWith({
      sendSmsCode: jest.fn(async () => {
        throw new RequestError('http', '验证码发送过于频繁，请稍后再试', 429)
      }),
    })
    form.setPhone('13800000000')
    await expect(form.send()).resolves.toBe(false)
    expect(form.error).toBe('验证码发送过于频繁，请稍后再试')
    expect(form.countdown).toBe(0)
  })

  it('logging in validates the code first, then is busy (no double submit), then done', async () => {
    let finish: () => void = () => undefined
    const { form, deps } = formWith({ loginWithSms: jest.fn(() => new Promise<undefined>((r) => (finish = () => r(undefined)))) })
    form.setPhone('13800000000')
    form.setCode('123')
    await expect(form.submit()).resolves.toBe(false)
    expect(form.error).toBe('验证码为6位数字')
    form.setCode('123456')
    const first = form.submit()
    expect(form.status).toBe('submitting')
    await expect(form.submit()).resolves.toBe(false)
    finish()
    await expect(first).resolves.toBe(true)
    expect(deps.loginWithSms).toHaveBeenCalledTimes(1)
    expect(deps.loginWithSms).toHaveBeenCalledWith('13800000000', '123456')
    expect(form.status).toBe('done')
  })

  it('a wrong code shows 验证码错误 and the form can try again; English server text never shows', async () => {
    const { form } = formWith({
      loginWithSms: jest
        .fn()
        .mockRejectedValueOnce(new RequestError('http', '验证码错误', 400))
        .mockRejectedValueOnce(new RequestError('http', 'HTTP 500', 500)),
    })
    form.setPhone('13800000000')
    form.setCode('000000')
    await form.submit()
    expect(form.error).toBe('验证码错误')
    expect(form.status).toBe('idle')
    await form.submit()
    expect(form.error).toBe('登录失败，请稍后再试')
  })
})

describe('a pick that needs login is finished after the return', () => {
  function storeWith(loggedIn: { value: boolean }, picked: string[] = []) {
    const batchPicks = jest.fn(async () => ({}))
    const startLogin = jest.fn()
    const store = new PickStore({
      batchPicks,
      pickList: async () => ({ list: picked.map((fundCode) => ({ fundCode })) }),
      startLogin,
      isLogin: () => loggedIn.value,
      showToast: () => undefined,
    })
    return { store, batchPicks, startLogin }
  }

  it('remembers the pick, starts login, and picks once after the login', async () => {
    const loggedIn = { value: false }
    const { store, batchPicks, startLogin } = storeWith(loggedIn)
    await expect(store.toggle(['000001'])).resolves.toBe('login')
    expect(startLogin).toHaveBeenCalledTimes(1)
    expect(batchPicks).not.toHaveBeenCalled()
    // Back from the login page (on H5 a new page load: the store is new, the storage is not).
    loggedIn.value = true
    const { store: after, batchPicks: afterBatch } = storeWith(loggedIn)
    await expect(after.resumePending(['000001'])).resolves.toBe('added')
    expect(afterBatch).toHaveBeenCalledWith(['000001'], 'add')
    expect(after.isPicked(['000001'])).toBe(true)
    // Once only: a later visit does nothing.
    await expect(after.resumePending(['000001'])).resolves.toBeNull()
    expect(afterBatch).toHaveBeenCalledTimes(1)
  })

  it('another fund page does not take the pick; an already picked fund is not removed', async () => {
    const loggedIn = { value: false }
    await storeWith(loggedIn).store.toggle(['000001'])
    loggedIn.value = true
    const other = storeWith(loggedIn)
    await expect(other.store.resumePending(['000002'])).resolves.toBeNull()
    const already = storeWith(loggedIn, ['000001'])
    await expect(already.store.resumePending(['000001'])).resolves.toBeNull()
    expect(already.batchPicks).not.toHaveBeenCalled()
  })

  it('expires after 10 minutes and is dropped by logout', async () => {
    let now = 1_000_000
    const kept = new Map<string, unknown>()
    const storage = createExpiringStorage(
      { get: (k) => kept.get(k), set: (k, v) => void kept.set(k, v), remove: (k) => void kept.delete(k) },
      () => now,
    )
    rememberPendingAction({ kind: 'pick', target: '000001' }, storage)
    now += 10 * 60_000 - 1
    expect(takePendingAction({ kind: 'pick', target: '000002' }, storage)).toBe(false)
    now += 2
    expect(takePendingAction({ kind: 'pick', target: '000001' }, storage)).toBe(false)
    rememberPendingAction({ kind: 'pick', target: '000001' })
    user.restore(liveToken('u1'))
    setTransport(async () => ({ statusCode: 200, data: { code: 200, msg: 'ok', data: { loggedOut: true } }, header: {} }))
    await logout()
    expect(takePendingAction({ kind: 'pick', target: '000001' })).toBe(false)
  })
})

describe('logout', () => {
  it('clears user and token, the user cached answers and the login id; is_login follows; the server revokes the token', async () => {
    const calls: HttpRequest[] = []
    setTransport(async (req): Promise<HttpResponse> => {
      calls.push(req)
      return { statusCode: 200, data: { code: 200, msg: 'ok', data: { loggedOut: true } }, header: {} }
    })
    const token = liveToken('u7')
    user.login(token)
    tracker.setLoginId('u7')
    answerCache.set(userAnswerKey('u7', 'favourites'), [{ fundCode: '000001' }])
    expect(defaultPageProperties().is_login).toBe(true)
    await logout()
    expect(user.token).toBeNull()
    expect(user.userId).toBeNull()
    expect(defaultPageProperties().is_login).toBe(false)
    expect(tracker.loginId).toBeNull()
    expect(answerCache.get(userAnswerKey('u7', 'favourites'))).toBeNull()
    const out = calls.find((c) => c.url.endsWith('/user/logout'))
    expect(out?.method).toBe('POST')
    // A JSON body, even empty: the server refuses a JSON content type without one.
    expect(out?.data).toEqual({})
    expect(out?.header.authorization).toBe(`Bearer ${token}`)
  })

  it('still logs out when the server cannot be reached', async () => {
    setTransport(async () => {
      throw new Error('offline')
    })
    user.login(liveToken('u8'))
    await logout()
    expect(user.isLogin).toBe(false)
  })
})
