import { Button, Text, Video, View } from '@tarojs/components'
import { useDidHide } from '@tarojs/taro'
import { useEffect, useRef, useState } from 'react'
import { AsyncContent, NotFound } from '@/components/AsyncContent'
import { Empty } from '@/components/Empty'
import { useShareSubject } from '@/components/Page'
import { useRemote } from '@/hooks/remote'
import { execute } from '@/services/graphql'
import { LessonPlayerDocument, type LessonPlayerQuery } from '@/services/generated/graphql'
import { imageSrc } from '@/services/imageUrl'
import { navigateTo } from '@/services/navigation'
import { useCourseParam } from './hooks'
import { LessonList, placeOf } from './LessonList'
import { devicePlaces, keepDevicePlace, resumeAt, sendPlace } from './progress'
import { formatClock } from './time'
import './VideoScreen.scss'

type PlayerCourse = NonNullable<LessonPlayerQuery['course']>
type PlayerLesson = PlayerCourse['lessons']['list'][number]

/** The place is kept on this device every this many seconds of playback, and on pause, end and leaving. */
export const KEEP_EVERY_SECOND = 5
/** …and sent to the server (signed in) every this many seconds, and on pause, end and leaving. */
export const SEND_EVERY_SECOND = 30

/** The player's Video id (Taro.createVideoContext). */
export const PLAYER_ID = 'alfa-lesson-video'

/**
 * 视频 (courseId, lessonId): plays a lesson of a course with Taro's Video on every target, starting
 * where this user stopped (this device's place, or the server's when signed in and newer), keeps the
 * place as it plays, and goes on to the next lesson at the end; the course's lessons to switch below.
 * Without a lessonId it opens the first lesson not yet finished.
 */
export function VideoScreen() {
  const courseId = useCourseParam('courseId')
  const lessonId = useCourseParam('lessonId')
  const { state, data, stale, reload } = useRemote<PlayerCourse>(
    `lessonPlayer:${courseId}`,
    async () => (courseId ? ((await execute(LessonPlayerDocument, { courseId })).course ?? null) : null),
    { user: 'optional', empty: (course) => course.lessons.list.length === 0 },
  )
  useShareSubject(data?.title)
  if (state === 'notFound') return <NotFound title='课程不存在' description='链接可能已失效，去看看其他课程吧。' />
  if (state === 'empty') {
    return (
      <Empty
        title='课时准备中'
        description='这门课还没有上线的课时，先看看其他课程吧。'
        actionText='全部课程'
        onAction={() => void navigateTo('courseList')}
      />
    )
  }
  return (
    <AsyncContent state={state} stale={stale} onRetry={() => reload()} skeleton={{ rows: 6, figure: true }}>
      {data && <Player course={data} firstLessonId={lessonId} />}
    </AsyncContent>
  )
}

/** What the player knows of the lesson playing, outside React state (timeupdate comes several times a second). */
interface Playing {
  lessonId: string
  position: number
  duration: number
  /** Positions last kept on this device and last sent to the server. */
  kept: number
  sent: number
  /** Between play and pause or end: only then does a position count (not the 0 before the first seek). */
  playing: boolean
}

function Player({ course, firstLessonId }: { course: PlayerCourse; firstLessonId: string }) {
  const lessons = course.lessons.list
  const [device, setDevice] = useState(devicePlaces)
  const [choice, setChoice] = useState<{ lessonId: string; autoplay: boolean } | null>(null)
  const [failed, setFailed] = useState<string | null>(null)
  const [attempt, setAttempt] = useState(0)
  const [courseDone, setCourseDone] = useState(false)
  const wanted = choice?.lessonId ?? firstLessonId
  const lesson = lessons.find((l) => l.lessonId === wanted) ?? lessons.find((l) => !placeOf(l, device)?.finished) ?? lessons[0]
  const index = lessons.indexOf(lesson)

  // Where this lesson starts: follows the freshest place (a kept answer, then the server's) until
  // it first plays, then stays (a later save must not move the player).
  const start = useRef<{ lessonId: string; at: number; played: boolean } | null>(null)
  if (start.current?.lessonId !== lesson.lessonId || !start.current.played)
    start.current = { lessonId: lesson.lessonId, at: resumeAt(placeOf(lesson, device), lesson.durationSecond), played: false }
  const startAt = start.current.at
  const playing = useRef<Playing | null>(null)
  if (playing.current?.lessonId !== lesson.lessonId || (!start.current.played && playing.current.kept !== startAt))
    playing.current = {
      lessonId: lesson.lessonId,
      position: startAt,
      duration: lesson.durationSecond,
      kept: startAt,
      sent: startAt,
      playing: false,
    }

  /** Keeps the place on this device, and on the server when `send`; `finished` at the end (then it restarts at 0). */
  const keep = (opts: { send: boolean; finished?: boolean; quiet?: boolean }) => {
    const now = playing.current
    if (!now) return
    const finished = opts.finished === true
    const place = keepDevicePlace(now.lessonId, {
      position: finished ? 0 : now.position,
      watched: finished ? Math.max(now.position, now.duration) : now.position,
      finished,
      at: Date.now(),
    })
    now.kept = now.position
    if (opts.send) {
      now.sent = now.position
      void sendPlace(now.lessonId, place)
    }
    if (!opts.quiet) setDevice(devicePlaces())
  }
  /** Keeps and sends the place if it moved since (leaving the lesson, the page or the app). */
  const keepOnLeave = (quiet: boolean) => {
    const now = playing.current
    if (now && (now.playing || now.position !== now.sent)) keep({ send: true, quiet })
  }
  const latestKeep = useRef(keepOnLeave)
  latestKeep.current = keepOnLeave
  useEffect(() => () => latestKeep.current(true), [])
  useDidHide(() => latestKeep.current(false))

  const switchTo = (next: PlayerLesson, autoplay: boolean) => {
    if (next.lessonId === lesson.lessonId) return
    keepOnLeave(false)
    setFailed(null)
    setCourseDone(false)
    setChoice({ lessonId: next.lessonId, autoplay })
  }

  const src = imageSrc(lesson.videoUrl)
  const cover = imageSrc(course.coverUrl) ?? undefined
  const autoplay = choice?.lessonId === lesson.lessonId && choice.autoplay
  return (
    <View className='alfa-video'>
      <View className='alfa-video__stage'>
        {src && failed !== lesson.lessonId ? (
          <Video
            // A new start before the first play (the server's place arrived) mounts a player that starts there.
            key={`${lesson.lessonId}:${attempt}:${startAt}`}
            id={PLAYER_ID}
            className='alfa-video__player'
            src={src}
            poster={cover}
            initialTime={startAt}
            autoplay={autoplay}
            controls
            showCenterPlayBtn
            objectFit='contain'
            onPlay={() => {
              if (start.current) start.current.played = true
              if (playing.current) playing.current.playing = true
            }}
            onPause={() => {
              if (!playing.current?.playing) return
              keep({ send: true })
              playing.current.playing = false
            }}
            onTimeUpdate={(e) => {
              const now = playing.current
              if (!now) return
              const { currentTime, duration } = e.detail
              if (typeof duration === 'number' && duration > 0) now.duration = duration
              if (!now.playing || typeof currentTime !== 'number') return
              now.position = currentTime
              if (Math.abs(currentTime - now.kept) >= KEEP_EVERY_SECOND)
                keep({ send: Math.abs(currentTime - now.sent) >= SEND_EVERY_SECOND })
            }}
            onEnded={() => {
              const now = playing.current
              if (now) {
                now.position = Math.max(now.position, now.duration)
                keep({ send: true, finished: true })
                now.playing = false
                now.position = 0
                now.sent = 0
              }
              const next = lessons[index + 1]
              if (next) switchTo(next, true)
              else setCourseDone(true)
            }}
            onError={() => setFailed(lesson.lessonId)}
          />
        ) : (
          <View className='alfa-video__blank' role='alert'>
            <Text>{src ? '视频加载失败，请检查网络后重试' : '该课时暂无视频'}</Text>
            {src && (
              <Button
                role='button'
                className='alfa-video__retry'
                onClick={() => {
                  setFailed(null)
                  setAttempt((n) => n + 1)
                }}
              >
                重试
              </Button>
            )}
          </View>
        )}
      </View>
      <View className='alfa-video__info'>
        <Text className='alfa-video__title'>{lesson.title}</Text>
        <View className='alfa-video__course' role='link' onClick={() => void navigateTo('course', { courseId: course.courseId })}>
          {course.title} · 第{index + 1}/{lessons.length}课 · {formatClock(lesson.durationSecond)}
        </View>
        {startAt > 0 && <Text className='alfa-video__resume'>上次看到 {formatClock(startAt)}，从这里继续播放</Text>}
        {courseDone && <Text className='alfa-video__done'>本课程已全部学完</Text>}
      </View>
      <View className='alfa-video__section'>课程目录</View>
      <LessonList lessons={lessons} device={device} currentId={lesson.lessonId} onPick={(l) => switchTo(l as PlayerLesson, true)} />
    </View>
  )
}
