import assert from 'node:assert/strict'
import fs from 'node:fs'
import net from 'node:net'
import { after, before, describe, it } from 'node:test'
import WebSocket from 'ws'
import { createSign } from '@alfa/common/sign'
import { openDatabase } from '../src/db'
import { bumpDataVersion } from '../src/fund/dataVersion'
import { PG_BIN, messageText, seededDataDirCopy, seededPostgres, startPostgres, type ThrowawayPostgres } from '../test/helpers'
import {
  apiHeaders,
  eventually,
  freePort,
  gqlHttp,
  liveRequest,
  openRawLive,
  rawExchange,
  restartPostgres,
  serverEnv,
  smsLogin,
  startServerProcess,
  type RawLive,
  type ServerProcess,
} from './lib'

/**
 * Live connections (issue #19) against a real server process, over raw sockets: refused
 * WebSocket upgrades give their slot back, every live connection is counted under the client
 * address the rate limits use (TRUST_PROXY), a control character in the liveId is a 400 before
 * any database work, and on PostgreSQL the comments and the data-change notices keep flowing
 * across a database restart.
 */

const PER_ADDRESS = 4
const TOTAL = 16
const PER_ADDRESS_FULL = '同一网络的直播连接过多'
const ALL_FULL = '直播连接数已满'

/** Opens connections one after the other; refuses (closing what it opened) unless each got `status`. */
async function openAll(port: number, specs: Array<Parameters<typeof openRawLive>[2] & { kind: 'sse' | 'ws' }>): Promise<RawLive[]> {
  const opened: RawLive[] = []
  for (const spec of specs) {
    const c = await openRawLive(port, spec.kind, spec)
    opened.push(c)
    if (c.status !== (spec.kind === 'ws' ? 101 : 200)) {
      await closeAll(opened)
      throw new Error(`${spec.kind} from ${spec.localAddress ?? '127.0.0.1'} ${JSON.stringify(spec.headers ?? {})}: ${c.status} ${c.body}`)
    }
  }
  return opened
}
/**
 * Ends connections and waits for the server to end its side: it has released their slots by then
 * (the release runs on the server socket's close, before the server reads another request).
 */
const closeAll = (connections: Array<{ socket: net.Socket }>) =>
  Promise.all(
    connections.map(
      ({ socket }) =>
        new Promise<void>((resolve) => {
          if (socket.closed) return resolve()
          socket.once('close', () => resolve())
          socket.end()
          setTimeout(() => socket.destroy(), 5000).unref()
        }),
    ),
  )
const forwarded = (client: string) => ({ headers: { 'x-forwarded-for': client } })

describe('live connections on one server (PGlite), behind a trusted proxy at 127.0.0.1', () => {
  let server: ServerProcess
  before(async () => {
    const port = await freePort()
    server = await startServerProcess(
      serverEnv(port, await seededDataDirCopy(), {
        TRUST_PROXY: '127.0.0.1',
        LIVE_MAX_PER_ADDRESS: String(PER_ADDRESS),
        LIVE_MAX_CONNECTIONS: String(TOTAL),
      }),
    )
  })
  after(async () => {
    await server?.stop()
  })

  it('30 refused WebSocket upgrades and 10 event streams reset at once give every slot back: the address connects over SSE and WebSocket, and the global count is whole again', async () => {
    const { port } = server
    const answers: string[] = []
    // A handshake ws itself refuses after the stream was looked up and a slot taken (a bad subprotocol list).
    for (let i = 0; i < 10; i++) answers.push(await rawExchange(port, liveRequest('ws', 'LIVE001', { 'sec-websocket-protocol': 'a b' })))
    // A bad key: refused before anything else.
    for (let i = 0; i < 10; i++) answers.push(await rawExchange(port, liveRequest('ws', 'LIVE001', { 'sec-websocket-key': 'short' })))
    assert.deepEqual(
      answers.map((a) => a.split('\r\n', 1)[0]),
      Array(20).fill('HTTP/1.1 400 Bad Request'),
    )
    // A socket that dies while its stream is looked up: sent, then reset at once (and the same for event streams).
    for (let i = 0; i < 20; i++) {
      await new Promise<void>((resolve) => {
        const socket = net.connect({ port, host: '127.0.0.1' }, () => {
          socket.write(liveRequest(i % 2 ? 'sse' : 'ws', 'LIVE001'))
          socket.resetAndDestroy()
        })
        socket.on('error', () => {})
        socket.on('close', () => resolve())
      })
    }

    // The address has its PER_ADDRESS slots, shared by streams and sockets, and no more.
    const own = await eventually(() => openAll(port, [{ kind: 'sse' }, { kind: 'ws' }, { kind: 'sse' }, { kind: 'ws' }]))
    const over = await openRawLive(port, 'ws')
    assert.equal(over.status, 429)
    assert.match(over.body, new RegExp(PER_ADDRESS_FULL))
    // Every one of the TOTAL slots is free: forwarded clients fill the rest, then the global cap holds.
    const rest = await openAll(
      port,
      Array.from({ length: TOTAL - PER_ADDRESS }, (_, i) => ({
        kind: i % 2 ? ('ws' as const) : ('sse' as const),
        ...forwarded(`198.51.100.${1 + Math.floor(i / PER_ADDRESS)}`),
      })),
    )
    const full = await openRawLive(port, 'ws', forwarded('198.51.100.99'))
    assert.equal(full.status, 429)
    assert.match(full.body, new RegExp(ALL_FULL))
    await closeAll([...own, over, ...rest, full])
    // Closed connections give their slots back too.
    await closeAll(
      await openAll(
        port,
        Array.from({ length: PER_ADDRESS }, () => ({ kind: 'ws' as const })),
      ),
    )
  })

  it('each forwarded client has its own slots for WebSockets and streams together; a forged header from an untrusted peer changes nothing', async () => {
    const { port } = server
    const opened: RawLive[] = []
    try {
      // Client A through the proxy: three sockets and a stream fill its slots, the proxy's own address is not what counts.
      const a = forwarded('203.0.113.1')
      opened.push(
        ...(await eventually(() =>
          openAll(port, [
            { kind: 'ws', ...a },
            { kind: 'ws', ...a },
            { kind: 'ws', ...a },
            { kind: 'sse', ...a },
          ]),
        )),
      )
      for (const kind of ['ws', 'sse'] as const) {
        const refused = await openRawLive(port, kind, a)
        opened.push(refused)
        assert.equal(refused.status, 429, `a fifth ${kind} for client A`)
        assert.match(refused.body, new RegExp(PER_ADDRESS_FULL))
      }
      // Client B through the same proxy is not held back by A.
      const b = forwarded('203.0.113.2')
      opened.push(
        ...(await openAll(port, [
          { kind: 'ws', ...b },
          { kind: 'sse', ...b },
        ])),
      )
      // An untrusted peer (127.0.0.2) naming a new client in each request is one address all the same.
      const forged = (i: number) => ({ localAddress: '127.0.0.2', headers: { 'x-forwarded-for': `203.0.113.${10 + i}` } })
      opened.push(
        ...(await openAll(
          port,
          [0, 1, 2, 3].map((i) => ({ kind: i % 2 ? ('sse' as const) : ('ws' as const), ...forged(i) })),
        )),
      )
      for (const kind of ['ws', 'sse'] as const) {
        const refused = await openRawLive(port, kind, forged(9))
        opened.push(refused)
        assert.equal(refused.status, 429, `a fifth ${kind} from the untrusted peer`)
        assert.match(refused.body, new RegExp(PER_ADDRESS_FULL))
      }
    } finally {
      await closeAll(opened)
    }
  })

  it('a control character or malformed liveId is a 400 on the WebSocket and the stream', async () => {
    for (const id of ['%00', 'LIVE%00001', '%01', '%7F', '%1B%5B31m']) {
      for (const kind of ['ws', 'sse'] as const) {
        const c = await openRawLive(server.port, kind, { liveId: id })
        c.socket.destroy()
        assert.equal(c.status, 400, `${kind} ${id}: ${c.body}`)
        assert.ok(JSON.parse(c.body).msg, `${kind} ${id} says why`)
      }
    }
    const malformed = await openRawLive(server.port, 'ws', { liveId: '%E0%A4%A' })
    malformed.socket.destroy()
    assert.equal(malformed.status, 400)
  })
})

/** A viewer of one stream over SSE (fetch) or WebSocket, keeping every comment it is sent. */
interface Viewer {
  comments: Array<{ commentId: string; content: string }>
  close(): void
}

async function sseViewer(origin: string, liveId: string): Promise<Viewer> {
  const controller = new AbortController()
  const res = await fetch(`${origin}/alfa/v1/live/${liveId}/stream?x-sign=${createSign()}&x-broker=0008`, { signal: controller.signal })
  assert.equal(res.status, 200)
  const viewer: Viewer = { comments: [], close: () => controller.abort() }
  const reader = res.body!.getReader()
  const decoder = new TextDecoder()
  let text = ''
  void (async () => {
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }))
      if (done) return
      text += decoder.decode(value, { stream: true })
      let end: number
      while ((end = text.indexOf('\n\n')) >= 0) {
        const event = text.slice(0, end)
        text = text.slice(end + 2)
        const data = /^data: (.*)$/m.exec(event)?.[1]
        if (/^event: comment$/m.test(event) && data) viewer.comments.push(JSON.parse(data))
      }
    }
  })()
  return viewer
}

async function wsViewer(origin: string, liveId: string): Promise<Viewer> {
  const ws = new WebSocket(`${origin.replace('http', 'ws')}/alfa/v1/live/${liveId}/ws`, { headers: apiHeaders() })
  const viewer: Viewer = { comments: [], close: () => ws.terminate() }
  await new Promise((resolve, reject) => {
    ws.once('error', reject)
    ws.on('message', (raw) => {
      const m = JSON.parse(messageText(raw))
      if (m.type === 'ready') resolve(undefined)
      if (m.type === 'comment') viewer.comments.push(m.comment)
    })
  })
  return viewer
}

describe('on PostgreSQL, live comments and data-change notices survive a database restart', () => {
  const available = fs.existsSync(`${PG_BIN}/initdb`)
  let pg: ThrowawayPostgres | undefined
  let server: ServerProcess | undefined
  after(async () => {
    await server?.stop()
    pg?.stop()
  })

  it(
    'pg_ctl restart under a running server: viewers connected before it get every later comment once, in order, and caches drop',
    { skip: available ? false : 'no PostgreSQL 15 binaries' },
    async () => {
      pg = startPostgres()
      await (await seededPostgres(pg.url)).close()
      const port = await freePort()
      server = await startServerProcess(
        serverEnv(port, undefined, {
          DATABASE_URL: pg.url,
          LOG_LEVEL: 'info', // the SMS code is read from the log
          RATE_SMS_PER_ADDRESS_HOUR: '1000',
          RATE_LOGIN_PER_ADDRESS_HOUR: '1000',
          RATE_COMMENTS_PER_USER_MINUTE: '1000',
        }),
      )
      const { origin } = server
      const token = await smsLogin(server, '13700000019')
      const post = async (content: string) => {
        const res = await fetch(`${origin}/alfa/v1/live/LIVE001/comments`, {
          method: 'POST',
          headers: apiHeaders({ 'content-type': 'application/json', authorization: `Bearer ${token}` }),
          body: JSON.stringify({ content }),
        })
        const text = await res.text()
        assert.equal(res.status, 200, `posting ${content}: ${text}`)
        return (JSON.parse(text) as { data: { commentId: string } }).data.commentId
      }
      const search = async (keyword: string) =>
        (await gqlHttp(origin, 'query S($k: String!) { search(keyword: $k) { funds { fundCode } } }', { k: keyword })).body.data?.search
          ?.funds as Array<{ fundCode: string }> | undefined
      // The search index is built (and cached) before the restart.
      assert.ok((await search('000001'))?.length)

      const viewers = [await sseViewer(origin, 'LIVE001'), await wsViewer(origin, 'LIVE001')]
      try {
        const contents = ['重启前']
        await post(contents[0])
        await eventually(async () => assert.ok(viewers.every((v) => v.comments.length === 1)), 20_000)

        restartPostgres(pg.url)
        // The API answers again once its pool has new connections (a read: nothing is stored twice).
        await eventually(async () => {
          const res = await fetch(`${origin}/alfa/v1/live/LIVE001/comments?size=1`, { headers: apiHeaders() })
          assert.equal(res.status, 200)
        }, 60_000)
        for (const content of ['重启后一', '重启后二', '重启后三']) {
          contents.push(content)
          await post(content)
        }
        // An import's notice after the restart: a fund renamed, announced as an import announces it.
        const importer = await openDatabase({ databaseUrl: pg.url, poolSize: 1 })
        try {
          await importer.transaction(async (tx) => {
            await tx.query(`update funds set fund_name = '重启后改名的基金' where fund_code = '000001'`)
            await bumpDataVersion(tx)
          })
        } finally {
          await importer.close()
        }
        await eventually(
          async () =>
            assert.deepEqual(
              viewers.map((v) => v.comments.length),
              [4, 4],
            ),
          30_000,
        )
        // One more after all of it: nothing before it was repeated late.
        contents.push('最后一条')
        await post('最后一条')
        await eventually(
          async () =>
            assert.deepEqual(
              viewers.map((v) => v.comments.length),
              [5, 5],
            ),
          30_000,
        )
        for (const [i, v] of viewers.entries()) {
          assert.deepEqual(
            v.comments.map((c) => c.content),
            contents,
            `${i ? 'WebSocket' : 'SSE'} viewer`,
          )
          const ids = v.comments.map((c) => BigInt(c.commentId))
          assert.ok(
            ids.every((id, k) => k === 0 || id > ids[k - 1]),
            'in id order',
          )
        }
        // The renamed fund is found: the cached search index was dropped.
        await eventually(
          async () =>
            assert.deepEqual(
              (await search('重启后改名'))?.map((f) => f.fundCode),
              ['000001'],
            ),
          30_000,
        )

        const log = server.output()
        assert.match(log, /LISTEN connection lost: reconnecting/)
        assert.match(log, /LISTEN connection restored/)
        for (const line of log.split('\n').filter((l) => l.includes('LISTEN')))
          assert.doesNotMatch(line, /重启|13700000019|137\*\*\*\*0019/, 'no user data in the LISTEN log lines')
        // A control character in the liveId never reaches PostgreSQL (it would refuse it with an error: a 503).
        for (const kind of ['ws', 'sse'] as const) {
          const c = await openRawLive(port, kind, { liveId: '%00' })
          c.socket.destroy()
          assert.equal(c.status, 400, `${kind}: ${c.body}`)
        }
      } finally {
        viewers.forEach((v) => v.close())
      }
    },
  )
})
