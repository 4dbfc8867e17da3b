import path from 'node:path'
import * as api from '@/services/api'
import { planLink, type LinkRules } from '@/services/links'
import { canOpen } from '@/features/home/links'
import type { HomeData } from '@/features/home/homeData'
import type { M4Answer } from '@/services/api'

/**
 * The home page's mini-program source (homeSource.ts; jest resolves the H5 variant by default)
 * and the addresses its configured content may link to (features/home/links.ts).
 */

const FEED: M4Answer = {
  banners: [
    {
      adId: 'B1',
      imgUrl: '/b.png',
      recCode: 'HOME_BANNER',
      displayName: '长赢',
      trackProperties: { a: 1 },
      url: '/alfa/portfolio/LW000001',
    },
  ],
  ads: [],
  shortcuts: [{ picture: null, link: '/alfa/fund/000001', main: '基金', trackProperties: null }],
  notice: [{ image: null, link: null, content: '公告' }],
  config: [
    { key: 'homeDisclaimer', value: '基金有风险' },
    { key: 'other', value: null },
  ],
  liveEnabled: false,
  marketIndices: [
    { indexCode: '000001', indexName: '上证指数', latest: '3000.00', changePercent: '0.010000', date: '2026-11-20', isDemo: true },
  ],
  portfolios: [
    { poCode: 'ZH015676', poName: '全球多元配置', subTitle: null, riskLevel: 'Medium', seriesType: null, performanceShowcase: [] },
  ],
  handPicked: [],
  liveStreams: [{ liveId: 'LIVE001', title: '直播', coverUrl: null, status: 'LIVE', startsAt: '2026-11-20T11:30:00.000Z' }],
  columns: [{ columnId: 'C100', title: '投资入门', articles: [] }],
}

describe('the mini-programs read the home from /m4 alone', () => {
  it('maps every part of the feed, the config as key → value', async () => {
    const m4 = jest.spyOn(api, 'm4').mockResolvedValue(FEED)
    const { loadHome } = jest.requireActual<{ loadHome: () => Promise<HomeData> }>(
      path.join(__dirname, '../../src/features/home/homeSource.ts'),
    )
    const home = await loadHome()
    expect(m4).toHaveBeenCalledTimes(1)
    expect(home).toEqual({
      banners: FEED.banners,
      ads: [],
      shortcuts: FEED.shortcuts,
      notice: FEED.notice,
      config: { homeDisclaimer: '基金有风险', other: null },
      liveEnabled: false,
      marketIndices: FEED.marketIndices,
      strategies: FEED.portfolios,
      handPicked: [],
      liveStreams: FEED.liveStreams,
      columns: FEED.columns,
    })
  })
})

describe('the screen an address of configured content opens (the app’s one link rule, services/links.ts)', () => {
  const rules: LinkRules = {
    target: 'weapp',
    productHosts: ['localhost'],
    allowedHosts: ['localhost', 'alfa.example'],
    allowHttp: false,
    token: null,
    now: 7,
  }
  it.each([
    ['/alfa/portfolio/LW000001', 'portfolioEntry', { poCode: 'LW000001' }],
    ['/alfa/portfolio/modals', 'portfolioModals', {}],
    ['/alfa/portfolio/ZH015676/detail?from=ad', 'portfolioDetail', { poCode: 'ZH015676', from: 'ad' }],
    ['/alfa/fund/000001', 'fundEntry', { fundCode: '000001' }],
    ['/alfa/fund/achieves/000001?tabIndex=1', 'fundArchives', { fundCode: '000001', tabIndex: '1' }],
    ['/pages/diagnosis/index', 'diagnosis', {}],
    ['/subPkg/pages/live/index?liveId=LIVE001', 'live', { liveId: 'LIVE001' }],
    ['https://localhost/subPkg/pages/fundList/index', 'fundList', {}],
  ])('%s → %s', (url, route, params) => {
    const plan = planLink(url, {}, rules)
    expect(plan).toMatchObject({ kind: 'app', route })
    const query = Object.fromEntries(new URL(plan.url, 'https://x').searchParams)
    expect(query).toEqual({ ...params, ts: '7' })
  })

  it('an allowed web page opens as a web page; an unknown app path, an off-list host or a script opens no screen', () => {
    expect(planLink('https://www.alfa.example/activity/1', {}, rules).kind).toBe('web')
    expect(planLink('/no/such/page', {}, rules)).toMatchObject({ kind: 'app', route: 'notFound' })
    for (const url of ['//evil.example/pages/home/index', 'javascript:alert(1)', '']) expect(planLink(url, {}, rules).kind).toBe('refused')
  })
})

describe('canOpen: which configured entries the home shows (an entry that opens nothing is hidden)', () => {
  it('a screen of the app opens; an unknown app path (the not-found page), a script url or no url does not', () => {
    expect(canOpen('/alfa/fund/000001')).toBe(true)
    expect(canOpen('/no/such/page')).toBe(false)
    expect(canOpen('javascript:alert(1)')).toBe(false)
    expect(canOpen(null)).toBe(false)
  })
})
