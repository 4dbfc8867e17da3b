import Taro from '@tarojs/taro'
import { isH5 } from './env'

/** Browser location, history and cookies for the H5 build; mini-programs have none of them. */

export interface PageLocation {
  href: string
  hostname: string
  pathname: string
  search: string
  hash: string
}

function hasWindow(): boolean {
  return isH5 && typeof window !== 'undefined' && !!window.location
}

/** The page's address on H5; null in a mini-program. */
export function currentLocation(): PageLocation | null {
  if (!hasWindow()) return null
  const { href, hostname, pathname, search, hash } = window.location
  return { href, hostname, pathname, search, hash }
}

/** The host name the brand is decided by ('' in a mini-program). */
export function currentHostname(): string {
  return currentLocation()?.hostname ?? ''
}

/** The page's host with its port ('m.example.com', 'localhost:3000'); '' in a mini-program. */
export function currentAuthority(): string {
  return hasWindow() ? window.location.host : ''
}

/**
 * Whether a cookie or a local-storage entry of one of these names exists (H5; a cheap check
 * before the code that reads them has loaded). Always true in a mini-program, which cannot tell.
 */
export function hasSavedEntry(names: readonly string[]): boolean {
  if (!hasWindow()) return true
  try {
    const cookieNames = document.cookie.split(';').map((c) => c.split('=')[0].trim())
    if (names.some((n) => cookieNames.includes(n))) return true
  } catch {
    // Cookies disabled.
  }
  try {
    if (names.some((n) => window.localStorage.getItem(n) !== null)) return true
  } catch {
    // Storage disabled.
  }
  return false
}

/** Rewrites the address bar without a navigation (removing one-off parameters). */
export function replaceAddress(url: string): void {
  if (hasWindow() && window.history?.replaceState) window.history.replaceState(window.history.state, '', url)
}

/** Leaves the page for `url` (same-origin paths and deep links). */
export function assignLocation(url: string): void {
  if (hasWindow()) window.location.assign(url)
}

/** Leaves the page for `url` without keeping this page in the history (a finished login). */
export function replaceLocation(url: string): void {
  if (hasWindow()) window.location.replace(url)
}

/** History length on H5 (1 when the page was opened directly). */
export function historyLength(): number {
  return hasWindow() ? window.history.length : 1
}

export interface CookieOptions {
  /** Expiry as epoch milliseconds; a session cookie without it. */
  expires?: number
  /** Domain shared by the product's subdomains ('.example.com'); host-only without it. */
  domain?: string
  path?: string
}

export interface CookieJar {
  get(name: string): string | null
  set(name: string, value: string, options?: CookieOptions): void
  remove(name: string, options?: CookieOptions): void
}

/** document.cookie on H5. */
export const documentCookies: CookieJar = {
  get(name) {
    if (typeof document === 'undefined') return null
    for (const part of document.cookie.split(';')) {
      const eq = part.indexOf('=')
      if (eq < 0) continue
      if (part.slice(0, eq).trim() === name) {
        try {
          return decodeURIComponent(part.slice(eq + 1).trim())
        } catch {
          return part.slice(eq + 1).trim()
        }
      }
    }
    return null
  },
  set(name, value, { expires, domain, path = '/' } = {}) {
    if (typeof document === 'undefined') return
    const attrs = [`${name}=${encodeURIComponent(value)}`, `path=${path}`]
    if (expires !== undefined) attrs.push(`expires=${new Date(expires).toUTCString()}`)
    if (domain) attrs.push(`domain=${domain}`)
    if (typeof location !== 'undefined' && location.protocol === 'https:') attrs.push('secure', 'samesite=lax')
    document.cookie = attrs.join('; ')
  },
  remove(name, { domain, path = '/' } = {}) {
    if (typeof document === 'undefined') return
    const gone = 'expires=Thu, 01 Jan 1970 00:00:00 GMT'
    document.cookie = `${name}=; path=${path}; ${gone}`
    if (domain) document.cookie = `${name}=; path=${path}; domain=${domain}; ${gone}`
  },
}

/** Mini-programs have no cookies: the host's storage keeps them under one key. */
const MINI_COOKIE_KEY = 'cookies'

function readMiniCookies(): Record<string, { value: string; expires?: number }> {
  try {
    const raw: unknown = Taro.getStorageSync(MINI_COOKIE_KEY)
    return raw && typeof raw === 'object' ? (raw as Record<string, { value: string; expires?: number }>) : {}
  } catch {
    return {}
  }
}

export const storageCookies: CookieJar = {
  get(name) {
    const entry = readMiniCookies()[name]
    if (!entry) return null
    if (entry.expires !== undefined && entry.expires <= Date.now()) {
      this.remove(name)
      return null
    }
    return entry.value
  },
  set(name, value, { expires } = {}) {
    Taro.setStorageSync(MINI_COOKIE_KEY, { ...readMiniCookies(), [name]: { value, expires } })
  },
  remove(name) {
    const all = readMiniCookies()
    delete all[name]
    Taro.setStorageSync(MINI_COOKIE_KEY, all)
  },
}

/** The cookie jar of this target. */
export const cookies: CookieJar = isH5 ? documentCookies : storageCookies

/**
 * The cookie domain shared by the product's subdomains: '.example.com' for 'm.example.com';
 * none (host-only) for loopback names and IP addresses, where browsers refuse a domain.
 */
export function sharedCookieDomain(hostname: string): string | undefined {
  if (!hostname || /^[\d.]+$/.test(hostname) || hostname.includes(':') || hostname === 'localhost' || hostname.endsWith('.localhost'))
    return undefined
  const labels = hostname.split('.')
  return labels.length >= 2 ? `.${labels.slice(-2).join('.')}` : undefined
}
