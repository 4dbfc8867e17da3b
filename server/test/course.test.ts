import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { byteRange } from '../src/static'
import { DEMO_COURSES, LESSON_CLIP_SECONDS } from '../src/demo/courses'
import { MAX_POSITION_SECOND } from '../src/course/resolvers'
import { gql, login, useTestApp } from './helpers'

const app = useTestApp()

const COURSES = `query ($page: PageInput) {
  courses(page: $page) { totalCount pageInfo { cursor hasMore } list { courseId title tags coverUrl description lessonCount totalSecond } }
}`
const COURSE = `query ($courseId: String!, $page: PageInput) {
  course(courseId: $courseId) {
    courseId title lessonCount totalSecond
    lessons(page: $page) { totalCount list { lessonId title durationSecond videoUrl progress { lessonId positionSecond watchedSecond finished updatedAt } } }
  }
}`
const SAVE = `mutation ($lessonId: String!, $positionSecond: Float!, $finished: Boolean) {
  saveLessonProgress(lessonId: $lessonId, positionSecond: $positionSecond, finished: $finished) { lessonId positionSecond watchedSecond finished updatedAt }
}`

type Progress = { lessonId: string; positionSecond: number; watchedSecond: number; finished: boolean; updatedAt: string }
const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

/** The progress of each lesson of CO200 as `headers`' user sees it, by lesson id. */
async function progressOf(headers: Record<string, string>): Promise<Record<string, Progress | null>> {
  const { body } = await gql(app.t, COURSE, { courseId: 'CO200', page: { size: 10 } }, headers)
  assert.equal(body.errors, undefined, JSON.stringify(body.errors))
  return Object.fromEntries(
    body.data.course.lessons.list.map((l: { lessonId: string; progress: Progress | null }) => [l.lessonId, l.progress]),
  )
}

/** The duration an MP4 declares in its movie header (mvhd), in seconds. */
function mp4Seconds(bytes: Buffer): number {
  const at = bytes.indexOf('mvhd')
  assert.ok(at > 0, 'no mvhd box')
  // version 0: version/flags, creation, modification, timescale, duration.
  return bytes.readUInt32BE(at + 4 + 12 + 4) / bytes.readUInt32BE(at + 4 + 12)
}

describe('courses: the paged course list', () => {
  it('lists every demo course in catalogue order, ten a page, each with its lesson count and length', async () => {
    const first = await gql(app.t, COURSES, { page: { size: 10 } })
    assert.equal(first.body.errors, undefined, JSON.stringify(first.body.errors))
    const page1 = first.body.data.courses
    assert.equal(page1.totalCount, DEMO_COURSES.length)
    assert.equal(page1.list.length, 10)
    assert.equal(page1.pageInfo.hasMore, true)
    const second = (await gql(app.t, COURSES, { page: { size: 10, cursor: page1.pageInfo.cursor } })).body.data.courses
    assert.equal(second.pageInfo.hasMore, false)
    assert.equal(second.pageInfo.cursor, null)
    const all = [...page1.list, ...second.list]
    assert.deepEqual(
      all.map((c: { courseId: string }) => c.courseId),
      DEMO_COURSES.map((_, i) => `CO${200 + i}`),
    )
    for (const [i, c] of all.entries()) {
      const demo = DEMO_COURSES[i]
      assert.equal(c.title, demo.title)
      assert.deepEqual(c.tags, demo.tags)
      assert.equal(c.coverUrl, `/alfa/static/demo/v1/course/${i}.png`)
      assert.equal(c.lessonCount, demo.lessons.length, c.courseId)
      assert.equal(
        c.totalSecond,
        LESSON_CLIP_SECONDS.slice(0, demo.lessons.length).reduce((a, b) => a + b, 0),
        c.courseId,
      )
    }
  })

  it('a page past the end is empty with the right total; a bad page size or cursor is BAD_USER_INPUT', async () => {
    const past = (await gql(app.t, COURSES, { page: { size: 5, cursor: Buffer.from('500').toString('base64url') } })).body.data.courses
    assert.deepEqual(past.list, [])
    assert.equal(past.totalCount, DEMO_COURSES.length)
    for (const page of [{ size: 0 }, { size: 101 }, { cursor: 'nope!' }]) {
      const { body } = await gql(app.t, COURSES, { page })
      assert.equal(body.errors?.[0].extensions?.code, 'BAD_USER_INPUT', JSON.stringify(page))
    }
  })

  it('course(courseId) carries the same lesson count and length; an unknown course is null', async () => {
    const { body } = await gql(app.t, COURSE, { courseId: 'CO205', page: { size: 2 } })
    assert.equal(body.data.course.lessonCount, DEMO_COURSES[5].lessons.length)
    assert.equal(body.data.course.lessons.totalCount, DEMO_COURSES[5].lessons.length)
    assert.equal(body.data.course.totalSecond, 48 + 56 + 40 + 64)
    assert.equal((await gql(app.t, COURSE, { courseId: 'CO999' })).body.data.course, null)
  })
})

describe('demo lessons play from the server itself', () => {
  it("every lesson's videoUrl is a served MP4 whose length is the lesson's durationSecond", async () => {
    const rows = await app.database.query<{ lesson_id: string; video_url: string; duration_second: number }>(
      'select lesson_id, video_url, duration_second from lessons order by lesson_id',
    )
    assert.equal(
      rows.length,
      DEMO_COURSES.reduce((n, c) => n + c.lessons.length, 0),
    )
    const checked = new Map<string, number>()
    for (const r of rows) {
      assert.match(r.video_url, /^\/alfa\/static\/demo\/v1\/lesson\/\d\.mp4$/, r.lesson_id)
      if (!checked.has(r.video_url)) {
        const res = await app.t.app.inject({ method: 'GET', url: r.video_url })
        assert.equal(res.statusCode, 200, r.video_url)
        assert.equal(res.headers['content-type'], 'video/mp4')
        assert.equal(res.headers['accept-ranges'], 'bytes')
        assert.equal(res.rawPayload.toString('latin1', 4, 8), 'ftyp')
        checked.set(r.video_url, mp4Seconds(res.rawPayload))
      }
      assert.equal(checked.get(r.video_url), r.duration_second, r.lesson_id)
    }
    assert.equal(checked.size, LESSON_CLIP_SECONDS.length)
  })

  it('a Range request is 206 with exactly those bytes (a player seeks this way); past the end is 416', async () => {
    const url = '/alfa/static/demo/v1/lesson/1.mp4'
    const whole = (await app.t.app.inject({ method: 'GET', url })).rawPayload
    const part = await app.t.app.inject({ method: 'GET', url, headers: { range: 'bytes=100-199' } })
    assert.equal(part.statusCode, 206)
    assert.equal(part.headers['content-range'], `bytes 100-199/${whole.length}`)
    assert.deepEqual(part.rawPayload, whole.subarray(100, 200))
    const open = await app.t.app.inject({ method: 'GET', url, headers: { range: `bytes=${whole.length - 10}-` } })
    assert.equal(open.statusCode, 206)
    assert.deepEqual(open.rawPayload, whole.subarray(whole.length - 10))
    const past = await app.t.app.inject({ method: 'GET', url, headers: { range: `bytes=${whole.length}-` } })
    assert.equal(past.statusCode, 416)
    assert.equal(past.headers['content-range'], `bytes */${whole.length}`)
    // An image answers ranges the same way.
    const png = await app.t.app.inject({ method: 'GET', url: '/alfa/static/demo/v1/course/0.png', headers: { range: 'bytes=0-7' } })
    assert.equal(png.statusCode, 206)
    assert.equal(png.rawPayload.length, 8)
  })

  it('byteRange: suffix, open and clamped ranges; malformed or several ranges send the whole file', () => {
    assert.deepEqual(byteRange('bytes=0-9', 100), { start: 0, end: 9 })
    assert.deepEqual(byteRange('bytes=90-200', 100), { start: 90, end: 99 })
    assert.deepEqual(byteRange('bytes=50-', 100), { start: 50, end: 99 })
    assert.deepEqual(byteRange('bytes=-10', 100), { start: 90, end: 99 })
    assert.deepEqual(byteRange('bytes=-500', 100), { start: 0, end: 99 })
    assert.equal(byteRange('bytes=100-', 100), 'unsatisfiable')
    assert.equal(byteRange('bytes=-0', 100), 'unsatisfiable')
    for (const h of [
      undefined,
      '',
      'bytes=',
      'bytes=-',
      'bytes=9-2',
      'bytes=0-1,5-9',
      'items=0-9',
      'bytes=a-b',
      `bytes=${'9'.repeat(40)}-`,
    ])
      assert.equal(byteRange(h, 100), null, String(h))
  })
})

describe('saveLessonProgress and Lesson.progress: where each user stopped, per user', () => {
  it('anonymous: progress is null and saving is UNAUTHENTICATED', async () => {
    const progress = await progressOf({})
    assert.ok(Object.values(progress).every((p) => p === null))
    const { body } = await gql(app.t, SAVE, { lessonId: 'L200-1', positionSecond: 3 })
    assert.equal(body.errors?.[0].extensions?.code, 'UNAUTHENTICATED')
    assert.equal(body.errors?.[0].message, '请先进行登录')
  })

  it('stores the place; the furthest point and finished only grow; another user sees none of it', async () => {
    const alice = bearer(await login(app.t))
    const bob = bearer(await login(app.t))
    const saved = (await gql(app.t, SAVE, { lessonId: 'L200-2', positionSecond: 30.25 }, alice)).body.data.saveLessonProgress
    assert.equal(saved.lessonId, 'L200-2')
    assert.equal(saved.positionSecond, 30.3)
    assert.equal(saved.watchedSecond, 30.3)
    assert.equal(saved.finished, false)
    assert.ok(!Number.isNaN(Date.parse(saved.updatedAt)))
    // Back to an earlier point: the place moves, the furthest point stays.
    const back = (await gql(app.t, SAVE, { lessonId: 'L200-2', positionSecond: 12 }, alice)).body.data.saveLessonProgress
    assert.deepEqual([back.positionSecond, back.watchedSecond, back.finished], [12, 30.3, false])
    // Played to the end: finished, back at 0; a later save without `finished` keeps it.
    await gql(app.t, SAVE, { lessonId: 'L200-1', positionSecond: 0, finished: true }, alice)
    const again = (await gql(app.t, SAVE, { lessonId: 'L200-1', positionSecond: 20, finished: false }, alice)).body.data.saveLessonProgress
    assert.equal(again.finished, true)

    const mine = await progressOf(alice)
    assert.deepEqual(
      { position: mine['L200-2']?.positionSecond, watched: mine['L200-2']?.watchedSecond, finished: mine['L200-1']?.finished },
      { position: 12, watched: 30.3, finished: true },
    )
    assert.equal(mine['L200-3'], null)
    const theirs = await progressOf(bob)
    assert.ok(
      Object.values(theirs).every((p) => p === null),
      JSON.stringify(theirs),
    )
    await gql(app.t, SAVE, { lessonId: 'L200-2', positionSecond: 40 }, bob)
    assert.equal((await progressOf(alice))['L200-2']?.positionSecond, 12)
    assert.equal((await progressOf(bob))['L200-2']?.positionSecond, 40)
  })

  it('an unknown lesson or a position outside 0..86400 s is BAD_USER_INPUT in Chinese, and nothing is stored', async () => {
    const token = bearer(await login(app.t))
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ lessonId: 'L999-1', positionSecond: 5 }, '课程不存在或已下线'],
      [{ lessonId: 'L200-1', positionSecond: -1 }, `播放位置无效：应在 0 到 ${MAX_POSITION_SECOND} 秒之间`],
      [{ lessonId: 'L200-1', positionSecond: MAX_POSITION_SECOND + 1 }, `播放位置无效：应在 0 到 ${MAX_POSITION_SECOND} 秒之间`],
    ]
    for (const [variables, message] of cases) {
      const { status, body } = await gql(app.t, SAVE, variables, token)
      assert.equal(status, 200)
      assert.equal(body.errors?.[0].extensions?.code, 'BAD_USER_INPUT', JSON.stringify(variables))
      assert.equal(body.errors?.[0].message, message)
    }
    // A position that is not a number never reaches the resolver: GraphQL refuses the variable.
    const { body } = await gql(app.t, SAVE, { lessonId: 'L200-1', positionSecond: 'soon' }, token)
    assert.equal(body.data, undefined)
    assert.match(body.errors?.[0].message ?? '', /positionSecond/)
    assert.ok(Object.values(await progressOf(token)).every((p) => p === null))
  })
})
