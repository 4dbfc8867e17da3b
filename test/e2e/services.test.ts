/**
 * The client services in Debian's Chromium against the real API server (issue 4): the 401,
 * network-error, UNAUTHENTICATED and fake-bridge login paths of the error catalogue.
 *
 * The services are bundled on their own (esbuild, test/e2e/fixtures/services.entry.ts) and run
 * in a blank page of the server's origin, so this test needs no H5 build; the provider's native
 * app is played by the fake bridge, injected before the page loads with the app's user agent.
 *
 *   node --import tsx --test test/e2e/services.test.ts
 */
import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { build } from 'esbuild'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { launchBrowser, newMobileContext, UA_ANDROID_CHROME } from './lib/browser'
import { ROOT } from './lib/paths'
import { startServer, type RunningServer } from './lib/server'
import { fakeBridgeScript, type FakeBridgeOptions } from '../support/fakeBridge'
import { createSign } from '@alfa/common/sign'

const UA_APP = `${UA_ANDROID_CHROME} AlfaApp/230`
const BLANK_PAGE = '/pages/home/index'
const SLOW = { timeout: 60_000 }

let server: RunningServer
let browser: Browser
let bundle = ''
let tmp = ''
/** A real token from the server (the WeChat development login code). */
let realToken = ''
let realUserId = ''

interface ServicesState {
  isLogin: boolean
  token: string | null
  userId: string | null
  toast: { show: boolean; type: string | null; content: string }
}

async function bundleServices(): Promise<string> {
  const out = await build({
    entryPoints: [path.join(ROOT, 'test/e2e/fixtures/services.entry.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    alias: { '@tarojs/taro': path.join(ROOT, 'test/e2e/fixtures/taro.ts') },
    // The H5 build's own module variants (transport.h5.ts: fetch; systemInfo.h5.ts …), as Taro resolves them.
    resolveExtensions: ['.h5.ts', '.h5.tsx', '.ts', '.tsx', '.mjs', '.js', '.json'],
    tsconfig: path.join(ROOT, 'tsconfig.json'),
    loader: { '.scss': 'empty', '.css': 'empty' },
    logLevel: 'error',
    // Taro's runtime reads process.env keys that webpack's DefinePlugin would have replaced.
    banner: { js: 'var process = globalThis.process || { env: {} };' },
    define: {
      'process.env.TARO_ENV': '"h5"',
      'process.env.TARO_PLATFORM': '"web"',
      'process.env.NODE_ENV': '"test"',
      'process.env.ALFA_API_ORIGIN': '""',
      'process.env.ALFA_PRODUCT_HOST': '"localhost"',
      'process.env.SUPPORT_TARO_POLYFILL': '"disabled"',
    },
  })
  return out.outputFiles[0].text
}

async function serverLogin(origin: string): Promise<{ token: string; userId: string }> {
  const res = await fetch(`${origin}/alfa/v1/user/wechat/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-sign': createSign(), 'x-broker': '0008' },
    body: JSON.stringify({ code: 'dev-wechat-code' }),
  })
  const body = (await res.json()) as { data?: { token: string; user: { userId: string } } }
  assert.equal(res.status, 200, `development login failed: ${JSON.stringify(body)}`)
  return { token: body.data!.token, userId: body.data!.user.userId }
}

before(
  async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'alfa-e2e-services-'))
    // The server answers page paths with this blank page; the services are added to it.
    fs.writeFileSync(
      path.join(tmp, 'index.html'),
      '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>services</title></head><body></body></html>',
    )
    ;[bundle, server] = await Promise.all([bundleServices(), startServer({ h5Dir: tmp })])
    browser = await launchBrowser()
    ;({ token: realToken, userId: realUserId } = await serverLogin(server.origin))
  },
  { timeout: 10 * 60_000 },
)

after(async () => {
  await browser?.close().catch(() => undefined)
  await server?.stop().catch(() => undefined)
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true })
})

interface Tab {
  context: BrowserContext
  page: Page
  consoleErrors: string[]
}

/** A phone (the app's user agent and fake bridge when given) on the blank page with the services loaded. */
async function openTab({ userAgent = UA_ANDROID_CHROME, bridge }: { userAgent?: string; bridge?: FakeBridgeOptions } = {}): Promise<Tab> {
  // The services bundle is injected inline into a blank page: past the CSP (the app's pages keep it in the other tests).
  const context = await newMobileContext(browser, server.origin, { scheme: 'light', userAgent, bypassCSP: true })
  if (bridge) await context.addInitScript(fakeBridgeScript(bridge))
  const page = await context.newPage()
  const consoleErrors: string[] = []
  page.on('console', (msg) => {
    if (msg.type() === 'error') consoleErrors.push(msg.text())
  })
  page.on('pageerror', (err) => consoleErrors.push(`uncaught: ${err.message}`))
  await load(page, consoleErrors)
  return { context, page, consoleErrors }
}

async function load(page: Page, errors: string[], url = BLANK_PAGE) {
  await page.goto(server.origin + url, { waitUntil: 'domcontentloaded' })
  await page.addScriptTag({ content: bundle })
  const ready = await page.evaluate(() => Boolean((window as unknown as { __alfa?: unknown }).__alfa))
  assert.ok(ready, `the services bundle did not load:\n${errors.join('\n')}`)
}

const state = (page: Page) => page.evaluate(() => (window as unknown as { __alfa: { state: () => ServicesState } }).__alfa.state())

/** Runs a service call in the page; resolves with its outcome (never throws). */
function run(page: Page, call: string): Promise<{ ok: boolean; value?: unknown; kind?: string; message?: string }> {
  return page.evaluate(
    (source) =>
      // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the call is written as text: it runs in the browser page
      (new Function('alfa', `return (${source})`)((window as unknown as { __alfa: unknown }).__alfa) as Promise<unknown>).then(
        (value) => ({ ok: true, value }),
        (err: { kind?: string; message?: string }) => ({ ok: false, kind: err?.kind, message: err?.message }),
      ),
    call,
  )
}

describe('the error catalogue against the real server (browser)', () => {
  it('HTTP 200 is success: headers pass the server checks and the data comes back', SLOW, async () => {
    const tab = await openTab()
    try {
      const res = await run(tab.page, `alfa.request({ path: '/user/ab-test' })`)
      assert.ok(res.ok, JSON.stringify(res))
      assert.ok((res.value as { experiments?: unknown }).experiments, JSON.stringify(res.value))
      assert.equal((await state(tab.page)).toast.show, false)
    } finally {
      await tab.context.close()
    }
  })

  it('another HTTP status shows a Chinese message as a toast for 3 seconds (never an English one), then rejects', SLOW, async () => {
    const tab = await openTab()
    try {
      const res = await run(tab.page, `alfa.request({ path: '/fund/info/12' })`)
      assert.equal(res.ok, false)
      assert.equal(res.kind, 'http')
      const s = await state(tab.page)
      assert.equal(s.toast.show, true)
      assert.match(s.toast.content, /基金代码应为6位数字/)
      await tab.page.waitForFunction(() => !(window as unknown as { __alfa: { toast: { show: boolean } } }).__alfa.toast.show, null, {
        timeout: 5000,
      })
    } finally {
      await tab.context.close()
    }
  })

  it('a network error shows 请检查网络连接 (REST) and is only logged (GraphQL)', SLOW, async () => {
    const tab = await openTab()
    try {
      await tab.page.route('**/alfa/v1/**', (route) => route.abort('internetdisconnected'))
      const rest = await run(tab.page, `alfa.request({ path: '/user-fund-picks/popular', query: { size: 6 } })`)
      assert.deepEqual([rest.ok, rest.kind], [false, 'network'])
      assert.equal((await state(tab.page)).toast.content, '请检查网络连接')
      await tab.page.evaluate(() => (window as unknown as { __alfa: { toast: { close: () => void } } }).__alfa.toast.close())
      const gql = await run(tab.page, `alfa.execute('query PortfolioList { portfolios { totalCount } }')`)
      assert.deepEqual([gql.ok, gql.kind], [false, 'network'])
      assert.equal((await state(tab.page)).toast.show, false)
      assert.ok(
        tab.consoleErrors.some((e) => e.includes('GraphQL')),
        tab.consoleErrors.join('\n'),
      )
    } finally {
      await tab.context.close()
    }
  })

  it(
    'HTTP 401 clears the token and stored token, logs out, removes the accessToken cookie, rejects with no toast and starts login',
    SLOW,
    async () => {
      const tab = await openTab()
      try {
        // A token the server refuses (forged signature), stored as a login would store it.
        const forged = realToken.replace(/\.[^.]+$/, '.Zm9yZ2Vk')
        await tab.page.evaluate((t) => {
          ;(window as unknown as { __alfa: { user: { login: (t: string) => void } } }).__alfa.user.login(t)
          document.cookie = 'accessToken=stale; path=/'
        }, forged)
        assert.ok(await tab.page.evaluate(() => localStorage.getItem('access_token')))
        const href = tab.page.url()
        // The signup navigation is recorded and stopped, so the page can still be inspected.
        await tab.page.route('**/user/signup**', (route) => route.abort('aborted'))
        const signup = tab.page.waitForRequest((req) => new URL(req.url()).pathname === '/user/signup', { timeout: 10_000 })
        const res = await run(tab.page, `alfa.request({ path: '/user/info/detail' })`)
        assert.deepEqual([res.ok, res.kind], [false, 'unauthorized'])
        const s = await state(tab.page)
        assert.deepEqual([s.isLogin, s.token, s.userId], [false, null, null])
        assert.equal(s.toast.show, false, 'no toast on 401')
        assert.equal(await tab.page.evaluate(() => localStorage.getItem('access_token')), null)
        assert.doesNotMatch(await tab.page.evaluate(() => document.cookie), /accessToken=/)
        // Login starts: on this main host, the signup page with the back address.
        const url = new URL((await signup).url())
        assert.equal(url.searchParams.get('back'), href)
      } finally {
        await tab.context.close()
      }
    },
  )

  it('GraphQL UNAUTHENTICATED on a main host redirects to the signup page with a back address', SLOW, async () => {
    const tab = await openTab()
    try {
      const href = tab.page.url()
      const navigated = tab.page.waitForURL((url) => url.pathname === '/user/signup', { timeout: 10_000 })
      const res = await run(tab.page, `alfa.userInfo()`)
      assert.deepEqual([res.ok, res.kind], [false, 'unauthenticated'])
      await navigated
      assert.equal(new URL(tab.page.url()).searchParams.get('back'), href)
    } finally {
      await tab.context.close()
    }
  })
})

describe('the native app, played by the fake bridge (browser)', () => {
  it('on start-up the token the app provides logs the user in silently', SLOW, async () => {
    const tab = await openTab({ userAgent: UA_APP, bridge: { initialData: { access_token: realToken } } })
    try {
      const started = await run(tab.page, `alfa.startAuth()`)
      assert.equal(started.value, realToken)
      const s = await state(tab.page)
      assert.deepEqual([s.isLogin, s.userId, s.toast.show], [true, realUserId, false])
      const me = await run(tab.page, `alfa.userInfo()`)
      assert.ok(me.ok, JSON.stringify(me))
      assert.equal((me.value as { me: { userId: string } }).me.userId, realUserId)
    } finally {
      await tab.context.close()
    }
  })

  it('UNAUTHENTICATED in the app logs in through the bridge; the next call passes', SLOW, async () => {
    const tab = await openTab({ userAgent: UA_APP, bridge: { loginToken: realToken } })
    try {
      const first = await run(tab.page, `alfa.userInfo()`)
      assert.deepEqual([first.ok, first.kind], [false, 'unauthenticated'])
      await tab.page.waitForFunction(() => (window as unknown as { __alfa: { user: { isLogin: boolean } } }).__alfa.user.isLogin, null, {
        timeout: 10_000,
      })
      const calls = await tab.page.evaluate(() =>
        (window as unknown as { __alfaBridgeCalls: { name: string }[] }).__alfaBridgeCalls.map((c) => c.name),
      )
      assert.deepEqual(calls, ['login'])
      assert.equal((await state(tab.page)).token, realToken)
      const second = await run(tab.page, `alfa.userInfo()`)
      assert.ok(second.ok, JSON.stringify(second))
      assert.equal((second.value as { me: { userId: string } }).me.userId, realUserId)
      assert.equal(tab.page.url(), server.origin + BLANK_PAGE)
    } finally {
      await tab.context.close()
    }
  })

  it('a 401 in the app logs out, then logs in again through the bridge', SLOW, async () => {
    const tab = await openTab({ userAgent: UA_APP, bridge: { loginToken: realToken } })
    try {
      const forged = realToken.replace(/\.[^.]+$/, '.Zm9yZ2Vk')
      await tab.page.evaluate(
        (t) => (window as unknown as { __alfa: { user: { login: (t: string) => void } } }).__alfa.user.login(t),
        forged,
      )
      const res = await run(tab.page, `alfa.request({ path: '/user/info/detail' })`)
      assert.deepEqual([res.ok, res.kind], [false, 'unauthorized'])
      await tab.page.waitForFunction(
        (t) => (window as unknown as { __alfa: { user: { token: string | null } } }).__alfa.user.token === t,
        realToken,
        { timeout: 10_000 },
      )
      const again = await run(tab.page, `alfa.request({ path: '/user/info/detail' })`)
      assert.ok(again.ok, JSON.stringify(again))
      assert.equal((again.value as { userId: string }).userId, realUserId)
    } finally {
      await tab.context.close()
    }
  })
})

describe('a device clock an hour off (browser)', () => {
  for (const [label, skew] of [
    ['behind', -3600_000],
    ['ahead', 3600_000],
  ] as const) {
    it(`an hour ${label}: REST and GraphQL still work, retrying a refused signature at most once`, SLOW, async () => {
      const context = await newMobileContext(browser, server.origin, { scheme: 'light', userAgent: UA_ANDROID_CHROME, bypassCSP: true })
      await context.addInitScript(`{ const real = Date.now; Date.now = () => real.call(Date) + ${skew} }`)
      const page = await context.newPage()
      const errors: string[] = []
      page.on('pageerror', (err) => errors.push(err.message))
      const sent: string[] = []
      page.on('request', (req) => {
        if (req.url().includes('/alfa/v1/')) sent.push(new URL(req.url()).pathname)
      })
      try {
        await load(page, errors)
        const first = await run(page, `alfa.request({ path: '/user/ab-test' })`)
        assert.ok(first.ok, JSON.stringify(first))
        assert.deepEqual(sent, ['/alfa/v1/user/ab-test', '/alfa/v1/user/ab-test'], 'one refusal, one retry')
        // The offset is learned: the next calls pass first time, GraphQL too.
        const again = await run(page, `alfa.request({ path: '/user/ab-test' })`)
        assert.ok(again.ok, JSON.stringify(again))
        const gql = await run(page, `alfa.execute('query PortfolioList { portfolios { totalCount } }')`)
        assert.ok(gql.ok, JSON.stringify(gql))
        assert.equal(sent.length, 4, sent.join('\n'))
        assert.equal((await state(page)).toast.show, false)
      } finally {
        await context.close()
      }
    })
  }

  it('GraphQL as the first call with the clock off retries once and answers', SLOW, async () => {
    const context = await newMobileContext(browser, server.origin, { scheme: 'light', userAgent: UA_ANDROID_CHROME, bypassCSP: true })
    await context.addInitScript(`{ const real = Date.now; Date.now = () => real.call(Date) - 3600000 }`)
    const page = await context.newPage()
    let graphqlCalls = 0
    page.on('request', (req) => {
      if (req.url().includes('/alfa/v1/graphql')) graphqlCalls += 1
    })
    try {
      await load(page, [])
      const gql = await run(page, `alfa.execute('query PortfolioList { portfolios { totalCount } }')`)
      assert.ok(gql.ok, JSON.stringify(gql))
      assert.equal(graphqlCalls, 2)
    } finally {
      await context.close()
    }
  })
})

describe('H5 inside WeChat: share set-up against the real server (wx stubbed at the platform boundary)', () => {
  it(
    'configures the JS-SDK with the signature wechat-req answers for the url without hash, sets the share data, reports a share',
    SLOW,
    async () => {
      const UA_WECHAT =
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.50(0x1800322d) NetType/WIFI Language/zh_CN'
      const context = await newMobileContext(browser, server.origin, { scheme: 'light', userAgent: UA_WECHAT, bypassCSP: true })
      // The `wx` global WeChat's JS-SDK script defines: it records what the app gives it.
      await context.addInitScript(`{
      const seen = (window.__wxSeen = { config: null, appMessage: null, timeline: null })
      window.wx = {
        config(c) { seen.config = c },
        ready(cb) { setTimeout(cb, 0) },
        error() {},
        updateAppMessageShareData(d) { seen.appMessage = { title: d.title, link: d.link, desc: d.desc } },
        updateTimelineShareData(d) { seen.timeline = { title: d.title, link: d.link } },
        onMenuShareAppMessage(d) { setTimeout(() => d.success && d.success({ errMsg: 'shareAppMessage:ok' }), 50) },
      }
    }`)
      const page = await context.newPage()
      type Answer = { url: string; body: { data?: { signature?: string; nonceStr?: string; timestamp?: string; appId?: string } } }
      const pending: Promise<Answer>[] = []
      page.on('response', (res) => {
        if (res.url().includes('/alfa/v1/utils/wechat-req')) pending.push(res.json().then((body) => ({ url: res.url(), body })))
      })
      const reports: string[] = []
      page.on('requestfinished', async (req) => {
        if (req.url().includes('/alfa/v1/share-sdk/report')) reports.push(`${(await req.response())?.status()} ${req.url()}`)
      })
      try {
        await load(page, [], '/alfa/fund/000001/detail?from=test#section')
        const res = await run(
          page,
          `alfa.setupHostShare(alfa.shareFor('fund', { fundCode: '000001' }, { name: '华夏成长混合' }), '/alfa/fund/000001/detail')`,
        )
        assert.ok(res.ok, JSON.stringify(res))
        assert.equal(res.value, 'ok')
        const answers = await Promise.all(pending)
        assert.equal(answers.length, 1)
        const asked = new URL(answers[0].url).searchParams.get('url')
        assert.equal(asked, `${server.origin}/alfa/fund/000001/detail?from=test`, 'the url without hash')
        const seen = (await page.evaluate(() => (window as unknown as { __wxSeen: unknown }).__wxSeen)) as {
          config: { signature: string; nonceStr: string; timestamp: number; appId: string; jsApiList: string[] }
          appMessage: { title: string; link: string }
          timeline: { title: string }
        }
        const answer = answers[0].body.data!
        assert.match(seen.config.signature, /^[0-9a-f]{40}$/)
        assert.equal(seen.config.signature, answer.signature)
        assert.equal(seen.config.nonceStr, answer.nonceStr)
        assert.equal(String(seen.config.timestamp), String(answer.timestamp))
        assert.equal(seen.config.appId, answer.appId)
        assert.ok(seen.config.jsApiList.includes('updateAppMessageShareData'))
        assert.deepEqual(
          [seen.appMessage.title, seen.appMessage.link, seen.timeline.title],
          ['华夏成长混合（000001）', `${server.origin}/alfa/fund/000001/detail`, '华夏成长混合（000001）'],
        )
        // The stubbed share completes: the share-SDK report goes to the server, which accepts it.
        for (let i = 0; i < 40 && reports.length === 0; i++) await new Promise((r) => setTimeout(r, 100))
        assert.equal(reports.length, 1, 'one share-SDK report')
        assert.match(reports[0], /^200 /)
        const q = new URL(reports[0].slice(4)).searchParams
        assert.deepEqual(
          [q.get('version'), q.get('system'), q.get('client_version'), q.get('network_type')],
          ['1.6.0', 'ios', '8.0.50', 'wifi'],
        )
        assert.equal(q.get('app_id'), answer.appId)
      } finally {
        await context.close()
      }
    },
  )
})
