import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { SignJWT } from 'jose'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../src/app'
import { encryptBaiduData } from '../src/account/baidu'
import { DEV_BAIDU_SESSION_KEY } from '../src/account/hosts'
import { JWT_SECRET_FILE, TOKEN_AUDIENCE, TOKEN_ISSUER } from '../src/account/tokens'
import { loadConfig, withJwtSecret } from '../src/config'
import type { Database } from '../src/db'
import { DEMO_USER } from '../src/demo/seed'
import { wechatSignature } from '../src/share/routes'
import { apiHeaders, pgliteTestDatabase, randomPhone } from './helpers'

/**
 * The server as `npm start` runs it with no settings (NODE_ENV unset, nothing else): main.ts's
 * configuration (loadConfig, then withJwtSecret) in a private data folder. Nothing public logs in:
 * no secret from the code, no test codes unless QA_TEST_LOGINS=true.
 */

/** The JWT secret earlier versions shipped in server/src/config.ts (public: anyone could sign with it). */
const FORMER_DEV_SECRET = 'alfa-development-secret-do-not-use-in-production'
const IV = Buffer.from('abcdef0123456789').toString('base64')

interface Server {
  app: FastifyInstance
  sms: Map<string, string>
}

describe('the default mode (no settings)', () => {
  let database: Database
  let dataDir: string
  const servers: FastifyInstance[] = []
  before(async () => {
    database = (await pgliteTestDatabase()).database
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'alfa-modes-'))
  })
  after(async () => {
    for (const app of servers) await app.close()
    await database?.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  /** A server started as main.ts starts one, with `env` as its whole environment (the data folder aside). */
  async function start(env: Record<string, string> = {}): Promise<Server> {
    const { config } = withJwtSecret(
      loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', H5_DIR: path.join(os.tmpdir(), 'alfa-no-h5'), ...env }),
    )
    const sms = new Map<string, string>()
    const app = await buildApp(config, { database, smsSender: async (phone, code) => void sms.set(phone, code) })
    servers.push(app)
    return { app, sms }
  }
  const me = (s: Server, token: string) =>
    s.app.inject({ method: 'GET', url: '/alfa/v1/user/info/detail', headers: apiHeaders({ authorization: `Bearer ${token}` }) })
  const wechatLogin = (s: Server, code: string) =>
    s.app.inject({ method: 'POST', url: '/alfa/v1/user/wechat/login', headers: apiHeaders(), payload: { code } })
  const baiduLogin = (s: Server, mobile: string) =>
    s.app.inject({
      method: 'POST',
      url: '/alfa/v1/user/baidu/smartprogram/phone-decode-register',
      headers: apiHeaders(),
      // The QA code's session key is public (src/account/hosts.ts): anyone can encrypt any phone with it.
      payload: {
        code: 'dev-baidu-code',
        encryptedData: encryptBaiduData(JSON.stringify({ mobile }), DEV_BAIDU_SESSION_KEY, IV, 'dev-baidu-app-key'),
        iv: IV,
      },
    })
  async function smsLogin(s: Server, phone: string): Promise<string> {
    const sent = await s.app.inject({ method: 'POST', url: '/alfa/v1/user/sms/send', headers: apiHeaders(), payload: { phone } })
    assert.equal(sent.statusCode, 200, sent.body)
    const res = await s.app.inject({
      method: 'POST',
      url: '/alfa/v1/user/sms/login',
      headers: apiHeaders(),
      payload: { phone, code: s.sms.get(phone) },
    })
    assert.equal(res.statusCode, 200, res.body)
    return res.json().data.token
  }

  it('a token signed with the formerly published development secret is refused', async () => {
    const s = await start()
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(DEMO_USER.userId)
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setJti('forged')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(FORMER_DEV_SECRET))
    const res = await me(s, forged)
    assert.equal(res.statusCode, 401, res.body)
  })

  it('the WeChat and Baidu test codes log nobody in', async () => {
    const s = await start()
    const w = await wechatLogin(s, 'dev-wechat-code')
    assert.deepEqual([w.statusCode, w.json().msg], [400, '微信登录凭证无效，请重新登录'])
    const b = await baiduLogin(s, DEMO_USER.phone)
    assert.deepEqual([b.statusCode, b.json().msg], [400, '百度登录凭证无效，请重新授权'])
    // The JS-SDK does not sign with the fixed ticket either.
    const url = 'https://m.alfa.example/'
    const r = await s.app.inject({ method: 'GET', url: `/alfa/v1/utils/wechat-req?url=${encodeURIComponent(url)}`, headers: apiHeaders() })
    if (r.statusCode === 200) {
      const d = r.json().data
      assert.notEqual(d.signature, wechatSignature('dev-jsapi-ticket', d.nonceStr, d.timestamp, url))
    }
  })

  it('QA_TEST_LOGINS=true lets the test codes log in (what QA uses in the mini-program devtools)', async () => {
    const s = await start({ QA_TEST_LOGINS: 'true' })
    const w = await wechatLogin(s, 'dev-wechat-code')
    assert.equal(w.statusCode, 200, w.body)
    const mobile = randomPhone()
    const b = await baiduLogin(s, mobile)
    assert.equal(b.statusCode, 200, b.body)
    assert.equal(b.json().data.user.phone, `${mobile.slice(0, 3)}****${mobile.slice(-4)}`)
  })

  it('the generated secret is kept in the data folder, private: a token stays valid after a restart', async () => {
    const first = await start()
    const token = await smsLogin(first, randomPhone())
    assert.equal((await me(first, token)).statusCode, 200)
    await first.app.close()
    const file = path.join(dataDir, JWT_SECRET_FILE)
    assert.equal(fs.statSync(file).mode & 0o077, 0, 'readable by its owner only')
    const second = await start()
    assert.equal((await me(second, token)).statusCode, 200)
  })
})
