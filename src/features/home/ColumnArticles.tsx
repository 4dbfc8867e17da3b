import { Text, View } from '@tarojs/components'
import { navigateTo } from '@/services/navigation'
import type { HomeData } from './homeData'
import { Section } from './Section'

/** Column articles: each column's newest article under the column's name; a tap opens the article. */
export function ColumnArticles({ columns }: { columns: HomeData['columns'] }) {
  const shown = columns.filter((c) => c.articles.length > 0).slice(0, 4)
  if (!shown.length) return null
  return (
    <Section name='columns' title='专栏文章' more={{ text: '全部专栏', onTap: () => navigateTo('column') }}>
      {shown.map((c) => (
        <View
          key={c.columnId}
          className='alfa-home__row'
          role='link'
          data-article-id={c.articles[0].articleId}
          onClick={() => void navigateTo('article', { articleId: c.articles[0].articleId })}
        >
          <View className='alfa-home__row-main'>
            <Text className='alfa-home__row-title'>{c.articles[0].title}</Text>
            <Text
              className='alfa-home__row-note alfa-home__column'
              role='link'
              onClick={(e) => {
                e.stopPropagation()
                void navigateTo('columnDetail', { columnId: c.columnId })
              }}
            >
              {`${c.title} ›`}
            </Text>
          </View>
        </View>
      ))}
    </Section>
  )
}
