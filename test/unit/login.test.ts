import Taro from '@tarojs/taro'
import { detectHost } from '@/platform/host'
import { assignLocation } from '@/platform/web'
import { installFakeBridge, removeFakeBridge } from '../support/fakeBridge'
import { LOGIN_PROMPT, loginRouteFor, NATIVE_LOGIN_DEEPLINK, signupUrl, startLogin } from '@/services/login'
import { toast } from '@/services/toast'
import { user } from '@/services/user'
import { liveToken } from '../support/services'

jest.mock('@/platform/web', () => ({ ...jest.requireActual('@/platform/web'), assignLocation: jest.fn() }))

const BROWSER = detectHost('Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) Safari/604.1')
const APP = detectHost('Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AlfaApp/230')
const MINI_WEBVIEW = detectHost('Mozilla/5.0 (iPhone; CPU iPhone OS 16_3 like Mac OS X) MicroMessenger/8.0.34 miniProgram/wx123')

beforeEach(() => {
  toast.close()
  user.logout()
  ;(assignLocation as jest.Mock).mockClear()
})
afterEach(() => {
  removeFakeBridge()
  jest.useRealTimers()
})

describe('UNAUTHENTICATED starts login by context', () => {
  it.each([
    ['the provider app', { target: 'h5', host: APP, hostname: 'zhenduan.localhost' }, 'bridge'],
    ['a mini-program web view', { target: 'h5', host: MINI_WEBVIEW, hostname: 'zhenduan.localhost' }, 'deeplink'],
    ['a main host browser', { target: 'h5', host: BROWSER, hostname: 'localhost' }, 'signup'],
    ['another host browser', { target: 'h5', host: BROWSER, hostname: 'zhenduan.localhost' }, 'prompt'],
    ['a mini-program build', { target: 'weapp', host: BROWSER, hostname: '' }, 'page'],
  ] as const)('%s → %s', (_, context, route) => expect(loginRouteFor(context)).toBe(route))
})

describe('native bridge login in the app', () => {
  it('logs the user in with data.access_token', async () => {
    const token = liveToken('u9')
    const bridge = installFakeBridge({ loginToken: token })
    await expect(startLogin({ target: 'h5', host: APP, hostname: 'localhost' })).resolves.toBe('bridge')
    expect(bridge.calls.map((c) => c.name)).toEqual(['login'])
    expect(user.token).toBe(token)
    expect(user.userId).toBe('u9')
  })
})

describe('deeplink in another app context', () => {
  it('goes to /n/user/login', async () => {
    await startLogin({ target: 'h5', host: MINI_WEBVIEW, hostname: 'zhenduan.localhost' })
    expect(assignLocation).toHaveBeenCalledWith(NATIVE_LOGIN_DEEPLINK)
    expect(NATIVE_LOGIN_DEEPLINK).toBe('/n/user/login')
  })
})

describe('redirect to the signup page with a back address on main hosts', () => {
  it('encodes the current address', async () => {
    await startLogin({ target: 'h5', host: BROWSER, hostname: 'localhost' })
    expect(assignLocation).toHaveBeenCalledWith(`/user/signup?back=${encodeURIComponent(window.location.href)}`)
    expect(signupUrl('http://localhost/a?b=1')).toBe('/user/signup?back=http%3A%2F%2Flocalhost%2Fa%3Fb%3D1')
  })
})

describe('otherwise a toast 请先进行登录 for 3000 ms with no icon', () => {
  it('shows the prompt for 3000 ms', async () => {
    jest.useFakeTimers()
    await startLogin({ target: 'h5', host: BROWSER, hostname: 'zhenduan.localhost' })
    expect([toast.show, toast.type, toast.content]).toEqual([true, null, LOGIN_PROMPT])
    expect(LOGIN_PROMPT).toBe('请先进行登录')
    jest.advanceTimersByTime(2999)
    expect(toast.show).toBe(true)
    jest.advanceTimersByTime(1)
    expect(toast.show).toBe(false)
    expect(assignLocation).not.toHaveBeenCalled()
  })
})

describe('a mini-program build opens its login page', () => {
  it('navigates to the login route', async () => {
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' })
    await startLogin({ target: 'weapp', host: BROWSER, hostname: '' })
    expect(nav).toHaveBeenCalledWith({ url: expect.stringMatching(/^\/user\/signup\?ts=\d+$/) })
    nav.mockRestore()
  })
})

describe('several failures start login once', () => {
  it('shares one flow while it runs', async () => {
    jest.useFakeTimers()
    const ctx = { target: 'h5', host: BROWSER, hostname: 'zhenduan.localhost' } as const
    const a = startLogin(ctx)
    const b = startLogin(ctx)
    expect(a).toBe(b)
    await a
  })
})
