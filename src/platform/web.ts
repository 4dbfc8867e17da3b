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

/** A name a cookie domain may be: two labels or more, not an IP address or a loopback name (browsers refuse a domain there). */
function isDomainName(name: string): boolean {
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(name) && !/^[\d.]+$/.test(name) && !name.endsWith('.localhost')
}

/**
 * The domain the product's subdomains share a cookie on: the configured host (the build's
 * ALFA_PRODUCT_HOST or ALFA_MAIN_HOSTS; a port is ignored) that `hostname` is a subdomain of, the
 * broadest if several, e.g. '.alfa.example' on m.alfa.example when alfa.example is configured.
 * Otherwise none: a host-only cookie (also on the configured host itself, on loopback names and
 * IP addresses). Never taken from the host's own labels: on m.alfa.com.cn those give the public
 * suffix '.com.cn', which browsers drop, so the login would not survive a reload.
 */
export function sharedCookieDomain(hostname: string, sharedHosts: readonly string[]): string | undefined {
  const host = hostname.toLowerCase()
  let shared: string | undefined
  for (const entry of sharedHosts) {
    const name = entry.trim().toLowerCase().replace(/:\d+$/, '').replace(/^\.+/, '')
    if (isDomainName(name) && host.endsWith(`.${name}`) && (!shared || name.length < shared.length)) shared = name
  }
  return shared ? `.${shared}` : undefined
}

/**
 * Every parent domain of `hostname` ('.alfa.com.cn' and '.com.cn' for m.alfa.com.cn): where an
 * older build may have left a token cookie. For removing cookies only, never for setting one.
 */
export function parentCookieDomains(hostname: string): string[] {
  const host = hostname.toLowerCase()
  if (!isDomainName(host)) return []
  const labels = host.split('.')
  return labels.slice(1, -1).map((_, i) => `.${labels.slice(i + 1).join('.')}`)
}
