import assert from 'node:assert/strict'
import fs from 'node:fs'
import { after, before, describe, it } from 'node:test'
import { SMS_CODE_TTL_MS } from '../src/account/routes'
import { migrate, openDatabase, type Database } from '../src/db'
import { PG_BIN, apiHeaders, randomPhone, startApp, startPostgres, type TestApp, type ThrowawayPostgres } from './helpers'

/**
 * An SMS login code lives five minutes and logs in once (issue #19). Time is moved by ageing the
 * code's row in the database, never by waiting.
 */
/** The suite on one engine; logins need no demo data, so an empty migrated database will do. */
function smsCodeSuite(label: string, open: () => Promise<Database>) {
  describe(`SMS login codes on ${label}`, () => {
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
  })
}

smsCodeSuite('PGlite', () => openDatabase({}))

// On PostgreSQL the racing logins run on separate connections at once.
if (fs.existsSync(`${PG_BIN}/initdb`)) {
  let pg: ThrowawayPostgres | undefined
  after(() => pg?.stop())
  smsCodeSuite('PostgreSQL 15', () => openDatabase({ databaseUrl: (pg ??= startPostgres()).url, poolSize: 5 }))
}
