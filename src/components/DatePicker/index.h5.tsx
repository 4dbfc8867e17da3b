import { View } from '@tarojs/components'
import type { DatePickerProps } from './types'
import './index.scss'

export type { DatePickerProps } from './types'

/**
 * A date field in a browser: the phone's own date picker (an <input type="date"> laid invisibly
 * over `children`). Taro's H5 Picker draws its own wheels and brings about 12 KB gzipped into
 * the page's chunk; the browser's picker is the one phone users know.
 */
export function DatePicker({ value, start, end, onChange, children, label }: DatePickerProps) {
  return (
    <View className='alfa-date-picker'>
      {children}
      <input
        className='alfa-date-picker__native'
        type='date'
        value={value}
        min={start}
        max={end}
        aria-label={label}
        onClick={(e) => {
          // Desktop browsers open the calendar only from its icon; phones open it on any tap.
          try {
            e.currentTarget.showPicker?.()
          } catch {
            // showPicker refuses outside a user gesture or in a cross-origin frame: the tap still focuses the field.
          }
        }}
        onChange={(e) => {
          const next = e.currentTarget.value
          // Cleared (some browsers offer 清除) or typed out of range: keep the last good date.
          if (next && next >= start && next <= end) onChange(next)
        }}
      />
    </View>
  )
}
