import { detectHost } from '@/platform/host'
import type { CookieJar, CookieOptions } from '@/platform/web'
import { createExpiringStorage, type KeyValueBackend } from '@/utils/expiringStorage'
import { ACCESS_TOKEN_COOKIE, TOKEN_TTL_MS, TokenPersistence, tokenStorageKey, type TokenEnvironment } from '@/services/token'
import { BRIDGE_NOT_FOUND, type NativeBridge } from '@/services/bridge'
import { createFakeBridge } from '../support/fakeBridge'
import { UserStore } from '@/services/user'
import { makeToken } from '../support/services'

const NOW = 1_700_000_000_000
const token = makeToken({ sub: 'u1', exp: NOW / 1000 + 3600 })
const other = makeToken({ sub: 'u2', exp: NOW / 1000 + 7200 })

function memoryBackend() {
  const data = new Map<string, unknown>()
  const backend: KeyValueBackend = { get: (k) => data.get(k) ?? '', set: (k, v) => void data.set(k, v), remove: (k) => void data.delete(k) }
  return { data, backend }
}

function memoryCookies() {
  const jar = new Map<string, { value: string; options?: CookieOptions }>()
  const removed: { name: string; options?: CookieOptions }[] = []
  const cookies: CookieJar = {
    get: (n) => jar.get(n)?.value ?? null,
    set: (n, value, options) => void jar.set(n, { value, options }),
    remove: (n, options) => {
      removed.push({ name: n, options })
      jar.delete(n)
    },
  }
  return { jar, cookies, removed }
}

const UA_BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 Safari/604.1'
const UA_APP_IOS = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AlfaApp/230'
const UA_APP_ANDROID_OLD = 'Mozilla/5.0 (Linux; Android 13) AlfaApp/193'

function setup(overrides: Partial<TokenEnvironment> & { ua?: string; bridge?: NativeBridge | null } = {}) {
  const { data, backend } = memoryBackend()
  const cookieJar = memoryCookies()
  const { ua = UA_BROWSER, bridge = null, ...rest } = overrides
  const env: TokenEnvironment = {
    target: 'h5',
    production: false,
    sharedHosts: [],
    urlTokenAllowed: false,
    storage: createExpiringStorage(backend, () => NOW),
    cookies: cookieJar.cookies,
    hostname: () => 'm.alfa.example',
    search: () => '',
    host: () => detectHost(ua),
    broker: () => '0008',
    waitForBridge: () => (bridge ? Promise.resolve(bridge) : Promise.reject(new Error(BRIDGE_NOT_FOUND))),
    now: () => NOW,
    ...rest,
  }
  return { persistence: new TokenPersistence(env), data, ...cookieJar }
}

describe('token storage key is access_token, access_token_0009 for site code 0009', () => {
  it('names the key by broker', () => {
    expect(tokenStorageKey('0008')).toBe('access_token')
    expect(tokenStorageKey('0009')).toBe('access_token_0009')
  })
  it('a 0009 site saves under access_token_0009', () => {
    const { persistence, data } = setup({ broker: () => '0009' })
    persistence.save(token)
    expect([...data.keys()]).toEqual(['access_token_0009'])
  })
})

describe('token is stored in local storage for 864000000 ms outside production', () => {
  it('saves the {expired, data} envelope', () => {
    const { persistence, data } = setup()
    persistence.save(token)
    expect(TOKEN_TTL_MS).toBe(864000000)
    expect(JSON.parse(data.get('access_token') as string)).toEqual({ expired: NOW + 864000000, data: token })
  })
  it('loads it back', async () => {
    const { persistence } = setup()
    persistence.save(token)
    await expect(persistence.load()).resolves.toBe(token)
  })
})

describe('in production the token is kept in a cookie expiring with the token, on the configured shared domain', () => {
  it('sets the cookie with the exp and the configured parent domain', () => {
    const { persistence, jar, data } = setup({ production: true, sharedHosts: ['alfa.example'] })
    persistence.save(token)
    expect(jar.get('access_token')).toEqual({ value: token, options: { expires: (NOW / 1000 + 3600) * 1000, domain: '.alfa.example' } })
    expect(data.size).toBe(0)
  })
  it('loads from the cookie', async () => {
    const { persistence, jar } = setup({ production: true })
    jar.set('access_token', { value: other })
    await expect(persistence.load()).resolves.toBe(other)
  })
})

describe('in the mini-program the token comes from the accessToken cookie', () => {
  it('saves and loads accessToken', async () => {
    const { persistence, jar } = setup({ target: 'weapp' })
    persistence.save(token)
    expect(jar.get(ACCESS_TOKEN_COOKIE)?.value).toBe(token)
    await expect(persistence.load()).resolves.toBe(token)
  })
})

describe('in the native app the token comes from the bridge', () => {
  it('reads the initial data', async () => {
    const bridge = createFakeBridge({ initialData: { access_token: token } })
    const { persistence } = setup({ ua: UA_APP_IOS, bridge })
    await expect(persistence.load()).resolves.toBe(token)
  })
  it('if the bridge has no initial data, the token is read from the url parameter access_token', async () => {
    const bridge = createFakeBridge()
    const { persistence } = setup({ ua: UA_APP_IOS, bridge, search: () => `?x=1&access_token=${other}` })
    await expect(persistence.load()).resolves.toBe(other)
  })
  it('bridge not available within 3 s: the token load fails with native bridge not found.', async () => {
    const { persistence } = setup({ ua: UA_APP_IOS })
    await expect(persistence.load()).rejects.toThrow('native bridge not found.')
  })
})

describe('on older Android app builds the first token fetch falls back to persistent storage', () => {
  it('first fetch reads storage, the next one asks the bridge', async () => {
    const bridge = createFakeBridge({ initialData: { access_token: other } })
    const { persistence } = setup({ ua: UA_APP_ANDROID_OLD, bridge })
    persistence.save(token)
    await expect(persistence.load()).resolves.toBe(token)
    await expect(persistence.load()).resolves.toBe(other)
  })
  it('a newer build asks the bridge first', async () => {
    const bridge = createFakeBridge({ initialData: { access_token: other } })
    const { persistence } = setup({ ua: 'Mozilla/5.0 (Linux; Android 13) AlfaApp/194', bridge })
    persistence.save(token)
    await expect(persistence.load()).resolves.toBe(other)
  })
})

describe('in test environments without shared cookies the token may come from the url parameter access_token', () => {
  it('is read from the url when allowed and nothing is stored', async () => {
    const { persistence } = setup({ urlTokenAllowed: true, search: () => `?access_token=${token}` })
    await expect(persistence.load()).resolves.toBe(token)
  })
  it('is ignored where not allowed (production)', async () => {
    const { persistence } = setup({ search: () => `?access_token=${token}` })
    await expect(persistence.load()).resolves.toBeNull()
  })
})

describe('a malformed stored token loads as null', () => {
  it('drops garbage', async () => {
    const { persistence } = setup()
    persistence.save('not-a-token')
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined)
    await expect(persistence.load()).resolves.toBeNull()
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('invalid'))
    warn.mockRestore()
  })
})

describe('login stores the token; logout clears user and token', () => {
  it('login saves it and marks the user logged in', async () => {
    const { persistence } = setup()
    const user = new UserStore(persistence)
    user.login(token)
    expect(user.isLogin).toBe(true)
    expect(user.userId).toBe('u1')
    await expect(persistence.load()).resolves.toBe(token)
  })
  it('logout clears memory, storage, the token cookie and the accessToken cookie', async () => {
    const { persistence, removed, data } = setup({ production: false })
    const user = new UserStore(persistence)
    user.login(token)
    user.logout()
    expect([user.isLogin, user.token, user.userId]).toEqual([false, null, null])
    expect(data.size).toBe(0)
    expect(removed.map((r) => r.name)).toEqual(expect.arrayContaining(['access_token', ACCESS_TOKEN_COOKIE]))
    await expect(persistence.load()).resolves.toBeNull()
  })
})
