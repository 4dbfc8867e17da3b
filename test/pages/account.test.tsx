import Taro from '@tarojs/taro'
import { LoginScreen } from '@/features/account'
import { setTransport } from '@/services/request'
import { user } from '@/services/user'
import { flush, renderPage } from '../support/render'
import { liveToken } from '../support/services'

/**
 * 我的账户 for a signed-in user (issue #21): the account with the ways to what is theirs —
 * 我的关注, 我的自选, 我的筛选 — and 退出登录.
 */

beforeEach(() => {
  setTransport(async () => ({
    statusCode: 200,
    data: { code: 200, msg: 'ok', data: { userId: 'u1', nickname: '用户0000', phone: '138****0000', isLogin: true } },
    header: {},
  }))
})
afterEach(() => {
  jest.restoreAllMocks()
  user.logout()
  document.body.innerHTML = ''
})

describe('我的账户 when signed in', () => {
  it('shows the account, 我的关注 / 我的自选 / 我的筛选 / 消息, each opening its screen, and 退出登录', async () => {
    user.login(liveToken('u1'))
    const navigateTo = jest.spyOn(Taro, 'navigateTo').mockImplementation(() => Promise.resolve() as never)
    const page = await renderPage(() => <LoginScreen back={null} kind='sms' />, 'subPkg/pages/login/index')
    await page.utils.act(flush)
    await page.utils.act(flush)
    expect(page.text()).toContain('138****0000')
    const entries = [...page.container.querySelectorAll('.alfa-login__entry')] as HTMLElement[]
    expect(entries.map((e) => e.textContent)).toEqual(['我的关注›', '我的自选›', '我的筛选›', '消息›'])
    for (const entry of entries)
      await page.utils.act(async () => {
        page.utils.fireEvent.click(entry)
      })
    expect(navigateTo.mock.calls.map(([o]) => (o as { url: string }).url.replace(/\?ts=\d+$/, ''))).toEqual([
      '/subPkg/pages/followed/index',
      '/pages/favourites/index',
      '/subPkg/pages/myFilter/index',
      '/alfa/user/messages',
    ])
    expect(page.text()).toContain('退出登录')
  })

  it('an anonymous visitor sees the login form, not the account', async () => {
    const page = await renderPage(() => <LoginScreen back={null} kind='sms' />, 'subPkg/pages/login/index')
    await page.utils.act(flush)
    expect(page.container.querySelector('.alfa-login__entry')).toBeNull()
    expect(page.text()).toContain('登录 Alfa')
  })
})
