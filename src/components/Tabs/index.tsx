import { View } from '@tarojs/components'
import '../../styles/taro-ui/tabs.scss'
import './index.scss'

export interface TabItem<K> {
  /** What the tab selects (a category code, a period). */
  key: K
  /** The tab's text. */
  label: string
}

export interface TabsProps<K> {
  items: readonly TabItem<K>[]
  /** The key of the active tab. */
  value: K
  onChange: (key: K) => void
  /** 'fill' (default): the tabs share the width; 'scroll': each keeps its width and the strip scrolls. */
  layout?: 'fill' | 'scroll'
  /** Extra class names on the strip (default none). */
  className?: string
}

/**
 * A strip of tabs that picks one value: taro-ui's AtTabs markup and styles (without panes or
 * swiping), with the tab roles AtTabs lacks so that screen readers announce each tab and its state.
 */
export function Tabs<K>({ items, value, onChange, layout = 'fill', className = '' }: TabsProps<K>) {
  // An unknown value shows the first tab active, as AtTabs did.
  const current = Math.max(
    0,
    items.findIndex((t) => t.key === value),
  )
  return (
    <View className={`at-tabs at-tabs--horizontal alfa-tabs alfa-tabs--${layout} ${className}`}>
      <View className='at-tabs__header' role='tablist'>
        {items.map((t, i) => {
          const active = i === current
          return (
            <View
              key={String(t.key)}
              className={`at-tabs__item${active ? ' at-tabs__item--active' : ''}`}
              role='tab'
              aria-selected={active}
              // Focusable, so that a keyboard reaches the tabs and scrolls a strip wider than the screen.
              tabIndex={0}
              onClick={() => onChange(t.key)}
            >
              {t.label}
              <View className='at-tabs__item-underline' />
            </View>
          )
        })}
      </View>
    </View>
  )
}
