import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { migrate, openDatabase, type Database } from '../src/db'
import { importFolder } from '../src/import/importer'
import { configuredAlertSenders, sendDueAlerts } from '../src/alerts/delivery'
import { MAX_RULES } from '../src/alerts/resolvers'
import { runInQueryScope } from '../src/db/abort'
import { apiHeaders, gql, login, startApp, type TestApp } from './helpers'
import { fine, platformStub, WECHAT_SEND, WECHAT_TOKEN, type Stub } from './platformStub'

/**
 * NAV alerts (issue #25): rules on watchlist funds, evaluated when an import writes NAVs, one
 * message per user, fund and NAV day in 消息, with read marks. The expected changes are computed
 * here from the NAVs and the distribution of the example folder (server/examples/import).
 */
const EXAMPLE = path.join(__dirname, '..', 'examples', 'import')

const SET = `mutation($f: String!, $k: NavAlertKind!, $t: Decimal!) { setNavAlert(fundCode: $f, kind: $k, threshold: $t) { fundCode kind threshold } }`
const MESSAGES = `{ myMessages(page: { size: 10 }) { totalCount unreadCount list { id kind fundCode navDate title body read } } }`

describe('NAV alerts (净值提醒) and 消息', () => {
  let database: Database
  let t: TestApp
  let alice: Record<string, string>
  let bob: Record<string, string>
  const dirs: string[] = []
  const folder = (navs: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'alfa-alerts-'))
    dirs.push(dir)
    fs.writeFileSync(path.join(dir, 'fund_navs.csv'), `fund_code,nav_date,nav,acc_nav\n${navs}`)
    return dir
  }
  const set = async (who: Record<string, string>, f: string, k: string, th: string) => gql(t, SET, { f, k, t: th }, who)
  const messages = async (who: Record<string, string>) => (await gql(t, MESSAGES, {}, who)).body.data.myMessages
  const pick = async (who: Record<string, string>, fundCodes: string[], op: 'add' | 'remove') => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/alfa/v1/user-fund-picks/batch',
      headers: apiHeaders(who),
      payload: { fundCodes, op },
    })
    assert.equal(res.statusCode, 200, res.body)
  }

  before(async () => {
    database = await openDatabase({})
    await migrate(database)
    await importFolder(database, EXAMPLE)
    t = await startApp(database)
    alice = { authorization: `Bearer ${await login(t)}` }
    bob = { authorization: `Bearer ${await login(t)}` }
    await pick(alice, ['110011', '161725'], 'add')
  })
  after(async () => {
    await t.app.close()
    await database.close()
    dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true }))
  })

  it('refuses, in Chinese, a fund outside the watchlist, an unknown fund and thresholds that could never trigger', async () => {
    const refused = async (who: Record<string, string>, f: string, k: string, th: string, pattern: RegExp) => {
      const r = await set(who, f, k, th)
      assert.equal(r.body.errors?.[0]?.extensions?.code, 'BAD_USER_INPUT', JSON.stringify(r.body))
      assert.match(r.body.errors[0].message, pattern)
    }
    await refused(bob, '110011', 'RISE', '3', /请先把这只基金加入自选/)
    await refused(alice, '999998', 'RISE', '3', /基金不存在/)
    await refused(alice, '110011', 'FALL', '100', /永远不会触发/)
    await refused(alice, '110011', 'RISE', '0', /永远不会触发/)
    await refused(alice, '110011', 'BELOW', '0', /永远不会触发/)
    await refused(alice, '110011', 'RISE', '1.234', /两位小数/)
    await refused(alice, '110011', 'ABOVE', '1.23456', /四位小数/)
    await refused(alice, '110011', 'ABOVE', '-1', /请输入净值/)
    await refused(alice, '110011', 'RISE', 'abc', /请输入涨跌幅/)
    const anonymous = await gql(t, SET, { f: '110011', k: 'RISE', t: '3' })
    assert.equal(anonymous.body.errors?.[0]?.extensions?.code, 'UNAUTHENTICATED')
    assert.equal((await gql(t, `{ myNavAlerts { kind } }`, {}, alice)).body.data.myNavAlerts.length, 0, 'nothing was stored')
  })

  it('an import triggers the rules its latest NAVs meet, with the dividend-adjusted change, once per fund and day', async () => {
    // 110011 on 2024-01-04: 5.1500 after 5.2001, a change of −0.963 %; 161725 on 2024-01-03: 0.9987 after
    // 1.0123 with a 0.0100 distribution, so (0.9987 + 0.0100) / 1.0123 − 1 = −0.36 %, not the raw −1.34 %.
    const change110011 = (5.15 / 5.2001 - 1) * 100
    const change161725 = ((0.9987 + 0.01) / 1.0123 - 1) * 100
    assert.ok(change110011 < -0.9 && change161725 > -1 && (0.9987 / 1.0123 - 1) * 100 < -1)
    for (const [f, k, th] of [
      ['110011', 'FALL', '0.9'],
      ['110011', 'BELOW', '5.2'],
      ['110011', 'RISE', '3'],
      ['161725', 'FALL', '1'],
      ['161725', 'BELOW', '0.9'],
    ]) {
      const r = await set(alice, f, k, th)
      assert.equal(r.body.errors, undefined, JSON.stringify(r.body))
    }
    assert.deepEqual((await gql(t, `{ myNavAlerts(fundCode: "110011") { kind threshold } }`, {}, alice)).body.data.myNavAlerts, [
      { kind: 'RISE', threshold: '3.00' },
      { kind: 'FALL', threshold: '0.90' },
      { kind: 'BELOW', threshold: '5.2000' },
    ])
    // Rules set today do not fire on NAVs of 2024: an import of them adds no message.
    assert.equal((await importFolder(database, EXAMPLE)).nav_alerts, 0)
    // Set on 2024-01-01, they do.
    await database.query(`update nav_alert_rules set created_at = '2024-01-01T00:00:00+08:00'`)
    assert.equal((await importFolder(database, EXAMPLE)).nav_alerts, 1)
    const m = await messages(alice)
    assert.equal(m.totalCount, 1)
    assert.equal(m.unreadCount, 1)
    assert.deepEqual(
      { ...m.list[0], id: undefined },
      {
        id: undefined,
        kind: 'NAV_ALERT',
        fundCode: '110011',
        navDate: '2024-01-04',
        title: '净值提醒：易方达优质精选混合',
        body: `2024-01-04 单位净值 5.1500，日涨跌幅 ${change110011.toFixed(2)}%，达到你设置的「日跌幅 ≥ 0.90%」「单位净值 ≤ 5.2000」`,
        read: false,
      },
    )
    // The same import again: no second message for the same fund and day.
    assert.equal((await importFolder(database, EXAMPLE)).nav_alerts, 0)
    assert.equal((await messages(bob)).totalCount, 0, 'another user gets nothing')

    // A new NAV day: 110011 up exactly 3.00 % (5.3045 / 5.1500); 161725 taken out of the watchlist first.
    await pick(alice, ['161725'], 'remove')
    assert.equal((await importFolder(database, folder('110011,2024-01-05,5.3045,5.8045\n161725,2024-01-04,0.8000,\n'))).nav_alerts, 1)
    const after = await messages(alice)
    assert.equal(after.totalCount, 2)
    assert.equal(after.list[0].navDate, '2024-01-05')
    assert.match(after.list[0].body, /日涨跌幅 \+3\.00%，达到你设置的「日涨幅 ≥ \+3\.00%」$/)
  })

  it('read marks: one message, then all; nobody marks another user’s messages', async () => {
    const before = await messages(alice)
    assert.equal(before.unreadCount, 2)
    const mark = (who: Record<string, string>, ids?: string[]) =>
      gql(t, `mutation($ids: [ID!]) { markMessagesRead(ids: $ids) }`, ids ? { ids } : {}, who)
    assert.equal((await mark(bob, [before.list[0].id])).body.data.markMessagesRead, 0)
    assert.equal((await mark(alice, [before.list[0].id])).body.data.markMessagesRead, 1)
    const one = await messages(alice)
    assert.equal(one.unreadCount, 1)
    assert.deepEqual(
      one.list.map((x: { read: boolean }) => x.read),
      [true, false],
    )
    // Ids that are not message numbers, or too many at once: refused in Chinese, nothing marked.
    for (const ids of [
      ['1.5'],
      ['-1'],
      ['1e3'],
      ['0x1'],
      [' 1'],
      [''],
      ['9'.repeat(19)],
      Array.from({ length: 101 }, (_, i) => String(i + 1)),
    ]) {
      const refused = await mark(alice, ids)
      assert.equal(refused.body.errors?.[0]?.extensions?.code, 'BAD_USER_INPUT', JSON.stringify(ids))
      assert.equal(refused.body.errors[0].message, '消息编号无效')
    }
    assert.equal((await messages(alice)).unreadCount, 1)
    assert.equal((await mark(alice)).body.data.markMessagesRead, 1)
    assert.equal((await messages(alice)).unreadCount, 0)
    assert.equal((await mark(alice, ['not-a-number'])).body.errors?.[0]?.extensions?.code, 'BAD_USER_INPUT')
  })

  it('at most 200 rules, counted rather than loaded: the 201st is refused in Chinese, one of the 200 may still be replaced', async () => {
    // 50 more funds, and a user with every kind of rule on each of them.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'alfa-alerts-'))
    dirs.push(dir)
    const codes = Array.from({ length: MAX_RULES / 4 }, (_, i) => String(900000 + i))
    fs.writeFileSync(
      path.join(dir, 'funds.csv'),
      `fund_code,fund_name,category_code,setup_date,risk_level\n${codes.map((c) => `${c},提醒测试${c},STOCK,2020-01-02,High`).join('\n')}\n`,
    )
    await importFolder(database, dir)
    const dave = { authorization: `Bearer ${await login(t)}` }
    const daveId = (await gql(t, '{ me { userId } }', {}, dave)).body.data.me.userId
    await pick(dave, ['110011', codes[0]], 'add')
    await database.query(
      `insert into nav_alert_rules (user_id, fund_code, kind, threshold)
       select $1, c, k, 5 from unnest($2::text[]) c cross join unnest(array['RISE', 'FALL', 'ABOVE', 'BELOW']) k`,
      [daveId, codes],
    )
    /** setNavAlert with the rows the database answered while it ran. */
    const measured = async (f: string, k: string, th: string) => {
      const statements = { count: 0, rows: 0 }
      const res = await runInQueryScope({ signal: new AbortController().signal, statementTimeoutMs: 0, statements }, async () =>
        set(dave, f, k, th),
      )
      return { body: res.body, rows: statements.rows }
    }
    const refused = await measured('110011', 'RISE', '3')
    assert.equal(refused.body.errors?.[0]?.extensions?.code, 'BAD_USER_INPUT', JSON.stringify(refused.body))
    assert.equal(refused.body.errors[0].message, '净值提醒最多设置 200 条，请先删除不需要的提醒')
    assert.ok(refused.rows > 0 && refused.rows < 20, `read ${refused.rows} rows for a user with ${MAX_RULES} rules`)
    const replaced = await measured(codes[0], 'RISE', '4')
    assert.equal(replaced.body.errors, undefined, JSON.stringify(replaced.body))
    assert.deepEqual(replaced.body.data.setNavAlert, { fundCode: codes[0], kind: 'RISE', threshold: '4.00' })
    assert.ok(replaced.rows < 20, `read ${replaced.rows} rows`)
    const [{ n }] = await database.query<{ n: number }>('select count(*)::int as n from nav_alert_rules where user_id = $1', [daveId])
    assert.equal(n, MAX_RULES, 'nothing added by the refusal')
  })

  it('removes a rule; removing it again says false', async () => {
    const remove = `mutation { removeNavAlert(fundCode: "110011", kind: RISE) }`
    assert.equal((await gql(t, remove, {}, alice)).body.data.removeNavAlert, true)
    assert.equal((await gql(t, remove, {}, alice)).body.data.removeNavAlert, false)
  })
})

describe('NAV alerts as subscription messages (WeChat and Baidu stand-ins)', () => {
  let database: Database
  let t: TestApp
  let stub: Stub
  let refuse = false
  let carol: Record<string, string>
  const dirs: string[] = []
  const authorise = (payload: Record<string, unknown>, who: Record<string, string> | null = carol) =>
    t.app.inject({ method: 'POST', url: '/alfa/v1/nav-alerts/messages', headers: apiHeaders(who ?? {}), payload })
  const deliveries = () =>
    database.query<{ nav_date: string; delivery: string; platform: string | null; recipient: string | null }>(
      `select to_char(nav_date, 'YYYY-MM-DD') as nav_date, delivery, platform, recipient from user_messages order by id`,
    )
  const navDay = async (day: string, nav: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'alfa-alerts-'))
    dirs.push(dir)
    fs.writeFileSync(path.join(dir, 'fund_navs.csv'), `fund_code,nav_date,nav,acc_nav\n110011,${day},${nav},\n`)
    return importFolder(database, dir)
  }

  before(async () => {
    stub = await platformStub((call) =>
      refuse && call.path === WECHAT_SEND ? { errcode: 43101, errmsg: 'user refuse to accept the msg' } : fine(call),
    )
    database = await openDatabase({})
    await migrate(database)
    await importFolder(database, EXAMPLE)
    t = await startApp(database, {
      WECHAT_APP_ID: 'wx-alerts',
      WECHAT_APP_SECRET: 'wx-secret',
      WECHAT_TOKEN_URL: `${stub.url}${WECHAT_TOKEN}`,
      WECHAT_SUBSCRIBE_SEND_URL: `${stub.url}${WECHAT_SEND}`,
      WECHAT_ALERT_TEMPLATE_ID: 'wx-alert-template',
    })
    carol = { authorization: `Bearer ${await login(t)}` }
    const pick = await t.app.inject({
      method: 'POST',
      url: '/alfa/v1/user-fund-picks/batch',
      headers: apiHeaders(carol),
      payload: { fundCodes: ['110011'], op: 'add' },
    })
    assert.equal(pick.statusCode, 200)
    const rule = await gql(t, SET, { f: '110011', k: 'ABOVE', t: '1' }, carol)
    assert.equal(rule.body.errors, undefined, JSON.stringify(rule.body))
    await database.query(`update nav_alert_rules set created_at = '2024-01-01T00:00:00+08:00'`)
  })
  after(async () => {
    await t.app.close()
    await database.close()
    await stub.close()
    dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true }))
  })

  it('refuses bad authorisations with a 4xx and a Chinese message', async () => {
    const anonymous = await authorise({ platform: 'weapp', code: 'dev-wechat-code' }, null)
    assert.equal(anonymous.statusCode, 401)
    const platform = await authorise({ platform: 'h5', code: 'x' })
    assert.equal(platform.statusCode, 400)
    assert.match(platform.json().msg, /只支持微信和百度小程序/)
    const baidu = await authorise({ platform: 'swan', code: 'x', subscribeId: 'nav-alert' })
    assert.equal(baidu.statusCode, 503, 'no Baidu template configured')
    assert.match(baidu.json().msg, /暂未开放/)
    const code = await authorise({ platform: 'weapp', code: '' })
    assert.equal(code.statusCode, 400)
    assert.match(code.json().msg, /登录凭证/)
  })

  it('hostile bodies: another content type, no body, broken or huge JSON, another shape, are a 4xx in Chinese and record nothing', async () => {
    const raw = (payload: string, contentType?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/alfa/v1/nav-alerts/messages',
        headers: apiHeaders({ ...carol, ...(contentType ? { 'content-type': contentType } : {}) }),
        payload,
      })
    const good = JSON.stringify({ platform: 'weapp', code: 'dev-wechat-code' })
    const cases: Array<[string, Awaited<ReturnType<typeof raw>>, number, RegExp]> = [
      ['form-encoded', await raw('platform=weapp&code=dev-wechat-code', 'application/x-www-form-urlencoded'), 415, /不支持该请求内容类型/],
      ['no content type', await raw(good), 415, /不支持该请求内容类型/],
      ['multipart', await raw('--b\r\n\r\n--b--', 'multipart/form-data; boundary=b'), 415, /不支持该请求内容类型/],
      ['JSON as text/plain', await raw(good, 'text/plain'), 400, /请求参数有误/],
      ['empty JSON', await raw('', 'application/json'), 400, /请求内容为空/],
      ['broken JSON', await raw('{"platform":', 'application/json'), 400, /不是有效的 JSON/],
      ['a __proto__ key', await raw('{"platform":"weapp","code":"x","__proto__":{"a":1}}', 'application/json'), 400, /不是有效的 JSON/],
      ['2 MB', await raw(JSON.stringify({ platform: 'weapp', code: 'x'.repeat(2_000_000) }), 'application/json'), 413, /请求内容过大/],
      [
        'a 5,000-character code',
        await raw(JSON.stringify({ platform: 'weapp', code: 'x'.repeat(5000) }), 'application/json'),
        400,
        /登录凭证无效/,
      ],
      ['nested 100,000 levels', await raw(`${'['.repeat(100_000)}${']'.repeat(100_000)}`, 'application/json'), 400, /嵌套过深/],
      ['an array', await raw('[]', 'application/json'), 400, /请求参数有误/],
      ['a code that is a number', await raw('{"platform":"weapp","code":123}', 'application/json'), 400, /code/],
      [
        'a Baidu subscribe-id with a space',
        await raw('{"platform":"swan","code":"x","subscribeId":"a b"}', 'application/json'),
        400,
        /订阅标识无效/,
      ],
    ]
    for (const [name, res, status, msg] of cases) {
      assert.equal(res.statusCode, status, `${name}: ${res.body.slice(0, 200)}`)
      assert.match(res.json().msg, msg, name)
      assert.match(res.json().msg, /[\u4e00-\u9fa5]/, `${name}: a Chinese message`)
    }
    const state = await t.app.inject({ method: 'GET', url: '/alfa/v1/nav-alerts/messages?platform=weapp', headers: apiHeaders(carol) })
    assert.equal(state.json().data.remaining, 0, 'nothing was recorded')
    // Another user's id in the body changes nothing: the authorisation is the token's user's.
    const dave = { authorization: `Bearer ${await login(t)}` }
    const [{ carolId }] = await database.query<{ carolId: string }>(
      `select user_id as "carolId" from user_fund_picks where fund_code = '110011' order by seq limit 1`,
    )
    const other = await t.app.inject({
      method: 'POST',
      url: '/alfa/v1/nav-alerts/messages',
      headers: apiHeaders(dave),
      payload: { platform: 'weapp', code: 'dev-wechat-code', userId: carolId },
    })
    assert.equal(other.statusCode, 200, other.body)
    const remaining = async (who: Record<string, string>) =>
      (await t.app.inject({ method: 'GET', url: '/alfa/v1/nav-alerts/messages?platform=weapp', headers: apiHeaders(who) })).json().data
        .remaining
    assert.deepEqual([await remaining(dave), await remaining(carol)], [1, 0])
  })

  it('each authorisation lets one alert out through the platform, with the template filled; the rest stay in 消息', async () => {
    const first = await authorise({ platform: 'weapp', code: 'dev-wechat-code' })
    assert.equal(first.statusCode, 200, first.body)
    assert.deepEqual(first.json().data, { templateId: 'wx-alert-template', remaining: 1 })
    const state = await t.app.inject({ method: 'GET', url: '/alfa/v1/nav-alerts/messages?platform=weapp', headers: apiHeaders(carol) })
    assert.deepEqual(state.json().data, { templateId: 'wx-alert-template', remaining: 1 })

    // The example's latest NAV (5.1500 on 2024-01-04) meets 单位净值 ≥ 1: one message, sent as one subscription message.
    assert.equal((await importFolder(database, EXAMPLE)).nav_alerts, 1)
    assert.deepEqual(
      (await deliveries()).map((d) => [d.nav_date, d.delivery, d.platform]),
      [['2024-01-04', 'pending', 'weapp']],
    )
    const senders = configuredAlertSenders(t.config, database)
    assert.deepEqual(Object.keys(senders), ['weapp'], 'Baidu has no alert template here')
    assert.deepEqual(await sendDueAlerts(database, senders), { sent: 1, failed: 0, retried: 0 })
    assert.equal(stub.count(WECHAT_SEND), 1)
    const sent = JSON.parse(stub.calls.find((c) => c.path === WECHAT_SEND)!.body) as Record<string, unknown>
    assert.deepEqual(sent, {
      touser: (await deliveries())[0].recipient,
      template_id: 'wx-alert-template',
      page: 'pages/fund/index?fundCode=110011',
      data: {
        thing1: { value: '易方达优质精选混合' },
        date2: { value: '2024-01-04' },
        character_string3: { value: '5.1500' },
        thing4: { value: '单位净值 ≥ 1.0000' },
      },
      lang: 'zh_CN',
    })
    assert.equal((await deliveries())[0].delivery, 'sent')
    assert.deepEqual(await sendDueAlerts(database, senders), { sent: 0, failed: 0, retried: 0 }, 'sent once')

    // No authorisation left: the next day's alert is in 消息 only.
    assert.equal((await navDay('2024-01-05', '5.2000')).nav_alerts, 1)
    assert.equal((await deliveries())[1].delivery, 'none')
    assert.deepEqual(await sendDueAlerts(database, senders), { sent: 0, failed: 0, retried: 0 })
    assert.equal(stub.count(WECHAT_SEND), 1)
  })

  it('a platform that refuses the message (the user’s authorisation is gone) fails it for good; it stays in 消息', async () => {
    await authorise({ platform: 'weapp', code: 'dev-wechat-code' })
    refuse = true
    try {
      assert.equal((await navDay('2024-01-08', '5.2500')).nav_alerts, 1)
      const round = await sendDueAlerts(database, configuredAlertSenders(t.config, database))
      assert.deepEqual(round, { sent: 0, failed: 1, retried: 0 })
      assert.equal((await deliveries()).at(-1)!.delivery, 'failed')
      assert.equal((await gql(t, MESSAGES, {}, carol)).body.data.myMessages.totalCount, 3)
    } finally {
      refuse = false
    }
  })

  it('one authorisation lets out one message, however many one import makes', async () => {
    const pick = await t.app.inject({
      method: 'POST',
      url: '/alfa/v1/user-fund-picks/batch',
      headers: apiHeaders(carol),
      payload: { fundCodes: ['161725'], op: 'add' },
    })
    assert.equal(pick.statusCode, 200)
    assert.equal((await gql(t, SET, { f: '161725', k: 'BELOW', t: '2' }, carol)).body.errors, undefined)
    await database.query(`update nav_alert_rules set created_at = '2024-01-01T00:00:00+08:00'`)
    await authorise({ platform: 'weapp', code: 'dev-wechat-code' })
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'alfa-alerts-'))
    dirs.push(dir)
    fs.writeFileSync(
      path.join(dir, 'fund_navs.csv'),
      'fund_code,nav_date,nav,acc_nav\n110011,2024-01-09,5.3000,\n161725,2024-01-09,1.0000,\n',
    )
    assert.equal((await importFolder(database, dir)).nav_alerts, 2)
    assert.deepEqual(
      (await deliveries())
        .slice(-2)
        .map((d) => d.delivery)
        .sort(),
      ['none', 'pending'],
    )
  })
})
