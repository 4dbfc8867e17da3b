// @ts-check
'use strict'
// The WeChat build's login page (dist/weapp/subPkg/pages/login/index) in miniprogram-simulate
// against the REAL API server (lib/login-api-server.js), which exchanges the login code with a
// stub of WeChat's code2session endpoint run here. Only the platform boundary is stubbed: wx.login
// answers a fresh code (as WeChat would), wx.request is forwarded to the server with node's fetch,
// and WeChat's jscode2session is this file's HTTP stub (it knows the codes wx.login handed out).
//
// Checked: the page shows 微信一键登录; a tap calls wx.login once and POSTs its code to
// /user/wechat/login; the server asked the stub with that js_code, the app id and the secret; the
// token lands in the mini-program's storage (the accessToken cookie) and the server accepts it
// (GET /user/info/detail: 微信用户); the page leaves (no page below: wx.reLaunch to home). A code
// WeChat refuses gets 400 and no token. The page opened again shows the account with 退出登录; a
// tap clears the stored token and the server refuses it from then on.
const http = require('node:http')
const fs = require('node:fs')
const path = require('node:path')
const os = require('node:os')
const { spawnSync } = require('node:child_process')
const { requireDist, runCheck, failure, startJsonServer } = require('./lib/common')
const { createHost, captureProblems } = require('./lib/weapp-host')
const { createHash } = require('node:crypto')

const PAGE = 'subPkg/pages/login/index'
const TIMEOUT_MS = 8000
const APP_ID = 'wx5151515151515151'
const APP_SECRET = 'simulator-app-secret'

/**
 * @typedef {{ method: string; path: string; body: string | undefined; done: boolean; status?: number }} LoginRequest
 * @typedef {{ requests: LoginRequest[]; problems: string[] }} LoginNet
 */

/**
 * WeChat's jscode2session, as documented: openid and session_key for a code it issued, errcode otherwise.
 * @param {Set<string>} issued
 * @returns {Promise<{ url: string; calls: Array<Record<string, string>>; server: http.Server }>}
 */
function startWechatStub(issued) {
  /** @type {Array<Record<string, string>>} */
  const calls = []
  const server = http.createServer((req, res) => {
    const url = new URL(String(req.url), 'http://stub')
    const q = Object.fromEntries(url.searchParams)
    calls.push({ path: url.pathname, ...q })
    const good = url.pathname === '/sns/jscode2session' && q.appid === APP_ID && q.secret === APP_SECRET && issued.has(q.js_code)
    res.setHeader('content-type', 'application/json')
    res.end(
      JSON.stringify(good ? { openid: `o_sim_${q.js_code}`, session_key: 'c2Vzc2lvbi1rZXk=' } : { errcode: 40029, errmsg: 'invalid code' }),
    )
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}/sns/jscode2session`,
        calls,
        server,
      }),
    ),
  )
}

/** @param {string} code2sessionUrl */
function startApi(code2sessionUrl) {
  return startJsonServer(path.join(__dirname, 'lib', 'login-api-server.js'), [], {
    WECHAT_APP_ID: APP_ID,
    WECHAT_APP_SECRET: APP_SECRET,
    WECHAT_CODE2SESSION_URL: code2sessionUrl,
  })
}

/**
 * wx.request forwarded to the server; records each call.
 * @param {string} origin
 * @param {LoginNet} net
 * @returns {import('./lib/types').WxRequest}
 */
function forwarder(origin, net) {
  return (opts = {}) => {
    const method = String(opts.method || 'GET').toUpperCase()
    const url = new URL(String(opts.url), origin)
    const body =
      method === 'GET' || opts.data === undefined ? undefined : typeof opts.data === 'string' ? opts.data : JSON.stringify(opts.data)
    /** @type {LoginRequest} */
    const entry = { method, path: url.pathname, body, done: false }
    net.requests.push(entry)
    fetch(`${origin}${url.pathname}${url.search}`, { method, headers: { ...(opts.header || {}) }, body })
      .then(async (res) => {
        const text = await res.text()
        /** @type {Record<string, string>} */
        const header = {}
        res.headers.forEach((v, k) => (header[k] = v))
        entry.status = res.status
        entry.done = true
        let data = text
        try {
          data = JSON.parse(text)
        } catch {
          /* text */
        }
        const answer = { statusCode: res.status, data, header, errMsg: 'request:ok' }
        if (typeof opts.success === 'function') opts.success(answer)
        if (typeof opts.complete === 'function') opts.complete(answer)
      })
      .catch((/** @type {Error} */ err) => {
        entry.done = true
        net.problems.push(`${method} ${url.pathname} failed: ${err.message}`)
        if (typeof opts.fail === 'function') opts.fail({ errMsg: `request:fail ${err.message}` })
      })
    return { abort() {}, onHeadersReceived() {}, offHeadersReceived() {}, onChunkReceived() {}, offChunkReceived() {} }
  }
}

const { text } = require('./lib/live-screens')
/** x-sign as common/sign.ts makes it: the timestamp and 32 uppercase hex of sha256(floor(1.01 × timestamp)). */
const createSign = (now = Date.now()) =>
  `${now}${createHash('sha256')
    .update(String(Math.floor(1.01 * now)))
    .digest('hex')
    .slice(0, 32)
    .toUpperCase()}`
const apiHeaders = (/** @type {string} */ token = '') => ({
  'x-sign': createSign(),
  'x-broker': '0008',
  ...(token ? { authorization: `Bearer ${token}` } : {}),
})

async function main() {
  const dir = requireDist('weapp')
  if (!fs.existsSync(path.join(dir, `${PAGE}.js`))) throw failure(`${PAGE}.js is missing from the build`)
  const problems = captureProblems([])
  const issued = new Set()
  const stub = await startWechatStub(issued)
  const api = await startApi(stub.url)
  try {
    // A code WeChat does not know is refused by the server: no session.
    const forged = await fetch(`${api.origin}/alfa/v1/user/wechat/login`, {
      method: 'POST',
      headers: { ...apiHeaders(), 'content-type': 'application/json' },
      body: JSON.stringify({ code: 'forged-code' }),
    })
    const forgedBody = await forged.json()
    if (forged.status !== 400 || forgedBody.data) throw failure(`a code WeChat refused: ${forged.status} ${JSON.stringify(forgedBody)}`)

    /** @type {LoginNet} */
    const net = { requests: [], problems }
    /** @type {string[]} */
    const logins = []
    const host = createHost(dir, {
      problems,
      request: forwarder(api.origin, net),
      wx: {
        login(/** @type {import('./lib/types').WxCallOptions} */ opts = {}) {
          const code = `sim-code-${logins.length + 1}-${Date.now()}`
          logins.push(code)
          issued.add(code)
          setTimeout(() => {
            if (typeof opts.success === 'function') opts.success({ code, errMsg: 'login:ok' })
            if (typeof opts.complete === 'function') opts.complete({ code, errMsg: 'login:ok' })
          }, 5)
        },
      },
    })
    const token = () => storedToken(host)
    if (token()) throw failure('logged in before the test')

    const h = host.open(PAGE, {}, TIMEOUT_MS)
    const button = await h.waitFor('the 微信一键登录 button', () =>
      h.page.querySelectorAll('.alfa-login__submit').find((b) => text(b) === '微信一键登录'),
    )
    const before = host.navigations.length
    button.dispatchEvent('tap')
    await h.waitFor('the login to finish and the page to leave', () => host.navigations.length > before)
    if (logins.length !== 1) throw failure(`wx.login was called ${logins.length} times`)
    const post = net.requests.find((r) => r.path === '/alfa/v1/user/wechat/login')
    if (!post || post.method !== 'POST' || JSON.parse(post.body ?? 'null')?.code !== logins[0])
      throw failure(`the login code did not reach POST /user/wechat/login: ${JSON.stringify(post)}`)
    if (post.status !== 200) throw failure(`POST /user/wechat/login answered ${post.status}`)
    const exchanged = stub.calls.find((c) => c.js_code === logins[0])
    if (!exchanged || exchanged.appid !== APP_ID || exchanged.secret !== APP_SECRET || exchanged.grant_type !== 'authorization_code')
      throw failure(`the server did not exchange the code with WeChat: ${JSON.stringify(stub.calls)}`)
    const nav = host.navigations[before]
    if (nav.api !== 'reLaunch' || !String(nav.url).startsWith('/pages/home/index'))
      throw failure(`after login the page went ${JSON.stringify(nav)}, not back home`)
    const saved = token()
    if (!saved) throw failure('no token in the mini-program storage after login')
    const me = await fetch(`${api.origin}/alfa/v1/user/info/detail`, { headers: apiHeaders(saved) })
    const meBody = await me.json()
    if (me.status !== 200 || meBody.data.nickname !== '微信用户') throw failure(`the stored token: ${me.status} ${JSON.stringify(meBody)}`)
    h.close()

    // Logged in, the login page is the account: 退出登录 clears the token; the server refuses it.
    // (A page loads once per process here: the app starts again with this storage.)
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'alfa-login-')), 'storage.json')
    fs.writeFileSync(file, JSON.stringify({ storage: Object.fromEntries(host.storage), origin: api.origin }))
    const second = spawnSync(process.execPath, [__filename, '--logout', file], { encoding: 'utf8', timeout: 120000 })
    fs.rmSync(path.dirname(file), { recursive: true, force: true })
    const last = String(second.stdout).trim().split('\n').pop() ?? ''
    let result
    try {
      result = JSON.parse(last)
    } catch {
      throw failure(`the logout run printed no result:\n${second.stdout}\n${second.stderr}`)
    }
    if (result.error) throw failure(`logout: ${result.error}`)
    const after = await fetch(`${api.origin}/alfa/v1/user/info/detail`, { headers: apiHeaders(saved) })
    if (after.status !== 401) throw failure(`the token still works after 退出登录: ${after.status}`)
    const bad = net.requests.filter((r) => (r.status ?? 0) >= 400)
    if (bad.length) throw failure(`requests failed: ${JSON.stringify(bad)}`)
    if (problems.length) throw failure(problems.join('\n'))
    return `微信一键登录 -> wx.login code -> POST /user/wechat/login (200) -> code2session stub (js_code, appid, secret) -> token stored and accepted (微信用户) -> wx.reLaunch home; a refused code -> 400; 退出登录 -> token gone, server answers 401`
  } finally {
    api.stop()
    stub.server.close()
  }
}

/**
 * The access token in the mini-program's storage (the accessToken cookie), or null.
 * @param {import('./lib/types').Host} host
 * @returns {string | null}
 */
function storedToken(host) {
  const cookies = /** @type {{ accessToken?: { value?: string } } | undefined} */ (host.storage.get('cookies'))
  return (cookies || {}).accessToken?.value ?? null
}

/**
 * The second run: the stored token; the page shows the account; 退出登录 clears it and tells the server.
 * @param {string} file
 */
async function logoutMain(file) {
  const { storage, origin } = JSON.parse(fs.readFileSync(file, 'utf8'))
  const dir = requireDist('weapp')
  const problems = captureProblems([])
  /** @type {LoginNet} */
  const net = { requests: [], problems }
  const host = createHost(dir, { problems, request: forwarder(origin, net), storage })
  const token = () => storedToken(host)
  if (!token()) throw failure('the second run has no stored token')
  const h = host.open(PAGE, {}, TIMEOUT_MS)
  const out = await h.waitFor('退出登录', () => h.page.querySelector('.alfa-login__logout'))
  await h.waitFor('the masked account name', () => text(h.page.querySelector('.alfa-login__who')) === '微信用户')
  out.dispatchEvent('tap')
  await h.waitFor('the token to leave storage', () => !token())
  await h.waitFor('the logout call', () => net.requests.some((r) => r.path === '/alfa/v1/user/logout' && r.done))
  await h.waitFor('the login button again', () => h.page.querySelectorAll('.alfa-login__submit').some((b) => text(b) === '微信一键登录'))
  const bad = net.requests.filter((r) => (r.status ?? 0) >= 400)
  if (bad.length) throw failure(`requests failed: ${JSON.stringify(bad)}`)
  if (problems.length) throw failure(problems.join('\n'))
  h.close()
}

if (process.argv[2] === '--logout') {
  logoutMain(String(process.argv[3])).then(
    () => {
      console.log(`\n${JSON.stringify({ ok: true })}`)
      process.exit(0)
    },
    (/** @type {Error} */ err) => {
      console.log(`\n${JSON.stringify({ error: String((err && err.message) || err) })}`)
      process.exit(1)
    },
  )
} else {
  void runCheck('weapp login page in miniprogram-simulate (WeChat code login)', main).then(() => process.exit())
}
