import { Image, Text, View } from '@tarojs/components'
import { imageSrc } from '@/services/imageUrl'
import { navigateTo } from '@/services/navigation'
import type { StreamCardFragment } from '@/services/generated/graphql'
import { formatDate } from '@/utils/format'
import { START_PATTERN } from '../labels'
import { StatusBadge } from './StreamHead'

/** A stream of the list (fragment StreamCard): cover, status, title and start; a tap opens it. */
export function StreamCard({ stream }: { stream: StreamCardFragment }) {
  const cover = imageSrc(stream.coverUrl)
  return (
    <View className='alfa-live-card' role='link' onClick={() => void navigateTo('live', { liveId: stream.liveId })}>
      <View className='alfa-live-card__media'>
        {cover ? (
          <Image className='alfa-live-card__cover' src={cover} mode='aspectFill' lazyLoad aria-hidden='true' />
        ) : (
          <View className='alfa-live-card__cover alfa-live-head__cover--none' aria-hidden='true' />
        )}
        <StatusBadge status={stream.status} />
      </View>
      <View className='alfa-live-card__body'>
        <Text className='alfa-live-card__title'>{stream.title}</Text>
        <Text className='alfa-live-card__sub'>
          {stream.presenter ? `${stream.presenter} · ` : ''}
          {formatDate(stream.startsAt, START_PATTERN)}
        </Text>
      </View>
    </View>
  )
}
