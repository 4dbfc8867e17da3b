import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import { AsyncContent } from '@/components/AsyncContent'
import { LoadMore } from '@/components/LoadMore'
import { Tabs } from '@/components/Tabs'
import { usePaged } from '@/hooks/remote'
import { AllAdvisorContentDocument, type AdvisorContentItemFragment, type ContentType } from '@/services/generated/graphql'
import { execute } from '@/services/graphql'
import { openLink } from '@/services/links'
import { navigateTo } from '@/services/navigation'
import { formatDate, DATE } from '@/utils/format'
import { CONTENT_TYPE_NAMES } from '@alfa/common/labels'
import './index.scss'

type Filter = ContentType | 'ALL'

/** Both kinds together first, then each (the strategy's own screen has the same two). */
const FILTERS: { key: Filter; label: string }[] = [
  { key: 'ALL', label: '全部' },
  ...(['AdvisorReport', 'ManagerTalk'] as const).map((key) => ({ key, label: CONTENT_TYPE_NAMES[key] })),
]

export const loadAllAdvisorContent = async (type: Filter, cursor: string | null) =>
  (await execute(AllAdvisorContentDocument, { type: type === 'ALL' ? null : type, page: { cursor, size: 10 } })).advisorContent

/** A post: its title opens it (link rules), its strategy's line opens the strategy. */
function Item({ post }: { post: AdvisorContentItemFragment }) {
  return (
    <View className='alfa-po-post'>
      <View role={post.url ? 'link' : undefined} onClick={post.url ? () => openLink(post.url) : undefined}>
        <Text className='alfa-po-post__title'>{post.title}</Text>
        <Text className='alfa-po-muted'>
          {[CONTENT_TYPE_NAMES[post.type], post.postedBy, formatDate(post.postedDate, DATE)].filter(Boolean).join(' · ')}
        </Text>
      </View>
      <View className='alfa-po-post__strategy' role='link' onClick={() => void navigateTo('portfolioEntry', { poCode: post.poCode })}>
        {post.poName} ›
      </View>
    </View>
  )
}

/** 投顾内容 without a strategy: every strategy's advisor content the brand may see, newest first, paged. */
export function AllAdvisorContent() {
  const [type, setType] = useState<Filter>('ALL')
  const { items, state, stale, more, reload, loadMore } = usePaged(`advisorContent:all:${type}`, (cursor) =>
    loadAllAdvisorContent(type, cursor),
  )
  const label = FILTERS.find((f) => f.key === type)?.label ?? ''
  return (
    <View className='alfa-po'>
      <Tabs items={FILTERS} value={type} onChange={setType} />
      <AsyncContent
        state={state}
        stale={stale}
        onRetry={() => reload()}
        emptyTitle={type === 'ALL' ? '暂无投顾内容' : `暂无${label}`}
        emptyDescription='策略的主理人发布新内容后会出现在这里，也可以先看看各个策略。'
        skeleton={{ rows: 6 }}
      >
        <View className='alfa-po-posts'>
          {items.map((p) => (
            <Item key={p.postId} post={p} />
          ))}
        </View>
        <LoadMore status={more} onLoad={() => void loadMore()} />
      </AsyncContent>
    </View>
  )
}
