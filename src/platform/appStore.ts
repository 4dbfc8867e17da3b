import type { Target } from './env'
import type { HostInfo } from './host'

/**
 * Where the download and open-in-app pages run (issue 21): which store link a device gets (the
 * App Store on iOS, the Android package elsewhere) and what the host lets a page do with it.
 * - app: inside the provider's app already;
 * - wechat: WeChat's browser, which neither downloads packages nor opens apps: open in the system browser;
 * - miniProgram: a mini-program (or its web-view), which cannot either: copy the link;
 * - browser: a browser, which can.
 */
export type StoreOs = 'ios' | 'android'
export type DownloadPlace = 'app' | 'wechat' | 'miniProgram' | 'browser'
export interface DownloadHost {
  place: DownloadPlace
  os: StoreOs
}

/** The download host of an H5 page (its user agent's host) or of a mini-program (its system's platform). */
export function downloadHostOf(target: Target, host: HostInfo, miniPlatform = ''): DownloadHost {
  if (target !== 'h5') return { place: 'miniProgram', os: /ios/i.test(miniPlatform) ? 'ios' : 'android' }
  const os: StoreOs = host.os === 'ios' ? 'ios' : 'android'
  if (host.kinds.includes('app')) return { place: 'app', os }
  if (host.kinds.includes('miniProgram')) return { place: 'miniProgram', os }
  if (host.kinds.includes('wechat')) return { place: 'wechat', os }
  return { place: 'browser', os }
}

/** Schemes that are the web's or a script's, never the provider's app. */
const NOT_APP_SCHEMES = new Set([
  'http',
  'https',
  'javascript',
  'data',
  'vbscript',
  'file',
  'blob',
  'about',
  'ftp',
  'ws',
  'wss',
  'mailto',
  'tel',
  'sms',
  'intent',
])

/**
 * The provider's app's address for an app path (`alfaapp://open?path=/alfa/fund/000001`), or null
 * when the configured scheme is not an app's own or the path is not one of ours.
 */
export function appSchemeUrl(scheme: string, path: string): string | null {
  const s = scheme.trim().toLowerCase()
  if (!/^[a-z][a-z0-9+.-]{1,31}$/.test(s) || NOT_APP_SCHEMES.has(s)) return null
  if (!/^\/(?![/\\])[^\s\\]*$/.test(path)) return null
  return `${s}://open?path=${encodeURIComponent(path)}`
}
