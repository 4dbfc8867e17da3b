/**
 * Host kind from the user agent (spec section 1): the provider's native app, a mini-program
 * web view, WeChat, and the operating systems (Android, iOS, Harmony, PC), else 'other'.
 */
export type HostKind = 'android' | 'ios' | 'harmony' | 'pc' | 'wechat' | 'miniProgram' | 'app' | 'other'
export type HostOs = 'android' | 'ios' | 'harmony' | 'pc' | 'other'

/** The provider's app announces itself as `AlfaApp/<bundle version>` in its user agent. */
const APP_MARK = /\bAlfaApp\/(\d+)/i

export interface HostInfo {
  /** Most specific kind first: app, miniProgram, wechat, then the operating system. */
  kinds: HostKind[]
  /** The most specific kind. */
  kind: HostKind
  /** Bundle version of the native app, or null outside it. */
  appVersion: number | null
  os: HostOs
  /** Baidu's app or smart-program web view (the token fallback of spec section 5 skips it). */
  baidu: boolean
}

function detectOs(ua: string): HostOs {
  if (/OpenHarmony|HarmonyOS|ArkWeb/i.test(ua)) return 'harmony'
  if (/Android/i.test(ua)) return 'android'
  if (/iPhone|iPad|iPod/i.test(ua)) return 'ios'
  if (/Windows NT|Macintosh|X11; Linux x86_64|CrOS/i.test(ua)) return 'pc'
  return 'other'
}

export function detectHost(ua: string): HostInfo {
  const kinds: HostKind[] = []
  const app = APP_MARK.exec(ua)
  if (app) kinds.push('app')
  if (/miniProgram|swan\//i.test(ua)) kinds.push('miniProgram')
  if (/MicroMessenger/i.test(ua)) kinds.push('wechat')
  const os = detectOs(ua)
  kinds.push(os)
  return { kinds, kind: kinds[0], appVersion: app ? Number(app[1]) : null, os, baidu: /baiduboxapp|swan\//i.test(ua) }
}

/** Features gated on the native app's bundle version (spec section 9). */
export type NativeFeature = 'shareKey' | 'loadEndNotice' | 'fullscreen'

/** Minimum bundle version per platform; a platform without an entry never has the feature. */
export const NATIVE_VERSION_GATES: Record<NativeFeature, Partial<Record<HostOs, number>>> = {
  shareKey: { android: 10, ios: 18 },
  loadEndNotice: { android: 150, ios: 213 },
  fullscreen: { ios: 255 },
}

/** Android bundles below this fetch the first token from persistent storage (spec section 5). */
export const ANDROID_TOKEN_FALLBACK_BELOW = 194

/** Whether the native app in `host` is new enough for `feature`. */
export function nativeSupports(host: HostInfo, feature: NativeFeature): boolean {
  const min = NATIVE_VERSION_GATES[feature][host.os]
  return host.appVersion !== null && min !== undefined && host.appVersion >= min
}

/**
 * Older Android app builds (bundle version below 194, not Baidu, not Harmony) cannot hand the
 * first token over the bridge: it is read from persistent storage instead.
 */
export function needsStoredTokenFallback(host: HostInfo): boolean {
  return host.appVersion !== null && host.os === 'android' && !host.baidu && host.appVersion < ANDROID_TOKEN_FALLBACK_BELOW
}

export function currentUserAgent(): string {
  return typeof navigator !== 'undefined' && navigator.userAgent ? navigator.userAgent : ''
}

/** The host this page runs in, read from the current user agent. */
export function currentHost(): HostInfo {
  return detectHost(currentUserAgent())
}

/** True inside the provider's native app (H5 in its web view). */
export function isNativeApp(ua: string = currentUserAgent()): boolean {
  return detectHost(ua).kinds.includes('app')
}
