// npm run bench:api — requests per second and p99 of the portfolio detail page's GraphQL query
// and of a plain Fastify route returning the same JSON, measured side by side in one run.
// Loopback only; bounded (about 30 s after the database is ready). A script, not a test.
import { fork } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import assert from 'node:assert/strict'
import { createSign } from '@alfa/common/sign'
import { GRAPHQL_ACCEPT, GRAPHQL_PATH, apiRoot } from '@alfa/common/apiPaths'

const PO_CODE = process.env.BENCH_PO_CODE ?? 'ZH015676'
const RANGE = process.env.BENCH_RANGE ?? '1Y'
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6)
const ROUNDS = 2
const TARGET = 0.85

const query = fs.readFileSync(path.join(__dirname, '..', 'operations', 'Portfolio.graphql'), 'utf8')
const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS })

interface Target {
  name: string
  method: 'GET' | 'POST'
  path: string
  body?: string
}

function request(base: URL, t: Target): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        path: t.path,
        method: t.method,
        agent,
        headers: {
          'x-sign': createSign(),
          'x-broker': '0008',
          // Exactly the app's header (services/graphql.ts): multipart/mixed first, then JSON.
          accept: GRAPHQL_ACCEPT,
          ...(t.body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(t.body) } : {}),
        },
      },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (c) => (body += c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
      },
    )
    req.on('error', reject)
    req.end(t.body)
  })
}

async function load(base: URL, t: Target, seconds: number) {
  const latencies: number[] = []
  const end = Date.now() + seconds * 1000
  let errors = 0
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < end) {
        const t0 = process.hrtime.bigint()
        const res = await request(base, t)
        if (res.status !== 200) errors++
        latencies.push(Number(process.hrtime.bigint() - t0) / 1e6)
      }
    }),
  )
  latencies.sort((a, b) => a - b)
  return { count: latencies.length, rps: latencies.length / seconds, p99: latencies[Math.floor(latencies.length * 0.99)] ?? NaN, errors }
}

async function main() {
  const child = fork(path.join(__dirname, 'server.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const timeout = setTimeout(() => {
    console.error('bench: the server did not start within 10 minutes')
    child.kill()
    process.exit(1)
  }, 600_000)
  const address = await new Promise<string>((resolve, reject) => {
    child.once('message', (m: { address: string }) => resolve(m.address))
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)))
  })
  clearTimeout(timeout)
  const base = new URL(address)
  const gql: Target = {
    name: 'GraphQL Portfolio query',
    method: 'POST',
    path: GRAPHQL_PATH,
    body: JSON.stringify({ query, variables: { poCode: PO_CODE, range: RANGE }, operationName: 'Portfolio' }),
  }
  const plain: Target = {
    name: 'plain Fastify route',
    method: 'GET',
    path: `${apiRoot()}/bench-plain/portfolio?poCode=${PO_CODE}&range=${RANGE}`,
  }

  // Same JSON from both, or the comparison means nothing.
  const a = JSON.parse((await request(base, gql)).body)
  const b = JSON.parse((await request(base, plain)).body)
  assert.deepEqual(a, b, 'the plain route and the GraphQL query must answer the same JSON')
  const bytes = Buffer.byteLength(JSON.stringify(a))
  console.log(
    `portfolio ${PO_CODE}, range ${RANGE}: ${bytes} bytes of JSON, ${a.data.portfolio.navHistory.series.length} NAV points; ${CONNECTIONS} connections, ${ROUNDS}×${SECONDS}s each, interleaved`,
  )

  for (const t of [gql, plain]) await load(base, t, 1) // warm-up: JIT, caches
  const totals = new Map<string, { count: number; p99: number[]; errors: number }>()
  for (let r = 0; r < ROUNDS; r++) {
    for (const t of r % 2 ? [plain, gql] : [gql, plain]) {
      const res = await load(base, t, SECONDS)
      const acc = totals.get(t.name) ?? { count: 0, p99: [], errors: 0 }
      acc.count += res.count
      acc.p99.push(res.p99)
      acc.errors += res.errors
      totals.set(t.name, acc)
    }
  }
  const figures = [gql, plain].map((t) => {
    const acc = totals.get(t.name)!
    return { name: t.name, rps: acc.count / (ROUNDS * SECONDS), p99: Math.max(...acc.p99), errors: acc.errors }
  })
  for (const f of figures)
    console.log(
      `${f.name.padEnd(26)} ${f.rps.toFixed(1).padStart(8)} req/s   p99 ${f.p99.toFixed(1).padStart(7)} ms${f.errors ? `   ${f.errors} errors` : ''}`,
    )
  const ratio = figures[0].rps / figures[1].rps
  console.log(`ratio GraphQL / plain: ${ratio.toFixed(3)} (target ≥ ${TARGET}) ${ratio >= TARGET ? 'OK' : 'BELOW TARGET'}`)
  child.send('stop')
  agent.destroy()
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
