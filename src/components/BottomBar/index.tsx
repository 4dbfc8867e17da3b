import { View } from '@tarojs/components'
import type { ReactNode } from 'react'
import './index.scss'

export interface BottomBarProps {
  /** One line above the actions, such as a count (default none). */
  note?: ReactNode
  /** The actions, in one row: BarButtons or other controls of the same height (the pick button). */
  children: ReactNode
  /** Extra class names on the bar (default none). */
  className?: string
}

/**
 * A bar fixed to the bottom of the screen (the filter's actions, the fund's pick button, the
 * watchlist's deletion): the home indicator's inset below it, and a spacer of the bar's height
 * where it stands in the page, so the end of the content scrolls clear of it. taro-ui has no
 * such bar; its AtButton is not used inside, see BarButton.
 */
export function BottomBar({ note, children, className = '' }: BottomBarProps) {
  return (
    <>
      <View className={`alfa-bottom-bar__spacer alfa-bottom-bar__spacer--${note ? 'note' : 'actions'}`} />
      <View className={`alfa-bottom-bar ${className}`}>
        {note && <View className='alfa-bottom-bar__note'>{note}</View>}
        <View className='alfa-bottom-bar__actions'>{children}</View>
        <View className='alfa-bottom-bar__safe' />
      </View>
    </>
  )
}

export interface BarButtonProps {
  children: ReactNode
  onClick?: () => void
  /** 'primary' (default) filled in the brand colour, 'secondary' outlined, 'plain' grey, 'danger' red. */
  tone?: 'primary' | 'secondary' | 'plain' | 'danger'
  /** 'fill' (default) shares the row's width with the other fill buttons; 'narrow' is 100 px wide. */
  width?: 'fill' | 'narrow'
  /** Dimmed and not tappable (default false). */
  disabled?: boolean
  /** Extra class names (default none). */
  className?: string
}

/**
 * A button of the bottom bar. A View rather than taro-ui's AtButton: AtButton lays an empty
 * native button over its text (for mini-program open types), which H5 screen readers announce as
 * a button without a name.
 */
export function BarButton({ children, onClick, tone = 'primary', width = 'fill', disabled = false, className = '' }: BarButtonProps) {
  return (
    <View
      className={`alfa-bar-button alfa-bar-button--${tone} alfa-bar-button--${width}${disabled ? ' alfa-bar-button--off' : ''} ${className}`}
      role='button'
      aria-disabled={disabled}
      onClick={disabled ? undefined : onClick}
    >
      {children}
    </View>
  )
}
