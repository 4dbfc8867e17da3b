import Taro from '@tarojs/taro'
import { TARGET } from './env'
import { currentHost } from './host'

/**
 * How this host logs a user in: SMS code on the web, the provider app's bridge inside the app,
 * WeChat's login code in the WeChat mini-program, the phone-number button in Baidu's.
 */
export type LoginKind = 'sms' | 'bridge' | 'wechat' | 'baiduPhone'

export function loginKind(): LoginKind {
  if (TARGET === 'weapp') return 'wechat'
  if (TARGET === 'swan') return 'baiduPhone'
  return currentHost().kinds.includes('app') ? 'bridge' : 'sms'
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
