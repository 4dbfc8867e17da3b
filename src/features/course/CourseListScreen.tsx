import { Image, Text, View } from '@tarojs/components'
import { AsyncContent } from '@/components/AsyncContent'
import { Empty } from '@/components/Empty'
import { LoadMore } from '@/components/LoadMore'
import { usePaged } from '@/hooks/remote'
import { execute } from '@/services/graphql'
import { CourseListDocument, type CourseCardFragment } from '@/services/generated/graphql'
import { imageSrc } from '@/services/imageUrl'
import { goHome, navigateTo } from '@/services/navigation'
import { formatClock } from './time'
import './CourseListScreen.scss'

/** 课程: every course with its cover, tags, lesson count and length, paged; a tap opens the course. */
export function CourseListScreen() {
  const { items, state, stale, more, reload, loadMore } = usePaged(
    'courses',
    async (cursor) => (await execute(CourseListDocument, { page: { cursor, size: 10 } })).courses,
  )
  if (state === 'empty') {
    return (
      <Empty title='暂无课程' description='课程上线后会出现在这里，先去首页看看吧。' actionText='去首页' onAction={() => void goHome()} />
    )
  }
  return (
    <View className='alfa-courses'>
      <AsyncContent state={state} stale={stale} onRetry={() => reload()} skeleton={{ rows: 6, figure: true }}>
        {items.map((c) => (
          <CourseCard key={c.courseId} course={c} />
        ))}
        <LoadMore status={more} onLoad={() => void loadMore()} />
      </AsyncContent>
    </View>
  )
}

/** One course of the list (fragment CourseCard). */
function CourseCard({ course: c }: { course: CourseCardFragment }) {
  const cover = imageSrc(c.coverUrl)
  return (
    <View className='alfa-courses__card' role='button' onClick={() => navigateTo('course', { courseId: c.courseId })}>
      {cover ? (
        <Image className='alfa-courses__cover' src={cover} mode='aspectFill' lazyLoad aria-hidden='true' />
      ) : (
        <View className='alfa-courses__cover alfa-courses__cover--none' aria-hidden='true'>
          课程
        </View>
      )}
      <View className='alfa-courses__main'>
        <Text className='alfa-courses__title'>{c.title}</Text>
        {c.description && <Text className='alfa-courses__description'>{c.description}</Text>}
        <View className='alfa-courses__meta'>
          {c.tags.map((tag) => (
            <Text key={tag} className='alfa-courses__tag'>
              {tag}
            </Text>
          ))}
          <Text className='alfa-courses__size'>
            {c.lessonCount}课 · {formatClock(c.totalSecond)}
          </Text>
        </View>
      </View>
    </View>
  )
}
