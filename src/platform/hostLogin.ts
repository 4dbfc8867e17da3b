import Taro from '@tarojs/taro'
import { TARGET } from './env'
import { currentHost } from './host'

/**
 * How this host logs a user in: SMS code on the web, the provider app's bridge inside the app,
 * WeChat's login code in the WeChat mini-program, the phone-number button in Baidu's.
 */
export type LoginKind = 'sms' | 'bridge' | 'wechat' | 'baiduPhone' | 'miniProgram'

/** The mini-program login page, as a web view's JS-SDK navigates to it. */
export const MINI_PROGRAM_LOGIN_PAGE = '/subPkg/pages/login/index'

interface MiniProgramBridge {
  navigateTo?: (options: { url: string; fail?: (err: unknown) => void }) => void
}

/** The mini-program's web-view SDK (wx.miniProgram / swan.webView) when the page has loaded it. */
function webViewNavigator(): MiniProgramBridge | null {
  if (typeof window === 'undefined') return null
  const host = window as unknown as { wx?: { miniProgram?: MiniProgramBridge }; swan?: { webView?: MiniProgramBridge } }
  const sdk = host.wx?.miniProgram ?? host.swan?.webView
  return sdk?.navigateTo ? sdk : null
}

export function loginKind(): LoginKind {
  if (TARGET === 'weapp') return 'wechat'
  if (TARGET === 'swan') return 'baiduPhone'
  const { kinds } = currentHost()
  if (kinds.includes('app')) return 'bridge'
  // H5 in a mini-program's web view: the mini-program's own login page, when its SDK is there.
  if (kinds.includes('miniProgram') && webViewNavigator()) return 'miniProgram'
  return 'sms'
}

/** Opens the mini-program's own login page from its web view; rejects without the web-view SDK. */
export function openMiniProgramLogin(): Promise<void> {
  const sdk = webViewNavigator()
  if (!sdk?.navigateTo) return Promise.reject(new Error('no mini-program web-view SDK'))
  return new Promise((resolve, reject) => {
    sdk.navigateTo!({ url: MINI_PROGRAM_LOGIN_PAGE, fail: reject })
    resolve()
  })
}

/**
 * The mini-program's one-time login code: wx.login on WeChat, swan.getLoginCode on Baidu (Taro's
 * login maps to it there). The server exchanges it for the session with the host's own API.
 */
export async function hostLoginCode(): Promise<string> {
  if (TARGET === 'h5') throw new Error('no mini-program login code on the web')
  const res = await Taro.login()
  if (!res?.code) throw new Error(`login gave no code: ${res?.errMsg ?? 'unknown'}`)
  return res.code
}
