import { Picker, View } from '@tarojs/components'
import type { DatePickerProps } from './types'

export type { DatePickerProps } from './types'

/** A date field: the mini-program's own date picker over `children`. H5 has index.h5.tsx. */
export function DatePicker({ value, start, end, onChange, children, label }: DatePickerProps) {
  return (
    <Picker mode='date' value={value} start={start} end={end} onChange={(e) => onChange(String(e.detail.value))}>
      <View role='button' aria-label={label}>
        {children}
      </View>
    </Picker>
  )
}
