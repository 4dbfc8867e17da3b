// @ts-check
'use strict'
// The real API server for the WeChat login check (run with `node --import tsx`): the app of
// server/src on a private copy of the seeded PGlite demo database, with WeChat login turned on
// against WECHAT_CODE2SESSION_URL (the check's stub of WeChat's code2session endpoint), on a free
// loopback port. Prints one JSON line {"origin"}; stops when its stdin closes or on SIGTERM.
const { pgliteTestDatabase, startApp } = require('../../../server/test/helpers')

async function main() {
  const { database } = await pgliteTestDatabase()
  const t = await startApp(database, {
    WECHAT_APP_ID: process.env.WECHAT_APP_ID,
    WECHAT_APP_SECRET: process.env.WECHAT_APP_SECRET,
    WECHAT_CODE2SESSION_URL: process.env.WECHAT_CODE2SESSION_URL,
    // Only the stub may log anyone in: no development test code.
    WECHAT_TEST_CODE: '',
  })
  const origin = await t.app.listen({ host: '127.0.0.1', port: 0 })
  process.stdout.write(`${JSON.stringify({ origin })}\n`)
  let closing = false
  const stop = async () => {
    if (closing) return
    closing = true
    await t.app.close().catch(() => undefined)
    await database.close().catch(() => undefined)
    process.exit(0)
  }
  process.stdin.on('end', () => void stop())
  process.stdin.on('close', () => void stop())
  process.stdin.resume()
  process.on('SIGTERM', () => void stop())
}

main().catch((err) => {
  process.stderr.write(`login-api-server: ${(err && err.stack) || String(err)}\n`)
  process.exit(1)
})
