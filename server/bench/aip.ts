// npm run bench:aip — the 定投计算器 (issue #25): a 10-year weekly plan of one fund (the app's own
// AipCalculation document, as the app sends it), one request at a time against the server in its own
// process on a copy of the seeded demo data (PGlite); prints p50 and p99 against the budget of 50 ms
// p99. Loopback only, bounded (BENCH_AIP_RUNS requests after 20 warm-up ones). A script, not a test.
import { randomBytes } from 'node:crypto'
import { GRAPHQL_PATH } from '@alfa/common/apiPaths'
import { openDatabase } from '../src/db'
import { seededDataDirCopy } from '../test/helpers'
import { appDocument, client, graphqlJson, percentile, startBenchServer, type Target } from './harness'

const FUND_CODE = process.env.BENCH_FUND_CODE ?? '000001'
const RUNS = Number(process.env.BENCH_AIP_RUNS ?? 300)
const WARMUP = 20
const BUDGET_P99_MS = 50

async function main() {
  const dataDir = await seededDataDirCopy()
  // Ten years from the fund's first NAV (the demo data holds just under ten: the server ends the plan at the last NAV).
  const database = await openDatabase({ dataDir })
  const [first] = await database.query<{ d: string }>(`select min(nav_date)::text as d from fund_navs where fund_code = $1`, [FUND_CODE])
  await database.close()
  const startDate = first.d
  const endDate = `${Number(startDate.slice(0, 4)) + 10}${startDate.slice(4)}`
  const input = {
    fundCode: FUND_CODE,
    amount: '1000',
    frequency: 'WEEKLY',
    day: 1,
    startDate,
    endDate,
    feeRate: '0.0015',
    dividendMode: 'REINVEST',
  }
  const server = await startBenchServer({ DATA_DIR: dataDir, JWT_SECRET: randomBytes(32).toString('base64url') })
  const c = client(1)
  try {
    const target: Target = {
      name: 'AipCalculation',
      method: 'POST',
      path: GRAPHQL_PATH,
      body: JSON.stringify({ query: appDocument('AipCalculation'), variables: { input }, operationName: 'AipCalculation' }),
    }
    const check = graphqlJson(await c.request(server.address, target))
    const answer = check.data?.aipCalculation as { endNavDate: string; outcome: { purchaseCount: number }; series: unknown[] } | undefined
    if (!answer) throw new Error(`AipCalculation failed: ${JSON.stringify(check.errors ?? check).slice(0, 400)}`)
    for (let i = 0; i < WARMUP; i++) await c.request(server.address, target)
    const ms: number[] = []
    for (let i = 0; i < RUNS; i++) {
      const t0 = process.hrtime.bigint()
      const res = await c.request(server.address, target)
      ms.push(Number(process.hrtime.bigint() - t0) / 1e6)
      if (res.status !== 200) throw new Error(`HTTP ${res.status}`)
    }
    ms.sort((a, b) => a - b)
    const p50 = percentile(ms, 0.5)
    const p99 = percentile(ms, 0.99)
    console.log(
      `定投计算器 AipCalculation ${FUND_CODE}, weekly ${startDate} … ${answer.endNavDate} (${answer.outcome.purchaseCount} purchases, ${answer.series.length} chart points), PGlite, ${RUNS} requests one at a time:`,
    )
    console.log(
      `p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (budget p99 ${BUDGET_P99_MS} ms: ${p99 <= BUDGET_P99_MS ? 'within' : 'OVER'})`,
    )
  } finally {
    c.close()
    await server.stop()
  }
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
