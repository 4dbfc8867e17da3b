import * as login from '@/services/login'
import * as navigation from '@/services/navigation'
import { user } from '@/services/user'
import { GraphQLClientError } from '@/services/graphql'
import MessagesPage from '@/subPkg/pages/messages/index'
import NavAlertPage from '@/subPkg/pages/navAlert/index'
import { flush, openPage } from '../support/render'

/**
 * NAV alerts (issue #25): 净值提醒 of a fund saves each filled condition and removes each cleared
 * one, says why a value is refused before asking (and in the server's words after), and 消息 lists
 * the alerts with unread marks; tapping one marks it read and opens its fund.
 */

const TOKEN = 'header.eyJleHAiOjQxMDI0NDQ4MDB9.sig'
const FUND = { fundCode: '110011', fundName: '易方达优质精选混合', nav: '5.1500', navDate: '2024-01-04', dailyReturn: '-0.009634' }
const input = (c: HTMLElement, kind: string) =>
  c.querySelector(`[data-kind="${kind}"] input, [data-kind="${kind}"] .alfa-alert__input`) as HTMLElement
const type = (el: HTMLElement, value: string) => el.dispatchEvent(new CustomEvent('input', { detail: { value }, bubbles: true }))

beforeEach(() => {
  jest.restoreAllMocks()
  user.logout()
  document.body.innerHTML = ''
})

describe('净值提醒', () => {
  it('anonymous: asked to log in (去登录 starts it), nothing asked of the server', async () => {
    const startLogin = jest.spyOn(login, 'startLogin').mockResolvedValue('signup')
    const { text, execute, container, utils } = await openPage(NavAlertPage, 'subPkg/pages/navAlert/index', { fundCode: '110011' }, {})
    expect(execute).not.toHaveBeenCalled()
    expect(text()).toContain('登录后设置净值提醒')
    expect(startLogin).not.toHaveBeenCalled()
    await utils.act(async () => {
      utils.fireEvent.click(container.querySelector('.alfa-empty__action') as HTMLElement)
    })
    expect(startLogin).toHaveBeenCalledTimes(1)
  })

  describe('signed in', () => {
    beforeEach(() => {
      user.login(TOKEN)
      user.setUserId('U1')
    })

    it('shows the fund’s NAV and the saved rules; 保存 sets the filled ones and removes the cleared ones', async () => {
      let rules = [{ kind: 'FALL', threshold: '5.00' }]
      const calls: string[] = []
      const { container, text, utils, execute } = await openPage(
        NavAlertPage,
        'subPkg/pages/navAlert/index',
        { fundCode: '110011' },
        {
          NavAlerts: () => ({ fund: FUND, myNavAlerts: rules }),
          SetNavAlert: (v) => {
            calls.push(`set ${String(v.kind)} ${String(v.threshold)}`)
            return { setNavAlert: { kind: v.kind, threshold: v.threshold } }
          },
          RemoveNavAlert: (v) => {
            calls.push(`remove ${String(v.kind)}`)
            return { removeNavAlert: true }
          },
        },
      )
      expect(text()).toContain('易方达优质精选混合')
      expect(text()).toContain('单位净值 5.1500（01-04）')
      expect(text()).toContain('-0.96%')
      expect((input(container, 'FALL') as HTMLInputElement).value).toBe('5.00')
      expect(container.querySelector('[data-kind="FALL"]')?.textContent).toContain('已开启')
      await utils.act(async () => {
        type(input(container, 'RISE'), '3')
        type(input(container, 'FALL'), '')
      })
      rules = [{ kind: 'RISE', threshold: '3.00' }]
      await utils.act(async () => {
        utils.fireEvent.click(container.querySelector('.alfa-alert__save') as HTMLElement)
        for (let i = 0; i < 4; i++) await flush()
      })
      expect(calls).toEqual(['set RISE 3', 'remove FALL'])
      expect(execute).toHaveBeenCalledTimes(4) // the load, two changes, the reload
      expect(container.querySelector('[data-kind="RISE"]')?.textContent).toContain('已开启')
      expect(container.querySelector('[data-kind="FALL"]')?.textContent).not.toContain('已开启')
    })

    it('a threshold that could never trigger is refused under its field before anything is sent; the server’s refusal shows the same way', async () => {
      const { container, utils, execute } = await openPage(
        NavAlertPage,
        'subPkg/pages/navAlert/index',
        { fundCode: '110011' },
        {
          NavAlerts: () => ({ fund: FUND, myNavAlerts: [] }),
          SetNavAlert: () => {
            throw new GraphQLClientError('graphql', 'refused', [
              { message: '请先把这只基金加入自选，再设置净值提醒', extensions: { code: 'BAD_USER_INPUT' } },
            ])
          },
        },
      )
      await utils.act(async () => {
        type(input(container, 'FALL'), '100')
        type(input(container, 'BELOW'), '0')
      })
      await utils.act(async () => {
        utils.fireEvent.click(container.querySelector('.alfa-alert__save') as HTMLElement)
        await flush()
      })
      expect(container.querySelector('[data-kind="FALL"] [role="alert"]')?.textContent).toMatch(/永远不会触发/)
      expect(container.querySelector('[data-kind="BELOW"] [role="alert"]')?.textContent).toMatch(/永远不会触发/)
      expect(execute).toHaveBeenCalledTimes(1)

      await utils.act(async () => {
        type(input(container, 'FALL'), '5')
        type(input(container, 'BELOW'), '')
      })
      await utils.act(async () => {
        utils.fireEvent.click(container.querySelector('.alfa-alert__save') as HTMLElement)
        for (let i = 0; i < 4; i++) await flush()
      })
      expect(container.querySelector('[data-kind="FALL"] [role="alert"]')?.textContent).toBe('请先把这只基金加入自选，再设置净值提醒')
    })

    it('an unknown fund is the not-found state', async () => {
      const { text } = await openPage(
        NavAlertPage,
        'subPkg/pages/navAlert/index',
        { fundCode: '999998' },
        { NavAlerts: () => ({ fund: null, myNavAlerts: [] }) },
      )
      expect(text()).toContain('基金不存在')
    })
  })
})

describe('消息', () => {
  const message = (id: string, read: boolean, over: Record<string, unknown> = {}) => ({
    id,
    kind: 'NAV_ALERT',
    fundCode: '110011',
    navDate: '2024-01-04',
    title: '净值提醒：易方达优质精选混合',
    body: `2024-01-04 单位净值 5.1500，日涨跌幅 -0.96%，达到你设置的「日跌幅 ≥ 0.90%」 #${id}`,
    createdAt: '2024-01-04T20:00:00+08:00',
    read,
    ...over,
  })
  const answer = (list: unknown[]) => ({
    myMessages: {
      totalCount: list.length,
      unreadCount: list.filter((m) => !(m as { read: boolean }).read).length,
      pageInfo: { cursor: null, hasMore: false },
      list,
    },
  })

  beforeEach(() => {
    user.login(TOKEN)
    user.setUserId('U1')
  })

  it('lists the messages with the unread count; tapping an unread one marks it read and opens its fund', async () => {
    const navigate = jest.spyOn(navigation, 'navigateTo').mockImplementation(() => undefined)
    const marked: unknown[] = []
    const { container, text, utils } = await openPage(
      MessagesPage,
      'subPkg/pages/messages/index',
      {},
      {
        UserMessages: () => answer([message('2', false), message('1', true)]),
        MarkMessagesRead: (v) => {
          marked.push(v.ids ?? 'all')
          return { markMessagesRead: 1 }
        },
      },
    )
    expect(text()).toContain('1 条未读')
    const rows = container.querySelectorAll('.alfa-messages__row')
    expect(rows).toHaveLength(2)
    expect(rows[0].classList.contains('alfa-messages__row--unread')).toBe(true)
    expect(rows[1].classList.contains('alfa-messages__row--unread')).toBe(false)
    await utils.act(async () => {
      utils.fireEvent.click(rows[0])
      await flush()
    })
    expect(marked).toEqual([['2']])
    expect(navigate).toHaveBeenCalledWith('fund', { fundCode: '110011' })
    expect(container.querySelector('.alfa-messages__row')?.classList.contains('alfa-messages__row--unread')).toBe(false)
    expect(text()).toContain('全部已读')
  })

  it('全部已读 marks every message', async () => {
    const marked: unknown[] = []
    const { container, utils } = await openPage(
      MessagesPage,
      'subPkg/pages/messages/index',
      {},
      {
        UserMessages: () => answer(marked.length ? [message('2', true), message('1', true)] : [message('2', false), message('1', false)]),
        MarkMessagesRead: (v) => {
          marked.push(v.ids ?? 'all')
          return { markMessagesRead: 2 }
        },
      },
    )
    await utils.act(async () => {
      utils.fireEvent.click(container.querySelector('.alfa-messages__all') as HTMLElement)
      for (let i = 0; i < 3; i++) await flush()
    })
    expect(marked).toEqual(['all'])
    expect(container.querySelectorAll('.alfa-messages__row--unread')).toHaveLength(0)
  })

  it('no message: says how to get one', async () => {
    const { text } = await openPage(MessagesPage, 'subPkg/pages/messages/index', {}, { UserMessages: () => answer([]) })
    expect(text()).toContain('暂无消息')
  })
})
