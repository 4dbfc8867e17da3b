/**
 * Issue 21's courses and video in Debian's Chromium against the real server and its demo lessons
 * (H.264 clips the server serves itself), light and dark: 课程 → 课程详情 → a lesson plays (its
 * currentTime advances), pauses, and after a reload starts again where it stopped; anonymous from
 * this device's place, signed in from the server's (this device's forgotten); a lesson played to
 * its end is 已学完 and the next one plays. No console error, no page error, no failed request.
 *
 *   node --import tsx --test test/e2e/course.test.ts
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { BrowserContext, Page } from 'playwright-core'
import { newMobileContext, ProblemLog, type Scheme, type Tab } from './lib/browser'
import { apiHeaders, devLogin } from './lib/api'
import { expectScreen, Harness, open } from './lib/harness'
import { apiTraffic, pageOf, text, until } from './lib/wait'

const h = new Harness()
const SLOW = { timeout: 240_000 }
const WAIT = { timeout: 20_000 }
const COURSE = 'CO200'
const PLACES_KEY = 'alfa_lesson_places'

let token = ''
before(
  async () => {
    await h.start((line) => console.log(`# ${line}`))
    token = await devLogin(h.origin)
  },
  { timeout: 15 * 60_000 },
)
after(async () => h.stop())

const traffic = new WeakMap<Page, ReturnType<typeof apiTraffic>>()
const quiet = (page: Page) => traffic.get(page)!.quiet()

async function withTab(scheme: Scheme, loggedIn: boolean, job: (tab: Tab, context: BrowserContext) => Promise<void>) {
  const context = await newMobileContext(h.browser!, h.origin, { scheme })
  try {
    if (loggedIn) await context.addCookies([{ name: 'access_token', value: token, url: h.origin }])
    const page = await context.newPage()
    const tab = { page, log: new ProblemLog(page, h.origin) }
    traffic.set(page, apiTraffic(page))
    await job(tab, context)
    assert.deepEqual([...tab.log.problems], [], 'problems logged by the tab')
  } finally {
    await context.close()
  }
}

/** The lesson player's <video> (inside Taro's Video) on the video page. */
const videoOf = (page: Page) => pageOf(page, 'video').locator('video')
const media = (page: Page) =>
  videoOf(page).evaluate((v: HTMLVideoElement) => ({
    src: v.currentSrc,
    currentTime: v.currentTime,
    duration: v.duration,
    paused: v.paused,
    readyState: v.readyState,
  }))

/** Taps the player's play button (a user gesture, as a viewer's tap) and waits until time passes `seconds`. */
async function playPast(page: Page, seconds: number) {
  const root = pageOf(page, 'video')
  await root.locator('.taro-video-cover-play-button').tap()
  await until(`the lesson to play past ${seconds} s`, async () => (await media(page)).currentTime > seconds, 30_000)
}

/** This device's kept place of a lesson (the page's storage). */
const devicePlace = (page: Page, lessonId: string) =>
  page.evaluate(
    ([key, id]) => {
      const raw = localStorage.getItem(key)
      if (!raw) return null
      // Taro's H5 storage wraps each value as {data}.
      const stored = JSON.parse(raw) as { data?: string }
      const places = JSON.parse(typeof stored.data === 'string' ? stored.data : raw) as Record<
        string,
        { position: number; finished: boolean }
      >
      return places[id] ?? null
    },
    [PLACES_KEY, lessonId],
  )

async function serverPlace(lessonId: string) {
  const res = await fetch(`${h.origin}/alfa/v1/graphql`, {
    method: 'POST',
    headers: apiHeaders(token),
    body: JSON.stringify({
      query: `{ course(courseId: "${COURSE}") { lessons(page: { size: 20 }) { list { lessonId progress { positionSecond finished } } } } }`,
    }),
  })
  const body = (await res.json()) as {
    data: { course: { lessons: { list: Array<{ lessonId: string; progress: { positionSecond: number; finished: boolean } | null }> } } }
  }
  return body.data.course.lessons.list.find((l) => l.lessonId === lessonId)?.progress ?? null
}

/** After a reload: the lesson's player is ready and stands at `at` seconds (where it stopped) before any tap. */
async function expectResumedAt(page: Page, at: number) {
  await until('the reloaded lesson to load its video', async () => ((await media(page).catch(() => null))?.readyState ?? 0) >= 1)
  const m = (await until(`the player at ${at} s`, async () => {
    const now = await media(page)
    return Math.abs(now.currentTime - at) < 0.01 ? now : null
  }))!
  assert.equal(m.paused, true, 'it waits for a tap')
  const mmss = `00:${String(at).padStart(2, '0')}`
  assert.ok((await text(pageOf(page, 'video'))).includes(`上次看到 ${mmss}`), `上次看到 ${mmss}`)
}

for (const scheme of ['light', 'dark'] as Scheme[]) {
  describe(`courses and video (${scheme})`, () => {
    it(
      '课程 → 课程详情 → a lesson plays; after a reload it starts where it stopped (this device); at its end the next lesson plays',
      SLOW,
      () =>
        withTab(scheme, false, async (tab) => {
          const { page } = tab
          await open(tab, h.origin, '/subPkg/pages/courseList/index')
          const list = pageOf(page, 'courseList')
          await list.locator('.alfa-courses__card').first().waitFor(WAIT)
          await quiet(page)
          await expectScreen(
            tab,
            { route: 'courseList', scheme, navTitle: '课程', texts: ['基金投资三步走', '6课 · 04:56', '入门'] },
            h.origin,
            `课程 (${scheme})`,
          )
          await list.locator('.alfa-courses__card').first().tap()

          const course = pageOf(page, 'course')
          await course.locator('.alfa-lessons__row').first().waitFor(WAIT)
          await quiet(page)
          await expectScreen(
            tab,
            {
              route: 'course',
              scheme,
              navTitle: '课程详情',
              texts: ['基金投资三步走', '共6课 · 总时长 04:56', '00:48', '未学', '开始学习'],
            },
            h.origin,
            `课程详情 (${scheme})`,
          )
          await course.locator('.alfa-lessons__row').first().tap()

          const video = pageOf(page, 'video')
          await video.locator('.taro-video-cover-play-button').waitFor(WAIT)
          await quiet(page)
          await expectScreen(
            tab,
            { route: 'video', scheme, navTitle: '视频', texts: ['认识基金', '基金投资三步走 · 第1/6课 · 00:48'] },
            h.origin,
            `视频 (${scheme})`,
          )
          assert.match((await media(page)).src, /\/alfa\/static\/demo\/v1\/lesson\/1\.mp4$/)
          await playPast(page, 6)
          await videoOf(page).evaluate((v: HTMLVideoElement) => v.pause())
          const place = (await until('the place kept on pause', () => devicePlace(page, 'L200-1')))!
          // The place is the last timeupdate's (Taro's Video reports one every 250 ms).
          assert.ok(place.position > 5 && !place.finished, JSON.stringify(place))

          await page.reload({ waitUntil: 'domcontentloaded' })
          await expectResumedAt(page, Math.floor(place.position))

          // Played to its end: 已学完, and the next lesson plays on its own.
          await playPast(page, place.position)
          await videoOf(page).evaluate((v: HTMLVideoElement) => (v.currentTime = v.duration - 1))
          await until('the next lesson playing', async () => {
            const m = await media(page)
            return /\/lesson\/2\.mp4$/.test(m.src) && m.currentTime > 0.5 && !m.paused
          })
          assert.ok((await text(video)).includes('基金投资三步走 · 第2/6课 · 00:56'))
          assert.ok((await text(video.locator('.alfa-lessons__row').first())).includes('已学完'))
          const done = await devicePlace(page, 'L200-1')
          assert.ok(done && done.finished && done.position === 0, JSON.stringify(done))
          await videoOf(page).evaluate((v: HTMLVideoElement) => v.pause())
          await quiet(page)
        }),
    )
  })
}

describe('courses and video, signed in', () => {
  it('the place goes to the server: with this device’s forgotten, a reload starts where the user stopped', SLOW, () =>
    withTab('dark', true, async (tab) => {
      const { page } = tab
      await open(tab, h.origin, `/subPkg/pages/video/index?courseId=${COURSE}&lessonId=L200-3`)
      await pageOf(page, 'video').locator('.taro-video-cover-play-button').waitFor(WAIT)
      await quiet(page)
      await expectScreen(tab, { route: 'video', scheme: 'dark', texts: ['风险等级与回撤', '第3/6课'] }, h.origin, '视频 (signed in)')
      await playPast(page, 4)
      await videoOf(page).evaluate((v: HTMLVideoElement) => v.pause())
      const saved = (await until('the server to have the place', () => serverPlace('L200-3')))!
      assert.ok(saved.positionSecond > 3 && !saved.finished, JSON.stringify(saved))
      await quiet(page)
      await page.evaluate((key) => localStorage.removeItem(key), PLACES_KEY)
      await page.reload({ waitUntil: 'domcontentloaded' })
      await expectResumedAt(page, Math.floor(saved.positionSecond))
      await quiet(page)
    }),
  )
})
