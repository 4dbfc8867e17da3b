import { View } from '@tarojs/components'
import { useState } from 'react'
import { useRemote } from '@/hooks/remote'
import { hostLoginCode } from '@/platform/hostLogin'
import { REMINDER_PLATFORM, ReminderConsentButton, type ReminderConsent } from '@/platform/reminder'
import { alertMessages, authoriseAlertMessages } from '@/services/api'
import { toast } from '@/services/toast'

/** Baidu's subscribe-id of NAV alerts (one kind of message, whatever the fund). */
export const ALERT_SUBSCRIBE_ID = 'nav-alert'
export const ALERT_DECLINED_TEXT = '未允许订阅消息，提醒仍会在「消息」里显示'

/**
 * In the mini-programs: 接收微信/百度消息提醒. Each tap the user allows (the platform grants one
 * message per allowance) lets one more NAV alert out as a subscription message; the count left is
 * shown. Nothing on the web or where the server has no template: alerts are in 消息 there.
 */
export function AlertMessagesConsent() {
  const platform = REMINDER_PLATFORM
  const { data, update } = useRemote(platform ? `alertMessages:${platform}` : null, () => alertMessages(platform!), {
    user: true,
    empty: () => false,
  })
  const [busy, setBusy] = useState(false)
  const [note, setNote] = useState<string | null>(null)
  if (!platform || !data?.templateId) return null

  const consent = async (answer: ReminderConsent) => {
    if (answer.answer !== 'accept') return setNote(answer.answer === 'reject' ? ALERT_DECLINED_TEXT : '当前环境无法订阅消息')
    setBusy(true)
    try {
      const code = await hostLoginCode()
      update(await authoriseAlertMessages({ platform, code, subscribeId: answer.subscribeId }))
      setNote(null)
      toast.open('已开启消息提醒')
    } catch {
      // The request layer has shown the server's message.
    } finally {
      setBusy(false)
    }
  }
  return (
    <View className='alfa-alert__consent'>
      <ReminderConsentButton
        className='alfa-alert__consent-button'
        templateId={data.templateId}
        subscribeId={ALERT_SUBSCRIBE_ID}
        disabled={busy}
        onConsent={(a) => void consent(a)}
      >
        {platform === 'weapp' ? '接收微信消息提醒' : '接收百度消息提醒'}
      </ReminderConsentButton>
      <View className='alfa-alert__consent-note' role='status'>
        {note ?? `还可推送 ${data.remaining} 次（每允许一次可推送一条，${platform === 'weapp' ? '微信' : '百度'}的规定）`}
      </View>
    </View>
  )
}
