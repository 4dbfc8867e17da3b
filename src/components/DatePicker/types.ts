import type { ReactNode } from 'react'

export interface DatePickerProps {
  /** YYYY-MM-DD */
  value: string
  /** The earliest and latest dates that can be picked (YYYY-MM-DD). */
  start: string
  end: string
  onChange: (date: string) => void
  /** What the user reads and taps: the picker opens over it. */
  children: ReactNode
  /** The field's name for screen readers. */
  label: string
}
