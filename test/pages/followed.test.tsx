import * as login from '@/services/login'
import * as navigation from '@/services/navigation'
import { user } from '@/services/user'
import { followStore } from '@/features/portfolio'
import FollowedPage from '@/subPkg/pages/followed/index'
import { flush, renderPage, serveGraphql, type GraphqlAnswers } from '../support/render'

/**
 * 我的关注 (issue #21): an anonymous user is sent to log in; a signed-in user sees each followed
 * strategy with its kind, the day's and the since-set-up returns; 取消关注 takes the row away at
 * once through the follow store (so the strategy's page agrees), and a failed one brings it back.
 */

const row = (poCode: string, poName: string, over: Record<string, unknown> = {}) => ({
  navDate: '2026-11-20',
  dailyReturn: '0.0123',
  totalReturn: '-0.0456',
  portfolio: { poCode, poName, subTitle: null, seriesType: null, isCustomPlan: false, followersCount: 120 },
  ...over,
})
const page = (list: unknown[], hasMore = false, cursor: string | null = null) => ({
  me: { userId: 'U1', followedPortfolios: { totalCount: list.length, pageInfo: { cursor, hasMore }, list } },
})

const ROWS = [
  row('LW000001', '长赢指数投资计划', {
    portfolio: {
      poCode: 'LW000001',
      poName: '长赢指数投资计划',
      subTitle: null,
      seriesType: 'LONG_WIN',
      isCustomPlan: false,
      followersCount: 5000,
    },
  }),
  row('ZH015676', '全球多元配置'),
]

async function open(answers: GraphqlAnswers) {
  const execute = serveGraphql(answers)
  const r = await renderPage(FollowedPage, '/subPkg/pages/followed/index')
  for (let i = 0; i < 3; i++) await r.utils.act(flush)
  return { ...r, execute }
}
const names = (container: HTMLElement) => [...container.querySelectorAll('.alfa-followed__name')].map((n) => n.textContent)

beforeEach(() => {
  jest.restoreAllMocks()
  user.logout()
  followStore.clear()
  document.body.innerHTML = ''
})

describe('我的关注', () => {
  it('anonymous: sent to log in at once, nothing asked; 去登录 starts it again', async () => {
    const startLogin = jest.spyOn(login, 'startLogin').mockResolvedValue('signup')
    const { text, container, utils, execute } = await open({})
    expect(startLogin).toHaveBeenCalledTimes(1)
    expect(execute).not.toHaveBeenCalled()
    expect(text()).toContain('登录后查看我的关注')
    await utils.act(async () => {
      utils.fireEvent.click(container.querySelector('.alfa-empty__action') as HTMLElement)
    })
    expect(startLogin).toHaveBeenCalledTimes(2)
  })

  describe('signed in', () => {
    beforeEach(() => {
      user.login('header.eyJleHAiOjQxMDI0NDQ4MDB9.sig')
      user.setUserId('U1')
    })

    it('lists each followed strategy with its kind, the day’s return (with its NAV date) and the return since set-up', async () => {
      const { container, text } = await open({ FollowedPortfolios: () => page(ROWS) })
      expect(names(container)).toEqual(['长赢指数投资计划', '全球多元配置'])
      const rows = container.querySelectorAll('.alfa-followed__row')
      expect(rows[0].textContent).toContain('长赢计划')
      expect(rows[1].textContent).toContain('策略')
      const daily = rows[1].querySelector('[data-figure="daily"]') as HTMLElement
      const total = rows[1].querySelector('[data-figure="total"]') as HTMLElement
      expect(daily.textContent).toBe('+1.23%日涨跌（11-20）')
      expect(daily.querySelector('.alfa-num')?.className).toContain('alfa-num--up')
      expect(total.textContent).toBe('-4.56%成立以来')
      expect(total.querySelector('.alfa-num')?.className).toContain('alfa-num--down')
      expect(text()).toContain('没有更多了')
    })

    it('取消关注 takes the row away at once, tells the follow store (the strategy page agrees) and asks the list again', async () => {
      let remaining = ROWS
      const toggles: unknown[] = []
      let release: () => void = () => undefined
      const { container, utils, execute } = await open({
        FollowedPortfolios: () => page(remaining),
        toggleFollow: (vars) => {
          toggles.push(vars)
          return new Promise((resolve) => {
            release = () => {
              remaining = ROWS.slice(0, 1)
              resolve({ toggleFollow: { hasFollowed: false, followersCount: 119, error: null } })
            }
          })
        },
      })
      expect(followStore.state('ZH015676')).toEqual({ followed: true, followersCount: 120 })
      const button = container.querySelector('[aria-label="取消关注全球多元配置"]') as HTMLElement
      await utils.act(async () => {
        utils.fireEvent.click(button)
        await flush()
      })
      // At once, while the server has not answered yet.
      expect(names(container)).toEqual(['长赢指数投资计划'])
      expect(followStore.state('ZH015676')?.followed).toBe(false)
      await utils.act(async () => {
        release()
        await flush()
      })
      for (let i = 0; i < 3; i++) await utils.act(flush)
      expect(toggles).toEqual([{ poCode: 'ZH015676', state: false }])
      expect(followStore.state('ZH015676')).toEqual({ followed: false, followersCount: 119 })
      expect(names(container)).toEqual(['长赢指数投资计划'])
      const asked = execute.mock.calls.filter(([doc]) => String(doc).includes('query FollowedPortfolios')).length
      expect(asked).toBe(2)
    })

    it('a 取消关注 the server refuses brings the row back', async () => {
      const { container, utils } = await open({
        FollowedPortfolios: () => page(ROWS),
        toggleFollow: async () => {
          throw new Error('request:fail')
        },
      })
      await utils.act(async () => {
        utils.fireEvent.click(container.querySelector('[aria-label="取消关注全球多元配置"]') as HTMLElement)
        await flush()
        await flush()
      })
      expect(names(container)).toEqual(['长赢指数投资计划', '全球多元配置'])
      expect(followStore.state('ZH015676')?.followed).toBe(true)
    })

    it('nothing followed: says so, with a way to the strategies', async () => {
      const nav = jest.spyOn(navigation, 'navigateTo').mockImplementation(() => undefined)
      const { container, text, utils } = await open({ FollowedPortfolios: () => page([]) })
      expect(text()).toContain('还没有关注的策略')
      await utils.act(async () => {
        utils.fireEvent.click(container.querySelector('.alfa-empty__action') as HTMLElement)
      })
      expect(nav).toHaveBeenCalledWith('product')
    })

    it('pages: 上拉加载更多 asks the next page with the cursor', async () => {
      const asked: unknown[] = []
      const { container, utils } = await open({
        FollowedPortfolios: (vars) => {
          asked.push(vars)
          const cursor = (vars.page as { cursor: string | null }).cursor
          return cursor ? page([row('ZH015677', '稳健理财组合')]) : page(ROWS, true, 'Mg')
        },
      })
      await utils.act(async () => {
        utils.fireEvent.click(container.querySelector('.alfa-load-more') as HTMLElement)
        await flush()
      })
      expect(names(container)).toEqual(['长赢指数投资计划', '全球多元配置', '稳健理财组合'])
      expect(asked).toEqual([{ page: { cursor: null, size: 20 } }, { page: { cursor: 'Mg', size: 20 } }])
    })
  })
})
