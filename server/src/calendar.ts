/**
 * The trading calendar of the mainland exchanges (Shanghai and Shenzhen) and the one Shanghai
 * "today": the demo data's trading days, the trade dates of an order, a portfolio's running days
 * and a manager's years all count days here. Days are yyyy-MM-dd strings in Asia/Shanghai.
 */

const DAY_MS = 86_400_000
/** Shanghai is UTC+8 all year (no daylight saving). */
const SHANGHAI_OFFSET_MS = 8 * 3_600_000
/** Orders placed at or after 15:00 Shanghai time trade on the next trading day. */
const CUT_OFF_HOUR = 15

const toDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)
const fromDay = (day: string) => Date.parse(`${day}T00:00:00Z`)
const weekday = (day: string) => new Date(fromDay(day)).getUTCDay()
const isWeekend = (day: string) => weekday(day) === 0 || weekday(day) === 6

/** The day `days` calendar days after (or before, when negative) `day`. */
export const addDays = (day: string, days: number) => toDay(fromDay(day) + days * DAY_MS)

/** Today's calendar day in Shanghai at the instant `now` (ms since the epoch), whatever the machine's time zone. */
export function shanghaiToday(now: number = Date.now()): string {
  return toDay(now + SHANGHAI_OFFSET_MS)
}

/**
 * Through 2026: the table the demo data set (2016-10 to 2026-09) and its tests were built on, kept
 * as it is so that the demo data does not change: New Year's Day, seven days from the first closed
 * day of the Spring Festival, May 1–5 and October 1–7. It leaves out Qingming, Dragon Boat and
 * Mid-Autumn and the published variations, so days before 2027 are the demo's, not exactly the exchanges'.
 */
const DEMO_ERA_LAST_YEAR = 2026
const DEMO_ERA_SPRING_FESTIVAL = [
  '2017-01-27',
  '2018-02-15',
  '2019-02-04',
  '2020-01-24',
  '2021-02-11',
  '2022-01-31',
  '2023-01-21',
  '2024-02-10',
  '2025-01-28',
  '2026-02-16',
]

/** The dates a year's holidays are reckoned from; the lunar ones and Qingming move every year. */
interface Festivals {
  /** The lunar new year's eve (除夕), the day before the first day of the first lunar month. */
  lunarNewYearsEve: string
  /** The Qingming solar term (清明). */
  qingming: string
  /** The 5th day of the 5th lunar month (端午). */
  dragonBoat: string
  /** The 15th day of the 8th lunar month (中秋). */
  midAutumn: string
}

/**
 * 2027–2030. The Gregorian dates of the lunar festivals and of Qingming are astronomical facts;
 * source: the lunar-javascript library 1.7.7 (github.com/6tail/lunar-javascript: Lunar.fromYmd(y,
 * 1, 1) less a day, Lunar.fromYmd(y, 5, 5), Lunar.fromYmd(y, 8, 15), the 清明 of getJieQiTable()).
 * The exchanges' closures for these years are not published yet (each year's follows the State
 * Council's holiday notice of the November before): they are estimated by `estimatedClosures`
 * from the rules in force since 2025, and are to be replaced by the published closures when the
 * exchanges announce them.
 */
const FESTIVALS: Record<number, Festivals> = {
  2027: { lunarNewYearsEve: '2027-02-05', qingming: '2027-04-05', dragonBoat: '2027-06-09', midAutumn: '2027-09-15' },
  2028: { lunarNewYearsEve: '2028-01-25', qingming: '2028-04-04', dragonBoat: '2028-05-28', midAutumn: '2028-10-03' },
  2029: { lunarNewYearsEve: '2029-02-12', qingming: '2029-04-04', dragonBoat: '2029-06-16', midAutumn: '2029-09-22' },
  2030: { lunarNewYearsEve: '2030-02-02', qingming: '2030-04-05', dragonBoat: '2030-06-05', midAutumn: '2030-09-12' },
}

/** The last year the calendar knows its holidays for; past it only the fixed-date holidays close the market. */
export const CALENDAR_LAST_YEAR = Math.max(...Object.keys(FESTIVALS).map(Number))

const span = (first: string, days: number) => Array.from({ length: days }, (_, i) => addDays(first, i))

/**
 * A one-day holiday's closed days: on a weekend it is made up on the Monday after; on a Tuesday or
 * a Thursday the Monday or the Friday between it and the weekend is bridged (the notices since 2025
 * do both; a Monday, Wednesday or Friday holiday is that day alone).
 */
function oneDayHoliday(day: string): string[] {
  switch (weekday(day)) {
    case 6:
      return [day, addDays(day, 2)]
    case 0:
      return [day, addDays(day, 1)]
    case 2:
      return [addDays(day, -1), day]
    case 4:
      return [day, addDays(day, 1)]
    default:
      return [day]
  }
}

/**
 * A year's closed days by the rules in force since 2025: New Year's Day; the Spring Festival from
 * the lunar new year's eve to the 7th day of the first month (8 days, as in 2025 and 2026);
 * Qingming; Labour Day May 1–5; Dragon Boat; Mid-Autumn; National Day October 1–7, 8 days when
 * Mid-Autumn falls next to it. Weekend make-up working days (调休上班) are not trading days on the
 * exchanges, so only the weekdays of these spans matter.
 */
function estimatedClosures(year: number, f: Festivals | undefined): string[] {
  const closed = [...oneDayHoliday(`${year}-01-01`), ...span(`${year}-05-01`, 5)]
  const midAutumnJoinsNationalDay = f !== undefined && f.midAutumn >= `${year}-09-29` && f.midAutumn <= `${year}-10-08`
  if (midAutumnJoinsNationalDay) {
    const first = f.midAutumn < `${year}-10-01` ? f.midAutumn : `${year}-10-01`
    closed.push(...span(first, 8))
  } else closed.push(...span(`${year}-10-01`, 7))
  if (f) {
    closed.push(...span(f.lunarNewYearsEve, 8), ...oneDayHoliday(f.qingming), ...oneDayHoliday(f.dragonBoat))
    if (!midAutumnJoinsNationalDay) closed.push(...oneDayHoliday(f.midAutumn))
  }
  return closed
}

function demoEraClosures(year: number): string[] {
  const springFestival = DEMO_ERA_SPRING_FESTIVAL.find((d) => d.startsWith(`${year}-`))
  return [`${year}-01-01`, ...span(`${year}-05-01`, 5), ...span(`${year}-10-01`, 7), ...(springFestival ? span(springFestival, 7) : [])]
}

const closedByYear = new Map<number, Set<string>>()

/** Whether the exchanges are closed on `day` for a holiday (weekends aside). */
function isHoliday(day: string): boolean {
  const year = Number(day.slice(0, 4))
  let closed = closedByYear.get(year)
  if (!closed) {
    // A year's closures may start in the year before (a New Year's Day bridged to December 31).
    const own = (y: number) => (y <= DEMO_ERA_LAST_YEAR ? demoEraClosures(y) : estimatedClosures(y, FESTIVALS[y]))
    closed = new Set([...own(year), ...own(year + 1)].filter((d) => d.startsWith(`${year}-`)))
    closedByYear.set(year, closed)
  }
  return closed.has(day)
}

/** Whether `day` is a trading day: a weekday on which the exchanges are open. */
export function isTradingDay(day: string): boolean {
  return !isWeekend(day) && !isHoliday(day)
}

/** Trading days from `from` to `to`, inclusive, oldest first. */
export function tradingDays(from: string, to: string): string[] {
  const days: string[] = []
  for (let t = fromDay(from); t <= fromDay(to); t += DAY_MS) {
    const day = toDay(t)
    if (isTradingDay(day)) days.push(day)
  }
  return days
}

/** The first trading day strictly after `day`. */
export function nextTradingDay(day: string): string {
  let next = addDays(day, 1)
  while (!isTradingDay(next)) next = addDays(next, 1)
  return next
}

/** Trade dates of an order placed at `now`: after 15:00 Shanghai time or on a closed day it goes to the next trading day. */
export function tradeDates(now: number = Date.now()) {
  const today = shanghaiToday(now)
  const openToday = isTradingDay(today) && new Date(now + SHANGHAI_OFFSET_MS).getUTCHours() < CUT_OFF_HOUR
  const currentTxnDate = openToday ? today : nextTradingDay(today)
  const buyExpectConfirmDate = nextTradingDay(currentTxnDate)
  return { currentTxnDate, buyExpectConfirmDate, incomeVisibleDate: nextTradingDay(buyExpectConfirmDate) }
}
