import assert from 'node:assert/strict'
import fs from 'node:fs'
import { after, describe, it } from 'node:test'
import { PG_BIN, seededDataDirCopy, seededPostgres, startPostgres, type ThrowawayPostgres } from '../test/helpers'
import { apiHeaders, freePort, gqlHttp, serverEnv, smsLogin, startServerProcess, type ServerProcess } from './lib'

/**
 * Every acknowledged write survives the server being killed (SIGKILL) in the middle of a stream
 * of writes: picks, reorders, follows and comments. For each key the state after a restart must
 * be the last acknowledged one, or the one a write in flight at the kill was making. On PGlite
 * the killed process is the database itself; on PostgreSQL the API server is killed and, at the
 * same moment, PostgreSQL (run with its own durable defaults) is stopped in immediate mode, as a
 * crash would stop it, and recovers on its next start.
 * (A process kill is not a power loss: PGlite's fdatasync does nothing, see server/README.md.)
 */

const ENV = {
  LOG_LEVEL: 'info', // the SMS code is read from the log
  RATE_SMS_PER_ADDRESS_HOUR: '100000',
  RATE_LOGIN_PER_ADDRESS_HOUR: '100000',
  RATE_COMMENTS_PER_USER_MINUTE: '10000',
}
const FUNDS = ['000001', '001932', '003863', '005794', '007725', '009656', '011587', '013518']
const PORTFOLIOS = ['ZH015676', 'ZH015677', 'LW000001', 'LW000002']

interface Expectation<T> {
  acked: T
  /** What a write in flight when the server died would leave. */
  pending?: T
}

async function writeStream(server: ServerProcess, token: string, reorderToken: string, stopAt: number) {
  const auth = apiHeaders({ 'content-type': 'application/json', authorization: `Bearer ${token}` })
  const picks = new Map<string, Expectation<boolean>>(FUNDS.map((f) => [f, { acked: false }]))
  const follows = new Map<string, Expectation<boolean>>(PORTFOLIOS.map((p) => [p, { acked: false }]))
  const order: Expectation<string[]> = { acked: [] }
  const comments = { acked: new Set<string>(), pending: new Set<string>() }
  const acked = { picks: 0, reorders: 0, follows: 0, comments: 0 }
  const post = (url: string, body: unknown, headers = auth) =>
    fetch(`${server.origin}${url}`, { method: 'POST', headers, body: JSON.stringify(body), signal: AbortSignal.timeout(5000) })

  const pickWorker = async () => {
    for (let i = 0; Date.now() < stopAt; i++) {
      const fund = FUNDS[i % FUNDS.length]
      const e = picks.get(fund)!
      const target = !e.acked
      e.pending = target
      const res = await post('/alfa/v1/user-fund-picks/batch', { fundCodes: [fund], op: target ? 'add' : 'remove' }).catch(() => null)
      if (!res || res.status !== 200) return
      e.acked = target
      e.pending = undefined
      acked.picks++
    }
  }
  const followWorker = async () => {
    for (let i = 0; Date.now() < stopAt; i++) {
      const po = PORTFOLIOS[i % PORTFOLIOS.length]
      const e = follows.get(po)!
      const target = !e.acked
      e.pending = target
      const r = await gqlHttp(
        server.origin,
        'mutation($p: String!, $s: Boolean!) { toggleFollow(poCode: $p, state: $s) { hasFollowed error { code } } }',
        { p: po, s: target },
        { authorization: `Bearer ${token}` },
      ).catch(() => null)
      if (!r || r.status !== 200 || r.body.data?.toggleFollow?.hasFollowed !== target) return
      e.acked = target
      e.pending = undefined
      acked.follows++
    }
  }
  const reorderWorker = async () => {
    const headers = apiHeaders({ 'content-type': 'application/json', authorization: `Bearer ${reorderToken}` })
    for (let i = 1; Date.now() < stopAt; i++) {
      const next = [...FUNDS.slice(i % FUNDS.length), ...FUNDS.slice(0, i % FUNDS.length)]
      order.pending = next
      const res = await post('/alfa/v1/user-fund-picks/manage-seq', { fundCodes: next }, headers).catch(() => null)
      if (!res || res.status !== 200) return
      order.acked = next
      order.pending = undefined
      acked.reorders++
    }
  }
  const commentWorker = async () => {
    for (let i = 0; Date.now() < stopAt; i++) {
      const content = `耐久测试 ${process.pid}-${i}-${Date.now()}`
      comments.pending.add(content)
      const res = await post('/alfa/v1/live/LIVE001/comments', { content }).catch(() => null)
      if (!res || res.status !== 200) return
      comments.pending.delete(content)
      comments.acked.add(content)
      acked.comments++
    }
  }
  return {
    run: () => Promise.all([pickWorker(), followWorker(), reorderWorker(), commentWorker()]),
    picks,
    follows,
    order,
    comments,
    acked,
  }
}

/**
 * Logs two users in, runs the write stream, kills the server (and `crash` what else must go down
 * with it) at a moment between 1.5 and 3.5 s into the stream, restarts, and checks every
 * acknowledged write; prints the counts.
 */
async function killAndVerify(engine: string, start: () => Promise<ServerProcess>, crash: () => void = () => {}) {
  let server = await start()
  const token = await smsLogin(server, '13300000001')
  const reorderToken = await smsLogin(server, '13300000002')
  // The reorder user picks every fund first: manage-seq needs each picked fund once.
  const setup = await fetch(`${server.origin}/alfa/v1/user-fund-picks/batch`, {
    method: 'POST',
    headers: apiHeaders({ 'content-type': 'application/json', authorization: `Bearer ${reorderToken}` }),
    body: JSON.stringify({ fundCodes: FUNDS, op: 'add' }),
  })
  assert.equal(setup.status, 200)
  const stream = await writeStream(server, token, reorderToken, Date.now() + 60_000)
  const running = stream.run()
  // Killed at a moment the test does not choose: between 1.5 and 3.5 s into the stream.
  await new Promise((r) => setTimeout(r, 1500 + Math.random() * 2000))
  server.child.kill('SIGKILL')
  crash()
  await server.exited
  await running
  const acknowledged = stream.acked.picks + stream.acked.reorders + stream.acked.follows + stream.acked.comments
  assert.ok(
    Object.values(stream.acked).every((n) => n > 5),
    `too few writes acknowledged before the kill: ${JSON.stringify(stream.acked)}`,
  )

  server = await start()
  try {
    const auth = apiHeaders({ authorization: `Bearer ${token}` })
    const list = (await (await fetch(`${server.origin}/alfa/v1/user-fund-picks/list`, { headers: auth })).json()) as {
      data: { list: Array<{ fundCode: string }> }
    }
    const picked = new Set(list.data.list.map((p) => p.fundCode))
    for (const [fund, e] of stream.picks)
      assert.ok(
        picked.has(fund) === e.acked || picked.has(fund) === e.pending,
        `pick ${fund}: ${picked.has(fund)}, acknowledged ${e.acked}`,
      )
    for (const [po, e] of stream.follows) {
      const r = await gqlHttp(
        server.origin,
        'query($p: String!) { portfolio(poCode: $p) { hasFollowed } }',
        { p: po },
        { authorization: `Bearer ${token}` },
      )
      const followed = r.body.data.portfolio.hasFollowed
      assert.ok(followed === e.acked || followed === e.pending, `follow ${po}: ${followed}, acknowledged ${e.acked}`)
    }
    const seq = (await (
      await fetch(`${server.origin}/alfa/v1/user-fund-picks/list`, { headers: apiHeaders({ authorization: `Bearer ${reorderToken}` }) })
    ).json()) as { data: { list: Array<{ fundCode: string }> } }
    const actual = seq.data.list.map((p) => p.fundCode).join(',')
    assert.ok(
      actual === stream.order.acked.join(',') || actual === stream.order.pending?.join(','),
      `order ${actual}, acknowledged ${stream.order.acked.join(',')}`,
    )
    const contents = new Set<string>()
    let cursor: string | null = null
    for (let page = 0; page < 500 && [...stream.comments.acked].some((c) => !contents.has(c)); page++) {
      const url: string = `${server.origin}/alfa/v1/live/LIVE001/comments?size=100${cursor ? `&cursor=${cursor}` : ''}`
      const body = (await (await fetch(url, { headers: apiHeaders() })).json()) as {
        data: { list: Array<{ content: string }>; pageInfo: { hasMore: boolean; cursor: string | null } }
      }
      body.data.list.forEach((c) => contents.add(c.content))
      if (!body.data.pageInfo.hasMore) break
      cursor = body.data.pageInfo.cursor
    }
    const missing = [...stream.comments.acked].filter((c) => !contents.has(c))
    assert.deepEqual(missing.slice(-100), [], 'every acknowledged comment is stored')
    const { picks, reorders, follows, comments } = stream.acked
    console.log(
      `durability (${engine}): ${acknowledged} writes acknowledged before SIGKILL (${picks} picks, ${reorders} reorders, ${follows} follows, ${comments} comments), every one present after the restart`,
    )
  } finally {
    await server.stop()
  }
}

describe('every acknowledged write survives a SIGKILL of the server', () => {
  it('on PGlite (the process is the database)', async () => {
    const dataDir = await seededDataDirCopy()
    const port = await freePort()
    await killAndVerify('PGlite', () => startServerProcess(serverEnv(port, dataDir, ENV)))
  })

  const available = fs.existsSync(`${PG_BIN}/initdb`)
  let pg: ThrowawayPostgres | undefined
  after(() => pg?.stop())
  it(
    'on PostgreSQL 15 (the API server killed and PostgreSQL crashed with it)',
    { skip: available ? false : 'no PostgreSQL 15 binaries' },
    async () => {
      pg = startPostgres({ durable: true })
      const seeded = await seededPostgres(pg.url)
      await seeded.close()
      const port = await freePort()
      await killAndVerify(
        'PostgreSQL',
        () => startServerProcess(serverEnv(port, undefined, { ...ENV, DATABASE_URL: pg!.url })),
        () => pg!.crashAndRestart(),
      )
    },
  )
})
