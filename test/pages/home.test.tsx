import Taro from '@tarojs/taro'
import * as api from '@/services/api'
import * as graphql from '@/services/graphql'
import { GraphQLClientError } from '@/services/graphql'
import { tracker } from '@/services/tracking'
import { STALE_TEXT } from '@/components/AsyncContent'
import { HOME_ENTRIES } from '@/features/home'
import HomePage from '@/pages/home/index'
import { routeUrl } from '@/services/navigation'
import type { HomeQuery } from '@/services/generated/graphql'
import { sendBeacon } from '@/platform/beacon'
import { renderPage, flush } from '../support/render'

jest.mock('@/platform/beacon', () => ({ sendBeacon: jest.fn(async () => true), sendImageGet: jest.fn() }))

/** The events tracked so far, as the beacon sends them (event name and properties). */
async function tracked(): Promise<Array<{ event: string; properties: Record<string, unknown> }>> {
  await tracker.flush()
  return (sendBeacon as jest.Mock).mock.calls.flatMap(([, body]) => JSON.parse(body as string).events)
}

/**
 * The home page (issue #21): the skeleton under the entry tiles while its one request is out, then
 * banners, the market strip, strategies, live streams and column articles; the popular picks asked
 * only after that answer; offline, what it showed last with the not-fresh notice; an error with 重试;
 * taps on ads report their trackProperties and open their url.
 */

const HOME: HomeQuery = {
  banners: [
    {
      adId: 'AD_HOME_1',
      imgUrl: '/alfa/static/demo/v1/ad/1.png',
      recCode: 'HOME_BANNER',
      displayName: '长赢计划',
      trackProperties: { campaign: 'lw', position: 1 },
      url: '/alfa/portfolio/LW000001',
    },
    {
      adId: 'AD300',
      imgUrl: '/alfa/static/demo/v1/ad/0.png',
      recCode: 'HOME_BANNER',
      displayName: '广告位1',
      trackProperties: { ad_id: 'AD300' },
      url: 'https://elsewhere.example/activity/0',
    },
  ],
  ads: [
    {
      adId: 'AD_HOME_3',
      imgUrl: '/alfa/static/demo/v1/ad/3.png',
      recCode: 'HOME_AD',
      displayName: '更多基金',
      trackProperties: null,
      url: '/subPkg/pages/fundList/index',
    },
  ],
  shortcuts: {
    elements: [
      { picture: '/alfa/static/demo/v1/icon/fund.png', link: '/alfa/fund/000001', main: '基金', trackProperties: { entry: 'fund' } },
    ],
  },
  notice: { elements: [{ image: null, link: null, content: '演示数据：所有数据均为模拟生成。' }] },
  config: { elements: [{ key: 'homeDisclaimer', value: '基金有风险，投资需谨慎。' }] },
  liveSwitch: { value: 'true' },
  marketIndices: [
    { indexCode: '000001', indexName: '上证指数', latest: '3245.12', changePercent: '0.012345', date: '2026-11-20', isDemo: true },
    { indexCode: '399001', indexName: '深证成指', latest: '10234.50', changePercent: '-0.004000', date: '2026-11-20', isDemo: true },
  ],
  portfolios: {
    list: [
      {
        poCode: 'ZH015676',
        poName: '全球多元配置',
        subTitle: '股债金全球配置',
        riskLevel: 'Medium',
        seriesType: null,
        performanceShowcase: [
          { key: 'maxDrawdown', displayName: '最大回撤', valueText: '-24.38%', fontColor: 'Negative' },
          { key: 'annualized', displayName: '年化收益', valueText: '8.61%', fontColor: 'Positive' },
        ],
      },
    ],
  },
  liveStreams: [{ liveId: 'LIVE001', title: '四季度市场展望', coverUrl: null, status: 'LIVE', startsAt: '2026-11-20T11:30:00.000Z' }],
  allColumns: [
    {
      columnId: 'C100',
      title: '投资入门',
      articles: { list: [{ articleId: 'A10000', title: '投资入门｜第1期：如何看待市场波动', coverThumbnailUrl: null }] },
    },
    { columnId: 'C105', title: '养老投资', articles: { list: [] } },
  ],
}

const POPULAR = {
  list: [
    {
      fundCode: '000002',
      fundName: '乙价值精选',
      dailyReturn: '0.0150',
      pickCount: 321,
    },
  ],
} as unknown as api.PopularPicksAnswer

/** The home's request: answered when `answer` is called (or failing when `fail` is). */
function serveHome() {
  const calls: Array<{ resolve: (v: HomeQuery) => void; reject: (e: unknown) => void; vars: unknown }> = []
  const execute = jest.spyOn(graphql, 'execute').mockImplementation((doc: unknown, vars: unknown) => {
    expect(graphql.operationNameOf(String(doc))).toBe('Home')
    return new Promise((resolve, reject) => calls.push({ resolve, reject, vars }))
  })
  return { execute, calls }
}

async function open() {
  const page = await renderPage(HomePage, '/pages/home/index')
  await page.utils.act(flush)
  return page
}
const settle = async (utils: { act: (f: () => Promise<unknown>) => Promise<unknown> }) => {
  for (let i = 0; i < 4; i++) await utils.act(flush)
}

// Lazily loaded images watch the viewport; jsdom has no IntersectionObserver.
class NoIntersections {
  observe() {}
  unobserve() {}
  disconnect() {}
}
;(globalThis as { IntersectionObserver?: unknown }).IntersectionObserver ??= NoIntersections

let popular: jest.SpyInstance
beforeEach(() => {
  popular = jest.spyOn(api, 'popularPicks').mockResolvedValue(POPULAR)
  ;(sendBeacon as jest.Mock).mockClear()
})
afterEach(() => {
  jest.restoreAllMocks()
  document.body.innerHTML = ''
})

describe('the home page', () => {
  it('while its one request is out: the entry tiles and the skeleton, nothing else asked', async () => {
    const { execute, calls } = serveHome()
    const { container } = await open()
    expect(container.querySelectorAll('.alfa-home__entry')).toHaveLength(HOME_ENTRIES.length)
    expect(container.querySelector('.alfa-skeleton')).not.toBeNull()
    expect(execute).toHaveBeenCalledTimes(1)
    expect(calls[0].vars).toEqual({ feed: true })
    expect(popular).not.toHaveBeenCalled()
  })

  it('with its answer: banners, shortcuts, the notice, the market strip, strategies, the ad, live streams, columns and the disclaimer; then the popular picks', async () => {
    const { calls } = serveHome()
    const { container, text, utils } = await open()
    await utils.act(async () => {
      calls[0].resolve(HOME)
      await flush()
    })
    await settle(utils)
    expect(container.querySelector('.alfa-skeleton')).toBeNull()
    expect(container.querySelectorAll('.alfa-home__banner')).toHaveLength(2)
    expect(container.querySelectorAll('.alfa-home__feed-ad')).toHaveLength(1)
    for (const shown of [
      '基金',
      '演示数据：所有数据均为模拟生成。',
      '上证指数',
      '3245.12',
      '+1.23%',
      '-0.40%',
      '全球多元配置',
      '中风险',
      '8.61%',
      '年化收益',
      '四季度市场展望',
      '直播中',
      '11-20 19:30',
      '投资入门｜第1期：如何看待市场波动',
      '基金有风险，投资需谨慎。',
      '乙价值精选',
      '321人自选',
      '+1.50%',
    ])
      expect(text()).toContain(shown)
    // Gains red, losses green (UI.md).
    const changes = container.querySelectorAll('.alfa-home__quote-change')
    expect(changes[0].className).toContain('alfa-home__tone--rise')
    expect(changes[1].className).toContain('alfa-home__tone--fall')
    // A column without articles has no line; the mini-programs' hand-picked funds are not on H5.
    expect(text()).not.toContain('养老投资')
    expect(container.querySelector('[data-section="handPicked"]')).toBeNull()
    expect(popular).toHaveBeenCalledTimes(1)
    expect(popular).toHaveBeenCalledWith(6)
  })

  it('the live switch off hides the live streams', async () => {
    const { calls } = serveHome()
    const { container, utils } = await open()
    await utils.act(async () => {
      calls[0].resolve({ ...HOME, liveSwitch: { value: 'false' } })
      await flush()
    })
    await settle(utils)
    expect(container.querySelector('[data-section="live"]')).toBeNull()
    expect(container.querySelector('[data-section="market"]')).not.toBeNull()
  })

  it('an error: 加载失败 with 重试 under the entry tiles; 重试 asks again and shows the answer', async () => {
    const { calls, execute } = serveHome()
    const { container, text, utils } = await open()
    await utils.act(async () => {
      calls[0].reject(new GraphQLClientError('network', 'request:fail'))
      await flush()
    })
    expect(text()).toContain('加载失败')
    expect(container.querySelectorAll('.alfa-home__entry')).toHaveLength(HOME_ENTRIES.length)
    expect(popular).not.toHaveBeenCalled()
    await utils.act(async () => {
      utils.fireEvent.click(container.querySelector('.alfa-empty__action') as HTMLElement)
      await flush()
    })
    expect(execute).toHaveBeenCalledTimes(2)
    await utils.act(async () => {
      calls[1].resolve(HOME)
      await flush()
    })
    await settle(utils)
    expect(text()).toContain('全球多元配置')
    expect(text()).not.toContain('加载失败')
  })

  it('offline: what it showed last, with the not-fresh notice (the answer cache)', async () => {
    const first = serveHome()
    const visit = await open()
    await visit.utils.act(async () => {
      first.calls[0].resolve(HOME)
      await flush()
    })
    await settle(visit.utils)
    ;(visit.utils as unknown as { unmout: () => void }).unmout()
    jest.restoreAllMocks()
    document.body.innerHTML = ''

    jest.spyOn(graphql, 'execute').mockRejectedValue(new GraphQLClientError('network', 'request:fail'))
    jest.spyOn(api, 'popularPicks').mockRejectedValue(new Error('request:fail'))
    const { text, utils } = await open()
    await settle(utils)
    expect(text()).toContain(STALE_TEXT)
    expect(text()).toContain('全球多元配置')
    expect(text()).toContain('上证指数')
    expect(text()).toContain('乙价值精选')
    expect(text()).not.toContain('加载失败')
  })
})

describe('taps on the home page', () => {
  async function ready() {
    const { calls } = serveHome()
    const page = await open()
    await page.utils.act(async () => {
      calls[0].resolve(HOME)
      await flush()
    })
    await settle(page.utils)
    return page
  }

  it('a banner reports ad_click with its trackProperties and opens its app path as a screen', async () => {
    const navigateTo = jest.spyOn(Taro, 'navigateTo').mockImplementation(() => Promise.resolve() as never)
    const { container, utils } = await ready()
    await utils.act(async () => {
      utils.fireEvent.click(container.querySelector('[data-ad="AD_HOME_1"]') as HTMLElement)
    })
    const clicks = (await tracked()).filter((e) => e.event === 'ad_click')
    expect(clicks).toHaveLength(1)
    expect(clicks[0].properties).toMatchObject({
      campaign: 'lw',
      position: 1,
      ad_id: 'AD_HOME_1',
      rec_code: 'HOME_BANNER',
      url: '/alfa/portfolio/LW000001',
    })
    expect(navigateTo).toHaveBeenCalledWith({ url: expect.stringMatching(/^\/alfa\/portfolio\/LW000001\?ts=\d+$/) })
  })

  it('an ad whose url is off the allow-list is reported and opens the refusal page, never the address', async () => {
    const navigateTo = jest.spyOn(Taro, 'navigateTo').mockImplementation(() => Promise.resolve() as never)
    const { container, utils } = await ready()
    await utils.act(async () => {
      utils.fireEvent.click(container.querySelector('[data-ad="AD300"]') as HTMLElement)
    })
    expect((await tracked()).filter((e) => e.event === 'ad_click').map((e) => e.properties)).toEqual([
      expect.objectContaining({ ad_id: 'AD300', rec_code: 'HOME_BANNER' }),
    ])
    expect(navigateTo).toHaveBeenCalledTimes(1)
    expect(navigateTo.mock.calls[0][0].url).toMatch(/^\/subPkg\/pages\/externalLink\/index\?url=https%3A%2F%2F/)
  })

  it('the in-feed ad, a shortcut, a strategy, a live stream and an article open their screens', async () => {
    const navigateTo = jest.spyOn(Taro, 'navigateTo').mockImplementation(() => Promise.resolve() as never)
    const { container, utils } = await ready()
    const tap = async (selector: string) =>
      utils.act(async () => {
        utils.fireEvent.click(container.querySelector(selector) as HTMLElement)
      })
    await tap('[data-ad="AD_HOME_3"]')
    await tap('.alfa-home__shortcut')
    await tap('[data-po-code="ZH015676"]')
    await tap('[data-live-id="LIVE001"]')
    await tap('[data-article-id="A10000"]')
    await tap('[data-fund-code="000002"]')
    const urls = navigateTo.mock.calls.map(([o]) => (o as { url: string }).url.replace(/[?&]ts=\d+$/, ''))
    expect(urls).toEqual([
      '/subPkg/pages/fundList/index',
      '/alfa/fund/000001',
      '/alfa/portfolio/ZH015676',
      '/subPkg/pages/live/index?liveId=LIVE001',
      '/subPkg/pages/article/index?articleId=A10000',
      '/alfa/fund/000002/detail',
    ])
    expect((await tracked()).filter((e) => e.event === 'widget_click').map((e) => e.properties)).toEqual([
      expect.objectContaining({ entry: 'fund', widget: 'home_entries', url: '/alfa/fund/000001' }),
    ])
  })

  it('every entry tile opens its screen', async () => {
    serveHome()
    const navigateTo = jest.spyOn(Taro, 'navigateTo').mockImplementation(() => Promise.resolve() as never)
    const { container, utils } = await open()
    const tiles = [...container.querySelectorAll('.alfa-home__entry')] as HTMLElement[]
    for (const tile of tiles)
      await utils.act(async () => {
        utils.fireEvent.click(tile)
      })
    const urls = navigateTo.mock.calls.map(([o]) => (o as { url: string }).url.replace(/\?ts=\d+$/, ''))
    expect(urls).toEqual(HOME_ENTRIES.map((e) => ('route' in e ? routeUrl(e.route, {}, 'h5', 0).replace(/\?ts=\d+$/, '') : `/${e.page}`)))
    expect(new Set(urls).size).toBe(HOME_ENTRIES.length)
    for (const label of [
      '策略',
      '更多策略',
      '我的自选',
      '我的关注',
      '我的筛选',
      '选基',
      '行业主题',
      '更多基金',
      '更多经理',
      '专栏',
      '课程',
      '直播',
      '基金诊断',
      '基金术语',
      '我的账户',
    ])
      expect(HOME_ENTRIES.map((e) => e.label)).toContain(label)
  })
})
