import { Image, Text, View } from '@tarojs/components'
import { observer } from '@/hooks/observer'
import type { ColumnArticleRowFragment } from '@/services/generated/graphql'
import { imageSrc } from '@/services/imageUrl'
import { navigateTo } from '@/services/navigation'
import { DATE, formatDate } from '@/utils/format'
import { readMarks } from '../readMarks'

/** One article of a column: read ones are marked 已读 and dimmed (server or device marks, merged). */
export const ColumnArticleRow = observer(function ColumnArticleRow({ article: a }: { article: ColumnArticleRowFragment }) {
  const read = readMarks.isRead(a.articleId, a.isRead)
  const cover = imageSrc(a.coverThumbnailUrl)
  return (
    <View
      className={`alfa-column-article${read ? ' alfa-column-article--read' : ''}`}
      role='listitem'
      data-article-id={a.articleId}
      onClick={() => void navigateTo('article', { articleId: a.articleId })}
    >
      <View className='alfa-column-article__text'>
        <Text className='alfa-column-article__title'>{a.title}</Text>
        <View className='alfa-column-article__meta'>
          <Text>{formatDate(a.publishedAt, DATE)}</Text>
          {read && <Text className='alfa-column-article__read'>已读</Text>}
        </View>
      </View>
      {cover && <Image className='alfa-column-article__cover' src={cover} mode='aspectFill' lazyLoad />}
    </View>
  )
})
