/**
 * Host kind from the user agent (spec section 1): the provider's native app, WeChat, a
 * mini-program web-view, and the operating systems.
 */
export type HostKind = 'android' | 'ios' | 'harmony' | 'pc' | 'wechat' | 'miniProgram' | 'app' | 'other'

/** The provider's app announces itself as `AlfaApp/<bundle version>` in its user agent. */
const APP_MARK = /\bAlfaApp\/(\d+)/i

export interface HostInfo {
  /** Most specific kind first: app, miniProgram, wechat, then the operating system. */
  kinds: HostKind[]
  /** Bundle version of the native app, or null outside it. */
  appVersion: number | null
  os: 'android' | 'ios' | 'harmony' | 'pc' | 'other'
}

export function detectHost(ua: string): HostInfo {
  const kinds: HostKind[] = []
  const app = APP_MARK.exec(ua)
  if (app) kinds.push('app')
  if (/miniProgram|swan\//i.test(ua)) kinds.push('miniProgram')
  if (/MicroMessenger/i.test(ua)) kinds.push('wechat')
  const os = /OpenHarmony|HarmonyOS|ArkWeb/i.test(ua)
    ? 'harmony'
    : /Android/i.test(ua)
      ? 'android'
      : /iPhone|iPad|iPod/i.test(ua)
        ? 'ios'
        : /Windows NT|Macintosh|X11; Linux x86_64|CrOS/i.test(ua)
          ? 'pc'
          : 'other'
  kinds.push(os)
  return { kinds, appVersion: app ? Number(app[1]) : null, os }
}

function currentUserAgent(): string {
  return typeof navigator !== 'undefined' && navigator.userAgent ? navigator.userAgent : ''
}

/** True inside the provider's native app (H5 in its web view). */
export function isNativeApp(ua: string = currentUserAgent()): boolean {
  return detectHost(ua).kinds.includes('app')
}
