import { Image, Text, View } from '@tarojs/components'
import { imageSrc } from '@/services/imageUrl'
import { navigateTo } from '@/services/navigation'
import type { StreamHeadFragment } from '@/services/generated/graphql'
import { formatDate } from '@/utils/format'
import { START_PATTERN, STATUS_LABELS, statusOf } from '../labels'
import { StreamVideo } from './StreamVideo'

/** The stream's badge: 预告, 直播中 or 回放. */
export function StatusBadge({ status }: { status: string }) {
  const s = statusOf(status)
  return <Text className={`alfa-live-status alfa-live-status--${s.toLowerCase()}`}>{STATUS_LABELS[s]}</Text>
}

/**
 * A stream's head (fragment StreamHead): its video while 直播中 or as 回放 when it has one
 * (StreamVideo: the browser's <video> on H5, Taro's Video in the mini-programs), else its cover; the status, title, presenter and start time;
 * a 预告 offers its start reminder (live message authorization).
 */
export function StreamHead({ stream }: { stream: StreamHeadFragment }) {
  const status = statusOf(stream.status)
  const video = status === 'UPCOMING' ? null : imageSrc(stream.playbackUrl)
  const cover = imageSrc(stream.coverUrl)
  return (
    <View className='alfa-live-head'>
      <View className='alfa-live-head__media'>
        {video ? (
          <StreamVideo src={video} poster={cover ?? undefined} />
        ) : cover ? (
          <Image className='alfa-live-head__cover' src={cover} mode='aspectFill' aria-hidden='true' />
        ) : (
          <View className='alfa-live-head__cover alfa-live-head__cover--none' aria-hidden='true' />
        )}
        <StatusBadge status={stream.status} />
      </View>
      <View className='alfa-live-head__body'>
        <Text className='alfa-live-head__title'>{stream.title}</Text>
        <View className='alfa-live-head__meta'>
          {stream.presenter && <Text>{stream.presenter} · </Text>}
          <Text className='alfa-live-head__start'>
            {status === 'UPCOMING' ? '开播时间' : '开始于'} {formatDate(stream.startsAt, START_PATTERN)}
          </Text>
        </View>
        {stream.description && <Text className='alfa-live-head__description'>{stream.description}</Text>}
        {status === 'UPCOMING' && (
          <View className='alfa-live-head__remind' role='button' onClick={() => void navigateTo('liveAuth', { liveId: stream.liveId })}>
            开播提醒
          </View>
        )}
      </View>
    </View>
  )
}
