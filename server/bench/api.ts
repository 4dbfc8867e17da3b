// npm run bench:api — the app's three first-screen queries (strategy detail, fund detail, watchlist),
// each sent exactly as the app sends it (the generated document, the app's Accept header), against a
// plain Fastify route returning the same JSON (plain.ts), side by side in one run, on PGlite and on
// PostgreSQL (a throwaway cluster with the demo data). Prints req/s, p50, p99 and the ratio per query
// and engine against the goal (≥ 0.85). Loopback only; bounded (about 2 × 3 × 2 × (4 + 2 × 6) s of
// load after the databases are ready). BENCH_ENGINES=pglite or postgres runs one. A script, not a test.
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { GRAPHQL_PATH } from '@alfa/common/apiPaths'
import { issueToken } from '../src/account/tokens'
import { DEMO_USER } from '../src/demo/seed'
import { openDatabase, type Database } from '../src/db'
import { addPicks } from '../src/watchlist/data'
import { seededDataDirCopy, seededPostgres, startPostgres } from '../test/helpers'
import { appDocument, client, graphqlJson, percentile, startBenchServer, type Target } from './harness'
import { plainPairs } from './plain'

const PO_CODE = process.env.BENCH_PO_CODE ?? 'ZH015676'
const FUND_CODE = process.env.BENCH_FUND_CODE ?? '000001'
const RANGE = process.env.BENCH_RANGE ?? '1Y'
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6)
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',')
const PICKS = 12
const ROUNDS = 2
/** Seconds of load per route before timing: V8 and graphql-jit optimise after a few hundred requests (1 s measured cold code on a busy machine). */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 4)
const TARGET = 0.85

interface Pair {
  name: string
  gql: Target
  plain: Target
}

function pairs(auth: Record<string, string>): Pair[] {
  return plainPairs(PO_CODE, FUND_CODE, RANGE, PICKS).map((p) => ({
    name: p.name,
    gql: {
      name: `GraphQL ${p.operation}`,
      method: 'POST',
      path: GRAPHQL_PATH,
      body: JSON.stringify({ query: appDocument(p.operation), variables: p.variables, operationName: p.operation }),
      headers: p.auth ? auth : {},
    },
    plain: { name: 'plain', method: 'GET', path: p.plainPath, headers: p.auth ? auth : {} },
  }))
}

async function benchEngine(engine: string, env: Record<string, string>, secret: string) {
  const server = await startBenchServer({ ...env, JWT_SECRET: secret, BENCH_PLAIN: '1' })
  const { request, load, close } = client(CONNECTIONS)
  const auth = { authorization: `Bearer ${(await issueToken(secret, DEMO_USER.userId)).token}` }
  const rows: string[] = []
  let below = 0
  try {
    for (const pair of pairs(auth)) {
      // Same JSON from both, or the comparison means nothing.
      const g = await request(server.address, pair.gql)
      const p = await request(server.address, pair.plain)
      assert.equal(g.status, 200, `${pair.name}: GraphQL answered ${g.status} ${g.body.slice(0, 200)}`)
      assert.equal(p.status, 200, `${pair.name}: the plain route answered ${p.status} ${p.body.slice(0, 200)}`)
      const a = graphqlJson(g)
      assert.equal(a.errors, undefined, `${pair.name}: ${JSON.stringify(a.errors)}`)
      assert.deepEqual(a, JSON.parse(p.body), `${pair.name}: the plain route and the GraphQL query must answer the same JSON`)
      const format = g.type.startsWith('multipart/mixed') ? 'multipart (@defer)' : 'JSON'
      for (const t of [pair.gql, pair.plain]) await load(server.address, t, WARMUP) // warm-up: JIT, caches
      const acc = new Map<Target, { latencies: number[]; errors: number }>()
      for (let r = 0; r < ROUNDS; r++)
        for (const t of r % 2 ? [pair.plain, pair.gql] : [pair.gql, pair.plain]) {
          const res = await load(server.address, t, SECONDS)
          const a = acc.get(t) ?? { latencies: [], errors: 0 }
          a.latencies.push(...res.latencies)
          a.errors += res.errors
          acc.set(t, a)
        }
      const figures = [pair.gql, pair.plain].map((t) => {
        const { latencies, errors } = acc.get(t)!
        latencies.sort((x, y) => x - y)
        return { rps: latencies.length / (ROUNDS * SECONDS), p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), errors }
      })
      const ratio = figures[0].rps / figures[1].rps
      if (ratio < TARGET) below++
      const line = (label: string, f: (typeof figures)[number]) =>
        `  ${label.padEnd(8)} ${f.rps.toFixed(1).padStart(8)} req/s   p50 ${f.p50.toFixed(1).padStart(6)} ms   p99 ${f.p99.toFixed(1).padStart(6)} ms${f.errors ? `   ${f.errors} errors` : ''}`
      rows.push(
        `${engine}, ${pair.name}: ${Buffer.byteLength(JSON.stringify(a))} bytes of JSON, answered as ${format}`,
        line('GraphQL', figures[0]),
        line('plain', figures[1]),
        `  ratio ${ratio.toFixed(3)} (goal ≥ ${TARGET}) ${ratio >= TARGET ? 'OK' : 'BELOW GOAL'}`,
      )
      console.log(rows.slice(-4).join('\n'))
    }
  } finally {
    close()
    await server.stop()
  }
  return below
}

/** The demo user has no picks in the demo data: give it a watchlist of PICKS funds, so the watchlist query has rows to answer. */
async function withDemoPicks(database: Database) {
  const codes = await database.query<{ c: string }>(`select fund_code as c from funds order by fund_code limit ${PICKS}`)
  await addPicks(
    database,
    DEMO_USER.userId,
    codes.map((r) => r.c),
  )
  await database.close()
}

async function main() {
  console.log(`${CONNECTIONS} connections, ${ROUNDS}×${SECONDS}s per route, interleaved; the app's documents and Accept header`)
  const secret = randomBytes(32).toString('base64url')
  let below = 0
  for (const engine of ENGINES) {
    if (engine === 'pglite') {
      const dataDir = await seededDataDirCopy()
      await withDemoPicks(await openDatabase({ dataDir }))
      below += await benchEngine('PGlite', { DATA_DIR: dataDir }, secret)
    } else if (engine === 'postgres') {
      const pg = startPostgres()
      try {
        await withDemoPicks(await seededPostgres(pg.url))
        below += await benchEngine('PostgreSQL 15', { DATABASE_URL: pg.url }, secret)
      } finally {
        pg.stop()
      }
    } else throw new Error(`BENCH_ENGINES: unknown engine ${engine} (pglite, postgres)`)
  }
  console.log(below ? `${below} ratio(s) below the goal of ${TARGET}` : `every ratio at or above the goal of ${TARGET}`)
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
