import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import WebSocket from 'ws'
import type { Database } from '../src/db'
import { watchDataChanges } from '../src/fund/dataVersion'
import { insertComment } from '../src/live/data'
import { LiveHub, type LiveComment } from '../src/live/hub'
import { searchIndex } from '../src/search'
import { apiHeaders, login, messageText, pgliteTestDatabase, startApp, type TestApp } from './helpers'

/**
 * What a lost LISTEN connection costs, and how it is recovered (issue #19): the database calls
 * `onResume` once the channel is listened again (db/listener.ts, tested in pg-listener.test.ts);
 * here the resume is called by hand, after comments were stored whose notices were lost.
 */

let database: Database
/** The database with each listener's onResume kept, to be called as a reconnected listener calls it. */
let wrapped: Database
const resumes: Array<() => void> = []
let userId: string
let token: string
let t: TestApp

before(async () => {
  database = (await pgliteTestDatabase()).database
  wrapped = {
    ...database,
    listen: (channel, onPayload, onResume) => {
      if (onResume) resumes.push(onResume)
      return database.listen(channel, onPayload)
    },
  }
  t = await startApp(database)
  token = await login(t, '13500000019')
  ;[{ userId }] = await database.query<{ userId: string }>(`select user_id as "userId" from users where phone = '13500000019'`)
})
after(async () => {
  await t?.app.close()
  await database?.close()
})

/** Waits until `check` holds (a notice goes through the database before it is fanned out). */
async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 20))
  assert.ok(check(), what)
}

describe('comments announced while LISTEN was down', () => {
  it('reach the viewers of each stream once, in id order, when the channel is listened again', async () => {
    const hub = new LiveHub(wrapped, 1000)
    resumes.length = 0
    await hub.start()
    assert.equal(resumes.length, 1, 'the hub asks to hear of a resumed channel')
    const first: LiveComment[] = []
    const second: LiveComment[] = []
    const other: LiveComment[] = []
    const viewers = [
      hub.follow('LIVE001', undefined, (c) => first.push(c)),
      hub.follow('LIVE001', undefined, (c) => second.push(c)),
      hub.follow('LIVE002', undefined, (c) => other.push(c)),
    ]
    try {
      const live = await hub.post('LIVE001', userId, '通知送达的')
      await until(() => first.length === 1 && second.length === 1, 'the announced comment arrives')
      // Stored while the LISTEN connection was down: no viewer heard of them.
      const lost = [
        await insertComment(database, 'LIVE001', userId, '丢失通知一'),
        await insertComment(database, 'LIVE002', userId, '丢失通知二'),
        await insertComment(database, 'LIVE001', userId, '丢失通知三'),
      ].map((c) => c!.commentId)
      assert.equal(first.length, 1)
      // The channel is listened again; a comment posted right then waits for the re-read.
      resumes[0]()
      const after = await hub.post('LIVE001', userId, '恢复后的')
      await until(() => first.length === 4 && other.length === 1, 'the lost ones and the new one arrive')
      // A second resume (another reconnection) repeats nothing.
      resumes[0]()
      const marker = await hub.post('LIVE001', userId, '标记')
      await until(() => first.length === 5, 'the marker arrives')
      const expected = [live.commentId, lost[0], lost[2], after.commentId, marker.commentId]
      assert.deepEqual(
        first.map((c) => c.commentId),
        expected,
      )
      assert.deepEqual(
        second.map((c) => c.commentId),
        expected,
      )
      assert.deepEqual(
        other.map((c) => c.commentId),
        [lost[1]],
      )
      assert.equal(first[1].content, '丢失通知一')
      assert.match(first[1].createdAt, /^\d{4}-\d\d-\d\dT.*Z$/, 'a recovered comment has the announced shape')
    } finally {
      viewers.forEach((v) => v.unsubscribe())
      await hub.close()
    }
  })

  it('a viewer replayed a lost comment on reconnecting is not sent it again by the recovery', async () => {
    const hub = new LiveHub(wrapped, 1000)
    resumes.length = 0
    await hub.start()
    const watching = hub.follow('LIVE003', undefined, () => {})
    const seen = (await hub.post('LIVE003', userId, '看到的最后一条')).commentId
    const lost = (await insertComment(database, 'LIVE003', userId, '重连时补发的'))!.commentId
    const got: string[] = []
    const back = hub.follow('LIVE003', seen, (c) => got.push(c.commentId))
    await back.replayed
    assert.deepEqual(got, [lost])
    resumes[0]()
    const next = (await hub.post('LIVE003', userId, '之后的')).commentId
    await until(() => got.length === 2, 'the next comment arrives')
    assert.deepEqual(got, [lost, next])
    watching.unsubscribe()
    back.unsubscribe()
    await hub.close()
  })
})

describe('data-change notices missed while LISTEN was down', () => {
  it('the caches derived from the fund data are dropped when the channel is listened again', async () => {
    resumes.length = 0
    const unwatch = await watchDataChanges(wrapped)
    try {
      const cached = searchIndex(wrapped)
      assert.equal(searchIndex(wrapped), cached, 'the index is cached')
      resumes[0]()
      assert.notEqual(searchIndex(wrapped), cached, 'the index is built again')
      await searchIndex(wrapped)
    } finally {
      await unwatch()
    }
  })
})

describe('the WebSocket resumes from the last comment it saw', () => {
  it('?lastEventId= replays the missed comments after ready, then the new ones, each once', async () => {
    const origin = (await t.app.listen({ host: '127.0.0.1', port: 0 })).replace('http', 'ws')
    const seen = (await insertComment(database, 'LIVE002', userId, '已看到'))!.commentId
    const missed = [
      (await insertComment(database, 'LIVE002', userId, '错过一'))!.commentId,
      (await insertComment(database, 'LIVE002', userId, '错过二'))!.commentId,
    ]
    const messages: Array<{ type: string; comment?: LiveComment }> = []
    const ws = new WebSocket(`${origin}/alfa/v1/live/LIVE002/ws?lastEventId=${seen}`, { headers: apiHeaders() })
    try {
      ws.on('message', (raw) => messages.push(JSON.parse(messageText(raw))))
      await until(() => messages.length === 3, 'ready and the two missed comments')
      const res = await t.app.inject({
        method: 'POST',
        url: '/alfa/v1/live/LIVE002/comments',
        headers: apiHeaders({ authorization: `Bearer ${token}` }),
        payload: { content: '新的' },
      })
      assert.equal(res.statusCode, 200)
      await until(() => messages.length === 4, 'the new comment')
      assert.deepEqual(
        messages.map((m) => m.type),
        ['ready', 'comment', 'comment', 'comment'],
      )
      assert.deepEqual(
        messages.slice(1).map((m) => m.comment!.commentId),
        [...missed, res.json().data.commentId],
      )
    } finally {
      ws.terminate()
    }
  })

  it('a plain GET of the WebSocket path is 426 with a message, and a control character in its liveId 400', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/alfa/v1/live/LIVE001/ws', headers: apiHeaders() })
    assert.equal(plain.statusCode, 426)
    assert.ok(plain.json().msg)
    const nul = await t.app.inject({ method: 'GET', url: '/alfa/v1/live/%00/ws', headers: apiHeaders() })
    assert.equal(nul.statusCode, 400)
  })
})
