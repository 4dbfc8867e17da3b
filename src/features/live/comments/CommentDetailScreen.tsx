import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { Pending } from '@/components/AsyncContent'
import { useRemote } from '@/hooks/remote'
import { execute } from '@/services/graphql'
import { navigateTo, pageStackDepth } from '@/services/navigation'
import { CommentDetailDocument } from '@/services/generated/graphql'
import { formatDate } from '@/utils/format'
import { maskName, START_PATTERN } from '../labels'
import { StatusBadge } from '../stream/StreamHead'
import '../index.scss'

/** Back to the stream: the page below when it is that stream's, else the stream opened anew (a shared link). */
function backToStream(liveId: string) {
  const pages = pageStackDepth() > 1 ? Taro.getCurrentPages() : []
  const below = pages.length > 1 ? pages[pages.length - 2] : undefined
  const options = (below as { options?: Record<string, string> } | undefined)?.options
  if (below && /subPkg\/pages\/live\/index/.test(String(below.route ?? '')) && options?.liveId === liveId) return Taro.navigateBack()
  return navigateTo('live', { liveId })
}

/** 评论详情: one comment whole — masked poster, time, its full text as text — and the stream it belongs to. */
export function CommentDetailScreen({ commentId }: { commentId: string }) {
  const { state, data, reload } = useRemote(commentId ? `liveComment:${commentId}` : null, async () =>
    /^\d{1,19}$/.test(commentId) ? (await execute(CommentDetailDocument, { commentId })).liveComment : null,
  )
  if (!data || state !== 'ready')
    return (
      <Pending
        state={commentId ? state : 'notFound'}
        onRetry={() => reload()}
        rows={4}
        notFound={{ title: '评论不存在', description: '它可能已被删除。' }}
      />
    )
  return (
    <View className='alfa-live-detail'>
      <View className='alfa-live-comment alfa-live-comment--whole'>
        <View className='alfa-live-comment__head'>
          <Text className='alfa-live-comment__name'>{maskName(data.nickname)}</Text>
          <Text className='alfa-live-comment__time'>{formatDate(data.createdAt, START_PATTERN)}</Text>
        </View>
        <Text className='alfa-live-comment__content' userSelect>
          {data.content}
        </Text>
      </View>
      <View className='alfa-live-detail__stream' role='link' onClick={() => void backToStream(data.stream.liveId)}>
        <StatusBadge status={data.stream.status} />
        <Text className='alfa-live-detail__title'>{data.stream.title}</Text>
        <Text className='alfa-live-detail__back'>回到直播 ›</Text>
      </View>
    </View>
  )
}
