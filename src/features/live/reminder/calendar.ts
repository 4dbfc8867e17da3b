/** A stream's start as an iCalendar event (RFC 5545) a phone's calendar adds, with an alarm before it. */
export interface CalendarEvent {
  liveId: string
  title: string
  /** ISO 8601. */
  startsAt: string
  presenter?: string | null
  /** Where the stream is watched (the page's own address). */
  url?: string
}

/** How long the event lasts in the calendar, and when its alarm rings. */
export const EVENT_MINUTES = 60
export const ALARM_MINUTES = 10

const stamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')

/** A text value with the characters iCalendar reserves escaped (no line break can start a new property). */
export function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
}

const utf8Size = (code: number) => (code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4)

/** Folds a content line at 75 octets (UTF-8), never inside a character, as RFC 5545 section 3.1 asks. */
export function foldLine(line: string): string {
  const out: string[] = []
  let current = ''
  let octets = 0
  for (const ch of line) {
    const size = utf8Size(ch.codePointAt(0) ?? 0)
    const limit = out.length ? 74 : 75
    if (octets + size > limit) {
      out.push(current)
      current = ''
      octets = 0
    }
    current += ch
    octets += size
  }
  out.push(current)
  return out.join('\r\n ')
}

/** The .ics file of a stream's start: one event, its title and start, and an alarm ALARM_MINUTES before. */
export function reminderIcs(event: CalendarEvent, now: Date = new Date()): string {
  const start = new Date(event.startsAt)
  const end = new Date(start.getTime() + EVENT_MINUTES * 60_000)
  const description = [event.presenter ? `主讲：${event.presenter}` : '', event.url ?? ''].filter(Boolean).join('\n')
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Alfa//Live reminder//ZH',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:live-${event.liveId.replace(/[^\w-]/g, '')}@alfa`,
    `DTSTAMP:${stamp(now)}`,
    `DTSTART:${stamp(start)}`,
    `DTEND:${stamp(end)}`,
    `SUMMARY:${escapeText(`直播：${event.title}`)}`,
    ...(description ? [`DESCRIPTION:${escapeText(description)}`] : []),
    ...(event.url ? [`URL:${event.url.replace(/[\r\n]/g, '')}`] : []),
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    `DESCRIPTION:${escapeText(`${event.title} 即将开播`)}`,
    `TRIGGER:-PT${ALARM_MINUTES}M`,
    'END:VALARM',
    'END:VEVENT',
    'END:VCALENDAR',
  ]
  return `${lines.map(foldLine).join('\r\n')}\r\n`
}
