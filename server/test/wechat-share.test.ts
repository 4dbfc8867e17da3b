import assert from 'node:assert/strict'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, before, describe, it } from 'node:test'
import { migrate, openDatabase, type Database } from '../src/db'
import { JsapiTicket } from '../src/share/ticket'
import { shareHosts } from '../src/share/routes'
import { HostUnavailable } from '../src/account/hosts'
import { apiHeaders, PG_BIN, pgliteTestDatabase, startApp, startPostgres, type TestApp, type ThrowawayPostgres } from './helpers'

/**
 * Issue #19: /utils/wechat-req is anonymous, and WeChat allows one live access token per official
 * account. While WeChat refuses, requests must not turn into WeChat calls; instances share one
 * token; only the product's own pages are signed.
 */

/** A stand-in for WeChat's cgi-bin API on a local port, counting calls; `answer` may take its time. */
interface WechatStub {
  url: string
  tokenCalls: () => number
  ticketCalls: () => number
  close(): Promise<void>
}
async function wechatStub(answer: (path: string, q: URLSearchParams) => unknown): Promise<WechatStub> {
  const paths: string[] = []
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub')
    paths.push(url.pathname)
    // A stub that throws answers 500 (the test then fails on the answer, not on a hang).
    Promise.resolve(answer(url.pathname, url.searchParams)).then(
      (out) => {
        res.setHeader('content-type', 'application/json')
        res.end(JSON.stringify(out))
      },
      (err: unknown) => res.writeHead(500).end(String(err)),
    )
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    tokenCalls: () => paths.filter((p) => p === '/cgi-bin/token').length,
    ticketCalls: () => paths.filter((p) => p === '/cgi-bin/ticket/getticket').length,
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  }
}

const BUSY = { errcode: -1, errmsg: 'system error' }
const wechatConfig = (stub: WechatStub, appId = 'wx-share') => ({
  WECHAT_APP_ID: appId,
  WECHAT_APP_SECRET: 'secret',
  WECHAT_TOKEN_URL: `${stub.url}/cgi-bin/token`,
  WECHAT_TICKET_URL: `${stub.url}/cgi-bin/ticket/getticket`,
  ALFA_PRODUCT_HOST: 'm.alfa.example',
  ALFA_MAIN_HOSTS: 'www.alfa.example,localhost:3000',
})
const PAGE = 'https://m.alfa.example/alfa/fund/000001'
const shareReq = (t: TestApp, page = PAGE, remoteAddress = '192.0.2.10') =>
  t.app.inject({ method: 'GET', url: `/alfa/v1/utils/wechat-req?url=${encodeURIComponent(page)}`, remoteAddress, headers: apiHeaders() })

/** Waits out the last seconds of a rate-limit minute, so that requests a test compares fall in one window. */
async function awayFromMinuteEnd() {
  const left = 60_000 - (Date.now() % 60_000)
  if (left < 5_000) await new Promise((r) => setTimeout(r, left + 50))
}

describe('while WeChat refuses, requests do not become WeChat calls', () => {
  let database: Database
  before(async () => {
    database = (await pgliteTestDatabase()).database
  })
  after(async () => database?.close())

  const refusals: Array<[string, (path: string) => unknown]> = [
    ['the access token', (path: string) => (path === '/cgi-bin/token' ? BUSY : { errcode: 0, ticket: 't', expires_in: 7200 })],
    ['the ticket', (path: string) => (path === '/cgi-bin/token' ? { access_token: 'tok', expires_in: 7200 } : BUSY)],
  ]
  for (const [i, [what, answer]] of refusals.entries()) {
    it(`WeChat refusing ${what}: 20 requests make one attempt, each answered 503 in Chinese`, async () => {
      const stub = await wechatStub(answer)
      const t = await startApp(database, wechatConfig(stub, `wx-refused-${i}`))
      try {
        for (let i = 0; i < 20; i++) {
          const res = await shareReq(t)
          assert.equal(res.statusCode, 503, res.body)
          assert.equal(res.json().msg, '微信分享设置暂不可用，请稍后再试')
        }
        assert.equal(stub.tokenCalls(), 1)
        assert.equal(stub.ticketCalls(), what === 'the ticket' ? 1 : 0)
      } finally {
        await t.app.close()
        await stub.close()
      }
    })
  }

  it('the back-off doubles with each failure in a row and ends with a success', async () => {
    let refuse = true
    const stub = await wechatStub((path) =>
      path === '/cgi-bin/token'
        ? refuse
          ? BUSY
          : { access_token: 'tok', expires_in: 7200 }
        : { errcode: 0, ticket: 'tk', expires_in: 7200 },
    )
    let now = 1_000_000_000_000
    const ticket = new JsapiTicket({
      database,
      appId: 'wx-backoff',
      secret: 's',
      tokenUrl: `${stub.url}/cgi-bin/token`,
      ticketUrl: `${stub.url}/cgi-bin/ticket/getticket`,
      backoffMs: 10_000,
      maxBackoffMs: 30_000,
      now: () => now,
    })
    const attempt = async () => {
      const before = stub.tokenCalls()
      const got = await ticket.get().catch((err: unknown) => (assert.ok(err instanceof HostUnavailable), null))
      return { got, calls: stub.tokenCalls() - before }
    }
    try {
      assert.deepEqual(await attempt(), { got: null, calls: 1 })
      now += 9_999
      assert.deepEqual(await attempt(), { got: null, calls: 0 }) // within 10 s
      now += 1
      assert.deepEqual(await attempt(), { got: null, calls: 1 })
      now += 19_999
      assert.deepEqual(await attempt(), { got: null, calls: 0 }) // within 20 s
      now += 1
      assert.deepEqual(await attempt(), { got: null, calls: 1 })
      now += 30_000 // the cap, not 40 s
      refuse = false
      assert.deepEqual(await attempt(), { got: 'tk', calls: 1 })
      const [row] = await database.query<{ failures: number; retry_at: Date | null }>(
        `select failures, retry_at from wechat_tokens where app_id = 'wx-backoff'`,
      )
      assert.deepEqual(row, { failures: 0, retry_at: null })
    } finally {
      await stub.close()
    }
  })
})

describe('wechat-req signs the product’s own pages only, and is rate limited per address', () => {
  let database: Database
  let stub: WechatStub
  let t: TestApp
  before(async () => {
    database = (await pgliteTestDatabase()).database
    stub = await wechatStub((path) =>
      path === '/cgi-bin/token' ? { access_token: 'tok', expires_in: 7200 } : { errcode: 0, ticket: 'tk', expires_in: 7200 },
    )
    t = await startApp(database, { ...wechatConfig(stub), RATE_WECHAT_REQ_PER_ADDRESS_MINUTE: 3 })
  })
  after(async () => {
    await t?.app.close()
    await stub?.close()
    await database?.close()
  })

  it('a foreign host is refused 400 in Chinese without a WeChat call; the configured hosts are signed', async () => {
    let n = 0
    for (const [page, status] of [
      ['https://evil.example/alfa/fund/000001', 400],
      ['https://m.alfa.example.evil.example/', 400],
      ['https://evil.example/?u=https://m.alfa.example/', 400],
      ['https://m.alfa.example@evil.example/', 400],
      ['https://alfa.example/', 400],
      ['http://localhost:3001/', 400], // localhost:3000 only
      [PAGE, 200],
      ['https://M.ALFA.EXAMPLE:8443/alfa/', 200], // an entry without a port: any port
      ['https://www.alfa.example/alfa/portfolio/ZH015676#top', 200],
      ['http://localhost:3000/alfa/', 200],
    ] as const) {
      const res = await shareReq(t, page, `198.51.100.${10 + n++}`)
      assert.equal(res.statusCode, status, `${page}: ${res.body}`)
      if (status === 400) assert.equal(res.json().msg, '只能为本站页面生成微信分享签名')
    }
    assert.equal(stub.tokenCalls(), 1)
  })

  it('one address (an IPv6 client by its /64) gets 3 a minute, then 429; another address is not held back', async () => {
    await awayFromMinuteEnd()
    const statuses: number[] = []
    for (let i = 0; i < 5; i++) statuses.push((await shareReq(t, PAGE, `2001:db8:77:1::${i + 1}`)).statusCode)
    assert.deepEqual(statuses, [200, 200, 200, 429, 429])
    assert.equal((await shareReq(t, PAGE, '2001:db8:77:2::1')).statusCode, 200)
  })

  it('without a ticket source (no WeChat endpoints, no fixed QA ticket) nothing is signed: 503, not a signature of an empty ticket', async () => {
    const bare = await startApp(database, {
      ...wechatConfig(stub),
      WECHAT_TOKEN_URL: '',
      WECHAT_TICKET_URL: '',
      WECHAT_JSAPI_TICKET: '',
    })
    try {
      const res = await shareReq(bare, PAGE, '198.51.100.210')
      assert.equal(res.statusCode, 503, res.body)
      assert.equal(res.json().msg, '微信分享暂未开放')
    } finally {
      await bare.app.close()
    }
  })

  it('production without ALFA_PRODUCT_HOST or ALFA_MAIN_HOSTS signs nothing; development signs the local hosts', async () => {
    assert.deepEqual(shareHosts({ NODE_ENV: 'production', ALFA_PRODUCT_HOST: '', ALFA_MAIN_HOSTS: '' }), [])
    assert.deepEqual(shareHosts({ NODE_ENV: 'development', ALFA_PRODUCT_HOST: '', ALFA_MAIN_HOSTS: '' }), ['localhost', '127.0.0.1'])
    const bare = await startApp(database, { ...wechatConfig(stub), ALFA_PRODUCT_HOST: '', ALFA_MAIN_HOSTS: '' })
    try {
      assert.equal((await shareReq(bare, 'https://m.alfa.example/', '198.51.100.200')).statusCode, 400)
      assert.equal((await shareReq(bare, 'http://127.0.0.1:3000/', '198.51.100.201')).statusCode, 200)
    } finally {
      await bare.app.close()
    }
  })
})

const pgAvailable = fs.existsSync(`${PG_BIN}/initdb`)
describe('two instances on one PostgreSQL share one access token', { skip: !pgAvailable && 'no PostgreSQL 15 binaries' }, () => {
  let pg: ThrowawayPostgres
  const databases: Database[] = []
  const apps: TestApp[] = []
  let answered: () => void = () => {}
  let release = Promise.resolve()
  let refuse = false
  let stub: WechatStub
  before(async () => {
    pg = startPostgres()
    // WeChat answers a token call only when the test says so: both instances are asking by then.
    stub = await wechatStub(async (path) => {
      if (path === '/cgi-bin/token') {
        await release
        return refuse ? BUSY : { access_token: `tok-${stub.tokenCalls()}`, expires_in: 7200 }
      }
      return { errcode: 0, ticket: 'shared-ticket', expires_in: 7200 }
    })
    // Two instances: each its own connection pool on the one database.
    for (let i = 0; i < 2; i++) {
      const db = await openDatabase({ databaseUrl: pg.url, poolSize: 4 })
      await migrate(db)
      databases.push(db)
    }
  })
  after(async () => {
    for (const t of apps) await t.app.close()
    for (const db of databases) await db.close()
    await stub?.close()
    pg?.stop()
  })

  /** Two new instances for `appId`; `n` requests to each at once; WeChat answers the token once it has been asked. */
  async function together(appId: string, n: number) {
    const pair = await Promise.all(databases.map((db) => startApp(db, wechatConfig(stub, appId))))
    apps.push(...pair)
    release = new Promise<void>((r) => (answered = r))
    const base = stub.tokenCalls()
    const answers = Promise.all(pair.flatMap((t) => Array.from({ length: n }, () => shareReq(t))))
    while (stub.tokenCalls() === base) await new Promise((r) => setTimeout(r, 20))
    answered()
    return answers
  }

  it('10 requests to each instance at once: one token and one ticket call, every signature from the same ticket', async () => {
    const answers = await together('wx-shared', 10)
    for (const res of answers) assert.equal(res.statusCode, 200, res.body)
    assert.equal(stub.tokenCalls(), 1)
    assert.equal(stub.ticketCalls(), 1)
    const [row] = await databases[0].query<{ access_token: string; ticket: string }>(
      `select access_token, ticket from wechat_tokens where app_id = 'wx-shared'`,
    )
    assert.deepEqual(row, { access_token: 'tok-1', ticket: 'shared-ticket' })
  })

  it('a refusal seen by one instance holds the other back too', async () => {
    refuse = true
    const before = stub.tokenCalls()
    const answers = await together('wx-refused', 5)
    for (const res of answers) assert.equal(res.statusCode, 503, res.body)
    assert.equal(stub.tokenCalls() - before, 1)
  })
})
