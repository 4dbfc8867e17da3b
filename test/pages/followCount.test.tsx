import { user } from '@/services/user'
import { hostStorage } from '@/services/storage'
import { answerCache } from '@/services/answerCache'
import PortfolioDetailPage from '@/subPkg/pages/portfolio/detail/index'
import { renderPage, flush, serveGraphql } from '../support/render'
import { portfolio } from '../support/portfolioAnswer'

/**
 * The strategy page's 人关注 while a follow is in flight (issue #19): one more at once on a follow,
 * one fewer on an unfollow, then the server's count.
 */
jest.mock('@/components/Chart', () => ({ ...jest.requireActual('@/components/Chart'), Chart: () => <div className='chart-stub' /> }))

async function open(poCode: string) {
  const r = await renderPage(PortfolioDetailPage, '/subPkg/pages/portfolio/detail/index', { poCode })
  await r.utils.act(async () => {
    await flush()
    await flush()
  })
  for (let i = 0; i < 200 && !r.container.querySelector('.alfa-po-foot, .alfa-empty'); i++)
    await r.utils.act(async () => {
      await new Promise((done) => setTimeout(done, 10))
    })
  return r
}

beforeEach(() => {
  jest.restoreAllMocks()
  hostStorage.remove('portfolio_kinds')
  answerCache.clear()
  user.logout()
  document.body.innerHTML = ''
  user.login('header.eyJleHAiOjQxMDI0NDQ4MDB9.sig')
  user.setUserId('U1')
})

describe('人关注 while a follow is in flight', () => {
  for (const [what, followed, during, after] of [
    ['a follow adds one at once, then shows the server’s count', false, '501人关注', '530人关注'],
    ['an unfollow takes one away at once, then shows the server’s count', true, '499人关注', '480人关注'],
  ] as const) {
    it(what, async () => {
      let answer: (count: number) => void = () => undefined
      serveGraphql({
        Portfolio: () => ({ portfolio: portfolio({ followersCount: 500, hasFollowed: followed }) }),
        toggleFollow: (vars) =>
          new Promise(
            (resolve) => (answer = (count) => resolve({ toggleFollow: { hasFollowed: vars.state, followersCount: count, error: null } })),
          ),
      })
      const { container, text, utils } = await open('ZH015676')
      const button = () => container.querySelector('.alfa-po-follow') as HTMLElement
      expect(text()).toContain('500人关注')
      expect(button().textContent).toBe(followed ? '已关注' : '+ 关注')
      await utils.act(async () => {
        button().click()
        await flush()
      })
      expect(button().getAttribute('aria-busy')).toBe('true')
      expect(text()).toContain(during)
      expect(button().textContent).toBe(followed ? '+ 关注' : '已关注')
      await utils.act(async () => {
        answer(followed ? 480 : 530)
        await flush()
        await flush()
      })
      expect(text()).toContain(after)
      expect(button().textContent).toBe(followed ? '+ 关注' : '已关注')
    })
  }
})
