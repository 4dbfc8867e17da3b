// @ts-check
'use strict'
// The course screens of issue 21 in the WeChat build (dist/weapp; with ALFA_SIMULATE_TARGET=swan,
// dist/swan translated to WXML) render in miniprogram-simulate with the data of the REAL API
// server: 课程 (the course list), 课程详情 (a course's lessons with their mm:ss lengths and 未学)
// and 视频 (the lesson player: Taro's Video as the native video component with the lesson's MP4 on
// the API origin and its initial time, the course's lessons below).
//
// The machinery is the fund screens' (lib/live-screens.js): wx.request forwarded to lib/api-server.js
// (part `course`: server/src on a private copy of the seeded PGlite demo database, the demo user
// logged in), which reads the courses and the first course's lessons straight from the API. Each
// screen: its values, its native title, its share (the route table shares all three), and one tap:
// a course card opens 课程详情 of that course, a lesson row opens 视频 of that lesson, and on 视频 the
// player's events as the native component sends them (play, timeupdate, pause: the demo user's
// place is saved on the server; ended: the next lesson plays from its start) and a tap on another
// lesson, which the player then plays. Any console.error, uncaught exception, GraphQL error, HTTP
// status >= 400 or request still pending at the end of a screen fails.
const fs = require('node:fs')
const path = require('node:path')
const { requireDist, runCheck, failure } = require('./lib/common')
const { simulatedDist } = require('./lib/swan-to-wxml')
const TARGET = process.env.ALFA_SIMULATE_TARGET === 'swan' ? 'swan' : 'weapp'
const { text, runScreens, withLiveApp } = require('./lib/live-screens')

const TIMEOUT_MS = 8000

/** mm:ss as the app writes a length (src/features/course/time.ts). */
const clock = (/** @type {number} */ s) => `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`

/**
 * The page path and query of a navigation url (the ts parameter left out).
 * @param {unknown} url
 */
function target(url) {
  const [pathname, search = ''] = String(url).split('?')
  const params = new URLSearchParams(search)
  params.delete('ts')
  return { path: pathname, params: Object.fromEntries(params) }
}

/**
 * Taps `node` and fails unless it navigates to `page` with exactly `params`.
 * @param {import('./lib/types').OpenPage} h
 * @param {import('./lib/types').SimNode} node
 * @param {string} page
 * @param {Record<string, string>} params
 * @param {string} what
 */
async function tapOpens(h, node, page, params, what) {
  const before = h.navigations.length
  node.dispatchEvent('tap')
  await h.waitFor(`navigation from ${what}`, () => h.navigations.length > before)
  const url = String(h.navigations[before].url)
  const t = target(url)
  if (t.path !== `/${page}` || JSON.stringify(t.params) !== JSON.stringify(params))
    throw failure(`${what} opened ${url}, expected /${page}?${new URLSearchParams(params)}`)
  return `${t.path}?${new URLSearchParams(t.params)}`
}

/**
 * The native video component's attribute as the build's template renders it (src, initial-time):
 * the simulator keeps no attributes of a component it does not define, so the value is read from
 * the page's data node of the player, under the data key the template binds that attribute to.
 * @param {string} dir
 */
function videoAttrOf(dir) {
  const base = ['base.wxml', 'base.swan'].map((f) => path.join(dir, f)).find((f) => fs.existsSync(f))
  if (!base) throw failure(`no base template in ${dir}`)
  const tag = /<video\s[^>]*>/.exec(fs.readFileSync(base, 'utf8'))
  if (!tag) throw failure(`${base} has no <video> template`)
  const keys = Object.fromEntries([...tag[0].matchAll(/([\w-]+)="\{\{(?:xs\.b\()?i\.(p\d+)/g)].map((m) => [m[1], m[2]]))
  /**
   * The page's data node with the player's class.
   * @param {unknown} node
   * @returns {Record<string, unknown> | null}
   */
  const find = (node) => {
    if (!node || typeof node !== 'object') return null
    if ('cl' in node && typeof node.cl === 'string' && node.cl.split(/\s+/).includes('alfa-video__player')) return node
    for (const v of Object.values(node)) {
      const found = find(v)
      if (found) return found
    }
    return null
  }
  /** @param {string} name */
  return (name) => {
    if (!keys[name]) throw failure(`the <video> template binds no ${name}`)
    const node = find(
      /** @type {import('./lib/types').HostGlobals} */ (/** @type {unknown} */ (globalThis)).getCurrentPages().slice(-1)[0]?.data,
    )
    if (!node) throw failure('no player (.alfa-video__player) in the page data')
    return node[keys[name]]
  }
}

/**
 * @typedef {{ courseId: string; title: string; lessonCount: number; totalSecond: number }} Course
 * @typedef {{ lessonId: string; title: string; durationSecond: number; videoUrl: string }} Lesson
 */

/**
 * @param {{ course: { courses: Course[]; totalCount: number; course: { courseId: string; title: string; lessons: { list: Lesson[] } } } }} expected lib/api-server.js's, part course
 * @param {string} dir
 * @returns {import('./lib/types').Screen[]}
 */
function screens(expected, dir) {
  const videoAttr = videoAttrOf(dir)
  const { courses, totalCount, course } = expected.course
  const first = courses[0]
  const lessons = course.lessons.list
  const [l1, l2, l3] = lessons
  return [
    {
      name: 'course list',
      title: '课程',
      page: 'subPkg/pages/courseList/index',
      query: {},
      share: { title: '课程', path: '/subPkg/pages/courseList/index', query: '' },
      ready: '.alfa-courses__card',
      texts: courses.flatMap((c) => [c.title, `${c.lessonCount}课 · ${clock(c.totalSecond)}`]),
      async interact(h) {
        const cards = h.page.querySelectorAll('.alfa-courses__card')
        if (cards.length !== courses.length)
          throw failure(`course list: ${cards.length} cards, the server's first page has ${courses.length}`)
        const opened = await tapOpens(h, cards[0], 'subPkg/pages/course/index', { courseId: first.courseId }, `the card of ${first.title}`)
        return `${cards.length} of ${totalCount} courses as the server's; tap -> ${opened}`
      },
    },
    {
      name: 'course',
      title: '课程详情',
      page: 'subPkg/pages/course/index',
      query: { courseId: course.courseId },
      share: {
        title: course.title,
        path: `/subPkg/pages/course/index?courseId=${course.courseId}`,
        query: `courseId=${course.courseId}`,
      },
      ready: '.alfa-lessons__row',
      exact: { '.alfa-course__title': course.title },
      texts: [...lessons.flatMap((l) => [l.title, clock(l.durationSecond)]), '未学', '开始学习', `共${lessons.length}课`],
      async interact(h) {
        const rows = h.page.querySelectorAll('.alfa-lessons__row')
        if (rows.length !== lessons.length) throw failure(`course: ${rows.length} lesson rows, the server has ${lessons.length}`)
        const opened = await tapOpens(
          h,
          rows[1],
          'subPkg/pages/video/index',
          { courseId: course.courseId, lessonId: l2.lessonId },
          `lesson ${l2.title}`,
        )
        return `${rows.length} lessons with their lengths; tap -> ${opened}`
      },
    },
    {
      name: 'video',
      title: '视频',
      page: 'subPkg/pages/video/index',
      query: { courseId: course.courseId, lessonId: l2.lessonId },
      share: {
        title: course.title,
        path: `/subPkg/pages/video/index?courseId=${course.courseId}`,
        query: `courseId=${course.courseId}`,
      },
      ready: '.alfa-video__player',
      exact: { '.alfa-video__title': l2.title },
      texts: [`${course.title} · 第2/${lessons.length}课 · ${clock(l2.durationSecond)}`, '课程目录', '正在播放', l1.title, l3.title],
      async interact(h) {
        const src = () => String(videoAttr('src'))
        if (!src().endsWith(l2.videoUrl) || !/^https?:\/\//.test(src()))
          throw failure(`video: src ${src()}, expected the API origin + ${l2.videoUrl}`)
        const player = () => {
          const node = h.page.querySelector('.alfa-video__player')
          if (!node) throw failure('video: the player (.alfa-video__player) is gone')
          return node
        }
        // The native component's events, as WeChat and Baidu send them.
        player().dispatchEvent('play', { detail: {} })
        player().dispatchEvent('timeupdate', { detail: { currentTime: 12.5, duration: l2.durationSecond } })
        const before = h.net.requests.length
        player().dispatchEvent('pause', { detail: {} })
        await h.waitFor('SaveLessonProgress answered', () =>
          h.net.requests.slice(before).some((r) => r.op === 'SaveLessonProgress' && r.done),
        )
        player().dispatchEvent('play', { detail: {} })
        player().dispatchEvent('ended', { detail: {} })
        await h.waitFor(
          `the next lesson ${l3.title}`,
          () => text(h.page.querySelector('.alfa-video__title')) === l3.title && src().endsWith(l3.videoUrl),
        )
        const finished = text(h.page.querySelectorAll('.alfa-lessons__row')[1])
        if (!finished.includes('已学完')) throw failure(`video: the ended lesson's row says "${finished}", not 已学完`)
        // One tap: back to the first lesson.
        h.page.querySelectorAll('.alfa-lessons__row')[0].dispatchEvent('tap')
        await h.waitFor(
          `the tapped lesson ${l1.title}`,
          () => text(h.page.querySelector('.alfa-video__title')) === l1.title && src().endsWith(l1.videoUrl),
        )
        return `plays ${l2.videoUrl} from the API origin; pause at 12.5 s saved; ended -> ${l3.title}; tap -> ${l1.title} (initial-time ${String(videoAttr('initial-time'))})`
      },
    },
  ]
}

async function main() {
  const { dir } = simulatedDist(requireDist)
  return withLiveApp({ dir, parts: ['course'] }, async ({ server, host, net, problems }) => {
    const results = await runScreens({ dir, host, net, problems, screens: screens(server.expected, dir), timeoutMs: TIMEOUT_MS })
    return `${results.length} course screens against the live server (${net.requests.length} requests, all answered; server start ${server.startMs} ms):\n  ${results.join('\n  ')}`
  })
}

void runCheck(`${TARGET} issue-21 course screens in miniprogram-simulate${TARGET === 'swan' ? ' (translated to WXML)' : ''}`, main).then(
  () => process.exit(),
)
