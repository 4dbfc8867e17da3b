import { Text, View } from '@tarojs/components'
import type { LessonRowFragment } from '@/services/generated/graphql'
import { mergePlaces, progressText, serverPlace, watchedPercent, type Place } from './progress'
import { formatClock } from './time'
import './LessonList.scss'

/** A lesson's place from this device's (`device`, by lesson id) and the server's. */
export const placeOf = (lesson: LessonRowFragment, device: Record<string, Place>) =>
  mergePlaces(device[lesson.lessonId] ?? null, serverPlace(lesson.progress))

export interface LessonListProps {
  lessons: LessonRowFragment[]
  /** This device's places by lesson id. */
  device: Record<string, Place>
  /** The lesson playing (the video page). */
  currentId?: string | null
  onPick: (lesson: LessonRowFragment) => void
}

/** A course's lessons in order: number, title, length (mm:ss) and progress (已学完, 已学 n%, 未学). */
export function LessonList({ lessons, device, currentId, onPick }: LessonListProps) {
  return (
    <View className='alfa-lessons'>
      {lessons.map((lesson, i) => {
        const place = placeOf(lesson, device)
        const percent = watchedPercent(place, lesson.durationSecond)
        const current = lesson.lessonId === currentId
        return (
          <View
            key={lesson.lessonId}
            className={`alfa-lessons__row${current ? ' alfa-lessons__row--current' : ''}`}
            role='button'
            aria-current={current ? 'true' : undefined}
            onClick={() => onPick(lesson)}
          >
            <Text className='alfa-lessons__seq'>{String(i + 1).padStart(2, '0')}</Text>
            <View className='alfa-lessons__main'>
              <Text className='alfa-lessons__title'>{lesson.title}</Text>
              <View className='alfa-lessons__meta'>
                <Text className='alfa-lessons__duration'>{formatClock(lesson.durationSecond)}</Text>
                <Text className={`alfa-lessons__progress${percent === 100 ? ' alfa-lessons__progress--done' : ''}`}>
                  {current ? '正在播放' : progressText(place, lesson.durationSecond)}
                </Text>
              </View>
              <View className='alfa-lessons__bar'>
                <View className='alfa-lessons__fill' style={{ width: `${percent}%` }} />
              </View>
            </View>
          </View>
        )
      })}
    </View>
  )
}
