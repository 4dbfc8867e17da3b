import assert from 'node:assert/strict'
import fs from 'node:fs'
import { after, before, describe, it } from 'node:test'
import { SMS_CODE_TTL_MS } from '../src/account/routes'
import { issueToken } from '../src/account/tokens'
import { migrate, openDatabase, type Database } from '../src/db'
import { PG_BIN, apiHeaders, gql, operation, randomPhone, startApp, startPostgres, type TestApp, type ThrowawayPostgres } from './helpers'

/**
 * Sessions (issue #19): an SMS login code lives five minutes and logs in once (time is moved by
 * ageing the code's row in the database, never by waiting), and logout revokes the token.
 */
/** The suite on one engine; logins need no demo data, so an empty migrated database will do. */
function sessionSuite(label: string, open: () => Promise<Database>) {
  describe(`sessions on ${label}`, () => {
    const app = {} as { t: TestApp; database: Database }
    before(async () => {
      app.database = await open()
      await migrate(app.database)
      app.t = await startApp(app.database)
    })
    after(async () => {
      await app.t?.app.close()
      await app.database?.close()
    })

    const send = async (phone: string) => {
      const res = await app.t.app.inject({ method: 'POST', url: '/alfa/v1/user/sms/send', headers: apiHeaders(), payload: { phone } })
      assert.equal(res.statusCode, 200, res.body)
      return app.t.sms.get(phone)!
    }
    const login = (phone: string, code: string) =>
      app.t.app.inject({ method: 'POST', url: '/alfa/v1/user/sms/login', headers: apiHeaders(), payload: { phone, code } })
    /** Makes the phone's code (and its sending) `seconds` older, as if it had been sent that long ago. */
    const age = (phone: string, seconds: number) =>
      app.database.query(
        `update sms_codes set expires_at = expires_at - make_interval(secs => $2), last_sent_at = last_sent_at - make_interval(secs => $2),
         window_start = window_start - make_interval(secs => $2) where phone = $1`,
        [phone, seconds],
      )

    it('lives five minutes', () => assert.equal(SMS_CODE_TTL_MS, 5 * 60_000))

    it('a code sent 4 min 50 s ago logs in', async () => {
      const phone = randomPhone()
      const code = await send(phone)
      await age(phone, 4 * 60 + 50)
      const res = await login(phone, code)
      assert.equal(res.statusCode, 200, res.body)
      assert.ok(res.json().data.token)
    })

    it('a code sent 5 min 1 s ago is refused as expired, and gives no token', async () => {
      const phone = randomPhone()
      const code = await send(phone)
      await age(phone, 5 * 60 + 1)
      const res = await login(phone, code)
      assert.equal(res.statusCode, 400)
      assert.deepEqual(res.json(), { code: 400, msg: '验证码已过期，请重新获取' })
    })

    it('an expired code stays refused however often it is tried, and a new code logs in', async () => {
      const phone = randomPhone()
      const old = await send(phone)
      await age(phone, 60 * 60)
      for (let i = 0; i < 3; i++) assert.equal((await login(phone, old)).statusCode, 400)
      const fresh = await send(phone)
      const res = await login(phone, fresh)
      assert.equal(res.statusCode, 200, res.body)
    })

    it('a code logs in once: the same code again is refused', async () => {
      const phone = randomPhone()
      const code = await send(phone)
      const first = await login(phone, code)
      assert.equal(first.statusCode, 200, first.body)
      const again = await login(phone, code)
      assert.equal(again.statusCode, 400, again.body)
      assert.equal(again.json().msg, '验证码已过期，请重新获取')
      assert.equal(again.json().data, undefined)
    })

    it('two logins racing with one code: exactly one gets a token', async () => {
      const phone = randomPhone()
      const code = await send(phone)
      const answers = await Promise.all([login(phone, code), login(phone, code), login(phone, code)])
      const statuses = answers.map((r) => r.statusCode).sort()
      assert.deepEqual(statuses, [200, 400, 400], answers.map((r) => r.body).join('\n'))
    })

    it('logout revokes the token: refused from then on, also by a restarted server; the user’s other tokens still work', async () => {
      const phone = randomPhone()
      const res = await login(phone, await send(phone))
      assert.equal(res.statusCode, 200, res.body)
      const { token, user } = res.json().data
      const other = (await issueToken(app.t.config.JWT_SECRET, user.userId)).token
      const me = async (t: TestApp, bearer: string) => (await gql(t, operation('UserInfo'), {}, { authorization: `Bearer ${bearer}` })).body
      const info = (t: TestApp, bearer: string) =>
        t.app.inject({ method: 'GET', url: '/alfa/v1/user/info/detail', headers: apiHeaders({ authorization: `Bearer ${bearer}` }) })
      assert.equal((await me(app.t, token)).data.me.userId, user.userId)
      assert.equal((await info(app.t, token)).statusCode, 200)

      const out = await app.t.app.inject({
        method: 'POST',
        url: '/alfa/v1/user/logout',
        headers: apiHeaders({ authorization: `Bearer ${token}` }),
      })
      assert.equal(out.statusCode, 200, out.body)
      assert.deepEqual(out.json().data, { loggedOut: true })

      assert.equal((await me(app.t, token)).errors?.[0].extensions?.code, 'UNAUTHENTICATED')
      assert.equal((await info(app.t, token)).statusCode, 401)
      const state = await gql(app.t, operation('toggleFollow'), { poCode: 'ZH015676', state: true }, { authorization: `Bearer ${token}` })
      assert.equal(state.body.errors?.[0].extensions?.code, 'UNAUTHENTICATED')
      // Only that token: another session of the same user goes on.
      assert.equal((await me(app.t, other)).data.me.userId, user.userId)
      // Kept in the database: a restarted server (or another instance) refuses it too.
      const restarted = await startApp(app.database)
      try {
        assert.equal((await info(restarted, token)).statusCode, 401)
        assert.equal((await info(restarted, other)).statusCode, 200)
      } finally {
        await restarted.app.close()
      }
      // Logging out without a token, or with the revoked one again, is fine.
      for (const headers of [apiHeaders(), apiHeaders({ authorization: `Bearer ${token}` })])
        assert.equal((await app.t.app.inject({ method: 'POST', url: '/alfa/v1/user/logout', headers })).statusCode, 200)
    })
  })
}

sessionSuite('PGlite', () => openDatabase({}))

// On PostgreSQL the racing logins run on separate connections at once.
if (fs.existsSync(`${PG_BIN}/initdb`)) {
  let pg: ThrowawayPostgres | undefined
  after(() => pg?.stop())
  sessionSuite('PostgreSQL 15', () => openDatabase({ databaseUrl: (pg ??= startPostgres()).url, poolSize: 5 }))
}
