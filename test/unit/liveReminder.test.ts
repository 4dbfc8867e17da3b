import Taro from '@tarojs/taro'
import { escapeText, foldLine, reminderIcs } from '@/features/live/reminder/calendar'
import { subscribeIdOf } from '@/features/live/reminder/LiveAuthScreen'

// The mini-program variants of src/platform/reminder (jest resolves the plain name to the H5 one).
const wechat = jest.requireActual<typeof import('@/platform/reminder')>('../../src/platform/reminder.tsx')
const baidu = jest.requireActual<{ consentOfSubmit: (d: unknown, id: string) => unknown }>('../../src/platform/reminder.swan.tsx')

const octets = (s: string) => Buffer.byteLength(s, 'utf8')

describe('the calendar file of a start reminder (RFC 5545)', () => {
  const ics = reminderIcs(
    {
      liveId: 'LIVE003',
      title: '养老投资怎么做；第1期, 直播\n新行',
      startsAt: '2026-10-07T11:30:00.000Z',
      presenter: '投顾',
      url: 'https://m.alfa.example/subPkg/pages/live/index?liveId=LIVE003',
    },
    new Date('2026-10-01T00:00:00Z'),
  )
  const lines = ics.split('\r\n')

  it('is one event at the stream’s start, an hour long, with an alarm ten minutes before', () => {
    expect(lines[0]).toBe('BEGIN:VCALENDAR')
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true)
    expect(lines).toContain('DTSTART:20261007T113000Z')
    expect(lines).toContain('DTEND:20261007T123000Z')
    expect(lines).toContain('DTSTAMP:20261001T000000Z')
    expect(lines).toContain('UID:live-LIVE003@alfa')
    expect(lines).toContain('TRIGGER:-PT10M')
  })

  it('escapes the title (no line break or separator starts a new property) and folds lines at 75 octets, never inside a character', () => {
    const unfolded = ics.replace(/\r\n /g, '')
    expect(unfolded).toContain('SUMMARY:直播：养老投资怎么做；第1期\\, 直播\\n新行')
    expect(escapeText('a;b,c\\d\ne')).toBe('a\\;b\\,c\\\\d\\ne')
    for (const line of lines) expect(octets(line)).toBeLessThanOrEqual(75)
    const long = foldLine(`SUMMARY:${'直播'.repeat(40)}`)
    const parts = long.split('\r\n')
    expect(parts.length).toBeGreaterThan(1)
    expect(parts.slice(1).every((p) => p.startsWith(' '))).toBe(true)
    expect(parts.map((p, i) => (i ? p.slice(1) : p)).join('')).toBe(`SUMMARY:${'直播'.repeat(40)}`)
  })
})

describe('the platforms’ consent', () => {
  afterEach(() => jest.restoreAllMocks())

  it('WeChat: accept only for the asked template; a refusal in the settings is a reject; no API is unavailable', async () => {
    jest.spyOn(Taro, 'requestSubscribeMessage').mockResolvedValueOnce({ T: 'accept' } as never)
    expect(await wechat.askReminderConsent('T')).toEqual({ answer: 'accept' })
    jest.spyOn(Taro, 'requestSubscribeMessage').mockResolvedValueOnce({ T: 'ban' } as never)
    expect(await wechat.askReminderConsent('T')).toEqual({ answer: 'reject' })
    jest.spyOn(Taro, 'requestSubscribeMessage').mockRejectedValueOnce({ errCode: 20004 })
    expect(await wechat.askReminderConsent('T')).toEqual({ answer: 'reject' })
    jest.spyOn(Taro, 'requestSubscribeMessage').mockRejectedValueOnce({ errCode: 10005 })
    expect(await wechat.askReminderConsent('T')).toEqual({ answer: 'unavailable' })
  })

  it('Baidu: a submit with a formId is consent under the stream’s subscribe-id', () => {
    expect(baidu.consentOfSubmit({ formId: 'f1' }, 'live-L1')).toEqual({ answer: 'accept', subscribeId: 'live-L1' })
    expect(baidu.consentOfSubmit({ formId: '' }, 'live-L1')).toEqual({ answer: 'reject' })
    expect(baidu.consentOfSubmit(undefined, 'live-L1')).toEqual({ answer: 'reject' })
    expect(subscribeIdOf('LIVE003')).toBe('live-LIVE003')
    expect(subscribeIdOf('a b<c>')).toBe('live-abc')
  })
})
