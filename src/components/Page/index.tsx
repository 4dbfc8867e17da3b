import { View } from '@tarojs/components'
import { useDidShow, useRouter, useShareAppMessage, useShareTimeline } from '@tarojs/taro'
import { observer } from '@/hooks/observer'
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react'
import { NavBar } from '@/components/NavBar'
import Toast from '@/components/Toast'
import { isH5 } from '@/platform/env'
import { currentHost } from '@/platform/host'
import { theme } from '@/platform/theme'
import { currentLocation } from '@/platform/web'
import { HOME, routes, type RouteName } from '@/routes'
import { setUpHostShare } from '@/services/hostShare'
import { shareFor, shareH5Path, timelineShare, type ShareSubject } from '@/services/share'
import { tracker } from '@/services/tracking'

export interface PageProps {
  /** The screen's entry in the route table. */
  route: RouteName
  /** Title shown in the bar (default: the route table's title). */
  title?: string
  /** The name of what the page shows (fund, manager, strategy) for its share title; screens may use useShareSubject instead. */
  shareName?: string | null
  children?: ReactNode
}

const ShareSubjectContext = createContext<(subject: ShareSubject) => void>(() => undefined)

/**
 * Names what the page shows (the fund's, manager's or strategy's name) for its share title,
 * from anywhere inside the page once the name has loaded.
 */
export function useShareSubject(name: string | null | undefined): void {
  const set = useContext(ShareSubjectContext)
  useEffect(() => set({ name: name ?? null }), [set, name])
}

/** H5 hosts with their own share set-up (WeChat's browser, the provider's app): loaded only there. */
function hostHasShareSetup(): boolean {
  const { kinds } = currentHost()
  return kinds.includes('app') || (kinds.includes('wechat') && !kinds.includes('miniProgram'))
}

/**
 * The frame of every screen: theme, navigation bar (custom or H5), body and the toast host.
 * Sharing comes from the route table so no page forgets it: on a route with sharing enabled the
 * mini-programs' share handlers (chat, and WeChat's timeline) answer the page's own title and
 * path with its parameters; on H5 the host's share set-up (WeChat JS-SDK, the app) gets the same.
 */
export const Page = observer(function Page({ route, title, shareName, children }: PageProps) {
  const entry = routes[route]
  const { params } = useRouter()
  const [subject, setSubject] = useState<ShareSubject>({})
  const shared: ShareSubject = shareName !== undefined ? { name: shareName } : subject
  const info = shareFor(route, params, shared)
  const latest = useRef(info)
  latest.current = info
  useShareAppMessage(() => latest.current)
  useShareTimeline(() => timelineShare(latest.current))
  const shareable = 'share' in entry && !!entry.share
  const h5Path = isH5 && shareable ? shareH5Path(route, params) : ''
  useEffect(() => {
    if (!isH5 || !shareable || !hostHasShareSetup()) return
    setUpHostShare(latest.current, h5Path)
    // Again when the title or path changes (the subject's name has loaded).
  }, [shareable, info.title, info.path, h5Path])
  useDidShow(() => tracker.pageView({ $url_path: currentLocation()?.pathname ?? `/${entry.page}` }))
  const showBar = isH5 || ('customNav' in entry && entry.customNav)
  return (
    <ShareSubjectContext.Provider value={setSubject}>
      <View className={`alfa-page alfa-theme--${theme.scheme}`} data-route={route}>
        {showBar && <NavBar title={title ?? entry.title} homeButton={route !== HOME} />}
        <View className='alfa-page__body' role='main'>
          {children}
        </View>
        <Toast />
      </View>
    </ShareSubjectContext.Provider>
  )
})
