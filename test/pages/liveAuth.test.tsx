import Taro from '@tarojs/taro'
import * as api from '@/services/api'
import * as login from '@/services/login'
import { user } from '@/services/user'
import LiveAuthPage from '@/subPkg/pages/liveAuth/index'
import { CALENDAR_TEXT, DECLINED_TEXT, NOT_OFFERED_TEXT, SUBSCRIBED_TEXT } from '@/features/live/reminder/LiveAuthScreen'
import { renderPage, flush } from '../support/render'

/**
 * 消息授权 (issue #21): a user subscribes to a 预告 stream's start reminder — WeChat's subscription
 * message with the configured template, then the server records it with the login code — and on
 * the web adds it to a calendar. The mini-program's platform module (src/platform/reminder.tsx) is
 * the one under test here; jest's H5 resolution would pick reminder.h5.tsx.
 */
const platform = { current: 'weapp' as 'weapp' | 'h5' }
jest.mock('@/platform/reminder', () => {
  const mini = jest.requireActual('../../src/platform/reminder.tsx')
  const web = jest.requireActual('../../src/platform/reminder.h5.tsx')
  const pick = () => (platform.current === 'weapp' ? mini : web)
  return {
    get REMINDER_PLATFORM() {
      return pick().REMINDER_PLATFORM
    },
    ReminderConsentButton: (props: unknown) => pick().ReminderConsentButton(props),
    saveCalendarFile: (ics: string, name: string) => pick().saveCalendarFile(ics, name),
  }
})
jest.mock('@/platform/hostLogin', () => ({
  ...jest.requireActual('@/platform/hostLogin'),
  hostLoginCode: jest.fn(async () => 'wx-login-code'),
}))

const PAGE = 'subPkg/pages/liveAuth/index'

const answer = (over: Partial<api.LiveReminderAnswer> = {}): api.LiveReminderAnswer => ({
  liveId: 'LIVE003',
  title: '养老投资怎么做',
  presenter: '投顾',
  status: 'UPCOMING',
  startsAt: '2026-10-07T11:30:00.000Z',
  subscribed: false,
  templates: { weapp: 'wx-live-template', swan: 'bd-live-template' },
  ...over,
})

beforeEach(() => {
  platform.current = 'weapp'
  user.logout()
})
afterEach(() => {
  document.body.innerHTML = ''
  jest.restoreAllMocks()
  user.logout()
})

const logIn = () => {
  user.login('header.eyJleHAiOjQxMDI0NDQ4MDB9.sig')
  user.setUserId('U1')
}

async function open(reminder: () => Promise<api.LiveReminderAnswer>) {
  jest.spyOn(api, 'liveReminder').mockImplementation(reminder)
  const page = await renderPage(LiveAuthPage, PAGE, { liveId: 'LIVE003' })
  await page.utils.act(flush)
  await page.utils.act(flush)
  return page
}
const button = (container: HTMLElement) => container.querySelector('.alfa-live-auth__button') as HTMLElement

describe('the start reminder on WeChat', () => {
  it('asks WeChat’s panel for the configured template, then records it with a login code', async () => {
    logIn()
    const ask = jest
      .spyOn(Taro, 'requestSubscribeMessage')
      .mockResolvedValue({ errMsg: 'requestSubscribeMessage:ok', 'wx-live-template': 'accept' })
    const subscribe = jest.spyOn(api, 'subscribeLiveReminder').mockResolvedValue({ subscribed: true })
    const page = await open(async () => answer())
    expect(page.text()).toContain('养老投资怎么做')
    expect(page.text()).toContain('开播时间 2026-10-07 19:30')
    expect(page.text()).toContain('订阅开播提醒')
    await page.utils.act(async () => {
      button(page.container).click()
      await flush()
      await flush()
    })
    expect(ask.mock.calls[0][0]).toMatchObject({ tmplIds: ['wx-live-template'] })
    expect(subscribe).toHaveBeenCalledWith('LIVE003', { platform: 'weapp', code: 'wx-login-code', subscribeId: undefined })
    expect(page.text()).toContain(SUBSCRIBED_TEXT)
  })

  it('records nothing when the user declines, and says how to try again', async () => {
    logIn()
    jest.spyOn(Taro, 'requestSubscribeMessage').mockResolvedValue({ errMsg: 'requestSubscribeMessage:ok', 'wx-live-template': 'reject' })
    const subscribe = jest.spyOn(api, 'subscribeLiveReminder')
    const page = await open(async () => answer())
    await page.utils.act(async () => {
      button(page.container).click()
      await flush()
    })
    expect(subscribe).not.toHaveBeenCalled()
    expect(page.text()).toContain(DECLINED_TEXT)
  })

  it('anonymous: the button sends the user to log in first', async () => {
    const startLogin = jest.spyOn(login, 'startLogin').mockResolvedValue('page')
    const ask = jest.spyOn(Taro, 'requestSubscribeMessage')
    const page = await open(async () => answer())
    expect(button(page.container).textContent).toBe('登录后订阅开播提醒')
    await page.utils.act(async () => button(page.container).click())
    expect(startLogin).toHaveBeenCalled()
    expect(ask).not.toHaveBeenCalled()
  })

  it('a subscribed user sees it and may cancel', async () => {
    logIn()
    const cancel = jest.spyOn(api, 'cancelLiveReminder').mockResolvedValue({ subscribed: false })
    const page = await open(async () => answer({ subscribed: true }))
    expect(page.text()).toContain(SUBSCRIBED_TEXT)
    await page.utils.act(async () => {
      ;(page.container.querySelector('.alfa-live-auth__button--plain') as HTMLElement).click()
      await flush()
    })
    expect(cancel).toHaveBeenCalledWith('LIVE003')
    expect(page.text()).toContain('订阅开播提醒')
    expect(page.text()).not.toContain(SUBSCRIBED_TEXT)
  })

  it('without a configured template it is not offered; a started stream leads to it instead', async () => {
    logIn()
    const none = await open(async () => answer({ templates: { weapp: null, swan: null } }))
    expect(none.text()).toContain(NOT_OFFERED_TEXT)
    document.body.innerHTML = ''
    const navigate = jest.spyOn(Taro, 'navigateTo').mockResolvedValue(undefined as never)
    const started = await open(async () => answer({ status: 'LIVE' }))
    expect(started.text()).toContain('直播已经开始了')
    await started.utils.act(async () => button(started.container).click())
    expect(navigate.mock.calls[0][0].url).toMatch(/^\/subPkg\/pages\/live\/index\?liveId=LIVE003&ts=/)
  })

  it('an unknown stream is not found', async () => {
    const page = await open(async () => {
      throw new (jest.requireActual('@/services/request').RequestError)('http', '直播不存在', 404)
    })
    expect(page.text()).toContain('直播不存在')
  })
})

describe('the start reminder on the web', () => {
  it('is a calendar file with the stream’s title, start and an alarm', async () => {
    platform.current = 'h5'
    const files: Blob[] = []
    const createObjectURL = jest.fn((blob: Blob) => {
      files.push(blob)
      return 'blob:alfa/1'
    })
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() })
    const clicked = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('live-LIVE003.ics')
    })
    const page = await open(async () => answer())
    expect(button(page.container).textContent).toBe('添加到日历')
    await page.utils.act(async () => button(page.container).click())
    expect(clicked).toHaveBeenCalledTimes(1)
    expect(files[0].type).toBe('text/calendar;charset=utf-8')
    const ics = await new Promise<string>((resolve) => {
      const reader = new FileReader()
      // readAsText: the result is the text.
      reader.onload = () => resolve(reader.result as string)
      reader.readAsText(files[0])
    })
    expect(ics).toContain('SUMMARY:直播：养老投资怎么做')
    expect(ics).toContain('DTSTART:20261007T113000Z')
    expect(ics).toContain('TRIGGER:-PT10M')
    expect(page.text()).toContain(CALENDAR_TEXT)
  })
})
