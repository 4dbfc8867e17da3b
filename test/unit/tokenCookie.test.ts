import { detectHost } from '@/platform/host'
import { parentCookieDomains, sharedCookieDomain, type CookieJar, type CookieOptions } from '@/platform/web'
import { createExpiringStorage } from '@/utils/expiringStorage'
import { TokenPersistence, type TokenEnvironment } from '@/services/token'
import { makeToken } from '../support/services'

/**
 * Issue #19: the H5 token cookie's domain was the host's last two labels — '.com.cn' on
 * m.alfa.com.cn, a public suffix browsers drop (login never survived a reload), and elsewhere
 * the bearer token went to every sibling subdomain. Now host-only unless the build configures
 * a shared host the page is within.
 */

const NOW = 1_700_000_000_000
const token = makeToken({ sub: 'u1', exp: NOW / 1000 + 3600 })
const older = makeToken({ sub: 'u1', exp: NOW / 1000 + 60 })

/** Public suffixes this fake browser knows (a real one uses the public-suffix list). */
const PUBLIC_SUFFIXES = new Set(['com.cn', 'example', 'cn', 'com'])

/**
 * The cookies of a browser across hosts, as document.cookie behaves: a domain cookie is refused
 * when its domain is a public suffix or not the page's host or a parent of it; a page sees its
 * host-only cookies and the domain cookies of its parents, the older first.
 */
function browser() {
  const store: Array<{ name: string; value: string; hostOnly: string | null; domain: string | null }> = []
  const within = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`)
  const jarFor = (host: string): CookieJar => ({
    get: (name) =>
      store.find((c) => c.name === name && (c.hostOnly === host || (c.domain !== null && within(host, c.domain))))?.value ?? null,
    set(name, value, { domain }: CookieOptions = {}) {
      const d = domain?.replace(/^\./, '') ?? null
      if (d !== null && (PUBLIC_SUFFIXES.has(d) || !within(host, d))) return // dropped by the browser
      const i = store.findIndex((c) => c.name === name && c.hostOnly === (d ? null : host) && c.domain === d)
      if (i >= 0) store[i].value = value
      else store.push({ name, value, hostOnly: d ? null : host, domain: d })
    },
    remove(name, { domain }: CookieOptions = {}) {
      // As documentCookies.remove: the host-only cookie, and the one on `domain` when given.
      const d = domain?.replace(/^\./, '') ?? null
      for (let i = store.length - 1; i >= 0; i--) {
        const c = store[i]
        if (c.name === name && (c.hostOnly === host || (d !== null && c.domain === d))) store.splice(i, 1)
      }
    },
  })
  return { store, jarFor }
}

/** A production H5 page on `host` (each call is a page load: a new TokenPersistence). */
function page(cookies: CookieJar, host: string, sharedHosts: readonly string[]) {
  const env: TokenEnvironment = {
    target: 'h5',
    production: true,
    sharedHosts,
    urlTokenAllowed: false,
    storage: createExpiringStorage({ get: () => '', set: () => {}, remove: () => {} }, () => NOW),
    cookies,
    hostname: () => host,
    search: () => '',
    host: () => detectHost('Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 Safari/604.1'),
    broker: () => '0008',
    waitForBridge: () => Promise.reject(new Error('no bridge')),
    now: () => NOW,
  }
  return new TokenPersistence(env)
}

describe('sharedCookieDomain: configured, never computed from the host’s labels', () => {
  it.each([
    ['m.alfa.com.cn', [], undefined],
    ['m.alfa.com.cn', ['m.alfa.com.cn'], undefined], // the configured host itself: host-only
    ['m.alfa.com.cn', ['alfa.com.cn'], '.alfa.com.cn'],
    ['m.alfa.example', [], undefined],
    ['m.alfa.example', ['alfa.example:8443'], '.alfa.example'],
    ['m.alfa.example', ['www.alfa.example', 'alfa.example'], '.alfa.example'], // the broadest
    ['m.alfa.example', ['other.example'], undefined],
    ['evilalfa.example', ['alfa.example'], undefined], // a suffix, not a parent
    ['localhost', ['localhost'], undefined],
    ['zhenduan.localhost', ['localhost'], undefined],
    ['127.0.0.1', ['0.0.1', '127.0.0.1'], undefined],
    ['10.1.2.3', ['1.2.3'], undefined],
    ['[::1]', ['::1'], undefined],
  ])('%s with %j → %s', (host, shared, expected) => {
    expect(sharedCookieDomain(host, shared)).toBe(expected)
  })

  it('parent domains are listed for removal only (where older builds may have left a cookie)', () => {
    expect(parentCookieDomains('m.alfa.com.cn')).toEqual(['.alfa.com.cn', '.com.cn'])
    expect(parentCookieDomains('m.alfa.example')).toEqual(['.alfa.example'])
    expect(parentCookieDomains('localhost')).toEqual([])
    expect(parentCookieDomains('192.168.1.20')).toEqual([])
  })
})

describe('an H5 login survives the reload on every kind of host', () => {
  it.each([
    ['m.alfa.com.cn', ['m.alfa.com.cn']],
    ['m.alfa.example', ['m.alfa.example']],
    ['m.alfa.example', []],
    ['localhost', ['localhost']],
    ['192.168.1.20', ['localhost']],
  ])('on %s (configured %j) the saved token is there after a reload', async (host, shared) => {
    const { jarFor } = browser()
    page(jarFor(host), host, shared).save(token)
    await expect(page(jarFor(host), host, shared).load()).resolves.toBe(token)
  })

  it('host-only by default: a sibling subdomain does not receive the bearer token', async () => {
    const { jarFor } = browser()
    page(jarFor('m.alfa.example'), 'm.alfa.example', ['m.alfa.example']).save(token)
    await expect(page(jarFor('evil.alfa.example'), 'evil.alfa.example', ['m.alfa.example']).load()).resolves.toBeNull()
  })

  it('shared when the build configures a parent the host is within: a product subdomain logs in too', async () => {
    const { jarFor, store } = browser()
    page(jarFor('m.alfa.com.cn'), 'm.alfa.com.cn', ['alfa.com.cn']).save(token)
    expect(store.map((c) => c.domain)).toEqual(['alfa.com.cn'])
    await expect(page(jarFor('www.alfa.com.cn'), 'www.alfa.com.cn', ['alfa.com.cn']).load()).resolves.toBe(token)
    // Logout on either removes it for both.
    page(jarFor('www.alfa.com.cn'), 'www.alfa.com.cn', ['alfa.com.cn']).clear()
    await expect(page(jarFor('m.alfa.com.cn'), 'm.alfa.com.cn', ['alfa.com.cn']).load()).resolves.toBeNull()
  })

  it('a token an older build left on the parent domain neither shadows a new login nor outlives a logout', async () => {
    const { jarFor } = browser()
    jarFor('m.alfa.example').set('access_token', older, { domain: '.alfa.example' }) // the old label-derived domain
    page(jarFor('m.alfa.example'), 'm.alfa.example', []).save(token)
    await expect(page(jarFor('m.alfa.example'), 'm.alfa.example', []).load()).resolves.toBe(token)
    jarFor('m.alfa.example').set('access_token', older, { domain: '.alfa.example' })
    page(jarFor('m.alfa.example'), 'm.alfa.example', []).clear()
    await expect(page(jarFor('m.alfa.example'), 'm.alfa.example', []).load()).resolves.toBeNull()
  })
})
