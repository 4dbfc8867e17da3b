import { Button, Image, Text, View } from '@tarojs/components'
import { useDidShow } from '@tarojs/taro'
import { useState } from 'react'
import { AsyncContent, NotFound } from '@/components/AsyncContent'
import { Empty } from '@/components/Empty'
import { LoadMore } from '@/components/LoadMore'
import { useShareSubject } from '@/components/Page'
import { usePaged } from '@/hooks/remote'
import { execute } from '@/services/graphql'
import { CourseDetailDocument, type CourseDetailQuery, type CourseHeadFragment, type LessonRowFragment } from '@/services/generated/graphql'
import { imageSrc } from '@/services/imageUrl'
import { navigateTo } from '@/services/navigation'
import { useCourseParam } from './hooks'
import { LessonList, placeOf } from './LessonList'
import { devicePlaces } from './progress'
import { formatClock } from './time'
import './CourseScreen.scss'

type Course = NonNullable<CourseDetailQuery['course']>

/** 课程详情 (courseId): cover, tags, description, and the lessons with their lengths and progress; a lesson opens the player. */
export function CourseScreen() {
  const courseId = useCourseParam('courseId')
  const { items, head, state, stale, more, reload, loadMore } = usePaged<Course, Course['lessons']>(
    `course:${courseId}`,
    async (cursor) => (courseId ? ((await execute(CourseDetailDocument, { courseId, page: { cursor, size: 20 } })).course ?? null) : null),
    { page: (course) => course.lessons, user: 'optional', empty: () => false },
  )
  // Places change on the video page: read this device's again whenever the page shows.
  const [device, setDevice] = useState(devicePlaces)
  useDidShow(() => setDevice(devicePlaces()))
  useShareSubject(head?.title)
  if (state === 'notFound') return <NotFound title='课程不存在' description='链接可能已失效，去看看其他课程吧。' />
  return (
    <AsyncContent state={state} stale={stale} onRetry={() => reload()} skeleton={{ rows: 6, figure: true }}>
      {head && (
        <View className='alfa-course'>
          <CourseHead course={head} lessons={items} device={device} />
          <View className='alfa-course__section'>课程目录 · 共{head.lessonCount}课</View>
          {items.length === 0 ? (
            <Empty
              title='课时准备中'
              description='这门课还没有上线的课时，先看看其他课程吧。'
              actionText='全部课程'
              onAction={() => void navigateTo('courseList')}
            />
          ) : (
            <LessonList
              lessons={items}
              device={device}
              onPick={(lesson) => void navigateTo('video', { courseId: head.courseId, lessonId: lesson.lessonId })}
            />
          )}
          {items.length > 0 && <LoadMore status={more} onLoad={() => void loadMore()} />}
        </View>
      )}
    </AsyncContent>
  )
}

/** The course's cover, title, tags, description, size and how far the user is; 开始学习 / 继续学习 opens the next lesson. */
function CourseHead({
  course,
  lessons,
  device,
}: {
  course: CourseHeadFragment
  lessons: LessonRowFragment[]
  device: ReturnType<typeof devicePlaces>
}) {
  const cover = imageSrc(course.coverUrl)
  const places = lessons.map((l) => placeOf(l, device))
  const finished = places.filter((p) => p?.finished).length
  const started = places.some((p) => p && (p.finished || p.watched > 0))
  const next = lessons.find((_, i) => !places[i]?.finished) ?? lessons[0]
  return (
    <View className='alfa-course__head'>
      {cover && <Image className='alfa-course__cover' src={cover} mode='aspectFill' aria-hidden='true' />}
      <View className='alfa-course__body'>
        <Text className='alfa-course__title'>{course.title}</Text>
        <View className='alfa-course__tags'>
          {course.tags.map((tag) => (
            <Text key={tag} className='alfa-course__tag'>
              {tag}
            </Text>
          ))}
        </View>
        {course.description && <Text className='alfa-course__description'>{course.description}</Text>}
        <View className='alfa-course__facts'>
          <Text>
            共{course.lessonCount}课 · 总时长 {formatClock(course.totalSecond)}
          </Text>
          <Text className='alfa-course__done'>{finished ? `已学完 ${finished}/${course.lessonCount}` : '尚未学完一课'}</Text>
        </View>
        {next && (
          <Button
            role='button'
            className='alfa-course__start'
            onClick={() => void navigateTo('video', { courseId: course.courseId, lessonId: next.lessonId })}
          >
            {started ? '继续学习' : '开始学习'}
          </Button>
        )}
      </View>
    </View>
  )
}
