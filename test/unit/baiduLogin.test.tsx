import { LoginScreen } from '@/features/account'
import { hostLoginCode } from '@/platform/hostLogin'
import { replaceLocation } from '@/platform/web'
import { BAIDU_CODE_MAX_AGE_MS, loginWithBaiduPhone, prepareBaiduLogin, type PhoneNumberDetail } from '@/services/account'
import { setTransport, type HttpRequest, type HttpResponse } from '@/services/request'
import { user } from '@/services/user'
import { flush, renderPage } from '../support/render'
import { liveToken } from '../support/services'

/**
 * Issue #19: on Baidu the login code must be taken BEFORE the phone-number button's data arrives
 * (a code taken after it can change the session key the phone was encrypted with).
 */

jest.mock('@/platform/hostLogin', () => ({ ...jest.requireActual('@/platform/hostLogin'), hostLoginCode: jest.fn() }))
jest.mock('@/platform/web', () => ({ ...jest.requireActual('@/platform/web'), replaceLocation: jest.fn() }))
// The host's phone-number button, as a plain button whose tap delivers `phoneDetail` (the host's getPhoneNumber event).
let mockPhoneDetail: PhoneNumberDetail = {}
jest.mock('@tarojs/components', () => {
  const actual = jest.requireActual('@tarojs/components')
  const { createElement } = jest.requireActual('react')
  return {
    ...actual,
    Button: (props: { onGetPhoneNumber?: (e: { detail: unknown }) => void; children?: unknown; className?: string }) =>
      createElement(
        'button',
        { className: props.className, onClick: () => props.onGetPhoneNumber?.({ detail: mockPhoneDetail }) },
        props.children,
      ),
  }
})

const token = liveToken('u_baidu')
/** What happened, in order: each login code taken, each phone detail delivered, each request sent. */
let log: string[] = []
let calls: HttpRequest[] = []
let answer: () => HttpResponse

beforeEach(() => {
  log = []
  calls = []
  user.logout()
  let n = 0
  ;(hostLoginCode as jest.Mock).mockReset().mockImplementation(async () => {
    const code = `code-${++n}`
    log.push(code)
    return code
  })
  answer = () => ({
    statusCode: 200,
    data: { code: 200, msg: 'ok', data: { token, exp: 9e9, user: { userId: 'u_baidu', nickname: 'n', phone: null } } },
    header: {},
  })
  setTransport(async (req) => {
    calls.push(req)
    log.push(`request with ${(req.data as { code: string }).code}`)
    return answer()
  })
})

describe('Baidu: the login code is taken before the phone-number button’s data', () => {
  it('the screen takes a code when it shows the button; the tap sends that code, not a new one', async () => {
    const page = await renderPage(() => <LoginScreen back='/alfa/fund/000001' kind='baiduPhone' />, 'subPkg/pages/login/index')
    await page.utils.act(async () => {
      await flush()
    })
    expect(log).toEqual(['code-1']) // before any tap
    mockPhoneDetail = { encryptedData: 'ENC', iv: 'IV', errMsg: 'getPhoneNumber:ok' }
    log.push('phone data')
    await page.utils.act(async () => {
      page.utils.fireEvent.click(page.container.querySelector('.alfa-login__phone') as HTMLElement)
      await flush()
      await flush()
    })
    expect(log).toEqual(['code-1', 'phone data', 'request with code-1'])
    expect(calls[0].data).toEqual({ code: 'code-1', encryptedData: 'ENC', iv: 'IV' })
    expect(user.isLogin).toBe(true)
    expect(replaceLocation).toHaveBeenCalledWith('/alfa/fund/000001')
  })

  it('after a failed attempt the next code is taken before the next tap', async () => {
    answer = () => ({ statusCode: 400, data: { code: 400, msg: '手机号数据解密失败，请重新授权' }, header: {} })
    const page = await renderPage(() => <LoginScreen back={null} kind='baiduPhone' />, 'subPkg/pages/login/index')
    mockPhoneDetail = { encryptedData: 'ENC', iv: 'IV' }
    const tap = () =>
      page.utils.act(async () => {
        log.push('phone data')
        page.utils.fireEvent.click(page.container.querySelector('.alfa-login__phone') as HTMLElement)
        await flush()
        await flush()
      })
    await tap()
    expect(page.container.querySelector('.alfa-login__error')?.textContent).toBe('手机号数据解密失败，请重新授权')
    await tap()
    expect(log).toEqual(['code-1', 'phone data', 'request with code-1', 'code-2', 'phone data', 'request with code-2', 'code-3'])
  })

  it('a refused authorisation keeps the prepared code for the next tap', async () => {
    prepareBaiduLogin()
    await expect(loginWithBaiduPhone({ errMsg: 'getPhoneNumber:fail auth deny' })).rejects.toThrow()
    await loginWithBaiduPhone({ encryptedData: 'ENC', iv: 'IV' })
    expect(log).toEqual(['code-1', 'request with code-1'])
  })

  it('a prepared code older than the code’s life is not sent: a fresh one is taken', async () => {
    prepareBaiduLogin(1_000)
    await loginWithBaiduPhone({ encryptedData: 'ENC', iv: 'IV' }, 1_000 + BAIDU_CODE_MAX_AGE_MS)
    expect(log).toEqual(['code-1', 'code-2', 'request with code-2'])
  })
})
