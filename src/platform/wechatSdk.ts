/**
 * Mini-programs: no web page, so no JS-SDK script to load and no web-view bridge (these are the
 * H5 page's, wechatSdk.h5.ts; this variant keeps their code out of the mini-programs' packages).
 */
import type { WechatJsSdk } from './wechatSdk.h5'

export type { WechatConfig, WechatJsSdk, WechatShareData } from './wechatSdk.h5'
export { WECHAT_JSSDK_URL, BAIDU_WEBVIEW_SDK_URL } from './wechatSdkUrls'

const NO_SDK = 'no web JS-SDK in a mini-program'

export function loadWechatSdk(): Promise<WechatJsSdk> {
  return Promise.reject(new Error(NO_SDK))
}

export function resetWechatSdk(): void {}

/** There is no web-view around a mini-program's own page. */
export function webViewNavigateTo(_url: string, _baidu = false): Promise<boolean> {
  return Promise.resolve(false)
}
