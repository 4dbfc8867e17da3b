import AtTabs from 'taro-ui/lib/components/tabs'
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

const STYLE = {}

/** A strip of tabs that picks one value (taro-ui's AtTabs, without panes or swiping). */
export function Tabs<K>({ items, value, onChange, layout = 'fill', className = '' }: TabsProps<K>) {
  const current = Math.max(
    0,
    items.findIndex((t) => t.key === value),
  )
  return (
    <AtTabs
      className={`alfa-tabs alfa-tabs--${layout} ${className}`}
      // An object: with its default '' AtTabs merges its style into a string, which React DOM (H5) refuses.
      customStyle={STYLE}
      tabList={items.map((t) => ({ title: t.label }))}
      current={current}
      // AtTabs' own scroll mode looks its header up by id when it mounts, which fails on H5 (the
      // page is blank); the 'scroll' layout scrolls the plain header with CSS instead.
      scroll={false}
      swipeable={false}
      animated={false}
      onClick={(i: number) => onChange(items[i].key)}
    />
  )
}
