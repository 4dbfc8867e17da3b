import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { navigateTo } from '@/services/navigation'
import { withTimestamp } from '@/utils/url'
import { HOME_ENTRIES, type HomeEntry } from './entries'

function openEntry(entry: HomeEntry) {
  if ('route' in entry) return navigateTo(entry.route)
  return Taro.navigateTo({ url: withTimestamp(`/${entry.page}`) })
}

/** The entry tiles; they need no data, so they work offline and while the page loads. */
export function EntryGrid() {
  return (
    <View className='alfa-home__entries'>
      {HOME_ENTRIES.map((entry) => (
        <View
          key={entry.label}
          className='alfa-home__entry'
          role='link'
          data-route={'route' in entry ? entry.route : entry.page}
          onClick={() => void openEntry(entry)}
        >
          <View className='alfa-home__glyph'>{entry.glyph}</View>
          <Text className='alfa-home__label'>{entry.label}</Text>
        </View>
      ))}
    </View>
  )
}
