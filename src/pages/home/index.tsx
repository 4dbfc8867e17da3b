import { Text, View } from '@tarojs/components'
import { Page } from '@/components/Page'
import { navigateTo } from '@/services/navigation'
import type { RouteName } from '@/routes'
import './index.scss'

interface Entry {
  route: RouteName
  label: string
  /** Two-character glyph shown in the tile. */
  glyph: string
}

/** The home page's entry tiles, in the order users scan them. */
export const HOME_ENTRIES: readonly Entry[] = [
  { route: 'product', label: '策略', glyph: '策' },
  { route: 'favourites', label: '我的自选', glyph: '自' },
  { route: 'stockMarket', label: '市场行情', glyph: '行' },
  { route: 'filter', label: '基金筛选', glyph: '筛' },
  { route: 'column', label: '专栏', glyph: '专' },
  { route: 'live', label: '直播', glyph: '播' },
  { route: 'diagnosis', label: '基金诊断', glyph: '诊' },
  { route: 'fundGlossary', label: '基金术语', glyph: '术' },
  { route: 'login', label: '我的账户', glyph: '我' },
]

export default function HomePage() {
  return (
    <Page route='home'>
      <View className='alfa-home'>
        <View className='alfa-home__search' role='search' onClick={() => navigateTo('search')}>
          <Text className='alfa-home__search-text'>搜索基金、经理、策略</Text>
        </View>
        <View className='alfa-home__entries'>
          {HOME_ENTRIES.map((entry) => (
            <View
              key={entry.route}
              className='alfa-home__entry'
              role='link'
              data-route={entry.route}
              onClick={() => navigateTo(entry.route)}
            >
              <View className='alfa-home__glyph'>{entry.glyph}</View>
              <Text className='alfa-home__label'>{entry.label}</Text>
            </View>
          ))}
        </View>
      </View>
    </Page>
  )
}
