import { isAllowedExternalUrl } from '@/utils/externalUrl'
import { isH5 } from './env'

/**
 * WeChat's JS-SDK for H5 pages opened in WeChat (share set-up) or in a mini-program's web-view
 * (its `wx.miniProgram` bridge), and Baidu's web-view bridge. The script comes only from its
 * allow-listed host (also the only external script host of the pages' CSP, server/src/h5.ts).
 */
export const WECHAT_JSSDK_URL = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js'
export const WECHAT_JSSDK_HOSTS: readonly string[] = ['res.wx.qq.com']

export interface WechatShareData {
  title: string
  desc?: string
  link: string
  imgUrl?: string
  success?: (res?: unknown) => void
  cancel?: (res?: unknown) => void
  fail?: (res?: unknown) => void
}

export interface WechatConfig {
  debug?: boolean
  appId: string
  timestamp: number | string
  nonceStr: string
  signature: string
  jsApiList: string[]
}

interface NavigateOptions {
  url: string
  success?: () => void
  fail?: (err?: unknown) => void
}

/** The parts of the `wx` global the app uses. */
export interface WechatJsSdk {
  config(config: WechatConfig): void
  ready(callback: () => void): void
  error(callback: (res: unknown) => void): void
  updateAppMessageShareData?(data: WechatShareData): void
  updateTimelineShareData?(data: WechatShareData): void
  /** Older API, still the one with a share-done callback on some clients. */
  onMenuShareAppMessage?(data: WechatShareData): void
  onMenuShareTimeline?(data: WechatShareData): void
  getNetworkType?(options: { success?: (res: { networkType?: string }) => void; fail?: () => void }): void
  miniProgram?: { navigateTo(options: NavigateOptions): void }
}

/** Baidu's smart-program web-view bridge (`swan.webView`). */
interface SwanWebView {
  webView?: { navigateTo(options: NavigateOptions): void }
}

type SdkWindow = { wx?: WechatJsSdk; swan?: SwanWebView }

function scope(): SdkWindow | null {
  return isH5 && typeof window !== 'undefined' ? (window as unknown as SdkWindow) : null
}

let loading: Promise<WechatJsSdk> | null = null

/** WeChat's JS-SDK: the `wx` global when present, else the script from its allow-listed url (once). */
export function loadWechatSdk(url: string = WECHAT_JSSDK_URL): Promise<WechatJsSdk> {
  const w = scope()
  if (!w || typeof document === 'undefined') return Promise.reject(new Error('no browser window'))
  if (w.wx?.config) return Promise.resolve(w.wx)
  if (!isAllowedExternalUrl(url, WECHAT_JSSDK_HOSTS)) return Promise.reject(new Error('JS-SDK url off the allow-list'))
  if (loading) return loading
  loading = new Promise<WechatJsSdk>((resolve, reject) => {
    const script = document.createElement('script')
    script.src = url
    script.async = true
    script.onload = () => (w.wx?.config ? resolve(w.wx) : reject(new Error('JS-SDK loaded without wx')))
    script.onerror = () => reject(new Error('JS-SDK failed to load'))
    document.head.appendChild(script)
  }).catch((err: unknown) => {
    loading = null
    throw err
  })
  return loading
}

/** Forgets a load in progress (tests). */
export function resetWechatSdk(): void {
  loading = null
}

/**
 * Opens a page of the mini-program that hosts this web-view (`/subPkg/pages/...`): WeChat's
 * `wx.miniProgram.navigateTo` (the JS-SDK is loaded for it) or Baidu's `swan.webView.navigateTo`.
 * Resolves false when neither bridge is there.
 */
export async function webViewNavigateTo(url: string): Promise<boolean> {
  const w = scope()
  if (!w) return false
  const swanNav = w.swan?.webView?.navigateTo
  let navigate: ((o: NavigateOptions) => void) | undefined = swanNav ? (o) => w.swan!.webView!.navigateTo(o) : undefined
  if (!navigate) {
    try {
      const wx = await loadWechatSdk()
      if (wx.miniProgram?.navigateTo) navigate = (o) => wx.miniProgram!.navigateTo(o)
    } catch (err) {
      console.warn('web-view bridge unavailable', err instanceof Error ? err.message : err)
    }
  }
  if (!navigate) return false
  const go = navigate
  return new Promise<boolean>((resolve) => {
    try {
      go({ url, success: () => resolve(true), fail: () => resolve(false) })
    } catch {
      resolve(false)
    }
  })
}
