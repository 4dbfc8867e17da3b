import { currentHost, nativeSupports, type HostInfo } from '@/platform/host'
import { loadWechatSdk, type WechatJsSdk } from '@/platform/wechatSdk'
import { currentLocation } from '@/platform/web'
import { callNative } from './bridge'
import { apiUrl, request } from './request'
import { normaliseShareResult, reportShareSdk, type ShareInfo, type ShareResult, type ShareSdkReport } from './share'

/**
 * Sharing on H5 hosts (the mini-programs share through the Page component's handlers): inside
 * WeChat's browser the JS-SDK is configured through wechat-req for the current address and given
 * the page's share data; in the provider's app the share data goes to the app over the bridge
 * when its version has the share key (spec section 9), else the app's own default share stays.
 */

/** The JS-SDK version loaded (platform/wechatSdk.ts), reported with each share. */
export const WECHAT_SDK_VERSION = '1.6.0'
export const WECHAT_JS_API_LIST = ['updateAppMessageShareData', 'updateTimelineShareData', 'onMenuShareAppMessage', 'onMenuShareTimeline']
/** The native call that hands the page's share data to the app. */
export const NATIVE_SHARE_CALL = 'setShareInfo'

/** The answer of GET /utils/wechat-req (spec section 7). */
export interface WechatReqAnswer {
  appId: string
  timestamp: number | string
  nonceStr: string
  signature: string
}

/** The address WeChat signs: the current one without its hash. */
export function signedUrl(href: string): string {
  const at = href.indexOf('#')
  return at < 0 ? href : href.slice(0, at)
}

export type ShareHost = 'wechat' | 'native' | 'none'

/** Which share set-up an H5 page does in `host`: a mini-program web-view shares through its mini-program. */
export function shareHostOf(host: HostInfo): ShareHost {
  if (host.kinds.includes('app')) return 'native'
  if (host.kinds.includes('miniProgram')) return 'none'
  if (host.kinds.includes('wechat')) return 'wechat'
  return 'none'
}

export interface WechatShareDeps {
  sdk: () => Promise<WechatJsSdk>
  wechatReq: (url: string) => Promise<WechatReqAnswer>
  href: () => string
  origin: () => string
  userAgent: () => string
  report: (url: string, fields: ReturnType<typeof reportFields>) => void
  now: () => number
}

const defaultWechatDeps: WechatShareDeps = {
  sdk: () => loadWechatSdk(),
  wechatReq: (url) => request<WechatReqAnswer>({ path: '/utils/wechat-req', query: { url }, suppressToast: true }),
  href: () => currentLocation()?.href ?? '',
  origin: () => (typeof window !== 'undefined' && window.location ? window.location.origin : ''),
  userAgent: () => (typeof navigator !== 'undefined' ? navigator.userAgent : ''),
  report: (_url, fields) => void reportShareSdk(apiUrl('/share-sdk/report'), fields),
  now: () => Date.now(),
}

function reportFields(ua: string, appId: string, networkType: string, initTime: number, verifyTime: number, url: string): ShareSdkReport {
  return {
    version: WECHAT_SDK_VERSION,
    system: currentHostOs(ua),
    clientVersion: /MicroMessenger\/([\d.]+)/i.exec(ua)?.[1] ?? '',
    appId,
    networkType,
    initTime,
    verifyTime,
    url,
  }
}

function currentHostOs(ua: string): string {
  if (/Android/i.test(ua)) return 'android'
  if (/iPhone|iPad|iPod/i.test(ua)) return 'ios'
  if (/HarmonyOS|OpenHarmony/i.test(ua)) return 'harmony'
  return 'other'
}

/** Network type from WeChat's user agent (NetType/WIFI), else the SDK's answer. */
function networkTypeOf(sdk: WechatJsSdk, ua: string): Promise<string> {
  const fromUa = /NetType\/(\w+)/i.exec(ua)?.[1]
  if (fromUa) return Promise.resolve(fromUa.toLowerCase())
  if (!sdk.getNetworkType) return Promise.resolve('unknown')
  return new Promise((resolve) =>
    sdk.getNetworkType!({ success: (r) => resolve(r.networkType ?? 'unknown'), fail: () => resolve('unknown') }),
  )
}

/**
 * Configures WeChat's JS-SDK for the current address (signature from wechat-req) and sets the
 * share data; after a share the share-SDK report is sent. Resolves 'ok' once the SDK accepted
 * the data, or the normalised failure.
 */
export async function setupWechatShare(info: ShareInfo, link: string, deps: Partial<WechatShareDeps> = {}): Promise<ShareResult> {
  const d = { ...defaultWechatDeps, ...deps }
  const start = d.now()
  const url = signedUrl(d.href())
  let sdk: WechatJsSdk
  let answer: WechatReqAnswer
  try {
    ;[sdk, answer] = await Promise.all([d.sdk(), d.wechatReq(url)])
  } catch (err) {
    console.warn('WeChat share set-up failed', err instanceof Error ? err.message : err)
    return 'fail'
  }
  const configuredAt = d.now()
  sdk.config({
    debug: false,
    appId: answer.appId,
    timestamp: Number(answer.timestamp),
    nonceStr: answer.nonceStr,
    signature: answer.signature,
    jsApiList: WECHAT_JS_API_LIST,
  })
  const ready = await new Promise<ShareResult>((resolve) => {
    sdk.ready(() => resolve('ok'))
    sdk.error((res) => resolve(normaliseShareResult(res) === 'permission denied' ? 'permission denied' : 'fail'))
  })
  if (ready !== 'ok') {
    console.warn('WeChat JS-SDK config refused')
    return ready
  }
  const readyAt = d.now()
  const ua = d.userAgent()
  const networkType = await networkTypeOf(sdk, ua)
  const absolute = /^https?:\/\//.test(link) ? link : `${d.origin()}${link}`
  const afterShare = (res?: unknown) => {
    if (res !== undefined && normaliseShareResult(res) !== 'ok') return
    d.report(url, reportFields(ua, answer.appId, networkType, readyAt - start, readyAt - configuredAt, url))
  }
  const data = { title: info.title, desc: info.desc, link: absolute, imgUrl: info.imageUrl }
  sdk.updateAppMessageShareData?.({ ...data })
  sdk.updateTimelineShareData?.({ ...data })
  // The older calls are the ones that tell when the user has shared.
  sdk.onMenuShareAppMessage?.({ ...data, success: afterShare })
  sdk.onMenuShareTimeline?.({ ...data, success: afterShare })
  return 'ok'
}

/**
 * Hands the page's share data to the provider's app, whose share button uses it: only when the
 * app's version has the share key (Android 10, iOS 18); false otherwise (the app shares the page
 * address with its default title).
 */
export async function setupNativeShare(info: ShareInfo, link: string, host: HostInfo = currentHost()): Promise<boolean> {
  if (!nativeSupports(host, 'shareKey')) return false
  try {
    await callNative(NATIVE_SHARE_CALL, { title: info.title, desc: info.desc ?? '', link, imageUrl: info.imageUrl ?? '' })
    return true
  } catch (err) {
    console.warn('native share set-up failed', err instanceof Error ? err.message : err)
    return false
  }
}

/** The share set-up of an H5 page for the host it runs in. */
export function setupHostShare(info: ShareInfo, h5Path: string, host: HostInfo = currentHost()): Promise<unknown> {
  const link = `${defaultWechatDeps.origin()}${h5Path}`
  switch (shareHostOf(host)) {
    case 'wechat':
      return setupWechatShare(info, link)
    case 'native':
      return setupNativeShare(info, link, host)
    default:
      return Promise.resolve(null)
  }
}
