import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { migrate, openDatabase, type Database } from '../src/db'
import { importFolder } from '../src/import/importer'
import { apiHeaders, gql, login, startApp, type TestApp } from './helpers'

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
    assert.equal((await mark(alice)).body.data.markMessagesRead, 1)
    assert.equal((await messages(alice)).unreadCount, 0)
    assert.equal((await mark(alice, ['not-a-number'])).body.errors?.[0]?.extensions?.code, 'BAD_USER_INPUT')
  })

  it('removes a rule; removing it again says false', async () => {
    const remove = `mutation { removeNavAlert(fundCode: "110011", kind: RISE) }`
    assert.equal((await gql(t, remove, {}, alice)).body.data.removeNavAlert, true)
    assert.equal((await gql(t, remove, {}, alice)).body.data.removeNavAlert, false)
  })
})
