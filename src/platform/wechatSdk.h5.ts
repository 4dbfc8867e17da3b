import { isAllowedExternalUrl } from '@/utils/externalUrl'
import { isH5 } from './env'
import { BAIDU_WEBVIEW_SDK_HOSTS, BAIDU_WEBVIEW_SDK_URL, WECHAT_JSSDK_HOSTS, WECHAT_JSSDK_URL } from './wechatSdkUrls'

/**
 * WeChat's JS-SDK for H5 pages opened in WeChat (share set-up) or in a mini-program's web-view
 * (its `wx.miniProgram` bridge), and Baidu's web-view SDK (`swan.webView`). Each script comes only
 * from its allow-listed host (the only external script hosts of the pages' CSP, server/src/h5.ts).
 */
export { BAIDU_WEBVIEW_SDK_HOSTS, BAIDU_WEBVIEW_SDK_URL, WECHAT_JSSDK_HOSTS, WECHAT_JSSDK_URL } from './wechatSdkUrls'

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

const loading = new Map<string, Promise<unknown>>()

/** A script from an allow-listed host, once per url; resolves with what `ready` finds after it ran. */
function loadScript<T>(url: string, hosts: readonly string[], ready: (w: SdkWindow) => T | undefined): Promise<T> {
  const w = scope()
  if (!w || typeof document === 'undefined') return Promise.reject(new Error('no browser window'))
  const present = ready(w)
  if (present) return Promise.resolve(present)
  if (!isAllowedExternalUrl(url, hosts)) return Promise.reject(new Error('SDK url off the allow-list'))
  const pending = loading.get(url)
  if (pending) return pending as Promise<T>
  const load = new Promise<T>((resolve, reject) => {
    const script = document.createElement('script')
    script.src = url
    script.async = true
    script.onload = () => {
      const sdk = ready(w)
      if (sdk) resolve(sdk)
      else reject(new Error(`${url} loaded without its global`))
    }
    script.onerror = () => reject(new Error(`${url} failed to load`))
    document.head.appendChild(script)
  }).catch((err: unknown) => {
    loading.delete(url)
    throw err
  })
  loading.set(url, load)
  return load
}

/** WeChat's JS-SDK: the `wx` global when present, else the script from its allow-listed url (once). */
export function loadWechatSdk(url: string = WECHAT_JSSDK_URL): Promise<WechatJsSdk> {
  return loadScript(url, WECHAT_JSSDK_HOSTS, (w) => (w.wx?.config ? w.wx : undefined))
}

/** Baidu's web-view bridge: `swan.webView` when present, else Baidu's web-view SDK from its allow-listed url (once). */
export function loadBaiduWebViewSdk(url: string = BAIDU_WEBVIEW_SDK_URL): Promise<NonNullable<SwanWebView['webView']>> {
  return loadScript(url, BAIDU_WEBVIEW_SDK_HOSTS, (w) => w.swan?.webView)
}

/** Forgets a load in progress (tests). */
export function resetWechatSdk(): void {
  loading.clear()
}

/**
 * Opens a page of the mini-program that hosts this web-view (`/subPkg/pages/...`): WeChat's
 * `wx.miniProgram.navigateTo` or, in Baidu's web-view, `swan.webView.navigateTo` (each SDK is
 * loaded for it when its global is missing). Resolves false when the bridge is not there.
 */
export async function webViewNavigateTo(url: string, baidu = false): Promise<boolean> {
  if (!scope()) return false
  let navigate: ((o: NavigateOptions) => void) | undefined
  try {
    if (baidu) {
      const webView = await loadBaiduWebViewSdk()
      navigate = (o) => webView.navigateTo(o)
    } else {
      const wx = await loadWechatSdk()
      if (wx.miniProgram?.navigateTo) navigate = (o) => wx.miniProgram!.navigateTo(o)
    }
  } catch (err) {
    console.warn('web-view bridge unavailable', err instanceof Error ? err.message : err)
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
