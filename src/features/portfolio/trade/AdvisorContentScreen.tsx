import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import { AsyncContent } from '@/components/AsyncContent'
import { LoadMore } from '@/components/LoadMore'
import { useShareSubject } from '@/components/Page'
import { Tabs } from '@/components/Tabs'
import { usePaged } from '@/hooks/remote'
import { openLink } from '@/services/links'
import type { AdvisorContentPostFragment, ContentType } from '@/services/generated/graphql'
import { formatDate, DATE } from '@/utils/format'
import { PortfolioNotFound } from '../PortfolioPending'
import { AllAdvisorContent } from './AllAdvisorContent'
import { PortfolioTitle } from '../PortfolioTitle'
import { usePoCode } from '../hooks'
import './index.scss'
import { loadAdvisorContent } from './load'
import { CONTENT_TYPE_NAMES } from '@alfa/common/labels'

/** The two kinds of advisor content. */
const TYPES: { key: ContentType; label: string }[] = (['AdvisorReport', 'ManagerTalk'] as const).map((key) => ({
  key,
  label: CONTENT_TYPE_NAMES[key],
}))

/** A post of the list; tap opens it through the link rules. */
function Post({ post }: { post: AdvisorContentPostFragment }) {
  const url = post.url
  return (
    <View className='alfa-po-post' role={url ? 'link' : undefined} onClick={url ? () => openLink(url) : undefined}>
      <Text className='alfa-po-post__title'>{post.title}</Text>
      <Text className='alfa-po-muted'>{[post.postedBy, formatDate(post.postedDate, DATE)].filter(Boolean).join(' · ')}</Text>
    </View>
  )
}

/** The strategy's advisor content (reports and the manager's talks), paged per type. */
function AdvisorContentList({ poCode }: { poCode: string }) {
  const [type, setType] = useState<ContentType>('AdvisorReport')
  const { items, head, state, stale, more, reload, loadMore } = usePaged(
    `advisorContent:${poCode}:${type}`,
    (cursor) => loadAdvisorContent(poCode, type, cursor),
    { page: (p) => p.timelinePosts },
  )
  useShareSubject(head?.poName)
  if (state === 'notFound') return <PortfolioNotFound />
  const label = TYPES.find((t) => t.key === type)?.label ?? ''
  return (
    <View className='alfa-po'>
      {head && <PortfolioTitle poName={head.poName} poCode={head.poCode} />}
      <Tabs items={TYPES} value={type} onChange={setType} />
      <AsyncContent
        state={state}
        stale={stale}
        onRetry={() => reload()}
        emptyTitle={`暂无${label}`}
        emptyDescription='主理人发布新内容后会出现在这里。'
        skeleton={{ rows: 6 }}
      >
        <View className='alfa-po-posts'>
          {items.map((p) => (
            <Post key={p.postId} post={p} />
          ))}
        </View>
        <LoadMore status={more} onLoad={() => void loadMore()} />
      </AsyncContent>
    </View>
  )
}

/** Advisor content of the strategy named by the poCode query; without one, every strategy's. */
export function AdvisorContentScreen() {
  const poCode = usePoCode()
  return poCode ? <AdvisorContentList poCode={poCode} /> : <AllAdvisorContent />
}
