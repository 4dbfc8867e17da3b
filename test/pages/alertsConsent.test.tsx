import Taro from '@tarojs/taro'
import * as api from '@/services/api'
import { user } from '@/services/user'
import NavAlertPage from '@/subPkg/pages/navAlert/index'
import { ALERT_DECLINED_TEXT } from '@/features/alerts/AlertMessagesConsent'
import { flush, openPage } from '../support/render'

/**
 * NAV alerts as WeChat subscription messages (issue #25): on 净值提醒 a WeChat user allows the
 * alert template (one message per allowance); the server records it with the login code and the
 * count left shows. The mini-program's platform module is the one under test (jest would pick H5's).
 */
jest.mock('@/platform/reminder', () => jest.requireActual('../../src/platform/reminder.tsx'))
jest.mock('@/platform/hostLogin', () => ({
  ...jest.requireActual('@/platform/hostLogin'),
  hostLoginCode: jest.fn(async () => 'wx-login-code'),
}))

const FUND = { fundCode: '110011', fundName: '易方达优质精选混合', nav: '5.1500', navDate: '2024-01-04', dailyReturn: '-0.009634' }
const open = () =>
  openPage(NavAlertPage, 'subPkg/pages/navAlert/index', { fundCode: '110011' }, { NavAlerts: () => ({ fund: FUND, myNavAlerts: [] }) }, 3)

beforeEach(() => {
  jest.restoreAllMocks()
  document.body.innerHTML = ''
  user.login('header.eyJleHAiOjQxMDI0NDQ4MDB9.sig')
  user.setUserId('U1')
})

describe('净值提醒 in WeChat: subscription messages', () => {
  it('an allowed template is recorded with the login code, and the count left shows', async () => {
    jest.spyOn(api, 'alertMessages').mockResolvedValue({ templateId: 'wx-alert-template', remaining: 0 })
    const ask = jest
      .spyOn(Taro, 'requestSubscribeMessage')
      .mockResolvedValue({ errMsg: 'requestSubscribeMessage:ok', 'wx-alert-template': 'accept' })
    const authorise = jest.spyOn(api, 'authoriseAlertMessages').mockResolvedValue({ templateId: 'wx-alert-template', remaining: 1 })
    const { container, text, utils } = await open()
    expect(text()).toContain('接收微信消息提醒')
    expect(text()).toContain('还可推送 0 次')
    await utils.act(async () => {
      utils.fireEvent.click(container.querySelector('.alfa-alert__consent-button') as HTMLElement)
      for (let i = 0; i < 3; i++) await flush()
    })
    expect(ask.mock.calls[0][0]).toMatchObject({ tmplIds: ['wx-alert-template'] })
    expect(authorise).toHaveBeenCalledWith({ platform: 'weapp', code: 'wx-login-code', subscribeId: undefined })
    expect(text()).toContain('还可推送 1 次')
  })

  it('a declined template records nothing and says alerts stay in 消息', async () => {
    jest.spyOn(api, 'alertMessages').mockResolvedValue({ templateId: 'wx-alert-template', remaining: 0 })
    jest.spyOn(Taro, 'requestSubscribeMessage').mockResolvedValue({ errMsg: 'requestSubscribeMessage:ok', 'wx-alert-template': 'reject' })
    const authorise = jest.spyOn(api, 'authoriseAlertMessages')
    const { container, text, utils } = await open()
    await utils.act(async () => {
      utils.fireEvent.click(container.querySelector('.alfa-alert__consent-button') as HTMLElement)
      for (let i = 0; i < 3; i++) await flush()
    })
    expect(authorise).not.toHaveBeenCalled()
    expect(text()).toContain(ALERT_DECLINED_TEXT)
  })

  it('without a template on the server, nothing is offered', async () => {
    jest.spyOn(api, 'alertMessages').mockResolvedValue({ templateId: null, remaining: 0 })
    const { text } = await open()
    expect(text()).not.toContain('接收微信消息提醒')
  })
})
