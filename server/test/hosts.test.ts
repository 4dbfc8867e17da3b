import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, before, describe, it } from 'node:test'
import { encryptBaiduData } from '../src/account/baidu'
import type { Database } from '../src/db'
import { JsapiTicket } from '../src/share/ticket'
import { createSign } from '@alfa/common/sign'
import { apiHeaders, pgliteTestDatabase, randomPhone, startApp, type TestApp } from './helpers'

/** A stand-in for a host's HTTP API (Baidu, WeChat) on a local port: records every call. */
interface Stub {
  url: string
  calls: Array<{ path: string; query: URLSearchParams; form: URLSearchParams }>
  close(): Promise<void>
}
async function stub(answer: (path: string, params: URLSearchParams) => unknown): Promise<Stub> {
  const calls: Stub['calls'] = []
  const server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stub')
      const form = new URLSearchParams(body)
      calls.push({ path: url.pathname, query: url.searchParams, form })
      const params = new URLSearchParams([...url.searchParams, ...form])
      // A stub that throws answers 500 (the test then fails on the answer, not on a hang).
      Promise.resolve(answer(url.pathname, params)).then(
        (out) => {
          if (out === HANG) return // never answers
          res.setHeader('content-type', 'application/json')
          res.end(JSON.stringify(out))
        },
        (err: unknown) => res.writeHead(500).end(String(err)),
      )
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  }
}
const HANG = Symbol('hang')

const APP_KEY = 'baidu-app-key-for-test'
const APP_SECRET = 'baidu-secret-for-test'
/** The session key Baidu holds for the code 'good-code' (the client never sees it). */
const BAIDU_KEY = Buffer.from('baidu-session-key-24byte').toString('base64')
const IV = Buffer.from('0123456789abcdef').toString('base64')

describe('host logins exchange the login code on the server', () => {
  let database: Database
  let t: TestApp
  let baidu: Stub
  let wechat: Stub
  let slow: Stub
  before(async () => {
    database = (await pgliteTestDatabase()).database
    baidu = await stub((_path, p) =>
      p.get('code') === 'good-code' && p.get('client_id') === APP_KEY && p.get('sk') === APP_SECRET
        ? { openid: 'baidu-openid-1', session_key: BAIDU_KEY }
        : { errno: 40001, error: 'invalid_grant', error_description: 'Invalid authorization code' },
    )
    wechat = await stub((_path, p) =>
      p.get('js_code') === 'wx-good-code' && p.get('appid') === 'wx-test-app' && p.get('secret') === 'wx-test-secret'
        ? { openid: 'wechat-openid-1', session_key: 'never-sent-to-clients' }
        : { errcode: 40029, errmsg: 'invalid code' },
    )
    slow = await stub(() => HANG)
    t = await startApp(database, {
      BAIDU_APP_KEY: APP_KEY,
      BAIDU_APP_SECRET: APP_SECRET,
      BAIDU_CODE2SESSION_URL: `${baidu.url}/oauth/jscode2sessionkey`,
      WECHAT_APP_ID: 'wx-test-app',
      WECHAT_APP_SECRET: 'wx-test-secret',
      WECHAT_CODE2SESSION_URL: `${wechat.url}/sns/jscode2session`,
    })
  })
  after(async () => {
    await t?.app.close()
    await Promise.all([baidu?.close(), wechat?.close(), slow?.close()])
    await database?.close()
  })
  const baiduLogin = (payload: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/alfa/v1/user/baidu/smartprogram/phone-decode-register', headers: apiHeaders(), payload })

  it('Baidu: the phone Baidu encrypted for this login logs that phone in', async () => {
    const mobile = randomPhone()
    const res = await baiduLogin({
      code: 'good-code',
      encryptedData: encryptBaiduData(JSON.stringify({ mobile }), BAIDU_KEY, IV, APP_KEY),
      iv: IV,
    })
    assert.equal(res.statusCode, 200, res.body)
    const { token, user } = res.json().data
    assert.ok(token)
    assert.equal(user.phone, `${mobile.slice(0, 3)}****${mobile.slice(-4)}`)
    assert.doesNotMatch(res.body, /session_key|baidu-session/)
    // The server asked Baidu with its own credentials, by form POST.
    const call = baidu.calls.at(-1)!
    assert.deepEqual([call.form.get('code'), call.form.get('client_id'), call.form.get('sk')], ['good-code', APP_KEY, APP_SECRET])
  })

  it('Baidu: a forged payload is refused — a phone encrypted with the attacker’s own key, with that key in the body', async () => {
    const attackerKey = Buffer.from('attacker-chosen-key-24by').toString('base64')
    const forged = encryptBaiduData(JSON.stringify({ mobile: '13800000000' }), attackerKey, IV, APP_KEY)
    const res = await baiduLogin({ code: 'good-code', encryptedData: forged, iv: IV, sessionKey: attackerKey })
    assert.equal(res.statusCode, 400)
    assert.equal(res.json().msg, '手机号数据解密失败，请重新授权')
    const withoutCode = await baiduLogin({ encryptedData: forged, iv: IV, sessionKey: attackerKey })
    assert.equal(withoutCode.statusCode, 400)
    assert.match(withoutCode.json().msg, /[\u4e00-\u9fa5]/)
  })

  it('Baidu: a code Baidu does not know is refused, in Chinese', async () => {
    const res = await baiduLogin({
      code: 'made-up-code',
      encryptedData: encryptBaiduData(JSON.stringify({ mobile: randomPhone() }), BAIDU_KEY, IV, APP_KEY),
      iv: IV,
    })
    assert.equal(res.statusCode, 400)
    assert.equal(res.json().msg, '百度登录凭证无效，请重新授权')
  })

  it('WeChat: the login code is exchanged through code2session; an unknown code and the development code are refused', async () => {
    const login = (code: string) =>
      t.app.inject({ method: 'POST', url: '/alfa/v1/user/wechat/login', headers: apiHeaders(), payload: { code } })
    const ok = await login('wx-good-code')
    assert.equal(ok.statusCode, 200, ok.body)
    assert.ok(ok.json().data.token)
    assert.doesNotMatch(ok.body, /never-sent-to-clients/)
    assert.equal(wechat.calls.at(-1)!.query.get('grant_type'), 'authorization_code')
    const bad = await login('wx-bad-code')
    assert.equal(bad.statusCode, 400)
    assert.equal(bad.json().msg, '微信登录凭证无效，请重新登录')
    // With a real endpoint configured the development shortcut is gone.
    assert.equal((await login(t.config.WECHAT_TEST_CODE)).statusCode, 400)
  })

  it('a host that is down or hangs is a 502 with a Chinese message, within the time limit', async () => {
    const down = await startApp(database, {
      BAIDU_APP_KEY: APP_KEY,
      BAIDU_APP_SECRET: APP_SECRET,
      BAIDU_CODE2SESSION_URL: 'http://127.0.0.1:9/oauth/jscode2sessionkey',
      WECHAT_APP_SECRET: 's',
      WECHAT_CODE2SESSION_URL: `${slow.url}/sns/jscode2session`,
    })
    try {
      const b = await down.app.inject({
        method: 'POST',
        url: '/alfa/v1/user/baidu/smartprogram/phone-decode-register',
        headers: apiHeaders(),
        payload: { code: 'good-code', encryptedData: 'AAAA', iv: IV },
      })
      assert.equal(b.statusCode, 502)
      assert.equal(b.json().msg, '百度登录服务暂不可用，请稍后再试')
      const started = Date.now()
      const w = await down.app.inject({ method: 'POST', url: '/alfa/v1/user/wechat/login', headers: apiHeaders(), payload: { code: 'x' } })
      assert.equal(w.statusCode, 502)
      assert.equal(w.json().msg, '微信登录服务暂不可用，请稍后再试')
      assert.ok(Date.now() - started < 8000)
    } finally {
      await down.app.close()
    }
  })

  it('a host login that is turned off (empty app id) answers 503 in Chinese', async () => {
    const off = await startApp(database, { BAIDU_APP_KEY: '', WECHAT_APP_ID: '' })
    try {
      const b = await off.app.inject({
        method: 'POST',
        url: '/alfa/v1/user/baidu/smartprogram/phone-decode-register',
        headers: apiHeaders(),
        payload: { code: 'c', encryptedData: 'AAAA', iv: IV },
      })
      assert.deepEqual([b.statusCode, b.json().msg], [503, '百度登录暂未开放'])
      const s = await off.app.inject({
        method: 'GET',
        url: '/alfa/v1/utils/wechat-req?url=https%3A%2F%2Fa.example%2F',
        headers: apiHeaders(),
      })
      assert.deepEqual([s.statusCode, s.json().msg], [503, '微信分享暂未开放'])
    } finally {
      await off.app.close()
    }
  })
})

/** The JS-SDK signature, computed here from WeChat's documented algorithm. */
function sign(ticket: string, nonceStr: string, timestamp: string, url: string) {
  return createHash('sha1').update(`jsapi_ticket=${ticket}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${url}`).digest('hex')
}

describe('the jsapi_ticket is fetched from WeChat and cached', () => {
  let n = 0
  let tokenErrors = 0
  let ticketDown = false
  const wechatApi = (path: string, p: URLSearchParams) => {
    if (path === '/cgi-bin/token') {
      if (p.get('grant_type') !== 'client_credential' || p.get('appid') !== 'wx-oa' || p.get('secret') !== 'oa-secret')
        return { errcode: 40013, errmsg: 'invalid appid' }
      return { access_token: `token-${++n}`, expires_in: 7200 }
    }
    if (path === '/cgi-bin/ticket/getticket') {
      if (ticketDown) return { errcode: -1, errmsg: 'system error' }
      if (tokenErrors > 0) {
        tokenErrors--
        return { errcode: 40001, errmsg: 'invalid credential' }
      }
      return { errcode: 0, errmsg: 'ok', ticket: `ticket-for-${p.get('access_token')}`, expires_in: 7200 }
    }
    return { errcode: 404 }
  }
  let database: Database
  let t: TestApp
  let api: Stub
  before(async () => {
    database = (await pgliteTestDatabase()).database
    api = await stub(wechatApi)
    // The JS-SDK's official account is not the mini-program app: its own id and secret are used.
    t = await startApp(database, {
      WECHAT_APP_ID: 'wx-mini-program',
      WECHAT_APP_SECRET: 'mini-secret',
      WECHAT_JSSDK_APP_ID: 'wx-oa',
      WECHAT_JSSDK_APP_SECRET: 'oa-secret',
      WECHAT_TOKEN_URL: `${api.url}/cgi-bin/token`,
      WECHAT_TICKET_URL: `${api.url}/cgi-bin/ticket/getticket`,
      ALFA_MAIN_HOSTS: 'www.alfa.example',
    })
  })
  after(async () => {
    await t?.app.close()
    await api?.close()
    await database?.close()
  })

  it('20 concurrent wechat-req make one token and one ticket fetch, and each signature is right', async () => {
    const page = 'https://www.alfa.example/alfa/fund/000001?from=share'
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({ method: 'GET', url: `/alfa/v1/utils/wechat-req?url=${encodeURIComponent(`${page}#x`)}`, headers: apiHeaders() }),
      ),
    )
    for (const res of answers) {
      assert.equal(res.statusCode, 200, res.body)
      const d = res.json().data
      assert.equal(d.appId, 'wx-oa')
      assert.equal(d.signature, sign('ticket-for-token-1', d.nonceStr, d.timestamp, page))
    }
    assert.equal(api.calls.filter((c) => c.path === '/cgi-bin/token').length, 1)
    assert.equal(api.calls.filter((c) => c.path === '/cgi-bin/ticket/getticket').length, 1)
  })

  it('refetches after expiry (less a margin), and a token WeChat calls invalid is replaced once', async () => {
    let now = 1_000_000
    const calls = () => api.calls.length
    await database.query(`delete from wechat_tokens where app_id = 'wx-oa'`) // the ticket the requests above stored
    const ticket = new JsapiTicket({
      database,
      appId: 'wx-oa',
      secret: 'oa-secret',
      tokenUrl: `${api.url}/cgi-bin/token`,
      ticketUrl: `${api.url}/cgi-bin/ticket/getticket`,
      marginMs: 60_000,
      now: () => now,
    })
    const before = calls()
    const first = await ticket.get()
    assert.equal(calls() - before, 2)
    now += 7200_000 - 60_000 - 1 // still within its life less the margin
    assert.equal(await ticket.get(), first)
    assert.equal(calls() - before, 2)
    now += 2
    tokenErrors = 1 // the held token was revoked at WeChat's side
    const second = await ticket.get()
    assert.notEqual(second, first)
    // token (expired too) + ticket refused + new token + ticket
    assert.equal(calls() - before, 6)
  })

  it('WeChat refusing the ticket is a 503 with a Chinese message, never a 500', async () => {
    ticketDown = true
    const fresh = await startApp(database, {
      WECHAT_APP_ID: 'wx-oa',
      WECHAT_APP_SECRET: 'oa-secret',
      WECHAT_TOKEN_URL: `${api.url}/cgi-bin/token`,
      WECHAT_TICKET_URL: `${api.url}/cgi-bin/ticket/getticket`,
      ALFA_PRODUCT_HOST: 'a.example',
    })
    try {
      const res = await fresh.app.inject({
        method: 'GET',
        url: '/alfa/v1/utils/wechat-req?url=https%3A%2F%2Fa.example%2F',
        headers: apiHeaders(),
      })
      assert.equal(res.statusCode, 503)
      assert.equal(res.json().msg, '微信分享设置暂不可用，请稍后再试')
    } finally {
      ticketDown = false
      await fresh.app.close()
    }
  })
})

describe('answers carry the server’s time, and refusals users may see are Chinese', () => {
  let database: Database
  let t: TestApp
  let base: string
  before(async () => {
    database = (await pgliteTestDatabase()).database
    t = await startApp(database, { CORS_ORIGINS: 'https://app.example' })
    base = await t.app.listen({ port: 0, host: '127.0.0.1' })
  })
  after(async () => {
    await t?.app.close()
    await database?.close()
  })
  const origin = { origin: 'https://app.example' }

  it('a REST answer, a GraphQL answer and a refused signature all carry Date, readable cross-origin', async () => {
    const rest = await fetch(`${base}/alfa/v1/user-fund-picks/popular`, { headers: apiHeaders(origin) })
    const graphql = await fetch(`${base}/alfa/v1/graphql`, {
      method: 'POST',
      headers: apiHeaders({ ...origin, 'content-type': 'application/json' }),
      body: JSON.stringify({ query: '{ riskLevelDict { code } }' }),
    })
    const stale = createSign(Date.now() - 60 * 60_000)
    const refused = await fetch(`${base}/alfa/v1/user-fund-picks/popular`, { headers: { ...origin, 'x-broker': '0008', 'x-sign': stale } })
    assert.deepEqual([rest.status, graphql.status, refused.status], [200, 200, 400])
    for (const res of [rest, graphql, refused]) {
      const date = Date.parse(res.headers.get('date') ?? '')
      assert.ok(Math.abs(date - Date.now()) < 5000, `Date header ${res.headers.get('date')}`)
      assert.match(res.headers.get('access-control-expose-headers') ?? '', /\bdate\b/i)
    }
    const body = (await refused.json()) as { msg: string; data: { reason: string } }
    assert.equal(body.data.reason, 'SIGN_EXPIRED')
    assert.equal(body.msg, '设备时间与服务器时间相差超过五分钟，请校准手机时间后重试')
  })

  it('every signature and broker refusal is a Chinese sentence', async () => {
    const cases: Array<Record<string, string>> = [
      { 'x-broker': '0008' },
      { 'x-broker': '0008', 'x-sign': 'abc' },
      { 'x-broker': '0008', 'x-sign': `${Date.now()}${'A'.repeat(32)}` },
      { 'x-broker': '1234', 'x-sign': createSign() },
    ]
    for (const headers of cases) {
      const res = await fetch(`${base}/alfa/v1/user-fund-picks/popular`, { headers })
      assert.equal(res.status, 400)
      const { msg } = (await res.json()) as { msg: string }
      assert.match(msg, /^[\u4e00-\u9fa5]/, msg)
    }
    const preflight = await fetch(`${base}/alfa/v1/graphql`, { method: 'OPTIONS', headers: { origin: 'https://evil.example' } })
    assert.equal(preflight.status, 403)
    assert.match(((await preflight.json()) as { msg: string }).msg, /^[\u4e00-\u9fa5]/)
  })
})
