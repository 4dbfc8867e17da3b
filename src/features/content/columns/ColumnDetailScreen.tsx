import { Image, Text, View } from '@tarojs/components'
import { AsyncContent, StaleNotice } from '@/components/AsyncContent'
import { Empty } from '@/components/Empty'
import { LoadMore } from '@/components/LoadMore'
import { useShareSubject } from '@/components/Page'
import { usePaged } from '@/hooks/remote'
import { execute } from '@/services/graphql'
import { ColumnDetailDocument, type ColumnDetailQuery } from '@/services/generated/graphql'
import { imageSrc } from '@/services/imageUrl'
import { navigateTo } from '@/services/navigation'
import { user } from '@/services/user'
import { ColumnArticleRow } from './ColumnArticleRow'
import '../index.scss'

type Column = NonNullable<ColumnDetailQuery['column']>

/** Articles a page asks for. */
export const COLUMN_PAGE_SIZE = 10

export interface ColumnDetailScreenProps {
  /** Route parameter columnId (trimmed; empty shows not-found). */
  columnId: string
}

/** 专栏详情: the column's head and its articles, paged newest first, each with its read mark. */
export function ColumnDetailScreen({ columnId }: ColumnDetailScreenProps) {
  const { state, head, items, stale, more, reload, loadMore } = usePaged<Column, Column['articles']>(
    `column:${columnId}`,
    async (cursor) =>
      columnId
        ? ((await execute(ColumnDetailDocument, { columnId, isRead: user.isLogin, page: { cursor, size: COLUMN_PAGE_SIZE } })).column ??
          null)
        : null,
    // The read marks of a signed-in reader come with the answer.
    { user: 'optional', page: (c) => c.articles, empty: () => false },
  )
  useShareSubject(head?.title)
  if (state === 'notFound') {
    return (
      <Empty
        title='未找到该专栏'
        description='链接可能已失效，去看看其他专栏吧。'
        actionText='全部专栏'
        onAction={() => void navigateTo('column')}
      />
    )
  }
  return (
    <AsyncContent state={state} stale={false} onRetry={() => reload()} skeleton={{ rows: 6, figure: true }}>
      {head && (
        <View className='alfa-column'>
          {stale && <StaleNotice onRetry={() => reload()} />}
          <ColumnHead column={head} />
          {items.length === 0 ? (
            <Empty
              title='这个专栏还没有文章'
              description='新文章发布后会出现在这里，先看看其他专栏吧。'
              actionText='全部专栏'
              onAction={() => void navigateTo('column')}
            />
          ) : (
            <View className='alfa-column__articles' role='list'>
              {items.map((a) => (
                <ColumnArticleRow key={a.articleId} article={a} />
              ))}
              <LoadMore status={more} onLoad={() => void loadMore()} />
            </View>
          )}
        </View>
      )}
    </AsyncContent>
  )
}

function ColumnHead({ column: c }: { column: Column }) {
  const cover = imageSrc(c.coverUrl)
  return (
    <View className='alfa-column__head'>
      {cover && <Image className='alfa-column__cover' src={cover} mode='aspectFill' />}
      <View className='alfa-column__who'>
        <Text className='alfa-column__title'>{c.title}</Text>
        {c.description && <Text className='alfa-column__description'>{c.description}</Text>}
        <Text className='alfa-column__count'>{`共${c.articles.totalCount}篇`}</Text>
      </View>
    </View>
  )
}
