import Taro from '@tarojs/taro'
import * as web from '@/platform/web'
import * as api from '@/services/api'
import { configureExternalHosts, externalHosts } from '@/services/external'
import { CLOSE_NATIVE_PAGE_DELAY_MS } from '@/services/navigation'
import { user } from '@/services/user'
import AppDownloadPage from '@/pages/appDownload/index'
import AppDownloadGuidePage from '@/pages/appDownloadGuide/index'
import AppOpenPage from '@/pages/appOpen/index'
import BackPage from '@/pages/back/index'
import DownloadingPage from '@/pages/downloading/index'
import SitePage from '@/pages/site/index'
import WalletPage from '@/pages/wallet/index'
import { mockClipboard } from '../support/clipboard'
import { flush, openPage, renderPage } from '../support/render'
import { liveToken } from '../support/services'
import { installFakeBridge, removeFakeBridge } from '../support/fakeBridge'

/**
 * The app's own pages (issue 21) with the server's configuration: the download pages by host kind
 * (App Store on iOS, the Android package elsewhere, WeChat's browser told to use the system
 * browser, mini-programs copying the link), open-in-app, 关于我们, the wallet logged in and out, back.
 */

const IOS_URL = 'https://apps.apple.com/cn/app/id6400000000'
const APK_URL = 'https://download.alfa.example/android/alfa-3.2.0.apk'
const UA = {
  ios: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 Mobile Safari/537.36',
  pc: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  wechat:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A.240805.005; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0.6478.188 Mobile Safari/537.36 XWEB/1260183 MicroMessenger/8.0.50.2701(0x28003233) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN',
  miniProgram:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x1800322c) NetType/WIFI Language/zh_CN miniProgram/wx0000000000000000',
  app: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 AlfaApp/230',
} as const

const realUa = navigator.userAgent
const setUserAgent = (ua: string) => Object.defineProperty(window.navigator, 'userAgent', { configurable: true, get: () => ua })
const savedAllowed = externalHosts()
let assign: jest.SpyInstance

beforeEach(() => {
  configureExternalHosts(['localhost', 'alfa.example', 'apps.apple.com'])
  assign = jest.spyOn(web, 'assignLocation').mockImplementation(() => undefined)
})
afterEach(() => {
  setUserAgent(realUa)
  configureExternalHosts(savedAllowed)
  document.body.innerHTML = ''
  jest.restoreAllMocks()
  jest.useRealTimers()
  removeFakeBridge()
  user.logout()
})

const pairs = (o: Record<string, string>) => ({ elements: Object.entries(o).map(([key, value]) => ({ key, value })) })
const DOWNLOAD = {
  app: pairs({
    appName: 'Alfa 基金',
    slogan: '看懂基金，陪你长期投资',
    version: '3.2.0',
    packageSize: '56.8 MB',
    iosUrl: IOS_URL,
    androidUrl: APK_URL,
    scheme: 'alfaapp',
    wechatHint: '请点击右上角「···」，选择「在浏览器打开」。',
  }),
  features: { elements: [{ content: '策略调仓第一时间提醒' }] },
  guide: { elements: [{ content: '点击立即下载' }, { content: '允许安装未知来源' }, { content: '打开 App 登录' }] },
}
const answers = { AppDownloadConfig: () => DOWNLOAD }

type Shown = Awaited<ReturnType<typeof renderPage>>
const button = (shown: Shown, text: string) =>
  Array.from(shown.container.querySelectorAll('taro-button-core, [role="link"]')).find((e) => e.textContent?.includes(text))
async function tap(shown: Shown, text: string) {
  const el = button(shown, text)
  if (!el) throw new Error(`no "${text}" to tap in: ${shown.text()}`)
  await shown.utils.act(async () => {
    el.dispatchEvent(new MouseEvent('click', { bubbles: true }))
    await flush()
  })
}

describe('下载App: the download for this device', () => {
  it('iOS: the App Store', async () => {
    setUserAgent(UA.ios)
    const shown = await openPage(AppDownloadPage, 'pages/appDownload/index', {}, answers)
    expect(shown.text()).toContain('Alfa 基金')
    expect(shown.text()).toContain('3.2.0')
    expect(shown.text()).toContain('策略调仓第一时间提醒')
    expect(shown.text()).not.toContain('在浏览器打开')
    await tap(shown, '前往 App Store 下载')
    expect(assign.mock.calls).toEqual([[IOS_URL]])
  })
  it.each([
    ['Android', UA.android],
    ['a PC', UA.pc],
  ])('%s: the Android package (and the App Store for iPhones)', async (_name, ua) => {
    setUserAgent(ua)
    const shown = await openPage(AppDownloadPage, 'pages/appDownload/index', {}, answers)
    await tap(shown, '下载安卓安装包')
    expect(assign.mock.calls).toEqual([[APK_URL]])
    await tap(shown, 'iPhone 用户前往 App Store')
    expect(assign.mock.calls[1]).toEqual([IOS_URL])
  })
  it('WeChat’s browser: the hint to open in the system browser, the link copied instead of downloaded', async () => {
    setUserAgent(UA.wechat)
    const copy = mockClipboard()
    const shown = await openPage(AppDownloadPage, 'pages/appDownload/index', {}, answers)
    expect(shown.container.querySelector('.alfa-site-hint')?.textContent).toContain('在浏览器打开')
    expect(button(shown, '下载安卓安装包')).toBeUndefined()
    await tap(shown, '复制下载链接')
    expect(copy.mock.calls).toEqual([[APK_URL]])
    expect(assign).not.toHaveBeenCalled()
  })
  it('a mini-program’s web-view: the iPhone link copied', async () => {
    setUserAgent(UA.miniProgram)
    const copy = mockClipboard()
    const shown = await openPage(AppDownloadPage, 'pages/appDownload/index', {}, answers)
    expect(shown.text()).toContain('小程序内无法下载')
    await tap(shown, '复制下载链接')
    expect(copy.mock.calls).toEqual([[IOS_URL]])
  })
  it('inside the app: nothing to download', async () => {
    setUserAgent(UA.app)
    const shown = await openPage(AppDownloadPage, 'pages/appDownload/index', {}, answers)
    expect(shown.text()).toContain('无需再次下载')
    expect(button(shown, '下载')?.textContent ?? '').not.toMatch(/App Store|安装包/)
  })
  it('an off-list download link is refused, not followed', async () => {
    setUserAgent(UA.android)
    const navigate = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' })
    const shown = await openPage(
      AppDownloadPage,
      'pages/appDownload/index',
      {},
      {
        AppDownloadConfig: () => ({ ...DOWNLOAD, app: pairs({ androidUrl: 'https://evil.example/alfa.apk' }) }),
      },
    )
    await tap(shown, '下载安卓安装包')
    expect(assign).not.toHaveBeenCalled()
    expect(navigate.mock.calls[0][0].url).toContain('/subPkg/pages/externalLink/index?url=https%3A%2F%2Fevil.example%2Falfa.apk')
  })
  it('no configuration: says so', async () => {
    const shown = await openPage(
      AppDownloadPage,
      'pages/appDownload/index',
      {},
      { AppDownloadConfig: () => ({ app: null, features: null, guide: null }) },
    )
    expect(shown.text()).toContain('暂未开放下载')
  })
})

describe('下载指引 and 正在下载', () => {
  it('the guide lists the configured steps in order, with the download', async () => {
    setUserAgent(UA.android)
    const shown = await openPage(AppDownloadGuidePage, 'pages/appDownloadGuide/index', {}, answers)
    const steps = Array.from(shown.container.querySelectorAll('.alfa-site-steps__text')).map((s) => s.textContent)
    expect(steps).toEqual(['点击立即下载', '允许安装未知来源', '打开 App 登录'])
    expect(button(shown, '下载安卓安装包')).toBeTruthy()
  })
  it('in a browser the download starts once by itself, and again on 重新下载', async () => {
    setUserAgent(UA.android)
    const shown = await openPage(DownloadingPage, 'pages/downloading/index', {}, answers)
    expect(shown.text()).toContain('正在下载 Alfa 基金 3.2.0（56.8 MB）')
    expect(assign.mock.calls).toEqual([[APK_URL]])
    await tap(shown, '重新下载')
    expect(assign.mock.calls).toEqual([[APK_URL], [APK_URL]])
  })
  it('in WeChat nothing starts: the hint and the link to copy', async () => {
    setUserAgent(UA.wechat)
    const shown = await openPage(DownloadingPage, 'pages/downloading/index', {}, answers)
    expect(assign).not.toHaveBeenCalled()
    expect(shown.container.querySelector('.alfa-site-hint')).toBeTruthy()
    expect(button(shown, '复制下载链接')).toBeTruthy()
  })
})

describe('打开App', () => {
  it('a browser opens the page in the app by its scheme, or reads it here', async () => {
    setUserAgent(UA.android)
    const navigate = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' })
    const shown = await openPage(AppOpenPage, 'pages/appOpen/index', { path: encodeURIComponent('/alfa/fund/000001') }, answers)
    await tap(shown, '打开 Alfa 基金 App')
    expect(assign.mock.calls).toEqual([['alfaapp://open?path=%2Falfa%2Ffund%2F000001']])
    await tap(shown, '继续在网页中浏览')
    expect(navigate.mock.calls[0][0].url).toMatch(/^\/alfa\/fund\/000001\?ts=\d+$/)
  })
  it('a path that is not ours opens the home page in the app', async () => {
    setUserAgent(UA.ios)
    const shown = await openPage(AppOpenPage, 'pages/appOpen/index', { path: 'https://evil.example/' }, answers)
    await tap(shown, '打开 Alfa 基金 App')
    expect(assign.mock.calls).toEqual([['alfaapp://open?path=%2Fpages%2Fhome%2Findex']])
  })
  it('a scheme that is the web’s is never used', async () => {
    setUserAgent(UA.android)
    const shown = await openPage(
      AppOpenPage,
      'pages/appOpen/index',
      {},
      {
        AppDownloadConfig: () => ({ ...DOWNLOAD, app: pairs({ scheme: 'javascript' }) }),
      },
    )
    expect(button(shown, '打开 Alfa 基金 App')).toBeUndefined()
    expect(shown.text()).toContain('当前环境无法直接打开 App')
  })
  it('WeChat: the hint, no scheme', async () => {
    setUserAgent(UA.wechat)
    const shown = await openPage(AppOpenPage, 'pages/appOpen/index', {}, answers)
    expect(shown.container.querySelector('.alfa-site-hint')).toBeTruthy()
    expect(button(shown, 'App')?.textContent ?? '').not.toContain('打开 Alfa')
  })
  it('inside the app the page itself opens', async () => {
    setUserAgent(UA.app)
    const redirect = jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'ok' })
    await openPage(AppOpenPage, 'pages/appOpen/index', { path: '/alfa/portfolio/ZH015676' }, answers)
    expect(redirect.mock.calls[0][0].url).toMatch(/^\/alfa\/portfolio\/ZH015676\?ts=\d+$/)
  })
})

describe('关于我们', () => {
  const SITE = {
    about: pairs({
      name: 'Alfa 基金',
      intro: '为个人投资者提供基金信息服务。',
      company: '阿尔法基金销售有限公司（演示数据）',
      icp: '京ICP备00000000号-1',
    }),
    service: pairs({ phone: '400-000-0000', hours: '9:00-18:00' }),
    licences: {
      elements: [
        { content: '基金销售业务资格（演示数据）', link: 'https://www.alfa.example/licence/fund-sales' },
        { content: '基金销售机构编码（演示数据）', link: null },
      ],
    },
  }
  it('shows the configured description, contact and licences; a licence opens through the link rules', async () => {
    const shown = await openPage(SitePage, 'pages/site/index', {}, { SiteAbout: () => SITE })
    for (const t of [
      '为个人投资者提供基金信息服务。',
      '400-000-0000',
      '9:00-18:00',
      '阿尔法基金销售有限公司',
      '基金销售业务资格',
      '京ICP备00000000号-1',
    ])
      expect(shown.text()).toContain(t)
    await tap(shown, '基金销售业务资格')
    expect(assign.mock.calls).toEqual([['https://www.alfa.example/licence/fund-sales']])
    const call = jest.spyOn(Taro, 'makePhoneCall').mockResolvedValue({ errMsg: 'ok' })
    await tap(shown, '拨打客服电话')
    expect(call).toHaveBeenCalledWith({ phoneNumber: '400-000-0000' })
  })
  it('an error offers a retry', async () => {
    const shown = await openPage(SitePage, 'pages/site/index', {}, {})
    expect(shown.text()).toContain('加载失败')
    expect(button(shown, '重试')).toBeTruthy()
  })
})

describe('我的钱包', () => {
  const WALLET = { WalletConfig: () => ({ wallet: pairs({ notice: '本应用不提供交易功能。', assetNote: '按最新净值估算' }) }) }
  it('anonymous: asks to log in, asks nothing of the server', async () => {
    const detail = jest.spyOn(api, 'assetDetail')
    const shown = await openPage(WalletPage, 'pages/wallet/index', {}, WALLET)
    expect(shown.text()).toContain('登录后查看')
    expect(detail).not.toHaveBeenCalled()
  })
  it('logged in: the total and each holding at the latest NAV, each leading to its strategy', async () => {
    user.restore(liveToken())
    jest.spyOn(api, 'assetDetail').mockResolvedValue({
      totalAsset: '123456.78',
      list: [
        {
          poCode: 'ZH015676',
          poName: '稳健组合',
          caId: 'CA1',
          units: '12000.5',
          signed: true,
          nav: '1.0288',
          navDate: '2026-09-30',
          marketValue: '12346.11',
        },
        {
          poCode: 'LW000001',
          poName: '长赢计划',
          caId: 'CA2',
          units: '35',
          signed: false,
          nav: '3.1',
          navDate: '2026-09-30',
          marketValue: '111110.67',
        },
      ],
    })
    const navigate = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' })
    const shown = await openPage(WalletPage, 'pages/wallet/index', {}, WALLET)
    for (const t of [
      '123,456.78',
      '演示数据',
      '按最新净值估算',
      '稳健组合',
      '12,346.11',
      '12000.50份',
      '净值日期 2026-09-30',
      '未签约',
      '本应用不提供交易功能。',
    ])
      expect(shown.text()).toContain(t)
    await tap(shown, '长赢计划')
    expect(navigate.mock.calls[0][0].url).toMatch(/^\/alfa\/portfolio\/LW000001\?ts=\d+$/)
  })
  it('logged in without holdings: a next step', async () => {
    user.restore(liveToken())
    jest.spyOn(api, 'assetDetail').mockResolvedValue({ totalAsset: '0', list: [] })
    const shown = await openPage(WalletPage, 'pages/wallet/index', {}, WALLET)
    expect(shown.text()).toContain('暂无持有的策略')
    expect(button(shown, '去看看策略')).toBeTruthy()
  })
})

describe('返回', () => {
  it('goes back when there is a page to go back to', async () => {
    jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([{}, {}] as never)
    const back = jest.spyOn(Taro, 'navigateBack').mockResolvedValue({ errMsg: 'ok' })
    const home = jest.spyOn(Taro, 'reLaunch').mockResolvedValue({ errMsg: 'ok' })
    const shown = await renderPage(BackPage, 'pages/back/index')
    await shown.utils.act(flush)
    expect(back).toHaveBeenCalledTimes(1)
    expect(home).not.toHaveBeenCalled()
    expect(shown.text()).toContain('正在返回')
  })
  it('opened directly, goes home', async () => {
    jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([{}] as never)
    const home = jest.spyOn(Taro, 'reLaunch').mockResolvedValue({ errMsg: 'ok' })
    await renderPage(BackPage, 'pages/back/index')
    expect(home).toHaveBeenCalledTimes(1)
    expect(home.mock.calls[0][0].url).toMatch(/^\/pages\/home\/index\?ts=\d+$/)
  })
  it('in the native app with nothing left, the page closes (after 60 ms, services/navigation.ts)', async () => {
    setUserAgent(UA.app)
    jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([{}] as never)
    const home = jest.spyOn(Taro, 'reLaunch').mockResolvedValue({ errMsg: 'ok' })
    const bridge = installFakeBridge()
    const shown = await renderPage(BackPage, 'pages/back/index')
    for (let i = 0; i < 100 && bridge.calls.length === 0; i++)
      await shown.utils.act(() => new Promise((r) => setTimeout(r, CLOSE_NATIVE_PAGE_DELAY_MS)))
    expect(bridge.calls.map((c) => c.name)).toEqual(['closePage'])
    expect(home).not.toHaveBeenCalled()
  })
})
