import dayjs from 'dayjs'
import utc from 'dayjs/plugin/utc'
import { NULL_TEXT } from './number'

export * from './number'

dayjs.extend(utc)

/**
 * Every date is shown in Shanghai time (Asia/Shanghai), whatever the device's zone: UTC+8 all year
 * (no daylight saving since 1991, before any fund of ours). A fixed offset rather than dayjs's
 * timezone plugin: that one asks Intl.DateTimeFormat for every date it formats (about 45 ms of a
 * strategy page's first screen on a 4x slowed CPU), and some hosts lack Intl zones.
 */
const SHANGHAI_OFFSET_MINUTES = 480

export const DATE = 'yyyy-MM-dd'
export const MONTH_DAY = 'MM-dd'
export const SHORT_DATE = 'yy.MM.dd'
export const DATE_TIME = 'yyyy-MM-dd HH:mm'

/** yyyy-MM-dd style patterns of the spec, in dayjs tokens. */
function toDayjsPattern(pattern: string): string {
  return pattern.replace(/yyyy/g, 'YYYY').replace(/yy/g, 'YY').replace(/dd/g, 'DD')
}

export type DateInput = string | number | Date | null | undefined

/** A date-only or local date-time string without a zone is a Shanghai wall-clock time. */
const WALL_CLOCK_RE = /^\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?$/

function inShanghai(value: string | number | Date): dayjs.Dayjs | null {
  const d =
    typeof value === 'string' && WALL_CLOCK_RE.test(value) ? dayjs.utc(value).subtract(SHANGHAI_OFFSET_MINUTES, 'minute') : dayjs(value)
  return d.isValid() ? d.utcOffset(SHANGHAI_OFFSET_MINUTES) : null
}

/**
 * A date in Shanghai time, whatever the device's zone. Patterns: yyyy-MM-dd, MM-dd, yy.MM.dd and
 * the default yyyy-MM-dd HH:mm. Epoch milliseconds, Date, ISO strings with a zone, and
 * zone-less 'yyyy-MM-dd[ HH:mm[:ss]]' strings (read as Shanghai time) are accepted.
 */
export function formatDate(value: DateInput, pattern: string = DATE_TIME): string {
  if (value === null || value === undefined || value === '') return NULL_TEXT
  const d = inShanghai(value)
  return d ? d.format(toDayjsPattern(pattern)) : NULL_TEXT
}
