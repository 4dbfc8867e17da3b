import { Text, View } from '@tarojs/components'
import type { ReactNode } from 'react'

export interface SectionProps {
  title: string
  /** The link at the right of the title (更多策略 ›), with what it opens. */
  more?: { text: string; onTap: () => unknown }
  /** Marks the section for tests and styles (data-section). */
  name: string
  children?: ReactNode
}

/** A card of the home page: a title, an optional link to the full list, its content. */
export function Section({ title, more, name, children }: SectionProps) {
  return (
    <View className='alfa-home__section' data-section={name}>
      <View className='alfa-home__section-head'>
        <Text className='alfa-home__section-title'>{title}</Text>
        {more && (
          <Text className='alfa-home__more' role='link' onClick={() => void more.onTap()}>
            {`${more.text} ›`}
          </Text>
        )}
      </View>
      {children}
    </View>
  )
}
