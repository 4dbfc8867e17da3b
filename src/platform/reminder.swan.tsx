import { Button, Form } from '@tarojs/components'
import type { ReminderConsent, ReminderConsentButtonProps } from './reminder'

export type { ReminderConsent, ReminderConsentButtonProps } from './reminder'

/**
 * Baidu: subscription messages are authorised by a form (report-submit with report-type
 * "subscribe", the template id and a subscribe-id): its submit button opens Baidu's panel, and a
 * submit that carries a formId means the user allowed it. The server sends one message under that
 * subscribe-id when the stream starts (template/message/subscribe/send).
 */
export const REMINDER_PLATFORM: 'weapp' | 'swan' | null = 'swan'

/** The answer of one submit of the subscription form. */
export function consentOfSubmit(detail: { formId?: unknown } | undefined, subscribeId: string): ReminderConsent {
  const formId = detail?.formId
  return typeof formId === 'string' && formId ? { answer: 'accept', subscribeId } : { answer: 'reject' }
}

export function ReminderConsentButton({
  templateId,
  subscribeId,
  onConsent,
  disabled = false,
  className = '',
  children,
}: ReminderConsentButtonProps) {
  return (
    <Form
      className='alfa-reminder-form'
      reportSubmit
      reportType='subscribe'
      templateId={templateId}
      subscribeId={subscribeId}
      onSubmit={(e) => {
        if (!disabled) onConsent(consentOfSubmit(e.detail, subscribeId))
      }}
    >
      <Button className={className} formType='submit' disabled={disabled}>
        {children}
      </Button>
    </Form>
  )
}

/** Saves a calendar file: only the web can (mini-programs subscribe instead). */
export function saveCalendarFile(_ics: string, _fileName: string): boolean {
  return false
}
