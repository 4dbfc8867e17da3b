import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Database } from '../src/db'
import { CONTROL_MESSAGE, hasControlCharacter, jsonNestsDeeperThan, MAX_JSON_DEPTH, TOO_DEEP_MESSAGE } from '../src/http'
import { addressKey } from '../src/ratelimit'
import { MAX_EVENTS_PER_BATCH } from '../src/tracking/routes'
import { apiHeaders, pgliteTestDatabase, startApp, type TestApp } from './helpers'

/**
 * Issue #19: ordinary bad input to the anonymous tracking ingest is a 400 with a Chinese message
 * (never a 500 or a crash), and what one address — or every address — may store is bounded.
 */

/** `{"a":{"a":…{"a":leaf}…}}`, `depth` objects deep, built as text (a 5,000-deep value cannot go through JSON.stringify safely). */
const nested = (depth: number, leaf: string) => `${'{"a":'.repeat(depth)}${leaf}${'}'.repeat(depth)}`

/** A batch of one event whose properties are `properties` (JSON text). */
const batchWith = (properties: string) => `[{"event":"page_view","properties":${properties}}]`

/** Waits out the last seconds of a rate-limit minute, so that requests a test compares fall in one window. */
async function awayFromMinuteEnd() {
  const left = 60_000 - (Date.now() % 60_000)
  if (left < 5_000) await new Promise((r) => setTimeout(r, left + 50))
}

let database: Database
let t: TestApp
const stored = async () => (await database.query<{ n: number }>('select count(*)::int as n from tracking_events'))[0].n
before(async () => {
  database = (await pgliteTestDatabase()).database
  t = await startApp(database)
})
after(async () => {
  await t?.app.close()
  await database?.close()
})

const track = (payload: string, contentType = 'text/plain', remoteAddress = '192.0.2.1', app = t) =>
  app.app.inject({ method: 'POST', url: '/alfa/v1/track', remoteAddress, headers: { 'content-type': contentType }, payload })

describe('escaped NULs and deep nesting in /track are a 400, never a 500', () => {
  for (const contentType of ['text/plain', 'application/json']) {
    it(`${contentType}: an escaped NUL in a value, in a key, and a lone surrogate are refused and nothing is stored`, async () => {
      const before = await stored()
      for (const body of [
        batchWith('{"title":"a\\u0000b"}'),
        batchWith('{"ti\\u0000tle":"x"}'),
        '[{"event":"a\\u0000"}]',
        batchWith('{"title":"\\ud800"}'),
      ]) {
        const res = await track(body, contentType)
        assert.equal(res.statusCode, 400, `${body}: ${res.body}`)
        assert.equal(res.json().msg, CONTROL_MESSAGE, body)
      }
      assert.equal(await stored(), before)
    })

    it(`${contentType}: a NUL ${MAX_JSON_DEPTH - 2} levels down is found; deeper than ${MAX_JSON_DEPTH} levels is refused as too deep`, async () => {
      const shallow = await track(batchWith(nested(MAX_JSON_DEPTH - 3, '"\\u0000"')), contentType)
      assert.equal(shallow.statusCode, 400, shallow.body)
      assert.equal(shallow.json().msg, CONTROL_MESSAGE)
      for (const depth of [70, 5_000]) {
        const res = await track(batchWith(nested(depth, '"\\u0000"')), contentType)
        assert.equal(res.statusCode, 400, `${depth}: ${res.body}`)
        assert.equal(res.json().msg, TOO_DEEP_MESSAGE)
      }
      // Arrays count as levels too.
      const arrays = await track(batchWith(`{"a":${'['.repeat(5_000)}${']'.repeat(5_000)}}`), contentType)
      assert.equal(arrays.statusCode, 400)
      assert.equal(arrays.json().msg, TOO_DEEP_MESSAGE)
    })
  }

  it('properties nested just within the limit are stored', async () => {
    const before = await stored()
    const res = await track(batchWith(nested(MAX_JSON_DEPTH - 3, '"ok"')))
    assert.equal(res.statusCode, 200, res.body)
    assert.equal(await stored(), before + 1)
  })

  it('a GraphQL body nested 5,000 levels is a 400 too (every JSON body is checked before it is parsed)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/alfa/v1/graphql',
      headers: apiHeaders({ 'content-type': 'application/json' }),
      payload: `{"query":"{ riskLevelDict { code } }","variables":${nested(5_000, '1')}}`,
    })
    assert.equal(res.statusCode, 400)
    assert.equal(res.json().msg, TOO_DEEP_MESSAGE)
  })

  it('the depth scan skips brackets inside strings, escaped quotes included', () => {
    assert.equal(jsonNestsDeeperThan(`{"a":"${'{['.repeat(100)}\\"${'{'.repeat(100)}"}`, 2), false)
    assert.equal(jsonNestsDeeperThan('[[["\\\\"]]]', 2), true)
    assert.equal(jsonNestsDeeperThan('[[["\\\\"]]]', 3), false)
  })

  it('the control-character walk has no depth cut-off and no recursion: a NUL 100,000 levels down is found', () => {
    let deep: unknown = 'a\u0000'
    for (let i = 0; i < 100_000; i++) deep = i % 2 ? { k: deep } : [deep]
    assert.equal(hasControlCharacter(deep), true)
    let key: unknown = { 'k\u0001': 1 }
    for (let i = 0; i < 100_000; i++) key = { k: key }
    assert.equal(hasControlCharacter(key), true)
    let clean: unknown = 'tab\tnewline\n😀'
    for (let i = 0; i < 100_000; i++) clean = { k: clean }
    assert.equal(hasControlCharacter(clean), false)
  })
})

describe('per-event caps on /track', () => {
  const event = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    JSON.stringify([{ event: 'page_view', properties, ...extra }])
  it('an app-sized batch of 20 events is stored', async () => {
    const before = await stored()
    const batch = Array.from({ length: 20 }, (_, i) => ({
      event: '$pageview',
      time: 1_700_000_000_000 + i,
      anonymous_id: 'lq1x2-abcdefgh12345678',
      login_id: null,
      distinct_id: 'lq1x2-abcdefgh12345678',
      properties: { broker: '0008', platform_type: 'h5', is_login: false, $url_path: '/alfa/fund/000001', $title: '基金详情', n: i },
    }))
    const res = await track(JSON.stringify(batch))
    assert.equal(res.statusCode, 200, res.body)
    assert.equal(await stored(), before + 20)
  })

  it('too many properties, a long key, a long value, a large event, too many fields or events: 400 in Chinese, nothing stored', async () => {
    const before = await stored()
    const cases: Array<[string, string, RegExp]> = [
      ['51 properties', event(Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`p${i}`, i]))), /属性/],
      ['a 65-character key', event({ ['k'.repeat(65)]: 1 }), /属性名/],
      ['a 65-character key nested', event({ a: { ['k'.repeat(65)]: 1 } }), /属性名/],
      ['a 1,025-character value', event({ v: 'v'.repeat(1025) }), /属性值/],
      ['a 1,025-character value in a list', event({ v: ['x', 'v'.repeat(1025)] }), /属性值/],
      ['a 5 KB event', event(Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`p${i}`, 'v'.repeat(1000)]))), /字节/],
      ['21 top-level fields', event({}, Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`f${i}`, 1]))), /字段/],
      [
        `${MAX_EVENTS_PER_BATCH + 1} events`,
        JSON.stringify(Array.from({ length: MAX_EVENTS_PER_BATCH + 1 }, () => ({ event: 'x' }))),
        /events per batch/,
      ],
    ]
    for (const [what, body, msg] of cases) {
      const res = await track(body)
      assert.equal(res.statusCode, 400, `${what}: ${res.statusCode} ${res.body}`)
      assert.match(res.json().msg, msg, what)
      assert.match(res.json().msg, /^[\u4e00-\u9fff]/, what)
    }
    assert.equal(await stored(), before)
  })

  it('a body over 32 KB is 413', async () => {
    const body = JSON.stringify(Array.from({ length: 40 }, () => ({ event: 'x', properties: { v: 'v'.repeat(900) } })))
    assert.ok(body.length > 32 * 1024)
    assert.equal((await track(body)).statusCode, 413)
  })
})

describe('IPv6 clients are counted by their /64; every address together has a budget', () => {
  it('addressKey: IPv4 as is, IPv4-mapped as IPv4, IPv6 by its /64 however written', () => {
    assert.equal(addressKey('198.51.100.7'), '198.51.100.7')
    assert.equal(addressKey('::ffff:198.51.100.7'), '198.51.100.7')
    assert.equal(addressKey('2001:db8:1:2::1'), '2001:db8:1:2::/64')
    assert.equal(addressKey('2001:0DB8:0001:0002:ffff:ffff:ffff:fffe'), '2001:db8:1:2::/64')
    assert.equal(addressKey('2001:db8::1'), '2001:db8:0:0::/64')
    assert.equal(addressKey('2001:db8:0:0:1::'), '2001:db8:0:0::/64')
    assert.equal(addressKey('fe80::1%eth0'), 'fe80:0:0:0::/64')
    assert.equal(addressKey('64:ff9b::192.0.2.33'), '64:ff9b:0:0::/64')
    assert.equal(addressKey('::1'), '0:0:0:0::/64')
    assert.notEqual(addressKey('2001:db8:1:2::1'), addressKey('2001:db8:1:3::1'))
    assert.equal(addressKey('not an address'), 'not an address')
  })

  it('addresses of one /64 share the per-address limit; another /64 has its own', async () => {
    const limited = await startApp(database, { RATE_TRACK_PER_ADDRESS_MINUTE: 3 })
    try {
      await awayFromMinuteEnd()
      const statuses: number[] = []
      for (let i = 0; i < 6; i++)
        statuses.push((await track('[{"event":"x"}]', 'text/plain', `2001:db8:aa:1::${i + 1}`, limited)).statusCode)
      assert.deepEqual(statuses, [200, 200, 200, 429, 429, 429])
      assert.equal((await track('[{"event":"x"}]', 'text/plain', '2001:db8:aa:2::1', limited)).statusCode, 200)
    } finally {
      await limited.app.close()
    }
  })

  it('the global budget counts events from every address: past it, 429 for anyone, and nothing more is stored', async () => {
    const limited = await startApp(database, { RATE_TRACK_GLOBAL_MINUTE: 10 })
    try {
      await awayFromMinuteEnd()
      // The other tests' events count against the same budget: start this minute's afresh.
      await database.query(`delete from rate_limits where key = 'track:global'`)
      const six = JSON.stringify(Array.from({ length: 6 }, () => ({ event: 'x' })))
      const before = await stored()
      assert.equal((await track(six, 'text/plain', '198.51.100.1', limited)).statusCode, 200)
      const over = await track(six, 'text/plain', '198.51.100.2', limited)
      assert.equal(over.statusCode, 429)
      assert.ok(Number(over.headers['retry-after']) >= 1)
      assert.equal(
        (await limited.app.inject({ method: 'GET', url: '/alfa/v1/share-sdk/report?v=1', remoteAddress: '198.51.100.3' })).statusCode,
        429,
      )
      assert.equal(await stored(), before + 6)
    } finally {
      await limited.app.close()
    }
  })
})
