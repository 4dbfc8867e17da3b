import { Text, View } from '@tarojs/components'
import { navigateTo } from '@/services/navigation'
import type { HomeData } from './homeData'
import { Section } from './Section'

/** The live statuses as users read them. */
export const LIVE_STATUS_NAMES: Record<string, string> = { UPCOMING: '预告', LIVE: '直播中', REPLAY: '回放' }

const SHANGHAI_OFFSET_MS = 8 * 3600_000
const two = (n: number) => (n < 10 ? `0${n}` : String(n))

/** MM-dd HH:mm in Shanghai time (UTC+8 all year); without dayjs, which stays out of the main package. */
export function startTimeText(iso: string): string {
  const at = Date.parse(iso)
  if (Number.isNaN(at)) return ''
  const d = new Date(at + SHANGHAI_OFFSET_MS)
  return `${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`
}

/** Recent live streams: status, title and start time; a tap opens the stream. */
export function LiveStreams({ streams }: { streams: HomeData['liveStreams'] }) {
  if (!streams.length) return null
  return (
    <Section name='live' title='直播' more={{ text: '全部直播', onTap: () => navigateTo('live') }}>
      {streams.slice(0, 3).map((s) => (
        <View
          key={s.liveId}
          className='alfa-home__row'
          role='link'
          data-live-id={s.liveId}
          onClick={() => void navigateTo('live', { liveId: s.liveId })}
        >
          <View className='alfa-home__row-main'>
            <Text className='alfa-home__row-title'>{s.title}</Text>
            <Text className='alfa-home__row-note'>{startTimeText(s.startsAt)}</Text>
          </View>
          <Text className={`alfa-home__live alfa-home__live--${s.status.toLowerCase()}`}>{LIVE_STATUS_NAMES[s.status] ?? s.status}</Text>
        </View>
      ))}
    </Section>
  )
}
