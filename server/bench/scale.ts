// npm run bench:scale — the server at scale (issue #24). For each SCALE of BENCH_SCALES (default
// "0.1,1": 1,000 then 10,000 funds; SCALE=x runs one), a throwaway PostgreSQL 15 is filled by
// scale-data.ts (time and database size printed), two server instances (this process's Node.js:
// the npm script runs it on the pinned LTS) serve it behind one address (a round-robin TCP
// balancer), and 50 concurrent clients (autocannon) load search, fund detail, fund filter,
// strategy detail and the watchlist of many users, each for BENCH_SECONDS (default 10): req/s,
// p50, p99, the instances' memory after the load, the SQL statements per request and the two
// costliest statements of the load (pg_stat_statements: what stops being flat).
// A comment posted through one instance must reach a viewer connected to the other (asserted,
// delay printed). The scales are printed side by side at the end. A script, not a test.
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { createRequire } from 'node:module'
import net from 'node:net'
import WebSocket from 'ws'
import { GRAPHQL_PATH } from '@alfa/common/apiPaths'
import { createSign } from '@alfa/common/sign'
import { issueToken } from '../src/account/tokens'
import { openDatabase, type Database } from '../src/db'
import { messageText, startPostgres } from '../test/helpers'
import { appDocument, client, graphqlJson, startBenchServer } from './harness'
import { FULL, generateScaleData, scaleFundCode, scalePoCode, scaleUserId, type ScaleResult } from './scale-data'

interface AutocannonResult {
  requests: { average: number; total: number }
  latency: { p50: number; p99: number }
  non2xx: number
  errors: number
  timeouts: number
}
type Autocannon = (opts: object) => Promise<AutocannonResult>
const autocannon = createRequire(__filename)('autocannon') as Autocannon

const SCALES = (process.env.SCALE ?? process.env.BENCH_SCALES ?? '0.1,1').split(',').map(Number)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
/** Users whose tokens the watchlist load signs (each request one of them, at random). */
const TOKEN_USERS = 2000
const LIVE_ID = 'LIVE002'

/** A round-robin TCP balancer on one loopback port in front of `backends`. */
function balancer(backends: URL[]): Promise<{ address: URL; close(): void }> {
  let next = 0
  const server = net.createServer((socket) => {
    const target = backends[next++ % backends.length]
    const upstream = net.connect(Number(target.port), target.hostname)
    socket.pipe(upstream).pipe(socket)
    const end = () => (socket.destroy(), upstream.destroy())
    socket.on('error', end)
    upstream.on('error', end)
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      resolve({ address: new URL(`http://127.0.0.1:${port}`), close: () => server.close() })
    }),
  )
}

const random = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]

interface Load {
  name: string
  /** One request of the load, drawn anew each time (a random fund, strategy, keyword or user). */
  draw(): { body: string; headers?: Record<string, string> }
}

function loads(r: ScaleResult, tokens: string[], names: string[]): Load[] {
  const g = r.generated
  const ask = (operation: string, variables: Record<string, unknown>) =>
    JSON.stringify({ query: appDocument(operation), variables, operationName: operation })
  const categories = ['STOCK', 'MIXED', 'INDEX', 'BOND', 'MONEY', 'QDII', 'GOLD']
  return [
    { name: 'search', draw: () => ({ body: ask('SearchAll', { keyword: random(names), limit: 10 }) }) },
    {
      name: 'fund detail',
      draw: () => ({ body: ask('FundDetail', { fundCode: scaleFundCode(1 + Math.floor(Math.random() * g.funds)) }) }),
    },
    {
      name: 'fund filter',
      draw: () => ({
        body: ask('FilterFunds', {
          conditions: { categoryCodes: [random(categories)], returnPeriod: 'Y1', minReturn: '0' },
          sort: random(['Y1', 'M3', 'DAILY']),
          direction: random(['normal', 'reverse']),
          size: 20,
        }),
      }),
    },
    {
      name: 'strategy detail',
      draw: () => ({
        body: ask('Portfolio', { poCode: scalePoCode(1 + Math.floor(Math.random() * g.strategies)), needQueryHolding: false, range: '1Y' }),
      }),
    },
    { name: 'watchlist', draw: () => ({ body: ask('WatchlistPicks', {}), headers: { authorization: `Bearer ${random(tokens)}` } }) },
  ]
}

interface Row {
  scale: number
  funds: number
  load: string
  rps: number
  p50: number
  p99: number
  failed: number
  rssMb: number
  heapMb: number
  statementsPerRequest: number | null
}

async function memoryOf(child: import('node:child_process').ChildProcess): Promise<NodeJS.MemoryUsage> {
  return new Promise((resolve) => {
    const on = (m: { memory?: NodeJS.MemoryUsage }) => {
      if (!m.memory) return
      child.off('message', on)
      resolve(m.memory)
    }
    child.on('message', on)
    child.send('memory')
  })
}

/** A comment posted through instance A reaches a viewer on instance B: the delay in ms. */
async function liveAcross(a: URL, b: URL, token: string): Promise<number> {
  const ws = new WebSocket(`${b.origin.replace('http', 'ws')}/alfa/v1/live/${LIVE_ID}/ws`, {
    headers: { 'x-sign': createSign(), 'x-broker': '0008' },
  })
  const seen = new Map<string, number>()
  let ready = false
  ws.on('message', (raw) => {
    const m = JSON.parse(messageText(raw)) as { type: string; comment?: { commentId: string } }
    if (m.type === 'ready') ready = true
    if (m.type === 'comment' && m.comment) seen.set(String(m.comment.commentId), performance.now())
  })
  const until = async (ok: () => boolean, what: string) => {
    for (let i = 0; i < 300 && !ok(); i++) await new Promise((r) => setTimeout(r, 20))
    assert.ok(ok(), what)
  }
  try {
    await until(() => ready, 'the viewer on instance B is ready')
    const { request, close } = client(1)
    const sent = performance.now()
    const res = await request(a, {
      name: 'comment',
      method: 'POST',
      path: `/alfa/v1/live/${LIVE_ID}/comments`,
      body: JSON.stringify({ content: `扩容测试 ${Date.now()}` }),
      headers: { authorization: `Bearer ${token}` },
    })
    close()
    assert.equal(res.status, 200, `posting through instance A: ${res.status} ${res.body.slice(0, 200)}`)
    const id = String((JSON.parse(res.body) as { data: { commentId: string } }).data.commentId)
    await until(() => seen.has(id), `the comment ${id} posted through instance A reaches the viewer on instance B`)
    return seen.get(id)! - sent
  } finally {
    ws.terminate()
  }
}

async function runScale(scale: number, secret: string): Promise<Row[]> {
  const pg = startPostgres()
  const instances: Array<Awaited<ReturnType<typeof startBenchServer>>> = []
  let database: Database | undefined
  try {
    database = await openDatabase({ databaseUrl: pg.url, poolSize: 2 })
    const r = await generateScaleData(database, scale, (m) => console.log(m))
    console.log(
      `SCALE ${scale}: ${r.totals.funds} funds (${r.generated.fundNavs} NAVs generated), ${r.totals.strategies} strategies, ${r.totals.users} users (${r.generated.picks} picks) in ${(r.ms / 1000).toFixed(1)} s; database ${(r.databaseBytes / 2 ** 20).toFixed(0)} MiB`,
    )
    // Statement counts per load (pg_stat_statements: a restart loads it).
    await database.query(`alter system set shared_preload_libraries = 'pg_stat_statements'`)
    await database.close()
    pg.crashAndRestart()
    database = await openDatabase({ databaseUrl: pg.url, poolSize: 2 })
    await database.query('create extension if not exists pg_stat_statements')

    const env = { DATABASE_URL: pg.url, JWT_SECRET: secret, SEED_DEMO: 'false' }
    for (const name of ['A', 'B']) {
      const t0 = Date.now()
      instances.push(await startBenchServer(env))
      console.log(
        `instance ${name} (Node.js ${process.version}) ready in ${((Date.now() - t0) / 1000).toFixed(1)} s at ${instances.at(-1)!.address.origin}`,
      )
    }
    const lb = await balancer(instances.map((i) => i.address))
    const tokens = await Promise.all(
      Array.from(
        { length: Math.min(TOKEN_USERS, r.generated.users) },
        async (_, i) => (await issueToken(secret, scaleUserId(1 + Math.floor((i * r.generated.users) / TOKEN_USERS)))).token,
      ),
    )
    const names = (await database.query<{ n: string }>(`select fund_name as n from funds order by random() limit 200`)).map((x) =>
      x.n.slice(0, 4),
    )
    names.push(...Array.from({ length: 50 }, (_, i) => scaleFundCode(1 + i * 13).slice(0, 5)))

    // Two instances share the live channel.
    const delay = await liveAcross(instances[0].address, instances[1].address, tokens[0])
    console.log(`live: a comment posted through instance A reached a viewer on instance B in ${delay.toFixed(0)} ms`)

    const rows: Row[] = []
    for (const load of loads(r, tokens, names)) {
      // Every load answers without errors on each instance before it is timed. Its first request
      // there is cold (a per-process cache such as the funds' statistics may be built by it): its
      // time, and how long answers were 503 (the GraphQL time budget) before one came, are printed:
      // what the first users of a fresh instance wait.
      const one = load.draw()
      for (const [i, instance] of instances.entries()) {
        const { request, close } = client(1)
        const ask = () =>
          request(instance.address, { name: load.name, method: 'POST', path: GRAPHQL_PATH, body: one.body, headers: one.headers })
        const coldStart = performance.now()
        let check = await ask()
        const first = { ms: performance.now() - coldStart, status: check.status }
        while (check.status === 503 && performance.now() - coldStart < 600_000) {
          await new Promise((resolve) => setTimeout(resolve, 2000))
          check = await ask()
        }
        close()
        console.log(
          `  ${load.name}, instance ${'AB'[i]}: first request ${first.ms.toFixed(0)} ms (HTTP ${first.status})` +
            (first.status === 503 ? `, answered after ${((performance.now() - coldStart) / 1000).toFixed(0)} s` : ''),
        )
        assert.equal(check.status, 200, `${load.name}: ${check.status} ${check.body.slice(0, 200)}`)
        assert.equal(graphqlJson(check).errors, undefined, `${load.name}: ${check.body.slice(0, 300)}`)
      }
      await database.query('select pg_stat_statements_reset()')
      const res = await autocannon({
        url: `${lb.address.origin}${GRAPHQL_PATH}`,
        connections: CONNECTIONS,
        duration: SECONDS,
        requests: [
          {
            method: 'POST',
            setupRequest: (req: object) => {
              const d = load.draw()
              return {
                ...req,
                body: d.body,
                headers: {
                  'content-type': 'application/json',
                  accept: 'multipart/mixed;deferSpec=20220824, application/graphql-response+json, application/json',
                  'x-sign': createSign(),
                  'x-broker': '0008',
                  ...d.headers,
                },
              }
            },
          },
        ],
      })
      const [{ calls }] = await database.query<{ calls: string | null }>(
        `select sum(calls) as calls from pg_stat_statements where query not ilike '%pg_stat%' and query not ilike 'set %'`,
      )
      const memory = await Promise.all(instances.map((i) => memoryOf(i.child)))
      const row: Row = {
        scale,
        funds: r.totals.funds,
        load: load.name,
        rps: res.requests.average,
        p50: res.latency.p50,
        p99: res.latency.p99,
        failed: res.non2xx + res.errors + res.timeouts,
        rssMb: Math.max(...memory.map((m) => m.rss)) / 2 ** 20,
        heapMb: Math.max(...memory.map((m) => m.heapUsed)) / 2 ** 20,
        statementsPerRequest: res.requests.total ? Number(calls ?? 0) / res.requests.total : null,
      }
      rows.push(row)
      console.log(format(row))
      {
        const top = await database.query<{ q: string; calls: string; mean: number }>(
          `select left(regexp_replace(query, '\\s+', ' ', 'g'), 110) as q, calls, mean_exec_time as mean from pg_stat_statements where query not ilike '%pg_stat%' order by total_exec_time desc limit 2`,
        )
        for (const t of top) console.log(`    ${Number(t.mean).toFixed(1)} ms × ${t.calls}: ${t.q}`)
      }
    }
    lb.close()
    return rows
  } finally {
    for (const i of instances) await i.stop()
    await database?.close()
    pg.stop()
  }
}

const format = (r: Row) =>
  `  ${r.load.padEnd(16)} ${r.rps.toFixed(1).padStart(7)} req/s  p50 ${String(r.p50).padStart(5)} ms  p99 ${String(r.p99).padStart(5)} ms  ` +
  `RSS ${r.rssMb.toFixed(0).padStart(4)} MiB  heap ${r.heapMb.toFixed(0).padStart(4)} MiB  ` +
  `${r.statementsPerRequest === null ? '' : `${r.statementsPerRequest.toFixed(1)} statements/request`}${r.failed ? `  ${r.failed} FAILED` : ''}`

async function main() {
  console.log(
    `scales ${SCALES.join(', ')} (1 = ${FULL.funds} funds, ${FULL.strategies} strategies, ${FULL.users} users); ${CONNECTIONS} connections, ${SECONDS} s per load, two instances behind one address`,
  )
  const secret = randomBytes(32).toString('base64url')
  const all: Row[] = []
  for (const scale of SCALES) {
    const started = Date.now()
    all.push(...(await runScale(scale, secret)))
    console.log(`SCALE ${scale} done in ${((Date.now() - started) / 1000).toFixed(0)} s`)
  }
  if (SCALES.length > 1) {
    console.log('\nside by side (p50 / p99 ms, req/s, heap MiB):')
    for (const name of [...new Set(all.map((r) => r.load))]) {
      const cells = all
        .filter((r) => r.load === name)
        .map((r) => `${r.funds} funds: ${r.p50}/${r.p99} ms, ${r.rps.toFixed(0)} req/s, heap ${r.heapMb.toFixed(0)}`)
      console.log(`  ${name.padEnd(16)} ${cells.join('  |  ')}`)
    }
  }
  const failed = all.filter((r) => r.failed)
  if (failed.length) throw new Error(`failed requests in: ${failed.map((r) => `${r.load} at SCALE ${r.scale}`).join(', ')}`)
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
