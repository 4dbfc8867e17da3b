import Taro from '@tarojs/taro'
import { LoginScreen } from '@/features/account'
import { SmsLoginForm } from '@/features/account/smsLoginForm'
import { replaceLocation } from '@/platform/web'
import LoginPage from '@/subPkg/pages/login/index'
import { setTransport, type HttpRequest, type HttpResponse } from '@/services/request'
import { user } from '@/services/user'
import { flush, renderPage } from '../support/render'
import { liveToken } from '../support/services'

jest.mock('@/platform/web', () => ({ ...jest.requireActual('@/platform/web'), replaceLocation: jest.fn() }))

let calls: HttpRequest[] = []
let answer: (req: HttpRequest) => HttpResponse
const ok = (data: unknown): HttpResponse => ({ statusCode: 200, data: { code: 200, msg: 'ok', data }, header: {} })
const fail = (statusCode: number, msg: string): HttpResponse => ({ statusCode, data: { code: statusCode, msg }, header: {} })
const token = liveToken('u_login')

beforeEach(() => {
  calls = []
  ;(replaceLocation as jest.Mock).mockClear()
  user.logout()
  answer = (req) => {
    if (req.url.endsWith('/user/sms/send')) return ok({ sent: true, resendAfterSeconds: 60 })
    if (req.url.endsWith('/user/sms/login'))
      return ok({ token, exp: 9e9, user: { userId: 'u_login', nickname: '用户0000', phone: '138****0000' } })
    if (req.url.endsWith('/user/info/detail')) return ok({ userId: 'u_login', nickname: '用户0000', phone: '138****0000', isLogin: true })
    if (req.url.endsWith('/user/logout')) return ok({ loggedOut: true })
    return fail(404, 'Route not found')
  }
  setTransport(async (req) => {
    calls.push(req)
    return answer(req)
  })
})
// Pages stay mounted after the DOM is cleared and would keep observing the user: unmount them.
const mounted: { unmout: () => void }[] = []
const keep = <T extends { utils: unknown }>(page: T) => {
  mounted.push(page.utils as { unmout: () => void })
  return page
}

afterEach(() => {
  mounted.splice(0).forEach((u) => u.unmout())
  document.body.innerHTML = ''
  jest.useRealTimers()
  window.history.replaceState(null, '', '/')
})

const path = (req: HttpRequest) => new URL(req.url, 'http://x').pathname.replace('/alfa/v1', '')

async function mountSms(back: string | null = '/alfa/fund/000001') {
  const form = new SmsLoginForm()
  const page = keep(await renderPage(() => <LoginScreen back={back} kind='sms' form={form} />, 'subPkg/pages/login/index'))
  const q = (sel: string) => page.container.querySelector(sel) as HTMLElement
  const type = (name: 'phone' | 'code', value: string) =>
    page.utils.act(async () => {
      const input =
        q(`.alfa-login__input[name="${name}"]`) ?? page.container.querySelectorAll('.alfa-login__input')[name === 'phone' ? 0 : 1]
      ;(input as unknown as { value: string }).value = value
      input.dispatchEvent(new CustomEvent('input', { detail: { value }, bubbles: true }))
    })
  const tap = (sel: string) =>
    page.utils.act(async () => {
      page.utils.fireEvent.click(q(sel))
      await flush()
      await flush()
    })
  return { ...page, q, type, tap, form }
}

describe('the H5 login page (/user/signup?back=)', () => {
  it('says 手机号格式不正确 for a bad phone and sends nothing', async () => {
    const p = await mountSms()
    await p.type('phone', '12345')
    await p.tap('.alfa-login__send')
    expect(p.q('.alfa-login__error').textContent).toBe('手机号格式不正确')
    expect(calls).toHaveLength(0)
  })

  it('gets a code (POST /user/sms/send), counts down and disables the button, logs in and lands on back', async () => {
    const p = await mountSms('/alfa/fund/000001')
    await p.type('phone', '13800000000')
    await p.tap('.alfa-login__send')
    expect(calls.map(path)).toEqual(['/user/sms/send'])
    expect(JSON.parse(JSON.stringify(calls[0].data))).toEqual({ phone: '13800000000' })
    expect(p.q('.alfa-login__send').textContent).toBe('60s后重新获取')
    expect(p.q('.alfa-login__send').getAttribute('aria-disabled')).toBe('true')
    await p.tap('.alfa-login__submit')
    expect(p.q('.alfa-login__error').textContent).toBe('请输入验证码')
    await p.type('code', '123456')
    await p.tap('.alfa-login__submit')
    expect(calls.map(path)).toEqual(['/user/sms/send', '/user/sms/login'])
    expect(calls[1].data).toEqual({ phone: '13800000000', code: '123456' })
    expect(user.token).toBe(token)
    expect(replaceLocation).toHaveBeenCalledWith('/alfa/fund/000001')
    p.form.dispose()
  })

  it('a wrong code shows the server message 验证码错误 and stays', async () => {
    answer = (req) => (req.url.endsWith('/user/sms/login') ? fail(400, '验证码错误') : ok({ sent: true, resendAfterSeconds: 60 }))
    const p = await mountSms()
    await p.type('phone', '13800000000')
    await p.type('code', '000000')
    await p.tap('.alfa-login__submit')
    expect(p.q('.alfa-login__error').textContent).toBe('验证码错误')
    expect(user.isLogin).toBe(false)
    expect(replaceLocation).not.toHaveBeenCalled()
  })

  it('a back= to another origin is refused: the login lands on the home page', async () => {
    const p = await mountSms('https://evil.example/')
    await p.type('phone', '13800000000')
    await p.type('code', '123456')
    await p.tap('.alfa-login__submit')
    expect(user.isLogin).toBe(true)
    expect(replaceLocation).toHaveBeenCalledWith('/pages/home/index')
  })

  it('the page reads back= from the address bar', async () => {
    window.history.replaceState(null, '', `/user/signup?back=${encodeURIComponent('//evil.example')}`)
    const page = keep(await renderPage(LoginPage, 'subPkg/pages/login/index'))
    expect(page.text()).toContain('获取验证码')
    expect(page.text()).toContain('未注册的手机号验证后将自动注册')
  })
})

describe('logged in: the account and 退出登录', () => {
  it('a login restored after the page showed (start-up) turns the form into the account', async () => {
    const page = keep(await renderPage(() => <LoginScreen back={null} kind='sms' />, 'subPkg/pages/login/index'))
    expect(page.text()).toContain('获取验证码')
    await page.utils.act(async () => {
      user.restore(token)
      await flush()
      await flush()
    })
    expect(page.text()).toContain('138****0000')
    expect(page.text()).toContain('退出登录')
  })

  it('shows the masked phone; 退出登录 clears the user and token and tells the server', async () => {
    user.login(token)
    const page = keep(await renderPage(() => <LoginScreen back={null} kind='sms' />, 'subPkg/pages/login/index'))
    await page.utils.act(async () => {
      await flush()
      await flush()
    })
    expect(page.text()).toContain('138****0000')
    await page.utils.act(async () => {
      page.utils.fireEvent.click(page.container.querySelector('.alfa-login__logout') as HTMLElement)
      await flush()
    })
    expect(user.isLogin).toBe(false)
    expect(Taro.getStorageSync('access_token')).toBeFalsy()
    expect(calls.map(path)).toContain('/user/logout')
    expect(page.text()).toContain('获取验证码')
  })
})
