import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { CALENDAR_LAST_YEAR, addDays, isTradingDay, nextTradingDay, shanghaiToday, tradeDates, tradingDays } from '../src/calendar'

/** Every instant is written as Shanghai wall-clock time (UTC+8, no daylight saving). */
const shanghai = (wallClock: string) => Date.parse(`${wallClock}+08:00`)

describe('trading calendar: holidays after the demo era (estimated from the lunar dates until published)', () => {
  it('the Spring Festival 2027 (eve 2027-02-05) closes from the eve to the 7th day of the first month', () => {
    assert.deepEqual(tradingDays('2027-02-01', '2027-02-19'), [
      '2027-02-01',
      '2027-02-02',
      '2027-02-03',
      '2027-02-04',
      '2027-02-15',
      '2027-02-16',
      '2027-02-17',
      '2027-02-18',
      '2027-02-19',
    ])
  })
  it('National Day 2027 closes October 1–7; the Friday after is open', () => {
    assert.deepEqual(tradingDays('2027-09-27', '2027-10-12'), [
      '2027-09-27',
      '2027-09-28',
      '2027-09-29',
      '2027-09-30',
      '2027-10-08',
      '2027-10-11',
      '2027-10-12',
    ])
  })
  it('New Year, Qingming, Labour Day, Dragon Boat and Mid-Autumn 2027 are closed', () => {
    for (const day of ['2027-01-01', '2027-04-05', '2027-05-03', '2027-05-04', '2027-05-05', '2027-06-09', '2027-09-15'])
      assert.equal(isTradingDay(day), false, day)
    for (const day of ['2027-01-04', '2027-04-06', '2027-05-06', '2027-06-10', '2027-09-16']) assert.equal(isTradingDay(day), true, day)
  })
  it('a one-day holiday on a weekend is made up on the Monday; on a Tuesday the Monday is bridged', () => {
    assert.equal(isTradingDay('2028-05-29'), false, 'Dragon Boat 2028 is a Sunday')
    assert.equal(isTradingDay('2029-06-18'), false, 'Dragon Boat 2029 is a Saturday')
    assert.deepEqual(
      tradingDays('2028-03-31', '2028-04-07'),
      ['2028-03-31', '2028-04-05', '2028-04-06', '2028-04-07'],
      'Qingming 2028 is a Tuesday',
    )
  })
  it('Mid-Autumn next to National Day makes one 8-day closure (2028: October 3)', () => {
    assert.deepEqual(tradingDays('2028-09-29', '2028-10-10'), ['2028-09-29', '2028-10-09', '2028-10-10'])
  })
  it('a New Year bridged across the year: 2030-01-01 is a Tuesday, 2029-12-31 is closed', () => {
    assert.deepEqual(tradingDays('2029-12-28', '2030-01-03'), ['2029-12-28', '2030-01-02', '2030-01-03'])
  })
  it('an order after 15:00 on the last day before the Spring Festival 2027 trades when the market reopens', () => {
    assert.deepEqual(tradeDates(shanghai('2027-02-04T15:30:00')), {
      currentTxnDate: '2027-02-15',
      buyExpectConfirmDate: '2027-02-16',
      incomeVisibleDate: '2027-02-17',
    })
  })
  it('an order on National Day 2027 trades on October 8', () => {
    assert.deepEqual(tradeDates(shanghai('2027-10-03T10:00:00')), {
      currentTxnDate: '2027-10-08',
      buyExpectConfirmDate: '2027-10-11',
      incomeVisibleDate: '2027-10-12',
    })
  })
  it('knows the holidays of the year after this one (fails once the table needs the next years: add them)', () => {
    assert.ok(CALENDAR_LAST_YEAR >= new Date().getUTCFullYear() + 1, `the holiday table ends in ${CALENDAR_LAST_YEAR}`)
  })
})

describe('trading calendar: weekends', () => {
  it('no Saturday or Sunday is a trading day, make-up working days included (2016–2031)', () => {
    const days = tradingDays('2016-01-01', '2031-12-31')
    assert.ok(days.length > 3500)
    assert.deepEqual(
      days.filter((d) => [0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay())),
      [],
    )
    // Published make-up working days (调休上班) that the exchanges keep closed.
    for (const day of ['2026-01-04', '2026-02-14', '2026-02-28', '2025-09-28', '2025-10-11']) assert.equal(isTradingDay(day), false, day)
  })
  it('the next trading day after a Friday is the Monday', () => {
    assert.equal(nextTradingDay('2027-03-05'), '2027-03-08')
  })
})

describe('the demo era keeps the table the demo data was generated with', () => {
  it('2016–2026 close New Year, 7 Spring Festival days, May 1–5 and October 1–7 only', () => {
    assert.deepEqual(tradingDays('2026-02-13', '2026-02-24'), ['2026-02-13', '2026-02-23', '2026-02-24'])
    assert.equal(isTradingDay('2026-04-06'), true, 'Qingming is not in the demo table')
    assert.equal(tradingDays('2016-10-10', '2026-09-30').length, 2465)
  })
})

describe('Shanghai today', () => {
  it('is the calendar day at UTC+8 whatever the machine’s zone', () => {
    assert.equal(shanghaiToday(Date.parse('2026-11-24T15:59:59Z')), '2026-11-24')
    assert.equal(shanghaiToday(Date.parse('2026-11-24T16:00:00Z')), '2026-11-25')
    assert.equal(shanghaiToday(shanghai('2027-01-01T00:00:00')), '2027-01-01')
  })
  it('addDays counts calendar days across months and years', () => {
    assert.equal(addDays('2028-02-28', 1), '2028-02-29')
    assert.equal(addDays('2027-01-01', -1), '2026-12-31')
  })
})
