import { TARGET, type Target } from '@/platform/env'
import { currentHost, needsStoredTokenFallback, type HostInfo } from '@/platform/host'
import { cookies as hostCookies, currentLocation, parentCookieDomains, sharedCookieDomain, type CookieJar } from '@/platform/web'
import { checkToken, tokenExpiresAt } from '@/utils/token'
import { parseQuery } from '@/utils/url'
import type { ExpiringStorage } from '@/utils/expiringStorage'
import { brokerOf, DEFAULT_MAIN_HOSTS, type Broker } from './brand'
import { waitForBridge, type NativeBridge } from './bridge'
import { expiringStorage } from './storage'

/** How long a token is kept in local storage (spec section 9). */
export const TOKEN_TTL_MS = 864000000
/** The cookie the mini-program keeps its token in, also dropped on a 401. */
export const ACCESS_TOKEN_COOKIE = 'accessToken'
/** The url parameter a token may arrive in. */
export const TOKEN_URL_PARAM = 'access_token'

/** Storage key: access_token, or access_token_0009 for site code 0009. */
export function tokenStorageKey(broker: Broker): string {
  return broker === '0009' ? 'access_token_0009' : 'access_token'
}

export interface TokenEnvironment {
  target: Target
  /** Production H5 keeps the token in a cookie (shared by the product's subdomains when configured: sharedHosts). */
  production: boolean
  /** The build's product and main-brand hosts: the cookie is shared on one the page's host is a subdomain of (platform/web.ts). */
  sharedHosts: readonly string[]
  /** Test hosts without shared cookies may pass the token in the url. */
  urlTokenAllowed: boolean
  storage: ExpiringStorage
  cookies: CookieJar
  hostname: () => string
  search: () => string
  host: () => HostInfo
  broker: () => Broker
  waitForBridge: () => Promise<NativeBridge>
  now: () => number
}

export function defaultTokenEnvironment(): TokenEnvironment {
  return {
    target: TARGET,
    production: process.env.NODE_ENV === 'production',
    sharedHosts: [process.env.ALFA_PRODUCT_HOST ?? '', ...DEFAULT_MAIN_HOSTS],
    urlTokenAllowed: process.env.NODE_ENV !== 'production',
    storage: expiringStorage,
    cookies: hostCookies,
    hostname: () => currentLocation()?.hostname ?? '',
    search: () => currentLocation()?.search ?? '',
    host: currentHost,
    broker: () => brokerOf(),
    waitForBridge: () => waitForBridge(),
    now: Date.now,
  }
}

/**
 * Where the access token lives (spec section 4): persistent storage on H5 (a cookie in
 * production, local storage otherwise), the native app's bridge in the app, and the accessToken
 * cookie in a mini-program.
 */
export class TokenPersistence {
  private fetchedOnce = false

  constructor(private readonly env: TokenEnvironment = defaultTokenEnvironment()) {}

  private get key() {
    return tokenStorageKey(this.env.broker())
  }

  private urlToken(): string | null {
    return parseQuery(this.env.search())[TOKEN_URL_PARAM] || null
  }

  /** The stored token from persistent storage of this target, checked (malformed → null). */
  readStored(): string | null {
    const { env } = this
    if (env.target !== 'h5') return checkToken(env.cookies.get(ACCESS_TOKEN_COOKIE), env.now())
    const raw = env.production ? env.cookies.get(this.key) : env.storage.get<string>(this.key)
    return checkToken(raw, env.now())
  }

  /**
   * Loads the token at start-up. In the native app it comes over the bridge (its initial data,
   * else the access_token url parameter); older Android builds read persistent storage on the
   * first fetch. Rejects with 'native bridge not found.' when the bridge does not appear.
   */
  async load(): Promise<string | null> {
    const { env } = this
    const host = env.host()
    const first = !this.fetchedOnce
    this.fetchedOnce = true
    if (env.target === 'h5' && host.appVersion !== null) {
      if (first && needsStoredTokenFallback(host)) return this.readStored()
      const bridge = await env.waitForBridge()
      const raw = bridge.initialData ? (bridge.initialData.access_token ?? null) : this.urlToken()
      return checkToken(raw, env.now())
    }
    // H5 in a mini-program's web-view: the mini-program hands its login over in the accessToken cookie.
    if (env.target === 'h5' && host.kinds.includes('miniProgram')) {
      const handed = checkToken(env.cookies.get(ACCESS_TOKEN_COOKIE), env.now())
      if (handed) return handed
    }
    const stored = this.readStored()
    if (stored) return stored
    return env.target === 'h5' && env.urlTokenAllowed ? checkToken(this.urlToken(), env.now()) : null
  }

  /** The shared cookie domain of this page, if one is configured for it; host-only otherwise. */
  private cookieDomain(): string | undefined {
    return sharedCookieDomain(this.env.hostname(), this.env.sharedHosts)
  }

  /** Saves the token where this target keeps it; cookies expire with the token. */
  save(token: string): void {
    const { env } = this
    const expires = tokenExpiresAt(token) ?? env.now() + TOKEN_TTL_MS
    if (env.target !== 'h5') {
      env.cookies.set(ACCESS_TOKEN_COOKIE, token, { expires })
    } else if (env.production) {
      const domain = this.cookieDomain()
      // A token an older build left on a parent domain would be read before this one (same name and path, older): removed first.
      for (const parent of parentCookieDomains(env.hostname())) if (parent !== domain) env.cookies.remove(this.key, { domain: parent })
      env.cookies.set(this.key, token, { expires, domain })
    } else {
      env.storage.set(this.key, token, TOKEN_TTL_MS)
    }
  }

  /** Removes the token from every place it may be: storage, its cookie and the accessToken cookie, host-only and on every parent domain. */
  clear(): void {
    const { env } = this
    env.storage.remove(this.key)
    const domains = new Set([this.cookieDomain(), ...parentCookieDomains(env.hostname())])
    for (const domain of domains) {
      env.cookies.remove(this.key, { domain })
      env.cookies.remove(ACCESS_TOKEN_COOKIE, { domain })
    }
  }
}

export const tokenPersistence = new TokenPersistence()
