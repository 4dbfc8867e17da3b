import { View } from '@tarojs/components'
import { observer } from '@/hooks/observer'
import { deviceInfo } from '@/platform/device'
import { isNativeApp } from '@/platform/host'
import { goBack, goHome, pageStackDepth } from '@/services/navigation'
import './index.scss'

export interface NavBarProps {
  /** Title in the middle of the bar. */
  title: string
  /** Back button action (default: back — tracked, closing the native page when needed — or home). */
  onBack?: () => void
  /** Offer the home button when there is nothing to go back to (default true; false on home). */
  homeButton?: boolean
}

/**
 * A custom navigation bar. In mini-programs it sits under the status bar and is centred on the
 * host's capsule, leaving the capsule's side free; on H5 it is a plain bar.
 */
export const NavBar = observer(function NavBar({ title, onBack, homeButton = true }: NavBarProps) {
  deviceInfo.ensureLoaded()
  const { statusBarHeight, titleBarHeight, headerHeight, capsule, screenWidth } = deviceInfo
  const sideInset = capsule && screenWidth ? Math.max(screenWidth - capsule.left, 0) : 0
  // In the native app a first page still goes back: the app closes its web view.
  const canGoBack = pageStackDepth() > 1 || isNativeApp()
  const back = onBack ?? goBack
  return (
    <View className='alfa-navbar' role='banner' style={{ height: `${headerHeight}px` }}>
      <View
        className='alfa-navbar__bar'
        style={{ paddingTop: `${statusBarHeight}px`, height: `${titleBarHeight}px`, paddingRight: `${sideInset}px` }}
      >
        {canGoBack || homeButton ? (
          <View className='alfa-navbar__action' role='button' aria-label={canGoBack ? '返回' : '首页'} onClick={canGoBack ? back : goHome}>
            <View className={canGoBack ? 'alfa-navbar__back' : 'alfa-navbar__home'} />
          </View>
        ) : (
          <View className='alfa-navbar__action alfa-navbar__action--spacer' />
        )}
        <View className='alfa-navbar__title' role='heading' aria-level={1}>
          {title}
        </View>
        <View className='alfa-navbar__action alfa-navbar__action--spacer' />
      </View>
    </View>
  )
})
