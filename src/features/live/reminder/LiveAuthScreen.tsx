import { Button, Text, View } from '@tarojs/components'
import { observer } from '@/hooks/observer'
import { useState } from 'react'
import { Pending } from '@/components/AsyncContent'
import { useRemote } from '@/hooks/remote'
import { hostLoginCode } from '@/platform/hostLogin'
import { REMINDER_PLATFORM, ReminderConsentButton, saveCalendarFile, type ReminderConsent } from '@/platform/reminder'
import { currentLocation } from '@/platform/web'
import { cancelLiveReminder, liveReminder, subscribeLiveReminder, type LiveReminderAnswer } from '@/services/api'
import { startLogin } from '@/services/login'
import { navigateTo } from '@/services/navigation'
import { RequestError } from '@/services/request'
import { toast } from '@/services/toast'
import { user } from '@/services/user'
import { formatDate } from '@/utils/format'
import { START_PATTERN, statusOf } from '../labels'
import { StatusBadge } from '../stream/StreamHead'
import { reminderIcs } from './calendar'
import '../index.scss'

export const SUBSCRIBED_TEXT = '已订阅开播提醒，开播时会通过服务通知提醒你'
export const DECLINED_TEXT = '你没有允许开播提醒，可以再点一次重新选择'
export const UNAVAILABLE_TEXT = '当前版本不支持订阅消息，请升级后再试'
export const NOT_OFFERED_TEXT = '开播提醒暂未开放，请记下开播时间'
export const CALENDAR_TEXT = '已生成日历文件，打开它即可把开播提醒加入日历'

/** The subscribe-id of a stream's Baidu subscription (one message per user and id). */
export const subscribeIdOf = (liveId: string) => `live-${liveId}`.replace(/[^\w-]/g, '').slice(0, 64)

/** The stream's reminder answer; null when there is no such stream (the not-found state). */
async function loadReminder(liveId: string): Promise<LiveReminderAnswer | null> {
  try {
    return await liveReminder(liveId)
  } catch (err) {
    if (err instanceof RequestError && err.status === 404) return null
    throw err
  }
}

/**
 * 消息授权: a 预告 stream's start reminder. In the mini-programs the user allows the platform's
 * subscription message (WeChat's panel, Baidu's form: src/platform/reminder) and the server sends
 * it when the stream starts; on the web the reminder is a calendar file with an alarm.
 */
export const LiveAuthScreen = observer(function LiveAuthScreen({ liveId }: { liveId: string }) {
  const { state, data, reload, update } = useRemote(liveId ? `liveReminder:${liveId}` : null, () => loadReminder(liveId), {
    user: 'optional',
  })
  const [note, setNote] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  if (!data || state !== 'ready')
    return (
      <Pending
        state={liveId ? state : 'notFound'}
        onRetry={() => reload()}
        rows={4}
        notFound={{ title: '直播不存在', description: '它可能已经下线，回到直播列表看看别的。' }}
      />
    )
  const status = statusOf(data.status)
  const templateId = REMINDER_PLATFORM ? data.templates[REMINDER_PLATFORM] : null

  const subscribe = async (consent: ReminderConsent) => {
    if (consent.answer !== 'accept') return setNote(consent.answer === 'reject' ? DECLINED_TEXT : UNAVAILABLE_TEXT)
    if (!REMINDER_PLATFORM) return
    setBusy(true)
    try {
      const code = await hostLoginCode()
      await subscribeLiveReminder(liveId, { platform: REMINDER_PLATFORM, code, subscribeId: consent.subscribeId })
      update({ ...data, subscribed: true })
      setNote(null)
      toast.open('订阅成功')
    } catch {
      // The request layer has shown why (a toast); the button stays for another try.
    } finally {
      setBusy(false)
    }
  }
  const cancel = async () => {
    setBusy(true)
    try {
      await cancelLiveReminder(liveId)
      update({ ...data, subscribed: false })
    } catch {
      // Shown by the request layer.
    } finally {
      setBusy(false)
    }
  }
  const addToCalendar = () => {
    const here = currentLocation()
    const url = here ? new URL(`/subPkg/pages/live/index?liveId=${encodeURIComponent(liveId)}`, here.href).href : undefined
    const saved = saveCalendarFile(
      reminderIcs({ liveId, title: data.title, startsAt: data.startsAt, presenter: data.presenter, url }),
      `live-${liveId}.ics`,
    )
    setNote(saved ? CALENDAR_TEXT : NOT_OFFERED_TEXT)
  }

  return (
    <View className='alfa-live-auth'>
      <View className='alfa-live-auth__stream'>
        <StatusBadge status={data.status} />
        <Text className='alfa-live-auth__title'>{data.title}</Text>
        <Text className='alfa-live-auth__start'>开播时间 {formatDate(data.startsAt, START_PATTERN)}</Text>
        {data.presenter && <Text className='alfa-live-auth__presenter'>主讲：{data.presenter}</Text>}
      </View>
      <View className='alfa-live-auth__action'>
        {status !== 'UPCOMING' ? (
          <>
            <Text className='alfa-live-auth__note'>{status === 'LIVE' ? '直播已经开始了' : '直播已结束，可以看回放'}</Text>
            <Button role='button' className='alfa-live-auth__button' onClick={() => void navigateTo('live', { liveId })}>
              {status === 'LIVE' ? '去看直播' : '看回放'}
            </Button>
          </>
        ) : !REMINDER_PLATFORM ? (
          <Button role='button' className='alfa-live-auth__button' onClick={addToCalendar}>
            添加到日历
          </Button>
        ) : !templateId ? (
          <Text className='alfa-live-auth__note'>{NOT_OFFERED_TEXT}</Text>
        ) : data.subscribed ? (
          <>
            <Text className='alfa-live-auth__note alfa-live-auth__note--done'>{SUBSCRIBED_TEXT}</Text>
            <Button
              role='button'
              className='alfa-live-auth__button alfa-live-auth__button--plain'
              disabled={busy}
              onClick={() => void cancel()}
            >
              取消提醒
            </Button>
          </>
        ) : !user.isLogin ? (
          <Button role='button' className='alfa-live-auth__button' onClick={() => void startLogin()}>
            登录后订阅开播提醒
          </Button>
        ) : (
          <ReminderConsentButton
            className='alfa-live-auth__button'
            templateId={templateId}
            subscribeId={subscribeIdOf(liveId)}
            disabled={busy}
            onConsent={(consent) => void subscribe(consent)}
          >
            订阅开播提醒
          </ReminderConsentButton>
        )}
        {note && (
          <View className='alfa-live-auth__note' role='status'>
            {note}
          </View>
        )}
      </View>
    </View>
  )
})
