'use strict'
// The real API server for the WeChat simulator checks (run with `node --import tsx`, which
// loads the TypeScript of server/): the app of
// server/src on a private copy of the seeded PGlite demo database (server/test/helpers.ts builds
// the template once per machine), listening on a free loopback port. It logs the demo user in
// (SMS flow), picks a few funds for the watchlist, reads the figures the screens must show
// straight from the API, and prints one JSON line:
//   {"origin","token","expected":{...}}
// It stops when its stdin closes (the check ended, however it ended) or on SIGTERM.
const { apiHeaders, login, pgliteTestDatabase, startApp } = require('../../../server/test/helpers')

const FUND = '000001'
const DEMO_PHONE = '13800000000'

async function main() {
  const { database } = await pgliteTestDatabase()
  const t = await startApp(database)
  const token = await login(t, DEMO_PHONE)

  // 000001 and the next two live funds with NAVs.
  const others = await database.query(
    `select fund_code, fund_name from funds f where terminated_date is null and fund_code > $1 and exists (select 1 from fund_navs n where n.fund_code = f.fund_code) order by fund_code limit 2`,
    [FUND],
  )
  const PICKS = [FUND, ...others.map((r) => r.fund_code)]
  const pickNames = others.map((r) => r.fund_name)
  const auth = apiHeaders({ authorization: `Bearer ${token}` })
  const picked = await t.app.inject({
    method: 'POST',
    url: '/alfa/v1/user-fund-picks/batch',
    headers: auth,
    payload: { fundCodes: PICKS, op: 'add' },
  })
  if (picked.statusCode !== 200) throw new Error(`picking funds: ${picked.statusCode} ${picked.body}`)

  const gql = async (query, variables = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/alfa/v1/graphql',
      headers: { ...apiHeaders(), 'content-type': 'application/json' },
      payload: { query, variables },
    })
    const body = res.json()
    if (res.statusCode !== 200 || body.errors) throw new Error(`graphql ${res.statusCode} ${res.body.slice(0, 500)}`)
    return body.data
  }
  const { fund } = await gql(
    `query($c: String!) { fund(fundCode: $c) { fundCode fundName nav navDate manager { managerId managerName } navRows(page: { size: 20 }) { list { date nav } pageInfo { hasMore } } } }`,
    { c: FUND },
  )
  if (!fund) throw new Error(`fund ${FUND} is not in the demo data`)
  const { fundManager } = await gql(`query($m: String!) { fundManager(managerId: $m) { managerName company fundCount } }`, {
    m: fund.manager.managerId,
  })
  const { marketIndices } = await gql(`{ marketIndices { indexCode indexName latest change } }`)

  // The whole-market fund statistics (server/src/filter/stats.ts, behind myPicks and the filter)
  // are computed on first use: about 7-9 s on PGlite on 2 cores. Computed here, so that each
  // screen's time limit measures the screen; the check reports this figure.
  const warmStarted = Date.now()
  await gql(`{ fundFilterCount(conditions: {}) }`)
  const warmMs = Date.now() - warmStarted

  const address = await t.app.listen({ host: '127.0.0.1', port: 0 })
  const expected = { fund, manager: fundManager, marketIndices, picks: PICKS, pickNames, warmMs }
  process.stdout.write(`${JSON.stringify({ origin: address, token, expected })}\n`)

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
  process.stderr.write(`api-server: ${(err && err.stack) || String(err)}\n`)
  process.exit(1)
})
