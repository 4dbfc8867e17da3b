import { View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import type { ReactNode } from 'react'

/**
 * A stream's start reminder on this platform (live message authorization). WeChat (this file):
 * the user's consent comes from wx.requestSubscribeMessage with the template id, which WeChat
 * allows only inside a tap; the server then sends one subscription message when the stream starts.
 * Baidu: reminder.swan.tsx (a subscription form); H5: reminder.h5.tsx (a calendar file).
 */
export const REMINDER_PLATFORM: 'weapp' | 'swan' | null = 'weapp'

/** What the user answered: allowed, declined (or banned by WeChat), or the host cannot ask. */
export type ReminderConsent = { answer: 'accept'; subscribeId?: string } | { answer: 'reject' | 'unavailable' }

export interface ReminderConsentButtonProps {
  /** The subscription template (from the server's configuration). */
  templateId: string
  /** Baidu's subscribe-id (ignored on WeChat). */
  subscribeId: string
  /** Called with the user's answer once it is known. */
  onConsent: (consent: ReminderConsent) => void
  /** Busy: taps are ignored (default false). */
  disabled?: boolean
  className?: string
  children: ReactNode
}

/** Asks WeChat's subscription panel for the template; 'accept' only when the user allowed that template. */
export async function askReminderConsent(templateId: string): Promise<ReminderConsent> {
  if (typeof Taro.requestSubscribeMessage !== 'function') return { answer: 'unavailable' }
  try {
    const res = (await Taro.requestSubscribeMessage({ tmplIds: [templateId], entityIds: [] })) as unknown as Record<string, string>
    return { answer: res[templateId] === 'accept' ? 'accept' : 'reject' }
  } catch (err) {
    // 20004: the user turned subscription messages off in the settings; the rest: the host cannot ask.
    const code = (err as { errCode?: number })?.errCode
    return { answer: code === 20004 ? 'reject' : 'unavailable' }
  }
}

/** The subscribe button: the tap that WeChat requires opens its subscription panel. */
export function ReminderConsentButton({ templateId, onConsent, disabled = false, className = '', children }: ReminderConsentButtonProps) {
  return (
    <View
      className={className}
      role='button'
      aria-disabled={disabled}
      onClick={() => {
        if (!disabled) void askReminderConsent(templateId).then(onConsent)
      }}
    >
      {children}
    </View>
  )
}

/** Saves a calendar file: only the web can (mini-programs subscribe instead). */
export function saveCalendarFile(_ics: string, _fileName: string): boolean {
  return false
}
