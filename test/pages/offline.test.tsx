import * as api from '@/services/api'
import * as graphql from '@/services/graphql'
import { GraphQLClientError } from '@/services/graphql'
import { setTransport } from '@/services/request'
import { user } from '@/services/user'
import { STALE_TEXT } from '@/components/AsyncContent'
import FundPage from '@/pages/fund/index'
import FavouritesPage from '@/pages/favourites/index'
import FavouritesManagePage from '@/pages/favouritesManage/index'
import { renderPage, flush, serveGraphql, type GraphqlAnswers } from '../support/render'
import { liveToken } from '../support/services'

jest.mock('@/components/Chart', () => {
  const actual = jest.requireActual('@/components/Chart')
  return { ...actual, Chart: () => <div className='chart-stub' /> }
})

const FUND = {
  fundCode: '000001',
  fundName: '甲成长混合',
  categoryCode: 'MIXED',
  categoryName: '混合型',
  riskLevelName: '中高风险',
  offeringStageName: '已成立',
  setupDate: '2019-03-01',
  isTerminated: false,
  terminatedDate: null,
  nav: '1.23456',
  navDate: '2026-09-30',
  dailyReturn: '0.0123',
  intro: '精选成长股。',
  isDemo: true,
  manager: null,
  performance: { periodReturns: [{ period: '1Y', label: '近1年', value: '-0.0512' }] },
  tradeRules: { canBuy: true, canNotBuyReason: null, buyFeeRate: '0.0015', lowestBuyAmount: '10', redeemRules: [] },
  topHoldings: { reportDate: null, isDemo: true, list: [] },
}
const CHART = {
  fund: {
    fundCode: '000001',
    navHistory: [
      { date: '2026-09-29', value: '1.0000' },
      { date: '2026-09-30', value: '1.1000' },
    ],
    comparisonBenchmark: null,
  },
}
const pick = (fundCode: string, fundName: string) => ({
  seq: 1,
  fund: { fundCode, fundName, nav: '1.0000', navDate: '2024-06-28', dailyReturn: null },
  returns: { m1: null, m3: null, m6: null, y1: null, y3: null, ytd: null },
})

/** The API cannot be reached: every call fails as a network error does. */
const offline = () =>
  jest.spyOn(graphql, 'execute').mockImplementation(async () => {
    throw new GraphQLClientError('network', 'request:fail')
  })

const mounted: { unmout: () => void }[] = []
async function visit(Page: Parameters<typeof renderPage>[0], path: string, params: Record<string, string> = {}) {
  const page = await renderPage(Page, path, params)
  mounted.push(page.utils)
  await page.utils.act(flush)
  await page.utils.act(flush)
  return page
}
/** Leaves the screen (the page unmounts), as navigating away and coming back later does. */
function leave() {
  mounted.splice(0).forEach((u) => u.unmout())
  document.body.innerHTML = ''
  jest.restoreAllMocks()
}

beforeEach(() => {
  setTransport(async () => ({ statusCode: 200, data: { code: 200, msg: 'ok', data: {} }, header: {} }))
})
afterEach(() => {
  leave()
  user.logout()
})

const answers: GraphqlAnswers = { FundDetail: () => ({ fund: FUND }), FundChart: () => CHART }

describe('a revisited screen shows its last answer at once, and without the API it stays, marked not fresh', () => {
  it('fund detail: the kept fund with the notice and 重试; a retry that gets through removes the notice', async () => {
    serveGraphql(answers)
    await visit(FundPage, 'pages/fund/index', { fundCode: '000001' })
    leave()
    offline()
    const page = await visit(FundPage, 'pages/fund/index', { fundCode: '000001' })
    expect(page.text()).toContain('甲成长混合')
    expect(page.text()).toContain('1.2346')
    expect(page.text()).toContain(STALE_TEXT)
    expect(page.container.querySelector('.alfa-skeleton')).toBeNull()
    jest.restoreAllMocks()
    serveGraphql({ FundDetail: () => ({ fund: { ...FUND, nav: '1.30000' } }), FundChart: () => CHART })
    await page.utils.act(async () => {
      page.utils.fireEvent.click(page.container.querySelector('.alfa-stale__retry') as HTMLElement)
      await flush()
    })
    expect(page.text()).toContain('1.3000')
    expect(page.text()).not.toContain(STALE_TEXT)
  })

  it('a screen never visited shows the network-error state with 重试, not a blank page or a skeleton', async () => {
    offline()
    const page = await visit(FundPage, 'pages/fund/index', { fundCode: '000002' })
    expect(page.text()).toContain('加载失败')
    expect(page.container.querySelector('.alfa-empty__action')?.textContent).toBe('重试')
    expect(page.container.querySelector('.alfa-skeleton')).toBeNull()
  })
})

describe('the watchlist is kept per user', () => {
  it("after logout the next user never sees the last user's picks, even offline", async () => {
    user.restore(liveToken('u1'))
    jest.spyOn(graphql, 'execute').mockImplementation(async () => ({ myPicks: [pick('000001', '甲成长混合')] }))
    const first = await visit(FavouritesPage, 'pages/favourites/index')
    expect(first.text()).toContain('甲成长混合')
    leave()
    user.logout()
    user.restore(liveToken('u2'))
    offline()
    const next = await visit(FavouritesPage, 'pages/favourites/index')
    expect(next.text()).not.toContain('甲成长混合')
    expect(next.text()).toContain('加载失败')
  })

  it('an order saved in 管理自选 is the order the watchlist shows on an offline revisit', async () => {
    user.restore(liveToken('u1'))
    jest
      .spyOn(graphql, 'execute')
      .mockImplementation(async () => ({ myPicks: [pick('000001', '甲成长混合'), pick('000002', '乙稳健债券')] }))
    jest.spyOn(api, 'pickList').mockResolvedValue({ list: [] } as never)
    jest.spyOn(api, 'managePickSeq').mockResolvedValue({} as never)
    const manage = await visit(FavouritesManagePage, 'pages/favouritesManage/index')
    await manage.utils.act(async () => {
      manage.utils.fireEvent.click(manage.container.querySelector('[aria-label="乙稳健债券置顶"]') as HTMLElement)
      await flush()
    })
    leave()
    offline()
    const list = await visit(FavouritesPage, 'pages/favourites/index')
    expect(Array.from(list.container.querySelectorAll('.alfa-favourites__fund')).map((n) => n.textContent)).toEqual([
      '乙稳健债券',
      '甲成长混合',
    ])
    expect(list.text()).toContain(STALE_TEXT)
  })
})
