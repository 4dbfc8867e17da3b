import { detectHost } from '@/platform/host'
import type { WechatJsSdk, WechatShareData, WechatConfig } from '@/platform/wechatSdk'
import { BRIDGE_GLOBAL } from '@/services/bridge'
import { shareFor, type ShareSdkReport } from '@/services/share'
import {
  NATIVE_SHARE_CALL,
  setupNativeShare,
  setupWechatShare,
  shareHostOf,
  signedUrl,
  WECHAT_JS_API_LIST,
  type WechatReqAnswer,
} from '@/services/shareHost'
import { createFakeBridge } from '../support/fakeBridge'

const WECHAT_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 MicroMessenger/8.0.50(0x1800322d) NetType/WIFI'
const ANSWER: WechatReqAnswer = { appId: 'wxdev', timestamp: '1700000000', nonceStr: 'abc', signature: 'f'.repeat(40) }

function fakeSdk(outcome: 'ready' | 'error' = 'ready') {
  const seen: { config?: WechatConfig; appMessage?: WechatShareData; timeline?: WechatShareData; menu?: WechatShareData } = {}
  const sdk: WechatJsSdk = {
    config: (c) => (seen.config = c),
    ready: (cb) => outcome === 'ready' && setTimeout(cb, 0),
    error: (cb) => outcome === 'error' && setTimeout(() => cb({ errMsg: 'config:invalid signature' }), 0),
    updateAppMessageShareData: (d) => (seen.appMessage = d),
    updateTimelineShareData: (d) => (seen.timeline = d),
    onMenuShareAppMessage: (d) => (seen.menu = d),
  }
  return { sdk, seen }
}

describe('which H5 hosts set up sharing', () => {
  it('WeChat browser: the JS-SDK; the app: native; a mini-program web-view and plain browsers: none', () => {
    expect(shareHostOf(detectHost(WECHAT_UA))).toBe('wechat')
    expect(shareHostOf(detectHost('Mozilla/5.0 (Linux; Android 14) AlfaApp/230'))).toBe('native')
    expect(shareHostOf(detectHost(`${WECHAT_UA} miniProgram`))).toBe('none')
    expect(shareHostOf(detectHost('Mozilla/5.0 (Linux; Android 14) Chrome/120 Mobile'))).toBe('none')
  })
  it('the signed url is the current one without its hash', () => {
    expect(signedUrl('https://m.alfa.example/alfa/fund/000001/detail?x=1#top')).toBe('https://m.alfa.example/alfa/fund/000001/detail?x=1')
  })
})

describe('H5 in WeChat: JS-SDK config through wechat-req, share data, report after a share', () => {
  it('configures with the answer for the url without hash, sets the share data, reports after a share', async () => {
    const { sdk, seen } = fakeSdk()
    const asked: string[] = []
    const reports: ShareSdkReport[] = []
    const info = shareFor('fund', { fundCode: '000001' }, { name: '华夏成长混合' })
    const result = await setupWechatShare(info, '/alfa/fund/000001/detail', {
      sdk: async () => sdk,
      wechatReq: async (url) => (asked.push(url), ANSWER),
      href: () => 'https://m.alfa.example/alfa/fund/000001/detail?ts=1#x',
      origin: () => 'https://m.alfa.example',
      userAgent: () => WECHAT_UA,
      report: (_u, fields) => reports.push(fields),
    })
    expect(result).toBe('ok')
    expect(asked).toEqual(['https://m.alfa.example/alfa/fund/000001/detail?ts=1'])
    expect(seen.config).toMatchObject({ appId: 'wxdev', timestamp: 1700000000, nonceStr: 'abc', signature: ANSWER.signature })
    expect(seen.config?.jsApiList).toEqual(WECHAT_JS_API_LIST)
    expect(seen.appMessage).toMatchObject({ title: '华夏成长混合（000001）', link: 'https://m.alfa.example/alfa/fund/000001/detail' })
    expect(seen.timeline?.title).toBe('华夏成长混合（000001）')
    expect(reports).toHaveLength(0)
    seen.menu?.success?.({ errMsg: 'shareAppMessage:ok' })
    seen.menu?.success?.({ errMsg: 'shareAppMessage:cancel' })
    expect(reports).toEqual([
      expect.objectContaining({ version: '1.6.0', system: 'ios', clientVersion: '8.0.50', appId: 'wxdev', networkType: 'wifi' }),
    ])
  })
  it('a refused signature is reported as fail and sets nothing', async () => {
    const { sdk, seen } = fakeSdk('error')
    const result = await setupWechatShare(shareFor('home'), '/pages/home/index', {
      sdk: async () => sdk,
      wechatReq: async () => ANSWER,
      href: () => 'https://m.alfa.example/',
    })
    expect(result).toBe('fail')
    expect(seen.appMessage).toBeUndefined()
  })
})

describe('native share behind its version gate (Android 10, iOS 18)', () => {
  afterEach(() => delete (window as unknown as Record<string, unknown>)[BRIDGE_GLOBAL])
  it('a new enough app gets the share data over the bridge', async () => {
    const bridge = createFakeBridge()
    ;(window as unknown as Record<string, unknown>)[BRIDGE_GLOBAL] = bridge
    const info = shareFor('fund', { fundCode: '000001' }, { name: '基金A' })
    await expect(setupNativeShare(info, 'https://m.alfa.example/alfa/fund/000001/detail', detectHost('iPhone AlfaApp/18'))).resolves.toBe(
      true,
    )
    expect(bridge.calls).toEqual([
      {
        name: NATIVE_SHARE_CALL,
        params: expect.objectContaining({ title: '基金A（000001）', link: 'https://m.alfa.example/alfa/fund/000001/detail' }),
      },
    ])
  })
  it('older apps fall back (no call): iOS 17, Android 9', async () => {
    const bridge = createFakeBridge()
    ;(window as unknown as Record<string, unknown>)[BRIDGE_GLOBAL] = bridge
    await expect(setupNativeShare(shareFor('home'), '/', detectHost('iPhone AlfaApp/17'))).resolves.toBe(false)
    await expect(setupNativeShare(shareFor('home'), '/', detectHost('Linux; Android 14 AlfaApp/9'))).resolves.toBe(false)
    expect(bridge.calls).toEqual([])
  })
})
