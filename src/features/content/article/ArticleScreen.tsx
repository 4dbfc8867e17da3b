import { Text, View } from '@tarojs/components'
import { useEffect } from 'react'
import { AsyncContent } from '@/components/AsyncContent'
import { Empty } from '@/components/Empty'
import { useShareSubject } from '@/components/Page'
import { useRemote } from '@/hooks/remote'
import { execute } from '@/services/graphql'
import { ArticleDocument, type ArticleQuery } from '@/services/generated/graphql'
import { navigateTo } from '@/services/navigation'
import { DATE_TIME, formatDate } from '@/utils/format'
import { openLink } from '@/services/links'
import { readMarks } from '../readMarks'
import { RichBody } from './RichBody'
import './ArticleScreen.scss'

type Article = NonNullable<ArticleQuery['article']>

export interface ArticleScreenProps {
  /** Route parameter articleId (trimmed; empty shows not-found). */
  articleId: string
}

/**
 * 文章: the title, its column, author and date, and the body from the server's sanitised tree
 * (checked again against the allow-list as it renders). Opening it marks it read; sharing
 * carries its title.
 */
export function ArticleScreen({ articleId }: ArticleScreenProps) {
  const { state, data, stale, reload } = useRemote<Article>(
    articleId ? `article:${articleId}` : null,
    async () => (await execute(ArticleDocument, { articleId })).article ?? null,
    { user: 'optional' },
  )
  useShareSubject(data?.title)
  const shown = state === 'ready' && data?.articleId === articleId
  useEffect(() => {
    if (shown) void readMarks.markRead(articleId)
  }, [shown, articleId])
  if (!articleId || state === 'notFound') {
    return (
      <Empty
        title='未找到该文章'
        description='文章可能已下线，去专栏看看其他文章吧。'
        actionText='全部专栏'
        onAction={() => void navigateTo('column')}
      />
    )
  }
  return (
    <AsyncContent state={state} stale={stale} onRetry={() => reload()} skeleton={{ rows: 8 }}>
      {data && <ArticleView article={data} />}
    </AsyncContent>
  )
}

function ArticleView({ article: a }: { article: Article }) {
  return (
    <View className='alfa-article' data-article-id={a.articleId}>
      <View className='alfa-article__title' role='heading'>
        {a.title}
      </View>
      <View className='alfa-article__meta'>
        {a.column && (
          <View
            className='alfa-article__column'
            role='link'
            onClick={() => void navigateTo('columnDetail', { columnId: a.column!.columnId })}
          >
            {a.column.title}
          </View>
        )}
        {a.author && <Text>{a.author}</Text>}
        <Text>{formatDate(a.publishedAt, DATE_TIME)}</Text>
      </View>
      <RichBody nodes={a.body} onLink={(href) => openLink(href)} />
    </View>
  )
}
