import { detectHost, isNativeApp, nativeSupports, needsStoredTokenFallback, NATIVE_VERSION_GATES } from '@/platform/host'

// Real user-agent strings (the provider's app appends its AlfaApp/<bundle version> mark).
const UA = {
  androidChrome:
    'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.144 Mobile Safari/537.36',
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1',
  harmony:
    'Mozilla/5.0 (Phone; OpenHarmony 4.1) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0.0.0 Safari/537.36 ArkWeb/4.1.6.1 Mobile',
  windows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15',
  wechatAndroid:
    'Mozilla/5.0 (Linux; Android 12; M2102J2SC Build/SKQ1.211006.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/107.0.5304.141 Mobile Safari/537.36 XWEB/5023 MMWEBSDK/20230202 MMWEBID/2320 MicroMessenger/8.0.33.2320(0x28002151) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64',
  wechatMiniProgram:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.34(0x18002231) NetType/WIFI Language/zh_CN miniProgram/wx1234567890abcdef',
  baiduSwan:
    'Mozilla/5.0 (Linux; Android 10; V1938CT; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/76.0.3809.89 Mobile Safari/537.36 T7/12.10 SP-engine/2.28.0 swan/2.30.0 swan-baiduboxapp/12.10.0.10 baiduboxapp/12.10.0.10 (Baidu; P1 10)',
  appAndroid:
    'Mozilla/5.0 (Linux; Android 13; SM-S9110 Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 AlfaApp/193',
  appIos: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 AlfaApp/255',
  appHarmony:
    'Mozilla/5.0 (Phone; OpenHarmony 4.1) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0.0.0 Safari/537.36 ArkWeb/4.1.6.1 Mobile AlfaApp/120',
  bot: 'curl/8.5.0',
}

describe('host kind from the user agent', () => {
  it.each([
    ['androidChrome', 'android', ['android']],
    ['iphoneSafari', 'ios', ['ios']],
    ['harmony', 'harmony', ['harmony']],
    ['windows', 'pc', ['pc']],
    ['mac', 'pc', ['pc']],
    ['wechatAndroid', 'wechat', ['wechat', 'android']],
    ['wechatMiniProgram', 'miniProgram', ['miniProgram', 'wechat', 'ios']],
    ['baiduSwan', 'miniProgram', ['miniProgram', 'android']],
    ['appAndroid', 'app', ['app', 'android']],
    ['appIos', 'app', ['app', 'ios']],
    ['appHarmony', 'app', ['app', 'harmony']],
    ['bot', 'other', ['other']],
  ] as const)('%s → %s', (name, kind, kinds) => {
    const host = detectHost(UA[name])
    expect(host.kind).toBe(kind)
    expect(host.kinds).toEqual(kinds)
  })
  it('isNativeApp is true only with the app mark', () => {
    expect(isNativeApp(UA.appIos)).toBe(true)
    expect(isNativeApp(UA.wechatAndroid)).toBe(false)
  })
})

describe('native build version parsing', () => {
  it('reads the bundle version of the app mark', () => {
    expect(detectHost(UA.appAndroid).appVersion).toBe(193)
    expect(detectHost(UA.appIos).appVersion).toBe(255)
    expect(detectHost(UA.iphoneSafari).appVersion).toBeNull()
  })
  it('recognises Baidu', () => {
    expect(detectHost(UA.baiduSwan).baidu).toBe(true)
    expect(detectHost(UA.androidChrome).baidu).toBe(false)
  })
})

const app = (os: string, version: number) =>
  detectHost(
    os === 'android'
      ? `Mozilla/5.0 (Linux; Android 13) AlfaApp/${version}`
      : `Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AlfaApp/${version}`,
  )

describe('native version gates', () => {
  it('has the spec numbers', () => {
    expect(NATIVE_VERSION_GATES).toEqual({
      shareKey: { android: 10, ios: 18 },
      loadEndNotice: { android: 150, ios: 213 },
      fullscreen: { ios: 255 },
    })
  })
  it.each([
    ['shareKey', 'android', 9, false],
    ['shareKey', 'android', 10, true],
    ['shareKey', 'ios', 17, false],
    ['shareKey', 'ios', 18, true],
    ['loadEndNotice', 'android', 149, false],
    ['loadEndNotice', 'android', 150, true],
    ['loadEndNotice', 'ios', 212, false],
    ['loadEndNotice', 'ios', 213, true],
    ['fullscreen', 'ios', 254, false],
    ['fullscreen', 'ios', 255, true],
    ['fullscreen', 'android', 999, false],
  ] as const)('%s on %s %i → %s', (feature, os, version, expected) => {
    expect(nativeSupports(app(os, version), feature)).toBe(expected)
  })
  it('nothing is supported outside the app', () => {
    expect(nativeSupports(detectHost(UA.iphoneSafari), 'shareKey')).toBe(false)
  })
})

describe('on older Android app builds (below 194, not Baidu or Harmony) the first token fetch falls back to persistent storage', () => {
  it.each([
    ['Android 193', 'Mozilla/5.0 (Linux; Android 13) AlfaApp/193', true],
    ['Android 194', 'Mozilla/5.0 (Linux; Android 13) AlfaApp/194', false],
    ['Android 193 in Baidu', 'Mozilla/5.0 (Linux; Android 13) baiduboxapp/12.0 AlfaApp/193', false],
    ['Harmony 120', UA.appHarmony, false],
    ['iOS 100', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AlfaApp/100', false],
    ['plain Android browser', UA.androidChrome, false],
  ])('%s → %s', (_, ua, expected) => {
    expect(needsStoredTokenFallback(detectHost(ua))).toBe(expected)
  })
})
