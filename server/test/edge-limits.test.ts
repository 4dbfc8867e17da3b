import assert from 'node:assert/strict'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { buildApp } from '../src/app'
import { loadConfig } from '../src/config'
import { migrate, openDatabase, type Database } from '../src/db'
import { MAX_SAVED_FILTERS } from '../src/filter/data'
import { h5ContentSecurityPolicy } from '../src/h5'
import {
  apiHeaders,
  gql,
  login,
  PG_BIN,
  pgliteTestDatabase,
  randomPhone,
  startApp,
  startPostgres,
  TEST_RATE_LIMITS,
  type TestApp,
} from './helpers'

/**
 * Issue #19, low findings: H5 pages cannot be framed by other sites, a busy WeChat is not a bad
 * login code, CORS compares whole origins, SMS has a daily cap per phone and a global budget that
 * only codes really sent use up, and a user's saved filters are capped.
 */

/** Waits out the last seconds of an hour, so that requests a test compares fall in one hourly rate-limit window. */
async function awayFromHourEnd() {
  const left = 3_600_000 - (Date.now() % 3_600_000)
  if (left < 10_000) await new Promise((r) => setTimeout(r, left + 50))
}

let database: Database
before(async () => {
  database = (await pgliteTestDatabase()).database
})
after(async () => database?.close())

describe('H5 pages may be framed by the product’s own origin only', () => {
  it('the CSP says frame-ancestors self, and pages carry X-Frame-Options SAMEORIGIN', async () => {
    assert.match(h5ContentSecurityPolicy('<html></html>'), /(^|; )frame-ancestors 'self'(;|$)/)
    const h5Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'alfa-h5-frame-'))
    fs.writeFileSync(path.join(h5Dir, 'index.html'), '<!doctype html><div id="app"></div>')
    const t = await startApp(database, { H5_DIR: h5Dir })
    try {
      for (const url of ['/alfa/fund/000001', '/index.html', '/']) {
        const page = await t.app.inject({ method: 'GET', url })
        assert.equal(page.statusCode, 200, url)
        assert.match(String(page.headers['content-security-policy']), /frame-ancestors 'self'/, url)
        assert.equal(page.headers['x-frame-options'], 'SAMEORIGIN', url)
      }
    } finally {
      await t.app.close()
      fs.rmSync(h5Dir, { recursive: true, force: true })
    }
  })
})

describe('WeChat busy or throttling at code2session is a 502 “try later”, not a bad code', () => {
  it('errcode -1 and 45011 answer 502; an invalid code (40029) stays 400 凭证无效', async () => {
    const server = http.createServer((req, res) => {
      const code = new URL(req.url ?? '/', 'http://stub').searchParams.get('js_code')
      const errcode = code === 'busy' ? -1 : code === 'throttled' ? 45011 : 40029
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify({ errcode, errmsg: 'x' }))
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const t = await startApp(database, {
      WECHAT_APP_ID: 'wx-app',
      WECHAT_APP_SECRET: 's',
      WECHAT_CODE2SESSION_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/sns/jscode2session`,
    })
    const login = (code: string) =>
      t.app.inject({ method: 'POST', url: '/alfa/v1/user/wechat/login', headers: apiHeaders(), payload: { code } })
    try {
      for (const code of ['busy', 'throttled']) {
        const res = await login(code)
        assert.equal(res.statusCode, 502, code)
        assert.equal(res.json().msg, '微信登录服务暂不可用，请稍后再试')
      }
      const bad = await login('wrong')
      assert.deepEqual([bad.statusCode, bad.json().msg], [400, '微信登录凭证无效，请重新登录'])
    } finally {
      await t.app.close()
      server.closeAllConnections()
      server.close()
    }
  })
})

describe('CORS compares the whole origin, scheme included', () => {
  const ask = (t: TestApp, origin: string, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
    t.app.inject({
      method: 'GET',
      url: '/alfa/v1/user/ab-test',
      remoteAddress,
      headers: apiHeaders({ host: 'api.alfa.example', origin, ...headers }),
    })
  it('own origin: only with the scheme the request came in on; configured origins: exactly as configured', async () => {
    const t = await startApp(database, { CORS_ORIGINS: 'https://m.alfa.example/, https://www.alfa.example:8443' })
    try {
      const allowed = async (origin: string) => (await ask(t, origin)).headers['access-control-allow-origin'] === origin
      assert.equal(await allowed('http://api.alfa.example'), true) // the request itself is plain http
      assert.equal(await allowed('https://api.alfa.example'), false)
      assert.equal(await allowed('https://m.alfa.example'), true)
      assert.equal(await allowed('http://m.alfa.example'), false)
      assert.equal(await allowed('https://www.alfa.example:8443'), true)
      assert.equal(await allowed('https://www.alfa.example'), false)
      assert.equal(await allowed('http://www.alfa.example:8443'), false)
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url: '/alfa/v1/graphql',
        headers: { host: 'api.alfa.example', origin: 'http://m.alfa.example', 'access-control-request-method': 'POST' },
      })
      assert.equal(preflight.statusCode, 403)
    } finally {
      await t.app.close()
    }
  })
  it('behind a trusted proxy the scheme is the forwarded one', async () => {
    const t = await startApp(database, { TRUST_PROXY: '10.0.0.0/8' })
    try {
      const proxied = (origin: string) => ask(t, origin, { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.5' }, '10.0.0.2')
      assert.equal((await proxied('https://api.alfa.example')).headers['access-control-allow-origin'], 'https://api.alfa.example')
      assert.equal((await proxied('http://api.alfa.example')).headers['access-control-allow-origin'], undefined)
    } finally {
      await t.app.close()
    }
  })
})

describe('SMS: a daily cap per phone; only codes really sent use the global budget', () => {
  const sendFrom = (t: TestApp, phone: string, remoteAddress = '192.0.2.60') =>
    t.app.inject({ method: 'POST', url: '/alfa/v1/user/sms/send', remoteAddress, headers: apiHeaders(), payload: { phone } })
  /** As if the phone's last code were sent two minutes ago (the once-a-minute rule is not what these tests are about). */
  const age = (phone: string) =>
    database.query(`update sms_codes set last_sent_at = now() - interval '2 minutes' where phone = $1`, [phone])
  const globalCount = async () =>
    (
      await database.query<{ n: number }>(
        `select coalesce(sum(count), 0)::int as n from rate_limits where key = 'sms:global' and window_start > now() - interval '1 hour'`,
      )
    )[0].n

  it('a phone gets RATE_SMS_PER_PHONE_DAY codes a day, then 429 in Chinese; another phone is not held back', async () => {
    const t = await startApp(database, { RATE_SMS_PER_PHONE_DAY: 3 })
    try {
      const phone = randomPhone()
      const statuses: number[] = []
      for (let i = 0; i < 5; i++) {
        statuses.push((await sendFrom(t, phone)).statusCode)
        await age(phone)
      }
      assert.deepEqual(statuses, [200, 200, 200, 429, 429])
      assert.equal((await sendFrom(t, phone)).json().msg, '该手机号今日验证码发送次数已达上限，请明天再试')
      assert.equal((await sendFrom(t, randomPhone())).statusCode, 200)
    } finally {
      await t.app.close()
    }
  })

  it('sends refused for the phone, and a sender that fails, do not use up the global budget', async () => {
    await awayFromHourEnd()
    await database.query(`delete from rate_limits where key = 'sms:global'`)
    const t = await startApp(database, { RATE_SMS_GLOBAL_HOUR: 3 })
    try {
      const busy = randomPhone()
      assert.equal((await sendFrom(t, busy)).statusCode, 200)
      // Refused by the once-a-minute rule ten times: none of these was sent.
      for (let i = 0; i < 10; i++) assert.equal((await sendFrom(t, busy)).statusCode, 429)
      assert.equal(await globalCount(), 1)
      // A sender that fails sent nothing either.
      const config = loadConfig(
        { NODE_ENV: 'test', LOG_LEVEL: 'silent' },
        {
          ...TEST_RATE_LIMITS,
          RATE_SMS_GLOBAL_HOUR: 3,
          H5_DIR: path.join(os.tmpdir(), 'alfa-no-h5'),
        },
      )
      const failing = await buildApp(config, {
        database,
        smsSender: async () => {
          throw new Error('gateway down')
        },
      })
      try {
        const res = await failing.inject({
          method: 'POST',
          url: '/alfa/v1/user/sms/send',
          headers: apiHeaders(),
          payload: { phone: randomPhone() },
        })
        assert.equal(res.statusCode, 500)
      } finally {
        await failing.close()
      }
      assert.equal(await globalCount(), 1)
      assert.deepEqual([(await sendFrom(t, randomPhone())).statusCode, (await sendFrom(t, randomPhone())).statusCode], [200, 200])
      const over = await sendFrom(t, randomPhone())
      assert.deepEqual([over.statusCode, over.json().msg], [429, '请求过于频繁，请稍后再试'])
    } finally {
      await t.app.close()
    }
  })

  it('addresses of one IPv6 /64 share the per-address limit', async () => {
    await awayFromHourEnd()
    const t = await startApp(database, { RATE_SMS_PER_ADDRESS_HOUR: 2 })
    try {
      const statuses: number[] = []
      for (let i = 0; i < 3; i++) statuses.push((await sendFrom(t, randomPhone(), `2001:db8:5:6::${i + 1}`)).statusCode)
      assert.deepEqual(statuses, [200, 200, 429])
      assert.equal((await sendFrom(t, randomPhone(), '2001:db8:5:7::1')).statusCode, 200)
    } finally {
      await t.app.close()
    }
  })
})

const SAVE = 'mutation($n: String!) { saveFilter(name: $n, formValue: {}) { filterId } }'

describe(`a user keeps at most ${MAX_SAVED_FILTERS} saved filters`, () => {
  it('the next save is refused BAD_USER_INPUT in Chinese; after a delete one more fits; other users are not affected', async () => {
    const t = await startApp(database)
    try {
      const auth = { authorization: `Bearer ${await login(t)}` }
      const ids: string[] = []
      for (let i = 0; i < MAX_SAVED_FILTERS; i++) {
        const r = await gql(t, SAVE, { n: `筛选${i}` }, auth)
        assert.ok(r.body.data?.saveFilter, JSON.stringify(r.body))
        ids.push(r.body.data.saveFilter.filterId)
      }
      const over = await gql(t, SAVE, { n: '再来一个' }, auth)
      assert.equal(over.body.errors?.[0].extensions?.code, 'BAD_USER_INPUT')
      assert.equal(over.body.errors?.[0].message, `最多保存 ${MAX_SAVED_FILTERS} 个筛选条件，请先删除不再需要的`)
      const mine = await gql(t, '{ me { savedFilters { filterId } } }', {}, auth)
      assert.equal(mine.body.data.me.savedFilters.length, MAX_SAVED_FILTERS)
      await gql(t, 'mutation($id: String!) { deleteFilter(filterId: $id) }', { id: ids[0] }, auth)
      assert.ok((await gql(t, SAVE, { n: '删后再存' }, auth)).body.data?.saveFilter)
      const other = { authorization: `Bearer ${await login(t)}` }
      assert.ok((await gql(t, SAVE, { n: '别人的' }, other)).body.data?.saveFilter)
    } finally {
      await t.app.close()
    }
  })
})

describe(
  'the saved-filter cap holds for concurrent saves on PostgreSQL',
  { skip: !fs.existsSync(`${PG_BIN}/initdb`) && 'no PostgreSQL 15 binaries' },
  () => {
    it(`20 saves at once with ${MAX_SAVED_FILTERS - 5} kept: exactly 5 pass`, async () => {
      const pg = startPostgres()
      const db = await openDatabase({ databaseUrl: pg.url, poolSize: 10 })
      try {
        await migrate(db)
        const t = await startApp(db)
        try {
          const auth = { authorization: `Bearer ${await login(t)}` }
          for (let i = 0; i < MAX_SAVED_FILTERS - 5; i++) await gql(t, SAVE, { n: `f${i}` }, auth)
          const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => gql(t, SAVE, { n: `c${i}` }, auth)))
          assert.equal(answers.filter((a) => a.body.data?.saveFilter).length, 5)
          assert.equal(answers.filter((a) => a.body.errors?.[0].extensions?.code === 'BAD_USER_INPUT').length, 15)
          const [{ n }] = await db.query<{ n: number }>('select count(*)::int as n from saved_filters')
          assert.equal(n, MAX_SAVED_FILTERS)
        } finally {
          await t.app.close()
        }
      } finally {
        await db.close()
        pg.stop()
      }
    })
  },
)
