import * as graphql from '@/services/graphql'
import * as navigation from '@/services/navigation'
import { answerCache, userAnswerKey } from '@/services/answerCache'
import { user } from '@/services/user'
import CourseListPage from '@/subPkg/pages/courseList/index'
import CoursePage from '@/subPkg/pages/course/index'
import VideoPage from '@/subPkg/pages/video/index'
import { devicePlace, keepDevicePlace, PLACES_KEY } from '@/features/course/progress'
import { flush, openPage, type GraphqlAnswers } from '../support/render'
import { liveToken } from '../support/services'

beforeAll(() => {
  // jsdom has no media playback; the player's own calls must not log "not implemented".
  HTMLMediaElement.prototype.load = () => undefined
  HTMLMediaElement.prototype.pause = () => undefined
  HTMLMediaElement.prototype.play = () => Promise.resolve()
  // Lazily loaded covers watch their visibility (Taro's Image on H5).
  ;(globalThis as { IntersectionObserver?: unknown }).IntersectionObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
})
beforeEach(() => localStorage.clear())
afterEach(() => {
  document.body.innerHTML = ''
  jest.restoreAllMocks()
  user.logout()
})

const card = (n: number) => ({
  courseId: `CO${n}`,
  title: `课程${n}`,
  tags: ['入门', '免费'],
  description: `课程${n}的介绍`,
  coverUrl: `/alfa/static/demo/v1/course/${n}.png`,
  lessonCount: 6,
  totalSecond: 296,
})
const page = (list: unknown[], cursor: string | null) => ({ totalCount: 12, pageInfo: { cursor, hasMore: !!cursor }, list })

type Progress = { positionSecond: number; watchedSecond: number; finished: boolean; updatedAt: string } | null
const lesson = (n: number, progress: Progress = null, durationSecond = 48) => ({
  lessonId: `L${n}`,
  title: `第${n}课 标题${n}`,
  durationSecond,
  videoUrl: `/alfa/static/demo/v1/lesson/${n}.mp4`,
  progress,
})
const player = (lessons: ReturnType<typeof lesson>[]): GraphqlAnswers => ({
  LessonPlayer: () => ({
    course: {
      courseId: 'CO200',
      title: '基金投资三步走',
      coverUrl: '/alfa/static/demo/v1/course/0.png',
      lessons: { totalCount: lessons.length, list: lessons },
    },
  }),
})

const video = (c: HTMLElement) => c.querySelector('taro-video-core') as HTMLElement
/** What Taro's Video (and the mini-programs' native one) hands its handlers. */
const fire = (c: HTMLElement, type: string, detail: Record<string, unknown> = {}) =>
  video(c).dispatchEvent(new CustomEvent(type, { detail }))

describe('课程: the course list', () => {
  it('shows each course with cover, tags, lesson count and length; loads the next page; a tap opens the course', async () => {
    const nav = jest.spyOn(navigation, 'navigateTo').mockImplementation(() => undefined)
    const p = await openPage(
      CourseListPage,
      'subPkg/pages/courseList/index',
      {},
      {
        CourseList: (v) => ({
          courses: (v.page as { cursor: string | null }).cursor
            ? page([card(210), card(211)], null)
            : page(
                Array.from({ length: 10 }, (_, i) => card(200 + i)),
                'c10',
              ),
        }),
      },
    )
    expect(p.execute.mock.calls[0][1]).toEqual({ page: { cursor: null, size: 10 } })
    for (const s of ['课程200', '课程200的介绍', '入门', '免费', '6课 · 04:56']) expect(p.text()).toContain(s)
    expect(p.container.querySelector('.alfa-courses__cover')?.getAttribute('src')).toBe('/alfa/static/demo/v1/course/200.png')
    await p.utils.act(async () => p.utils.fireEvent.click(p.container.querySelector('.alfa-load-more') as HTMLElement))
    await p.utils.act(flush)
    expect(p.execute.mock.calls[1][1]).toEqual({ page: { cursor: 'c10', size: 10 } })
    expect(p.container.querySelectorAll('.alfa-courses__card')).toHaveLength(12)
    expect(p.text()).toContain('没有更多了')
    await p.utils.act(async () => p.utils.fireEvent.click(p.container.querySelectorAll('.alfa-courses__card')[11]))
    expect(nav).toHaveBeenCalledWith('course', { courseId: 'CO211' })
  })

  it('no course: says so and offers the home page', async () => {
    const home = jest.spyOn(navigation, 'goHome').mockImplementation(() => undefined)
    const p = await openPage(CourseListPage, 'subPkg/pages/courseList/index', {}, { CourseList: () => ({ courses: page([], null) }) })
    expect(p.text()).toContain('暂无课程')
    await p.utils.act(async () => p.utils.fireEvent.click(p.container.querySelector('.alfa-empty__action') as HTMLElement))
    expect(home).toHaveBeenCalled()
  })

  it('a failed load shows the error with 重试, which loads again', async () => {
    let calls = 0
    const p = await openPage(
      CourseListPage,
      'subPkg/pages/courseList/index',
      {},
      {
        CourseList: () => (++calls === 1 ? Promise.reject(new Error('network')) : { courses: page([card(200)], null) }),
      },
    )
    expect(p.text()).toContain('加载失败')
    await p.utils.act(async () => p.utils.fireEvent.click(p.container.querySelector('.alfa-empty__action') as HTMLElement))
    await p.utils.act(flush)
    expect(p.text()).toContain('课程200')
  })
})

describe('课程详情: a course with its lessons, durations and progress', () => {
  const detail = (lessons: ReturnType<typeof lesson>[]): GraphqlAnswers => ({
    CourseDetail: () => ({
      course: {
        ...card(200),
        title: '基金投资三步走',
        lessons: { totalCount: lessons.length, pageInfo: { cursor: null, hasMore: false }, list: lessons },
      },
    }),
  })

  it("each lesson shows its mm:ss length and progress from the server's place and this device's, the newer winning", async () => {
    const nav = jest.spyOn(navigation, 'navigateTo').mockImplementation(() => undefined)
    const now = Date.now()
    // L2: the device watched half of it; L3: the server has an older place, the device a newer one.
    keepDevicePlace('L2', { position: 28, watched: 28, finished: false, at: now })
    keepDevicePlace('L3', { position: 10, watched: 40, finished: false, at: now })
    const p = await openPage(
      CoursePage,
      'subPkg/pages/course/index',
      { courseId: 'CO200' },
      detail([
        lesson(1, { positionSecond: 0, watchedSecond: 48, finished: true, updatedAt: new Date(now - 60_000).toISOString() }),
        lesson(2, null, 56),
        lesson(3, { positionSecond: 2, watchedSecond: 4, finished: false, updatedAt: new Date(now - 60_000).toISOString() }, 40),
        lesson(4, null, 64),
      ]),
    )
    expect(p.execute.mock.calls[0][1]).toEqual({ courseId: 'CO200', page: { cursor: null, size: 20 } })
    const rows = [...p.container.querySelectorAll('.alfa-lessons__row')].map((r) => r.textContent)
    expect(rows).toEqual(['01第1课 标题100:48已学完', '02第2课 标题200:56已学 50%', '03第3课 标题300:40已学 99%', '04第4课 标题401:04未学'])
    for (const s of ['基金投资三步走', '入门', '课程200的介绍', '共6课 · 总时长 04:56', '已学完 1/6', '课程目录'])
      expect(p.text()).toContain(s)
    // 继续学习 opens the first lesson not finished.
    const start = p.container.querySelector('.alfa-course__start') as HTMLElement
    expect(start.textContent).toBe('继续学习')
    await p.utils.act(async () => p.utils.fireEvent.click(start))
    expect(nav).toHaveBeenLastCalledWith('video', { courseId: 'CO200', lessonId: 'L2' })
    await p.utils.act(async () => p.utils.fireEvent.click(p.container.querySelectorAll('.alfa-lessons__row')[3]))
    expect(nav).toHaveBeenLastCalledWith('video', { courseId: 'CO200', lessonId: 'L4' })
  })

  it('nothing watched yet: 开始学习 opens the first lesson; an unknown course is not found', async () => {
    const nav = jest.spyOn(navigation, 'navigateTo').mockImplementation(() => undefined)
    const p = await openPage(CoursePage, 'subPkg/pages/course/index', { courseId: 'CO200' }, detail([lesson(1), lesson(2)]))
    expect(p.text()).toContain('尚未学完一课')
    const start = p.container.querySelector('.alfa-course__start') as HTMLElement
    expect(start.textContent).toBe('开始学习')
    await p.utils.act(async () => p.utils.fireEvent.click(start))
    expect(nav).toHaveBeenLastCalledWith('video', { courseId: 'CO200', lessonId: 'L1' })
    document.body.innerHTML = ''
    const missing = await openPage(
      CoursePage,
      'subPkg/pages/course/index',
      { courseId: 'NOPE' },
      { CourseDetail: () => ({ course: null }) },
    )
    expect(missing.text()).toContain('课程不存在')
  })
})

describe('视频: plays a lesson, resumes where it stopped, goes on to the next', () => {
  it('starts the chosen lesson where this device stopped (initial time) and says so', async () => {
    keepDevicePlace('L2', { position: 30.6, watched: 30.6, finished: false, at: Date.now() })
    const p = await openPage(
      VideoPage,
      'subPkg/pages/video/index',
      { courseId: 'CO200', lessonId: 'L2' },
      player([lesson(1), lesson(2), lesson(3)]),
    )
    expect(p.execute.mock.calls[0][1]).toEqual({ courseId: 'CO200' })
    expect(video(p.container).getAttribute('src')).toBe('/alfa/static/demo/v1/lesson/2.mp4')
    expect(video(p.container).getAttribute('initial-time')).toBe('30')
    expect(video(p.container).getAttribute('autoplay')).toBe('false')
    for (const s of ['第2课 标题2', '基金投资三步走 · 第2/3课 · 00:48', '上次看到 00:30，从这里继续播放', '正在播放'])
      expect(p.text()).toContain(s)
  })

  it("a newer place from the server (another device) wins; one at the lesson's end starts it again", async () => {
    keepDevicePlace('L1', { position: 5, watched: 5, finished: false, at: Date.now() - 3_600_000 })
    const p = await openPage(
      VideoPage,
      'subPkg/pages/video/index',
      { courseId: 'CO200', lessonId: 'L1' },
      player([lesson(1, { positionSecond: 21, watchedSecond: 21, finished: false, updatedAt: new Date().toISOString() }), lesson(2)]),
    )
    expect(video(p.container).getAttribute('initial-time')).toBe('21')
    document.body.innerHTML = ''
    keepDevicePlace('L2', { position: 46, watched: 46, finished: false, at: Date.now() })
    const again = await openPage(
      VideoPage,
      'subPkg/pages/video/index',
      { courseId: 'CO200', lessonId: 'L2' },
      player([lesson(1), lesson(2)]),
    )
    expect(video(again.container).getAttribute('initial-time')).toBe('0')
  })

  it('the server’s place arriving after the kept answer (before the first play) moves the start there', async () => {
    user.restore(liveToken('u1'))
    const served = player([
      lesson(1),
      lesson(2, { positionSecond: 25, watchedSecond: 25, finished: false, updatedAt: new Date().toISOString() }),
    ])
    const kept = (served.LessonPlayer({}) as { course: unknown }).course
    // The answer kept from an earlier visit, before the user watched L2 on another device.
    answerCache.set(userAnswerKey('u1', 'lessonPlayer:CO200'), {
      ...(kept as object),
      lessons: { totalCount: 2, list: [lesson(1), lesson(2)] },
    })
    let answer: (v: unknown) => void = () => undefined
    const p = await openPage(
      VideoPage,
      'subPkg/pages/video/index',
      { courseId: 'CO200', lessonId: 'L2' },
      {
        LessonPlayer: () => new Promise((resolve) => (answer = resolve)),
      },
    )
    expect(video(p.container).getAttribute('initial-time')).toBe('0')
    await p.utils.act(async () => answer(served.LessonPlayer({})))
    await p.utils.act(flush)
    expect(video(p.container).getAttribute('initial-time')).toBe('25')
    expect(p.text()).toContain('上次看到 00:25')
  })

  it('keeps the place as it plays (every 5 s, and on pause); the signed-in user’s place is sent on pause', async () => {
    user.restore(liveToken('u1'))
    const answers = player([lesson(1), lesson(2)])
    const saves: Array<Record<string, unknown>> = []
    const p = await openPage(
      VideoPage,
      'subPkg/pages/video/index',
      { courseId: 'CO200', lessonId: 'L1' },
      {
        ...answers,
        SaveLessonProgress: (v) => {
          saves.push(v)
          return {
            saveLessonProgress: {
              positionSecond: v.positionSecond,
              watchedSecond: v.positionSecond,
              finished: false,
              updatedAt: new Date().toISOString(),
            },
          }
        },
      },
    )
    // Before play, a position (the 0 before the first seek) does not count.
    await p.utils.act(async () => fire(p.container, 'timeupdate', { currentTime: 9, duration: 48 }))
    expect(devicePlace('L1')).toBeNull()
    await p.utils.act(async () => fire(p.container, 'play'))
    await p.utils.act(async () => fire(p.container, 'timeupdate', { currentTime: 3, duration: 48 }))
    expect(devicePlace('L1')).toBeNull()
    await p.utils.act(async () => fire(p.container, 'timeupdate', { currentTime: 6.5, duration: 48 }))
    expect(devicePlace('L1')).toMatchObject({ position: 6.5, watched: 6.5, finished: false })
    expect(saves).toEqual([])
    await p.utils.act(async () => fire(p.container, 'timeupdate', { currentTime: 8.25, duration: 48 }))
    await p.utils.act(async () => fire(p.container, 'pause'))
    await p.utils.act(flush)
    expect(devicePlace('L1')).toMatchObject({ position: 8.25, watched: 8.25 })
    expect(saves).toEqual([{ lessonId: 'L1', positionSecond: 8.3, finished: false }])
    expect((p.container.querySelector('.alfa-lessons__fill') as HTMLElement).style.width).toBe('17%')
  })

  it('anonymous: the place stays on this device, nothing is sent', async () => {
    const p = await openPage(VideoPage, 'subPkg/pages/video/index', { courseId: 'CO200', lessonId: 'L1' }, player([lesson(1)]))
    await p.utils.act(async () => fire(p.container, 'play'))
    await p.utils.act(async () => fire(p.container, 'timeupdate', { currentTime: 12, duration: 48 }))
    await p.utils.act(async () => fire(p.container, 'pause'))
    expect(devicePlace('L1')).toMatchObject({ position: 12 })
    expect(p.execute.mock.calls.map((c) => graphql.operationNameOf(String(c[0])))).toEqual(['LessonPlayer'])
  })

  it('at the end the lesson is finished (已学完) and the next one plays from its own place; after the last, the course is done', async () => {
    keepDevicePlace('L2', { position: 14, watched: 14, finished: false, at: Date.now() })
    const p = await openPage(VideoPage, 'subPkg/pages/video/index', { courseId: 'CO200', lessonId: 'L1' }, player([lesson(1), lesson(2)]))
    await p.utils.act(async () => fire(p.container, 'play'))
    await p.utils.act(async () => fire(p.container, 'timeupdate', { currentTime: 47.9, duration: 48 }))
    await p.utils.act(async () => fire(p.container, 'ended'))
    expect(devicePlace('L1')).toMatchObject({ position: 0, watched: 48, finished: true })
    expect(video(p.container).getAttribute('src')).toBe('/alfa/static/demo/v1/lesson/2.mp4')
    expect(video(p.container).getAttribute('initial-time')).toBe('14')
    expect(video(p.container).getAttribute('autoplay')).toBe('true')
    expect(p.text()).toContain('第2课 标题2')
    expect(p.text()).toContain('第2/2课')
    expect(p.container.querySelectorAll('.alfa-lessons__row')[0].textContent).toContain('已学完')
    await p.utils.act(async () => fire(p.container, 'play'))
    await p.utils.act(async () => fire(p.container, 'ended'))
    expect(p.text()).toContain('本课程已全部学完')
    expect(devicePlace('L2')).toMatchObject({ finished: true })
  })

  it('a tap on another lesson keeps this one’s place and plays that one; without a lessonId the first unfinished one opens', async () => {
    keepDevicePlace('L1', { position: 0, watched: 48, finished: true, at: Date.now() })
    const p = await openPage(VideoPage, 'subPkg/pages/video/index', { courseId: 'CO200' }, player([lesson(1), lesson(2), lesson(3)]))
    expect(video(p.container).getAttribute('src')).toBe('/alfa/static/demo/v1/lesson/2.mp4')
    await p.utils.act(async () => fire(p.container, 'play'))
    await p.utils.act(async () => fire(p.container, 'timeupdate', { currentTime: 3.5, duration: 48 }))
    await p.utils.act(async () => p.utils.fireEvent.click(p.container.querySelectorAll('.alfa-lessons__row')[2]))
    expect(devicePlace('L2')).toMatchObject({ position: 3.5 })
    expect(video(p.container).getAttribute('src')).toBe('/alfa/static/demo/v1/lesson/3.mp4')
    expect(p.text()).toContain('第3课 标题3')
  })

  it('leaving the page keeps the place', async () => {
    const p = await openPage(VideoPage, 'subPkg/pages/video/index', { courseId: 'CO200', lessonId: 'L1' }, player([lesson(1)]))
    await p.utils.act(async () => fire(p.container, 'play'))
    await p.utils.act(async () => fire(p.container, 'timeupdate', { currentTime: 2, duration: 48 }))
    expect(devicePlace('L1')).toBeNull()
    await p.utils.act(async () => (p.utils as unknown as { unmout: () => void }).unmout())
    expect(devicePlace('L1')).toMatchObject({ position: 2 })
  })

  it('a video that fails to load says so, and 重试 loads it again', async () => {
    const p = await openPage(VideoPage, 'subPkg/pages/video/index', { courseId: 'CO200', lessonId: 'L1' }, player([lesson(1)]))
    await p.utils.act(async () => fire(p.container, 'error', { errMsg: 'MEDIA_ERR_NETWORK' }))
    expect(p.text()).toContain('视频加载失败')
    expect(video(p.container)).toBeNull()
    await p.utils.act(async () => p.utils.fireEvent.click(p.container.querySelector('.alfa-video__retry') as HTMLElement))
    expect(video(p.container)).not.toBeNull()
  })

  it('an unknown course is not found; a course without lessons says so', async () => {
    const p = await openPage(VideoPage, 'subPkg/pages/video/index', { courseId: 'NOPE' }, { LessonPlayer: () => ({ course: null }) })
    expect(p.text()).toContain('课程不存在')
    document.body.innerHTML = ''
    const empty = await openPage(VideoPage, 'subPkg/pages/video/index', { courseId: 'CO200' }, player([]))
    expect(empty.text()).toContain('课时准备中')
  })

  it('a corrupt stored place is ignored', async () => {
    localStorage.setItem(PLACES_KEY, 'not json')
    const p = await openPage(VideoPage, 'subPkg/pages/video/index', { courseId: 'CO200', lessonId: 'L1' }, player([lesson(1)]))
    expect(video(p.container).getAttribute('initial-time')).toBe('0')
  })
})
