import AtTabs from 'taro-ui/lib/components/tabs'
import '../../styles/taro-ui/tabs.scss'

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

/** A strip of tabs that picks one value (taro-ui's AtTabs, without panes or swiping). */
export function Tabs<K>({ items, value, onChange, layout = 'fill', className = '' }: TabsProps<K>) {
  const current = Math.max(0, items.findIndex((t) => t.key === value))
  return (
    <AtTabs
      className={`alfa-tabs ${className}`}
      tabList={items.map((t) => ({ title: t.label }))}
      current={current}
      scroll={layout === 'scroll'}
      swipeable={false}
      animated={false}
      onClick={(i: number) => onChange(items[i].key)}
    />
  )
}
