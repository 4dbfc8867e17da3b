import { View } from '@tarojs/components'
import { observer } from '@/hooks/observer'
import type { PickStore } from './pickStore'
import { usePick } from './usePick'
import './PickButton.scss'

export interface PickButtonProps {
  /** The fund to pick; or give fundCodes. */
  fundCode?: string
  /** Several funds toggled together (all picked shows 已自选). */
  fundCodes?: readonly string[]
  /** 'button' (default) a pill with text; 'compact' a small pill for list rows. */
  variant?: 'button' | 'compact'
  className?: string
  /** The store (tests); default the app's one. */
  store?: PickStore
}

/** 加自选 / 已自选: the pick (watchlist) toggle. */
export const PickButton = observer(function PickButton({
  fundCode,
  fundCodes,
  variant = 'button',
  className = '',
  store,
}: PickButtonProps) {
  const codes = fundCodes ?? (fundCode ? [fundCode] : [])
  const { picked, pending, toggle } = usePick(codes, store)
  const state = picked ? 'picked' : 'unpicked'
  return (
    <View
      className={`alfa-pick alfa-pick--${variant} alfa-pick--${state}${pending ? ' alfa-pick--pending' : ''} ${className}`}
      role='button'
      aria-pressed={picked}
      aria-busy={pending}
      aria-disabled={codes.length === 0}
      onClick={(e) => {
        e.stopPropagation?.()
        void toggle()
      }}
    >
      {picked ? '已自选' : '+ 自选'}
    </View>
  )
})
