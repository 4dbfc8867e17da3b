import type { ReminderConsentButtonProps } from './reminder'

export type { ReminderConsent, ReminderConsentButtonProps } from './reminder'

/** The web has no subscription messages: the reminder is a calendar file the user adds (saveCalendarFile). */
export const REMINDER_PLATFORM: 'weapp' | 'swan' | null = null

/** Nothing to ask on the web. */
export function ReminderConsentButton(_props: ReminderConsentButtonProps) {
  return null
}

/**
 * Downloads an iCalendar file (text/calendar) the phone's or computer's calendar opens to add the
 * event with its alarm. False when the browser cannot (no Blob or object urls).
 */
export function saveCalendarFile(ics: string, fileName: string): boolean {
  if (typeof Blob === 'undefined' || typeof URL === 'undefined' || typeof URL.createObjectURL !== 'function') return false
  const url = URL.createObjectURL(new Blob([ics], { type: 'text/calendar;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.rel = 'noopener'
  link.style.display = 'none'
  document.body.appendChild(link)
  link.click()
  link.remove()
  // After the download has started: the file is the browser's now.
  setTimeout(() => URL.revokeObjectURL(url), 30_000)
  return true
}
