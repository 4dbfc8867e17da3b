import { Text, View } from '@tarojs/components'
import { Pending, StaleNotice } from '@/components/AsyncContent'
import { LoadMore } from '@/components/LoadMore'
import { useShareSubject } from '@/components/Page'
import { usePaged } from '@/hooks/remote'
import { execute } from '@/services/graphql'
import { LiveScreenDocument, type LiveScreenQuery } from '@/services/generated/graphql'
import { CommentBox } from './comments/CommentBox'
import { CommentRow } from './comments/CommentRow'
import { useLiveComments } from './comments/useLiveComments'
import { StreamHead } from './stream/StreamHead'
import './index.scss'

type Stream = NonNullable<LiveScreenQuery['liveStream']>

/** Comments asked per page. */
export const COMMENT_PAGE_SIZE = 20

/** What the feed's state tells a viewer while it is not connected (nothing once it is). */
const FEED_NOTICE: Record<string, string> = { retrying: '连接中断，正在重新连接…' }

/**
 * 直播: a stream's head (status, video or cover, start time), the box to comment, and its
 * comments newest first — paged, and new ones arriving in real time.
 */
export function LiveScreen({ liveId }: { liveId: string }) {
  const paged = usePaged<Stream, Stream['comments']>(
    liveId ? `live:${liveId}` : null,
    async (cursor) => (await execute(LiveScreenDocument, { liveId, page: { cursor, size: COMMENT_PAGE_SIZE } })).liveStream ?? null,
    { page: (stream) => stream.comments, empty: () => false },
  )
  const stream = paged.head
  useShareSubject(stream?.title)
  const { comments, status, add } = useLiveComments(liveId, stream ? paged.items : null)
  if (!stream || paged.state !== 'ready')
    return (
      <Pending
        state={liveId ? paged.state : 'notFound'}
        onRetry={() => paged.reload()}
        notFound={{ title: '直播不存在', description: '它可能已经下线，回到直播列表看看别的。' }}
      />
    )
  return (
    <View className='alfa-live'>
      {paged.stale && <StaleNotice onRetry={() => paged.reload()} />}
      <StreamHead stream={stream} />
      <CommentBox liveId={liveId} onPosted={add} />
      <View className='alfa-live__comments'>
        <View className='alfa-live__comments-head'>
          <Text>评论</Text>
          {FEED_NOTICE[status] && (
            <View className='alfa-live__feed' role='status'>
              {FEED_NOTICE[status]}
            </View>
          )}
        </View>
        {comments.length ? (
          <>
            {comments.map((c) => (
              <CommentRow key={c.commentId} comment={c} />
            ))}
            <LoadMore status={paged.more} onLoad={() => void paged.loadMore()} />
          </>
        ) : (
          <View className='alfa-live__empty'>还没有评论，来说第一句吧</View>
        )}
      </View>
    </View>
  )
}
