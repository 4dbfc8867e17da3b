import { Text, View } from '@tarojs/components'
import { HOME_ENTRIES, openEntry } from './entries'

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
