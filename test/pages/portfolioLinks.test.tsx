import Taro from '@tarojs/taro'
import * as web from '@/platform/web'
import { configureExternalHosts, externalHosts } from '@/services/external'
import AipDetailPage from '@/subPkg/pages/portfolio/aipDetail/index'
import FaqPage from '@/subPkg/pages/portfolio/faq/index'
import IntroPage from '@/subPkg/pages/portfolio/intro/index'
import SignalPage from '@/subPkg/pages/portfolio/signal/index'
import { flush, openPage } from '../support/render'

/**
 * Every link out of the strategy screens goes through the link rules (services/links.ts): an
 * allowed page opens in the tab (H5), an app path or our own article inside the app, anything
 * else on the refusal page with its address. None is hidden, none only toasts.
 */

const savedHosts = externalHosts()
let assign: jest.SpyInstance
let navigate: jest.SpyInstance
beforeEach(() => {
  configureExternalHosts(['alfa.example'])
  assign = jest.spyOn(web, 'assignLocation').mockImplementation(() => undefined)
  navigate = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' })
})
afterEach(() => {
  configureExternalHosts(savedHosts)
  document.body.innerHTML = ''
  jest.restoreAllMocks()
})

type Shown = Awaited<ReturnType<typeof openPage>>
async function tap(shown: Shown, el: Element | null | undefined) {
  expect(el).toBeTruthy()
  await shown.utils.act(async () => {
    shown.utils.fireEvent.click(el as Element)
    await flush()
  })
}
const linkByText = (shown: Shown, text: string) =>
  Array.from(shown.container.querySelectorAll('[role="link"]')).find((e) => e.textContent?.includes(text))
/** Where navigation went, without the ts. */
const navigated = () => navigate.mock.calls.map((c) => String(c[0].url).replace(/[?&]ts=\d+$/, ''))
const REFUSED = (url: string) => `/subPkg/pages/externalLink/index?url=${encodeURIComponent(url)}`

const signal = (link: string) => ({
  sigId: 'S1',
  date: '2026-08-14',
  shortDescription: '买入1份行业基金',
  signalActionName: '买入',
  displaySignalAmount: true,
  introduction: { title: '买入信号', description: '根据估值与趋势发出的操作信号。', link },
  buyOrders: [],
  convertOrders: [],
})
const signals = (link: string) => () => ({
  portfolio: {
    poCode: 'LW000001',
    poName: '长赢指数投资计划',
    signals: { totalCount: 1, pageInfo: { cursor: null, hasMore: false }, list: [signal(link)] },
  },
})

describe('links out of the strategy screens', () => {
  it('signal details: an allowed page opens in the tab; an off-list one on the refusal page', async () => {
    let shown = await openPage(
      SignalPage,
      'subPkg/pages/portfolio/signal/index',
      { poCode: 'LW000001' },
      { Signals: signals('https://www.alfa.example/signal/S1') },
    )
    await tap(shown, linkByText(shown, '查看详情'))
    expect(assign.mock.calls).toEqual([['https://www.alfa.example/signal/S1']])
    document.body.innerHTML = ''
    jest.mocked(Taro.navigateTo).mockClear()
    shown = await openPage(
      SignalPage,
      'subPkg/pages/portfolio/signal/index',
      { poCode: 'LW000001' },
      { Signals: signals('https://evil.example/s') },
    )
    await tap(shown, linkByText(shown, '查看详情'))
    expect(navigated()).toEqual([REFUSED('https://evil.example/s')])
    expect(assign).toHaveBeenCalledTimes(1)
  })

  it('a regular-investment suggestion’s 查看解读 opens an app path inside the app', async () => {
    const shown = await openPage(
      AipDetailPage,
      'subPkg/pages/portfolio/aipDetail/index',
      { poCode: 'ZH015676', sigId: 'AIP-1' },
      {
        AipAdvice: () => ({
          portfolio: { poCode: 'ZH015676', poName: '全球多元配置' },
          aipAdvice: {
            sigId: 'AIP-1',
            buyDate: '2026-09-02',
            buyRate: '0.9',
            issueNumber: 1,
            buyValidUntilTime: '2026-09-05T07:00:00.000Z',
            introduction: { tags: [], title: '第1期', description: '说明', link: '/subPkg/pages/article/index?articleId=A10001' },
            buyOrders: [],
          },
        }),
      },
    )
    await tap(shown, linkByText(shown, '查看解读'))
    expect(navigated()).toEqual(['/subPkg/pages/article/index?articleId=A10001'])
    expect(assign).not.toHaveBeenCalled()
  })

  it('the intro video and a pinned post open through the rules', async () => {
    const shown = await openPage(
      IntroPage,
      'subPkg/pages/portfolio/intro/index',
      { poCode: 'ZH015677' },
      {
        PortfolioIntro: () => ({
          portfolio: {
            poCode: 'ZH015677',
            poName: '积极成长优选',
            seriesType: null,
            isCustomPlan: false,
            preference: { hasIntroPage: true, introImageUrls: [] },
            introVideo: { videoId: 'V1', coverUrl: null, url: 'https://video.alfa.example/ZH015677', commentCount: 1, visitCount: 1 },
            pinnedPosts: [
              {
                postId: 'P1',
                url: 'https://community.alfa.example/post/P1',
                title: '置顶调仓解读',
                intro: null,
                postBy: { avatarUrl: null, level: 1, nickname: '主理人' },
                contents: [],
              },
              {
                postId: 'P2',
                url: 'https://evil.example/p2',
                title: '另一篇置顶',
                intro: null,
                postBy: { avatarUrl: null, level: 1, nickname: '主理人' },
                contents: [],
              },
            ],
          },
        }),
      },
    )
    await tap(shown, shown.container.querySelector('[aria-label^="播放策略介绍视频"]'))
    await tap(shown, linkByText(shown, '置顶调仓解读'))
    expect(assign.mock.calls).toEqual([['https://video.alfa.example/ZH015677'], ['https://community.alfa.example/post/P1']])
    await tap(shown, linkByText(shown, '另一篇置顶'))
    expect(navigated()).toEqual([REFUSED('https://evil.example/p2')])
  })

  it('a FAQ link shows and opens through the rules, off the list too (refusal page, not hidden)', async () => {
    const faq = [
      { question: '如何买入？', answer: '点击买入按钮。', link: 'https://www.alfa.example/faq/buy' },
      { question: '调仓时需要做什么？', answer: '一键跟随。', link: 'https://evil.example/faq' },
    ]
    const shown = await openPage(
      FaqPage,
      'subPkg/pages/portfolio/faq/index',
      { poCode: 'ZH015676' },
      { PoFaq: () => ({ portfolio: { poCode: 'ZH015676', poName: '全球多元配置', seriesType: null, isCustomPlan: false, faq } }) },
    )
    // One answer open at a time: each question, then its link.
    for (const i of [0, 1]) {
      await tap(shown, shown.container.querySelectorAll('.alfa-po-faq__question')[i])
      await tap(shown, linkByText(shown, '了解更多'))
    }
    expect(assign.mock.calls).toEqual([['https://www.alfa.example/faq/buy']])
    expect(navigated()).toEqual([REFUSED('https://evil.example/faq')])
  })
})
