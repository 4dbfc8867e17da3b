import { View } from '@tarojs/components'
import { useDidShow } from '@tarojs/taro'
import { observer } from 'mobx-react'
import type { ReactNode } from 'react'
import { NavBar } from '@/components/NavBar'
import Toast from '@/components/Toast'
import { isH5 } from '@/platform/env'
import { theme } from '@/platform/theme'
import { currentLocation } from '@/platform/web'
import { HOME, routes, type RouteName } from '@/routes'
import { tracker } from '@/services/tracking'

export interface PageProps {
  /** The screen's entry in the route table. */
  route: RouteName
  /** Title shown in the bar (default: the route table's title). */
  title?: string
  children?: ReactNode
}

/** The frame of every screen: theme, navigation bar (custom or H5), body and the toast host. */
export const Page = observer(function Page({ route, title, children }: PageProps) {
  theme.start()
  const entry = routes[route]
  useDidShow(() => tracker.pageView({ $url_path: currentLocation()?.pathname ?? `/${entry.page}` }))
  const showBar = isH5 || ('customNav' in entry && entry.customNav)
  return (
    <View className={`alfa-page alfa-theme--${theme.scheme}`} data-route={route}>
      {showBar && <NavBar title={title ?? entry.title} homeButton={route !== HOME} />}
      <View className='alfa-page__body' role='main'>
        {children}
      </View>
      <Toast />
    </View>
  )
})
