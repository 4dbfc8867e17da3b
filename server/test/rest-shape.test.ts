import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import Fastify from 'fastify'
import { z } from 'zod'
import { answers, errorHandler, httpError, INTERNAL_MESSAGE, ok, serializerCompiler } from '../src/http'
import { LiveHub } from '../src/live/hub'
import { requireResponseSchemas, restPlugin } from '../src/rest'
import type { Database } from '../src/db'
import { apiHeaders, login, pgliteTestDatabase, startApp, type TestApp } from './helpers'

/** Issue #20: the REST half in Fastify's own shape — decorations, response schemas, named failures. */

let database: Database
let t: TestApp
const lines: string[] = []
before(async () => {
  database = (await pgliteTestDatabase()).database
  t = await startApp(database, { LOG_LEVEL: 'error' }, { logStream: { write: (line) => void lines.push(line) } })
})
after(async () => {
  await t?.app.close()
  await database?.close()
})

const get = (url: string, extra: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: apiHeaders(extra) })

describe('the domains read the database, the live hub and the configuration from the instance', () => {
  it('buildApp hangs the given database, a started live hub and the configuration on the instance', () => {
    assert.equal(t.app.database, database)
    assert.ok(t.app.live instanceof LiveHub)
    assert.equal(t.app.config, t.config)
  })
  it('the REST routes refuse to start on an instance without them, naming what is missing', async () => {
    const bare = Fastify()
    await assert.rejects(async () => {
      await bare.register(restPlugin)
      await bare.ready()
    }, /alfa-config/)
    await bare.close()
  })
})

describe('every REST answer is checked against its response schema (common/apiSchema.ts)', () => {
  it('a REST route without a response schema refuses to start', async () => {
    const bare = Fastify()
    requireResponseSchemas(bare)
    await assert.rejects(async () => {
      bare.get('/unchecked', async () => ok({ anything: true }))
      await bare.ready()
    }, /GET \/unchecked declares no response schema/)
    await bare.close()
  })
  it('a fund whose risk level is none of the contract’s is a 500 naming the field, and none of its data is sent', async () => {
    const [fund] = await database.query<{ fund_code: string; fund_name: string; risk_level: string }>(
      'select fund_code, fund_name, risk_level from funds where terminated_date is null order by fund_code limit 1',
    )
    await database.query(`update funds set risk_level = 'Bogus' where fund_code = $1`, [fund.fund_code])
    try {
      const res = await get(`/alfa/v1/fund/info/${fund.fund_code}`)
      assert.equal(res.statusCode, 500)
      assert.deepEqual(res.json(), { code: 500, msg: INTERNAL_MESSAGE })
      const logged = lines.map((l) => JSON.parse(l) as { msg: string; err?: { message: string } }).find((l) => l.msg === 'request failed')
      assert.match(logged?.err?.message ?? '', /fund\/info\/:code answered outside its response schema: data\.riskLevel/)
      assert.doesNotMatch(logged?.err?.message ?? '', new RegExp(fund.fund_name), 'the log names fields, not values')
    } finally {
      await database.query('update funds set risk_level = $2 where fund_code = $1', [fund.fund_code, fund.risk_level])
    }
    assert.equal((await get(`/alfa/v1/fund/info/${fund.fund_code}`)).statusCode, 200)
  })
  it('a field the contract does not name is not sent', async () => {
    const probe = Fastify()
    probe.setSerializerCompiler(serializerCompiler)
    probe.get('/probe', { schema: { response: answers(z.object({ fundCode: z.string() })) } }, async () =>
      ok({ fundCode: '000001', internalNote: 'not for the app' }),
    )
    const res = await probe.inject({ method: 'GET', url: '/probe' })
    assert.deepEqual(res.json(), { code: 200, msg: 'ok', data: { fundCode: '000001' } })
    await probe.close()
  })
  it('a showcase figure stored without a colour is sent with fontColor null, as the contract says', async () => {
    const [portfolio] = await database.query<{ po_code: string; performance_showcase: unknown }>(
      `select po_code, performance_showcase from portfolios where brand in ('all', '0008') order by po_code limit 1`,
    )
    await database.query(`update portfolios set performance_showcase = $2::jsonb where po_code = $1`, [
      portfolio.po_code,
      JSON.stringify([{ key: 'annual', displayName: '年化收益', valueText: '5.00%' }]),
    ])
    try {
      const res = await get('/alfa-m/v2/m4')
      assert.equal(res.statusCode, 200)
      const home = res.json().data.portfolios.find((p: { poCode: string }) => p.poCode === portfolio.po_code)
      assert.deepEqual(home.performanceShowcase, [{ key: 'annual', displayName: '年化收益', valueText: '5.00%', fontColor: null }])
    } finally {
      await database.query(`update portfolios set performance_showcase = $2::jsonb where po_code = $1`, [
        portfolio.po_code,
        JSON.stringify(portfolio.performance_showcase),
      ])
    }
  })
})

describe('named failures answer { code: status, msg } with their Chinese message', () => {
  const app = Fastify()
  before(async () => {
    app.setErrorHandler(errorHandler)
    app.get('/closed', async () => {
      throw httpError.serviceUnavailable('微信登录暂未开放')
    })
    app.get('/busy', async () => {
      throw httpError.tooManyRequests('请求过于频繁，请稍后再试', 30)
    })
    app.get('/socket', async () => {
      throw httpError.upgradeRequired('请使用 WebSocket 连接')
    })
    app.get('/broken', async () => {
      throw new Error('relation "funds" does not exist')
    })
  })
  after(() => app.close())

  it('a named 5xx keeps its status and message; an unexpected error is a masked 500', async () => {
    const closed = await app.inject({ method: 'GET', url: '/closed' })
    assert.equal(closed.statusCode, 503)
    assert.deepEqual(closed.json(), { code: 503, msg: '微信登录暂未开放' })
    const broken = await app.inject({ method: 'GET', url: '/broken' })
    assert.equal(broken.statusCode, 500)
    assert.deepEqual(broken.json(), { code: 500, msg: INTERNAL_MESSAGE })
  })
  it('a named failure carries its headers: retry-after on 429, upgrade on 426', async () => {
    const busy = await app.inject({ method: 'GET', url: '/busy' })
    assert.equal(busy.statusCode, 429)
    assert.equal(busy.headers['retry-after'], '30')
    assert.deepEqual(busy.json(), { code: 429, msg: '请求过于频繁，请稍后再试' })
    const socket = await app.inject({ method: 'GET', url: '/socket' })
    assert.equal(socket.statusCode, 426)
    assert.equal(socket.headers.upgrade, 'websocket')
  })
  it('the watchlist refuses unknown funds and an incomplete order in Chinese', async () => {
    const auth = { authorization: `Bearer ${await login(t)}` }
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/alfa/v1/user-fund-picks/batch',
      headers: apiHeaders(auth),
      payload: { fundCodes: ['999999', '999998'], op: 'add' },
    })
    assert.equal(unknown.statusCode, 400)
    assert.deepEqual(unknown.json(), { code: 400, msg: '基金不存在：999999、999998' })
    const order = await t.app.inject({
      method: 'POST',
      url: '/alfa/v1/user-fund-picks/manage-seq',
      headers: apiHeaders(auth),
      payload: { fundCodes: ['000001'] },
    })
    assert.equal(order.statusCode, 400)
    assert.match(order.json().msg, /^[\u4e00-\u9fff]/)
  })
})
