import assert from 'node:assert/strict'
import http from 'node:http'
import { after, before, describe, it } from 'node:test'
import WebSocket from 'ws'
import type { Database } from '../src/db'
import { loadConfig } from '../src/config'
import { bannedWordIn, parseBannedWords } from '../src/live/moderation'
import { apiHeaders, gql, login, pgliteTestDatabase, startApp, TEST_JWT_SECRET, type TestApp } from './helpers'

/**
 * Issue #21: the operator API (a token from the environment) opens and closes live streams and
 * removes comments, which viewers then lose at once; banned words from the configuration answer
 * ContentBanned; one comment can be read whole with its stream (comment detail).
 */

const OPERATOR = 'op-token-for-tests-0123456789abcdef-XYZ'
const BANNED = '保本保息, 内幕消息，ＶＸ'

let database: Database
let t: TestApp
let token: string
before(async () => {
  database = (await pgliteTestDatabase()).database
  t = await startApp(database, { OPERATOR_TOKEN: OPERATOR, LIVE_BANNED_WORDS: BANNED })
  token = await login(t)
})
after(async () => {
  await t?.app.close()
  await database?.close()
})

let streams = 0
async function stream(status: 'UPCOMING' | 'LIVE' | 'REPLAY'): Promise<string> {
  const liveId = `T_OP${++streams}`
  await database.query(`insert into live_streams (live_id, title, status, starts_at) values ($1, '运营测试直播', $2, now())`, [
    liveId,
    status,
  ])
  return liveId
}
const statusOf = async (liveId: string) =>
  (
    await database.query<{ status: string; playback_url: string | null }>(
      'select status, playback_url from live_streams where live_id = $1',
      [liveId],
    )
  )[0]

const operator = (
  app: TestApp,
  method: 'POST' | 'DELETE',
  url: string,
  headers: Record<string, string> = { 'x-operator-token': OPERATOR },
  payload?: object,
) => app.app.inject({ method, url: `/alfa/v1/operator${url}`, headers, ...(payload ? { payload } : {}) })

const post = (liveId: string, content: string) =>
  gql(
    t,
    `mutation($l: String!, $c: String!) { postLiveComment(liveId: $l, content: $c) { comment { commentId content } error { code msg } } }`,
    { l: liveId, c: content },
    { authorization: `Bearer ${token}` },
  )

describe('the operator API', () => {
  it('is refused without the token, with a wrong one, and entirely when no token is configured', async () => {
    const liveId = await stream('UPCOMING')
    const none = await operator(t, 'POST', `/live/${liveId}/open`, {})
    assert.equal(none.statusCode, 401)
    assert.match(none.json().msg, /运营令牌无效/)
    const wrong = await operator(t, 'POST', `/live/${liveId}/open`, { 'x-operator-token': `${OPERATOR}x` })
    assert.equal(wrong.statusCode, 401)
    const user = await operator(t, 'POST', `/live/${liveId}/open`, { authorization: `Bearer ${token}` })
    assert.equal(user.statusCode, 401, 'a user token is not an operator token')
    const off = await startApp(database)
    try {
      const res = await operator(off, 'POST', `/live/${liveId}/open`)
      assert.equal(res.statusCode, 403)
      assert.match(res.json().msg, /运营接口未开启/)
    } finally {
      await off.app.close()
    }
    assert.equal((await statusOf(liveId)).status, 'UPCOMING', 'nothing changed')
  })

  it('opens a 预告 stream and closes a live one, each once, with its video', async () => {
    const liveId = await stream('UPCOMING')
    const open = await operator(t, 'POST', `/live/${liveId}/open`, undefined, { playbackUrl: 'https://live.alfa.example/T.m3u8' })
    assert.equal(open.statusCode, 200, open.body)
    assert.deepEqual(open.json().data, { liveId, status: 'LIVE' })
    assert.deepEqual(await statusOf(liveId), { status: 'LIVE', playback_url: 'https://live.alfa.example/T.m3u8' })
    const again = await operator(t, 'POST', `/live/${liveId}/open`)
    assert.equal(again.statusCode, 409)
    assert.equal(again.json().msg, '直播状态为直播中，只有预告的直播可以改为直播中')
    const close = await operator(t, 'POST', `/live/${liveId}/close`, undefined, { playbackUrl: 'https://live.alfa.example/T.mp4' })
    assert.equal(close.statusCode, 200)
    assert.deepEqual(await statusOf(liveId), { status: 'REPLAY', playback_url: 'https://live.alfa.example/T.mp4' })
    const { body } = await gql(t, `query($l: String!) { liveStream(liveId: $l) { status playbackUrl } }`, { l: liveId })
    assert.deepEqual(body.data.liveStream, { status: 'REPLAY', playbackUrl: 'https://live.alfa.example/T.mp4' })
    assert.equal((await operator(t, 'POST', `/live/${liveId}/close`)).statusCode, 409)
  })

  it('answers bad input with a 4xx and a Chinese message', async () => {
    const liveId = await stream('UPCOMING')
    const cases: Array<[string, Awaited<ReturnType<typeof operator>>, number]> = [
      ['unknown stream', await operator(t, 'POST', '/live/NO_SUCH/open'), 404],
      ['an http video', await operator(t, 'POST', `/live/${liveId}/open`, undefined, { playbackUrl: 'http://x.example/a.mp4' }), 400],
      ['a javascript: video', await operator(t, 'POST', `/live/${liveId}/open`, undefined, { playbackUrl: 'javascript:alert(1)' }), 400],
      ['an unknown field', await operator(t, 'POST', `/live/${liveId}/open`, undefined, { status: 'LIVE' }), 400],
      ['a comment id that is not a number', await operator(t, 'DELETE', '/live/comments/abc'), 400],
      ['an unknown comment', await operator(t, 'DELETE', '/live/comments/999999999'), 404],
    ]
    for (const [what, res, status] of cases) {
      assert.equal(res.statusCode, status, `${what}: ${res.body}`)
      assert.match(res.json().msg, /[\u4e00-\u9fff]/, `${what}: a Chinese message (${res.body})`)
    }
    assert.equal((await statusOf(liveId)).status, 'UPCOMING')
  })

  it('removes a comment: gone from the list and the detail, and viewers on the event stream and the WebSocket are told', async () => {
    const liveId = await stream('LIVE')
    const origin = await t.app.listen({ host: '127.0.0.1', port: 0 })
    const keep = (await post(liveId, '留下的评论')).body.data.postLiveComment.comment.commentId as string
    const gone = (await post(liveId, '要删除的评论')).body.data.postLiveComment.comment.commentId as string
    // A WebSocket viewer and an event-stream viewer.
    const wsMessages: Array<{ type: string; commentId?: string }> = []
    const ws = new WebSocket(`${origin.replace('http', 'ws')}/alfa/v1/live/${liveId}/ws`, { headers: apiHeaders() })
    ws.on('message', (raw) =>
      wsMessages.push(JSON.parse((Array.isArray(raw) ? Buffer.concat(raw) : Buffer.isBuffer(raw) ? raw : Buffer.from(raw)).toString())),
    )
    let sse = ''
    const req = http.get(`${origin}/alfa/v1/live/${liveId}/stream`, { headers: apiHeaders() }, (res) =>
      res.on('data', (c: Buffer) => (sse += c.toString())),
    )
    try {
      await until(() => wsMessages.some((m) => m.type === 'ready') && sse.includes(': connected'), 'both viewers connected')
      const removed = await operator(t, 'DELETE', `/live/comments/${gone}`)
      assert.equal(removed.statusCode, 200)
      assert.deepEqual(removed.json().data, { commentId: gone, removed: true })
      await until(() => wsMessages.some((m) => m.type === 'removed') && sse.includes('event: removed'), 'both viewers told')
      assert.deepEqual(
        wsMessages.find((m) => m.type === 'removed'),
        { type: 'removed', liveId, commentId: gone },
      )
      assert.match(sse, new RegExp(`event: removed\\ndata: \\{"liveId":"${liveId}","commentId":"${gone}"\\}\\n\\n`))
      assert.doesNotMatch(sse, /id: \d+\nevent: removed/, 'a removal moves no resume point')
      const list = await t.app.inject({ method: 'GET', url: `/alfa/v1/live/${liveId}/comments`, headers: apiHeaders() })
      assert.deepEqual(
        list.json().data.list.map((c: { commentId: string }) => c.commentId),
        [keep],
      )
      const detail = await gql(t, `query($c: String!) { liveComment(commentId: $c) { commentId } }`, { c: gone })
      assert.equal(detail.body.data.liveComment, null)
      assert.equal((await operator(t, 'DELETE', `/live/comments/${gone}`)).statusCode, 404, 'removed once')
    } finally {
      ws.terminate()
      req.destroy()
    }
  })
})

async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 250 && !check(); i++) await new Promise((r) => setTimeout(r, 20))
  assert.ok(check(), `timed out waiting for ${what}`)
}

describe('banned words', () => {
  it('answer ContentBanned (GraphQL) and 400 (REST) with a Chinese message; nothing is stored or announced', async () => {
    const liveId = await stream('LIVE')
    const before = await database.query<{ n: number }>('select count(*)::int as n from live_comments where live_id = $1', [liveId])
    for (const text of ['这只基金保本保息吗', '有内 幕 消 息', '加我ＶＸ', '加我 vx 聊']) {
      const { body } = await post(liveId, text)
      assert.equal(body.data.postLiveComment.comment, null, text)
      assert.equal(body.data.postLiveComment.error.code, 'ContentBanned', text)
      assert.match(body.data.postLiveComment.error.msg, /^评论含有不允许发布的内容/)
    }
    const rest = await t.app.inject({
      method: 'POST',
      url: `/alfa/v1/live/${liveId}/comments`,
      headers: apiHeaders({ authorization: `Bearer ${token}` }),
      payload: { content: '内幕消息' },
    })
    assert.equal(rest.statusCode, 400)
    assert.deepEqual(rest.json(), { code: 400, msg: '评论含有不允许发布的内容，请修改后再发', data: { reason: 'ContentBanned' } })
    const afterCount = await database.query<{ n: number }>('select count(*)::int as n from live_comments where live_id = $1', [liveId])
    assert.deepEqual(afterCount, before)
    const fine = await post(liveId, '老师讲得清楚，保本的产品有哪些？')
    assert.equal(fine.body.data.postLiveComment.error, null)
  })

  it('are read from a comma-separated list and matched ignoring case, width and spacing', () => {
    assert.deepEqual(parseBannedWords(' 保本保息, 内幕消息，ＶＸ\n,, 荐股 '), ['保本保息', '内幕消息', 'vx', '荐股'])
    const words = parseBannedWords('内幕消息,vx')
    assert.equal(bannedWordIn('内.幕-消 息', words), '内幕消息')
    assert.equal(bannedWordIn('加V​X', words), 'vx')
    assert.equal(bannedWordIn('没有问题', words), null)
    assert.equal(bannedWordIn('anything', []), null)
  })

  it('ContetnPostInvalid is still the answer for an empty or overlong comment', async () => {
    const liveId = await stream('LIVE')
    for (const text of ['   ', 'x'.repeat(501)]) {
      const { body } = await post(liveId, text)
      assert.equal(body.data.postLiveComment.error.code, 'ContetnPostInvalid')
    }
  })
})

describe('comment detail', () => {
  it('answers one comment whole with its stream', async () => {
    const liveId = await stream('REPLAY')
    const long = `${'长评论'.repeat(100)}<b>不是标签</b>`
    const id = (await post(liveId, long)).body.data.postLiveComment.comment.commentId as string
    const { body } = await gql(
      t,
      `query($c: String!) { liveComment(commentId: $c) { commentId liveId nickname content createdAt stream { liveId title status } } }`,
      { c: id },
    )
    const c = body.data.liveComment
    assert.equal(c.commentId, id)
    assert.equal(c.content, long, 'the whole text, as posted')
    assert.match(c.createdAt, /^\d{4}-\d\d-\d\dT/)
    assert.deepEqual(c.stream, { liveId, title: '运营测试直播', status: 'REPLAY' })
  })

  it('is null for an unknown comment and BAD_USER_INPUT for an id that is not a number', async () => {
    const unknown = await gql(t, `query { liveComment(commentId: "987654321") { commentId } }`)
    assert.equal(unknown.body.data.liveComment, null)
    for (const id of ['abc', '-1', '1e5', '0', '9'.repeat(30)]) {
      const bad = await gql(t, `query($c: String!) { liveComment(commentId: $c) { commentId } }`, { c: id })
      assert.equal(bad.body.errors?.[0].extensions?.code, 'BAD_USER_INPUT', id)
      assert.equal(bad.body.errors?.[0].message, '评论编号应为数字')
    }
  })
})

describe('configuration', () => {
  const PRODUCTION = {
    NODE_ENV: 'production',
    JWT_SECRET: TEST_JWT_SECRET,
    SMS_SENDER: 'none',
    WECHAT_APP_ID: '',
    BAIDU_APP_KEY: '',
  } as unknown as NodeJS.ProcessEnv
  it('production refuses a guessable operator token, and reminders that could never be sent', () => {
    assert.doesNotThrow(() => loadConfig(PRODUCTION))
    assert.throws(() => loadConfig({ ...PRODUCTION, OPERATOR_TOKEN: 'a'.repeat(40) }), /OPERATOR_TOKEN looks guessable/)
    assert.doesNotThrow(() => loadConfig({ ...PRODUCTION, OPERATOR_TOKEN: 'q3N8vT1xLr9Zp2Kd7Hf5Wm0Yc4Bs6Ge+Ua/Jn=Ox' }))
    assert.throws(() => loadConfig({ ...PRODUCTION, WECHAT_LIVE_TEMPLATE_ID: 'tpl' }), /WECHAT_LIVE_TEMPLATE_ID is set without/)
    assert.throws(() => loadConfig({ ...PRODUCTION, BAIDU_LIVE_TEMPLATE_ID: 'tpl' }), /BAIDU_LIVE_TEMPLATE_ID is set without/)
  })
  it('every mode refuses a short operator token and malformed template fields', () => {
    assert.throws(() => loadConfig({ OPERATOR_TOKEN: 'short' }), /OPERATOR_TOKEN must be at least 32 characters/)
    assert.throws(() => loadConfig({ WECHAT_LIVE_TEMPLATE_FIELDS: 'thing1=name' }), /WECHAT_LIVE_TEMPLATE_FIELDS/)
    assert.equal(loadConfig({}).OPERATOR_TOKEN, undefined, 'off unless set')
  })
})
