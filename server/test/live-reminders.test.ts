import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Database } from '../src/db'
import { configuredSenders, sendDueReminders, shanghaiTime, templateData, type DueReminder } from '../src/live/reminders'
import { DEV_BAIDU_OPENID } from '../src/live/subscriptions'
import { apiHeaders, login, pgliteTestDatabase, startApp, type TestApp } from './helpers'
import { BAIDU_SEND, BAIDU_TOKEN, fine, platformStub, WECHAT_SEND, WECHAT_TOKEN, type Stub } from './platformStub'

/**
 * Start reminders (issue #21, live message authorization): a user subscribes to a 预告 stream
 * with the platform's login code; the server records it once per user and stream and sends it
 * through the platform's message API once when the stream goes live. WeChat and Baidu are stand-ins
 * on a local port that count every call.
 */

const platformConfig = (stub: Stub, appId: string) => ({
  WECHAT_APP_ID: appId,
  WECHAT_APP_SECRET: 'wx-secret',
  WECHAT_TOKEN_URL: `${stub.url}${WECHAT_TOKEN}`,
  WECHAT_LIVE_TEMPLATE_ID: 'wx-live-template',
  WECHAT_SUBSCRIBE_SEND_URL: `${stub.url}${WECHAT_SEND}`,
  BAIDU_APP_KEY: `bd-${appId}`,
  BAIDU_APP_SECRET: 'bd-secret',
  BAIDU_TOKEN_URL: `${stub.url}${BAIDU_TOKEN}`,
  BAIDU_LIVE_TEMPLATE_ID: 'bd-live-template',
  BAIDU_SUBSCRIBE_SEND_URL: `${stub.url}${BAIDU_SEND}`,
  OPERATOR_TOKEN: OPERATOR,
})
const OPERATOR = 'op-token-for-tests-0123456789abcdef-XYZ'

let database: Database
before(async () => {
  database = (await pgliteTestDatabase()).database
})
after(async () => database?.close())

let streams = 0
/** A fresh 预告 stream of this test file. */
async function upcomingStream(title = '测试直播：养老投资怎么做'): Promise<string> {
  const liveId = `T_REM${++streams}`
  await database.query(
    `insert into live_streams (live_id, title, presenter, status, starts_at) values ($1, $2, '投顾', 'UPCOMING', '2026-10-07T11:30:00Z')`,
    [liveId, title],
  )
  return liveId
}

const reminderOf = (t: TestApp, liveId: string, token?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/alfa/v1/live/${liveId}/reminder`,
    headers: apiHeaders(token ? { authorization: `Bearer ${token}` } : {}),
  })
const subscribeTo = (t: TestApp, liveId: string, token: string | null, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/alfa/v1/live/${liveId}/reminder`,
    headers: apiHeaders(token ? { authorization: `Bearer ${token}` } : {}),
    payload,
  })
const operate = (t: TestApp, what: 'open' | 'close', liveId: string) =>
  t.app.inject({ method: 'POST', url: `/alfa/v1/operator/live/${liveId}/${what}`, headers: { 'x-operator-token': OPERATOR } })

const WEAPP = { platform: 'weapp', code: 'dev-wechat-code' }
const SWAN = { platform: 'swan', code: 'dev-baidu-code', subscribeId: 'live-reminder' }

async function rows(liveId: string) {
  return database.query<{
    user_id: string
    platform: string
    recipient: string
    state: string
    attempts: number
    subscribe_id: string | null
  }>('select user_id, platform, recipient, state, attempts, subscribe_id from live_subscriptions where live_id = $1 order by user_id', [
    liveId,
  ])
}

async function until(check: () => boolean | Promise<boolean>, what: string) {
  for (let i = 0; i < 250; i++) {
    if (await check()) return
    await new Promise((r) => setTimeout(r, 20))
  }
  assert.fail(`timed out waiting for ${what}`)
}

describe('subscribing to a stream’s start reminder', () => {
  let t: TestApp
  let stub: Stub
  before(async () => {
    stub = await platformStub(fine)
    t = await startApp(database, platformConfig(stub, 'wx-subscribe'))
  })
  after(async () => {
    await t?.app.close()
    await stub?.close()
  })

  it('is recorded once per user and stream, however often the user subscribes, and each user sees only their own', async () => {
    const liveId = await upcomingStream()
    const [alice, bob] = [await login(t), await login(t)]
    for (let i = 0; i < 3; i++) assert.equal((await subscribeTo(t, liveId, alice, WEAPP)).json().data.subscribed, true)
    const mine = await rows(liveId)
    assert.equal(mine.length, 1)
    assert.equal(mine[0].recipient, 'dev-openid', 'the recipient is the openid of the login code, not anything the client says')
    assert.equal((await reminderOf(t, liveId, alice)).json().data.subscribed, true)
    assert.equal((await reminderOf(t, liveId, bob)).json().data.subscribed, false, 'another user has no reminder')
    assert.equal((await reminderOf(t, liveId)).json().data.subscribed, false, 'anonymous: none')
    // Subscribing again on Baidu replaces the recipient: still one reminder.
    await subscribeTo(t, liveId, alice, SWAN)
    const after = await rows(liveId)
    assert.deepEqual(
      after.map((r) => [r.platform, r.recipient, r.subscribe_id]),
      [['swan', DEV_BAIDU_OPENID, 'live-reminder']],
    )
    // Cancelled: gone, for this user only.
    await subscribeTo(t, liveId, bob, WEAPP)
    const cancel = await t.app.inject({
      method: 'DELETE',
      url: `/alfa/v1/live/${liveId}/reminder`,
      headers: apiHeaders({ authorization: `Bearer ${alice}` }),
    })
    assert.equal(cancel.json().data.subscribed, false)
    assert.equal((await reminderOf(t, liveId, alice)).json().data.subscribed, false)
    assert.equal((await reminderOf(t, liveId, bob)).json().data.subscribed, true)
  })

  it('answers the stream and the configured templates for the screen', async () => {
    const liveId = await upcomingStream('开播提醒的直播')
    const body = (await reminderOf(t, liveId)).json()
    assert.equal(body.data.title, '开播提醒的直播')
    assert.equal(body.data.status, 'UPCOMING')
    assert.equal(body.data.startsAt, '2026-10-07T11:30:00.000Z')
    assert.deepEqual(body.data.templates, { weapp: 'wx-live-template', swan: 'bd-live-template' })
  })

  it('refuses bad requests with a 4xx and a Chinese message', async () => {
    const liveId = await upcomingStream()
    const token = await login(t)
    const cases: Array<[string, Awaited<ReturnType<typeof subscribeTo>>, number]> = [
      ['anonymous', await subscribeTo(t, liveId, null, WEAPP), 401],
      ['unknown stream', await subscribeTo(t, 'NO_SUCH_LIVE', token, WEAPP), 404],
      ['a live stream', await subscribeTo(t, 'LIVE001', token, WEAPP), 409],
      ['an ended stream', await subscribeTo(t, 'LIVE002', token, WEAPP), 409],
      ['unknown platform', await subscribeTo(t, liveId, token, { platform: 'h5', code: 'x' }), 400],
      ['no code', await subscribeTo(t, liveId, token, { platform: 'weapp' }), 400],
      ['a code the platform refuses', await subscribeTo(t, liveId, token, { platform: 'weapp', code: 'not-a-code' }), 400],
      ['Baidu without its subscribe-id', await subscribeTo(t, liveId, token, { platform: 'swan', code: 'dev-baidu-code' }), 400],
      ['a bad subscribe-id', await subscribeTo(t, liveId, token, { ...SWAN, subscribeId: '<script>' }), 400],
      ['an overlong liveId', await subscribeTo(t, 'L'.repeat(65), token, WEAPP), 400],
    ]
    for (const [what, res, status] of cases) {
      assert.equal(res.statusCode, status, `${what}: ${res.body}`)
      assert.match(res.json().msg, /[\u4e00-\u9fff]/, `${what}: a Chinese message (${res.body})`)
    }
    assert.equal((await rows(liveId)).length, 0, 'nothing was recorded')
    const badToken = await reminderOf(t, liveId, 'not.a.token')
    assert.equal(badToken.statusCode, 401)
  })

  it('is not offered on a platform without a configured template (503)', async () => {
    const plain = await startApp(database, { WECHAT_LIVE_TEMPLATE_ID: '', BAIDU_LIVE_TEMPLATE_ID: '' })
    try {
      const liveId = await upcomingStream()
      const res = await subscribeTo(plain, liveId, await login(plain), WEAPP)
      assert.equal(res.statusCode, 503)
      assert.equal(res.json().msg, '开播提醒暂未开放')
      assert.deepEqual((await reminderOf(plain, liveId)).json().data.templates, { weapp: null, swan: null })
    } finally {
      await plain.app.close()
    }
  })
})

describe('sending start reminders', () => {
  it('sends each reminder once, through each platform’s API, when an operator opens the stream', async () => {
    const stub = await platformStub(fine)
    const t = await startApp(database, platformConfig(stub, 'wx-send'))
    try {
      const liveId = await upcomingStream('四季度市场展望与基金配置思路分享会（第二场）')
      const other = await upcomingStream()
      const [a, b, c] = [await login(t), await login(t), await login(t)]
      await subscribeTo(t, liveId, a, WEAPP)
      await subscribeTo(t, liveId, b, SWAN)
      await subscribeTo(t, other, c, WEAPP)
      assert.equal(stub.count(WECHAT_SEND) + stub.count(BAIDU_SEND), 0, 'nothing is sent before the stream opens')
      assert.equal((await operate(t, 'open', liveId)).statusCode, 200)
      await until(async () => (await rows(liveId)).every((r) => r.state === 'sent'), 'both reminders sent')
      assert.equal(stub.count(WECHAT_SEND), 1)
      assert.equal(stub.count(BAIDU_SEND), 1)
      const wechat = JSON.parse(stub.calls.find((x) => x.path === WECHAT_SEND)!.body)
      assert.equal(wechat.touser, 'dev-openid')
      assert.equal(wechat.template_id, 'wx-live-template')
      assert.equal(wechat.page, `subPkg/pages/live/index?liveId=${liveId}`)
      assert.deepEqual(wechat.data, {
        thing1: { value: '四季度市场展望与基金配置思路分享会（第…' },
        time2: { value: '2026年10月7日 19:30' },
      })
      assert.equal(stub.calls.find((x) => x.path === WECHAT_SEND)!.query.get('access_token'), 'wx-token-wx-send')
      const baidu = new URLSearchParams(stub.calls.find((x) => x.path === BAIDU_SEND)!.body)
      assert.equal(baidu.get('touser_openId'), DEV_BAIDU_OPENID)
      assert.equal(baidu.get('subscribe_id'), 'live-reminder')
      assert.equal(baidu.get('template_id'), 'bd-live-template')
      assert.deepEqual(JSON.parse(baidu.get('data')!), {
        keyword1: { value: '四季度市场展望与基金配置思路分享会（第…' },
        keyword2: { value: '2026年10月7日 19:30' },
      })
      // More rounds send nothing again; the other stream's reminder waits for its own opening.
      const senders = configuredSenders(t.config, database)
      for (let i = 0; i < 3; i++) await sendDueReminders(database, senders)
      assert.equal(stub.count(WECHAT_SEND) + stub.count(BAIDU_SEND), 2)
      assert.deepEqual(
        (await rows(other)).map((r) => r.state),
        ['pending'],
      )
      assert.equal(stub.count(WECHAT_TOKEN), 1, 'the access token is fetched once and kept')
    } finally {
      await t.app.close()
      await stub.close()
    }
  })

  it('sends once when several instances look at the same time', async () => {
    const stub = await platformStub(fine)
    const t = await startApp(database, platformConfig(stub, 'wx-race'))
    try {
      const liveId = await upcomingStream()
      for (let i = 0; i < 6; i++) await subscribeTo(t, liveId, await login(t), WEAPP)
      await database.query(`update live_streams set status = 'LIVE' where live_id = $1`, [liveId])
      // Three instances, each with its own senders (and its own token in memory), at once.
      const instances = [0, 1, 2].map(() => configuredSenders(t.config, database))
      await Promise.all(instances.map((senders) => sendDueReminders(database, senders)))
      assert.equal(stub.count(WECHAT_SEND), 6, 'six reminders, six sends')
      assert.deepEqual(new Set((await rows(liveId)).map((r) => r.state)), new Set(['sent']))
    } finally {
      await t.app.close()
      await stub.close()
    }
  })

  it("keeps a platform's refusal readable when its message is not a string", async () => {
    const stub = await platformStub((call) =>
      call.path === WECHAT_SEND ? { errcode: 43101, errmsg: { detail: 'user refuse to accept the msg' } } : fine(call),
    )
    const t = await startApp(database, platformConfig(stub, 'wx-object-message'))
    try {
      const liveId = await upcomingStream()
      await subscribeTo(t, liveId, await login(t), WEAPP)
      await database.query(`update live_streams set status = 'LIVE' where live_id = $1`, [liveId])
      await sendDueReminders(database, configuredSenders(t.config, database))
      const failures = await database.query<{ failure: string }>('select failure from live_subscriptions where live_id = $1', [liveId])
      assert.deepEqual(
        failures.map((r) => r.failure),
        ['errcode 43101 {"detail":"user refuse to accept the msg"}'],
      )
    } finally {
      await t.app.close()
      await stub.close()
    }
  })

  it('gives up on a reminder the platform refuses, tries a failed one again later, and replaces an invalid token once', async () => {
    let sends = 0
    const stub = await platformStub((call) => {
      if (call.path !== WECHAT_SEND) return fine(call)
      sends++
      if (call.query.get('access_token') === 'wx-token-wx-fail' && sends === 1) return { errcode: 40001, errmsg: 'invalid credential' }
      return sends === 2 ? { errcode: 43101, errmsg: 'user refuse to accept the msg' } : { errcode: -1, errmsg: 'system error' }
    })
    const t = await startApp(database, platformConfig(stub, 'wx-fail'))
    try {
      const refused = await upcomingStream()
      const busy = await upcomingStream()
      await subscribeTo(t, refused, await login(t), WEAPP)
      await subscribeTo(t, busy, await login(t), WEAPP)
      const senders = configuredSenders(t.config, database)
      await database.query(`update live_streams set status = 'LIVE' where live_id = $1`, [refused])
      const first = await sendDueReminders(database, senders)
      // 40001: the token was replaced and the send tried once more, which WeChat refused for good (43101).
      assert.equal(stub.count(WECHAT_TOKEN), 2)
      assert.deepEqual(first, { sent: 0, failed: 1, retried: 0, expired: 0 })
      assert.deepEqual(
        (await rows(refused)).map((r) => r.state),
        ['failed'],
      )
      await database.query(`update live_streams set status = 'LIVE' where live_id = $1`, [busy])
      const second = await sendDueReminders(database, senders)
      assert.deepEqual(second, { sent: 0, failed: 0, retried: 1, expired: 0 })
      const [row] = await rows(busy)
      assert.equal(row.state, 'pending')
      assert.equal(row.attempts, 1)
      // Not due again until its back-off has passed.
      const before = stub.count(WECHAT_SEND)
      await sendDueReminders(database, senders)
      assert.equal(stub.count(WECHAT_SEND), before, 'no send before the back-off')
      await database.query(`update live_subscriptions set retry_at = now() - interval '1 second' where live_id = $1`, [busy])
      await sendDueReminders(database, senders)
      assert.equal(stub.count(WECHAT_SEND), before + 1)
      assert.equal((await rows(busy))[0].attempts, 2)
    } finally {
      await t.app.close()
      await stub.close()
    }
  })

  it('never sends the reminder of a stream that ended before it went out', async () => {
    const stub = await platformStub(fine)
    const t = await startApp(database, { ...platformConfig(stub, 'wx-ended'), BAIDU_LIVE_TEMPLATE_ID: '' })
    try {
      const liveId = await upcomingStream()
      await subscribeTo(t, liveId, await login(t), WEAPP)
      await database.query(`update live_streams set status = 'REPLAY' where live_id = $1`, [liveId])
      const result = await sendDueReminders(database, configuredSenders(t.config, database))
      assert.equal(result.expired, 1)
      assert.equal(stub.count(WECHAT_SEND), 0)
      assert.deepEqual(
        (await rows(liveId)).map((r) => r.state),
        ['expired'],
      )
    } finally {
      await t.app.close()
      await stub.close()
    }
  })

  it('fills the templates from the stream: clipped titles, Shanghai time', () => {
    const r: DueReminder = {
      userId: 'u',
      liveId: 'L',
      platform: 'weapp',
      recipient: 'o',
      subscribeId: null,
      attempts: 0,
      title: '短标题',
      presenter: '投研团队',
      description: null,
      startsAt: new Date('2026-12-31T16:05:00Z'),
    }
    assert.equal(shanghaiTime(r.startsAt), '2027年1月1日 00:05')
    assert.deepEqual(templateData('thing1=title, name3=presenter,time2=startsAt', r), {
      thing1: { value: '短标题' },
      name3: { value: '投研团队' },
      time2: { value: '2027年1月1日 00:05' },
    })
  })
})
