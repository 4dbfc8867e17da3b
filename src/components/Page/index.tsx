import { View } from '@tarojs/components'
import { observer } from 'mobx-react'
import type { ReactNode } from 'react'
import { NavBar } from '@/components/NavBar'
import { isH5 } from '@/platform/env'
import { theme } from '@/platform/theme'
import { routes, type RouteName } from '@/routes'

export interface PageProps {
  /** The screen's entry in the route table. */
  route: RouteName
  /** Title shown in the bar (default: the route table's title). */
  title?: string
  children?: ReactNode
}

/** The frame of every screen: theme, navigation bar (custom or H5) and body. */
export const Page = observer(function Page({ route, title, children }: PageProps) {
  theme.start()
  const entry = routes[route]
  const showBar = isH5 || ('customNav' in entry && entry.customNav)
  return (
    <View className={`alfa-page alfa-theme--${theme.scheme}`} data-route={route}>
      {showBar && <NavBar title={title ?? entry.title} />}
      <View className='alfa-page__body'>{children}</View>
    </View>
  )
})
