import { Image, Text, View } from '@tarojs/components'
import { useState } from 'react'
import { AsyncContent, StaleNotice } from '@/components/AsyncContent'
import { LoadMore } from '@/components/LoadMore'
import { Tabs, type TabItem } from '@/components/Tabs'
import { usePaged } from '@/hooks/remote'
import { execute } from '@/services/graphql'
import { TimelinePostsDocument, type ContentType, type RecordsTimelinePostFragment } from '@/services/generated/graphql'
import { imageSrc } from '@/services/imageUrl'
import { openLink } from '@/services/links'
import { formatDate } from '@/utils/format'
import { PortfolioPending } from '../PortfolioPending'
import { RecordsTitle } from './RecordsTitle'
import { pageInput } from './paging'
import { CONTENT_TYPE_NAMES } from '@alfa/common/labels'

type Filter = ContentType | 'ALL'

const FILTERS: TabItem<Filter>[] = [
  { key: 'ALL', label: '全部' },
  ...(Object.keys(CONTENT_TYPE_NAMES) as ContentType[]).map((key) => ({ key, label: CONTENT_TYPE_NAMES[key] })),
]

function Post({ post }: { post: RecordsTimelinePostFragment }) {
  const cover = imageSrc(post.coverUrl)
  return (
    <View className='alfa-po-post' role='link' onClick={() => openLink(post.url)}>
      <View className='alfa-po-post__text'>
        <Text className='alfa-po-post__title'>{post.title}</Text>
        <View className='alfa-po-post__meta'>
          {post.type && <Text className='alfa-po-post__type'>{CONTENT_TYPE_NAMES[post.type]}</Text>}
          {post.postedBy && <Text className='alfa-po-muted'>{post.postedBy}</Text>}
          <Text className='alfa-po-muted'>{formatDate(post.postedDate)}</Text>
        </View>
      </View>
      {cover && <Image className='alfa-po-post__cover' src={cover} mode='aspectFill' lazyLoad aria-hidden='true' />}
    </View>
  )
}

/** The strategy's timeline posts, paged, filtered by content type. */
export function TimelineScreen({ poCode }: { poCode: string }) {
  const [filter, setFilter] = useState<Filter>('ALL')
  const { state, head, items, stale, more, reload, loadMore } = usePaged(
    `poTimeline:${poCode}:${filter}`,
    (cursor) =>
      poCode
        ? execute(TimelinePostsDocument, { poCode, page: pageInput(cursor), ...(filter === 'ALL' ? {} : { type: filter }) }).then(
            (r) => r.portfolio,
          )
        : Promise.resolve(null),
    { page: (p) => p.timelinePosts, empty: () => false },
  )

  // Another filter keeps the title and tabs while its posts load.
  if (!head || state === 'error' || state === 'notFound') return <PortfolioPending state={state} onRetry={() => void reload()} />
  return (
    <View className='alfa-po alfa-po-records'>
      {stale && <StaleNotice onRetry={() => reload()} />}
      <RecordsTitle poName={head.poName} poCode={poCode} />
      <Tabs items={FILTERS} value={filter} onChange={setFilter} layout='scroll' />
      <AsyncContent
        state={state === 'loading' ? 'loading' : items.length ? 'ready' : 'empty'}
        emptyTitle='暂无动态'
        emptyDescription={filter === 'ALL' ? '该策略还没有发布动态。' : `还没有${CONTENT_TYPE_NAMES[filter]}，可切换到全部查看。`}
      >
        <View className='alfa-section alfa-po-posts'>
          {items.map((p) => (
            <Post key={p.postId} post={p} />
          ))}
        </View>
        <LoadMore status={more} onLoad={() => void loadMore()} />
      </AsyncContent>
    </View>
  )
}
