import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { createSign } from '@alfa/common/sign'
import { tradeDates } from '../src/calendar'
import { gql, operation, useTestApp } from './helpers'

/**
 * Trade dates (issue #19): an order placed before 15:00 Shanghai time on a trading day trades that
 * day; after it, or on a closed day, the next trading day. The clock is injected, never the
 * machine's: every instant is written as Shanghai wall-clock time (UTC+8, no daylight saving).
 */
const shanghai = (wallClock: string) => Date.parse(`${wallClock}+08:00`)
const dates = (current: string, confirm: string, income: string) => ({
  currentTxnDate: current,
  buyExpectConfirmDate: confirm,
  incomeVisibleDate: income,
})

describe('tradeDates: the 15:00 Shanghai cut-off', () => {
  const cases: Array<[string, string, ReturnType<typeof dates>]> = [
    // Wednesday 2024-03-13, a trading day.
    ['before 15:00', '2024-03-13T14:59:59.999', dates('2024-03-13', '2024-03-14', '2024-03-15')],
    ['at 15:00 exactly', '2024-03-13T15:00:00.000', dates('2024-03-14', '2024-03-15', '2024-03-18')],
    // 15:00–23:59 Shanghai is 07:00–15:59 UTC: a UTC clock would still call it before the cut-off.
    ['after 15:00 (07:30 UTC, before a UTC cut-off)', '2024-03-13T15:30:00', dates('2024-03-14', '2024-03-15', '2024-03-18')],
    ['late evening (14:59 UTC)', '2024-03-13T22:59:00', dates('2024-03-14', '2024-03-15', '2024-03-18')],
    // 00:00–08:00 Shanghai is still the previous day in UTC.
    ['00:30, UTC still on Tuesday', '2024-03-13T00:30:00', dates('2024-03-13', '2024-03-14', '2024-03-15')],
    ['07:59, UTC still on Tuesday', '2024-03-13T07:59:00', dates('2024-03-13', '2024-03-14', '2024-03-15')],
    ['Monday 06:00, UTC still on Sunday', '2024-03-18T06:00:00', dates('2024-03-18', '2024-03-19', '2024-03-20')],
    ['Saturday 01:00, UTC still on Friday', '2024-03-16T01:00:00', dates('2024-03-18', '2024-03-19', '2024-03-20')],
    // Weekends.
    ['Friday after 15:00 goes to Monday', '2024-03-15T15:00:00', dates('2024-03-18', '2024-03-19', '2024-03-20')],
    ['Saturday morning', '2024-03-16T10:00:00', dates('2024-03-18', '2024-03-19', '2024-03-20')],
    ['Sunday before 15:00', '2024-03-17T14:00:00', dates('2024-03-18', '2024-03-19', '2024-03-20')],
    ['Thursday after 15:00: confirmed Monday', '2024-03-14T16:00:00', dates('2024-03-15', '2024-03-18', '2024-03-19')],
    // Holidays: National Day 2024-10-01..07 (Tuesday to Monday), New Year, the Spring Festival.
    ['National Day, morning', '2024-10-01T10:00:00', dates('2024-10-08', '2024-10-09', '2024-10-10')],
    ['the last day before National Day, after 15:00', '2024-09-30T15:01:00', dates('2024-10-08', '2024-10-09', '2024-10-10')],
    ['the last day before National Day, before 15:00', '2024-09-30T14:00:00', dates('2024-09-30', '2024-10-08', '2024-10-09')],
    ['New Year’s Eve after 15:00', '2024-12-31T16:00:00', dates('2025-01-02', '2025-01-03', '2025-01-06')],
    ['New Year’s Day 07:00, UTC still on New Year’s Eve', '2025-01-01T07:00:00', dates('2025-01-02', '2025-01-03', '2025-01-06')],
    ['Spring Festival 2025 (closed 01-28..02-03)', '2025-01-29T09:00:00', dates('2025-02-04', '2025-02-05', '2025-02-06')],
    ['before the Spring Festival, after 15:00', '2025-01-27T15:30:00', dates('2025-02-04', '2025-02-05', '2025-02-06')],
  ]
  for (const [name, wallClock, expected] of cases) {
    it(`${name}: ${wallClock} Shanghai`, () => assert.deepEqual(tradeDates(shanghai(wallClock)), expected))
  }
})

describe('the trade rule answers the dates of the moment it is asked', () => {
  const app = useTestApp()
  it('at 15:30 Shanghai on a trading day the order trades the next day', async (t) => {
    const now = shanghai('2024-03-13T15:30:00')
    t.mock.timers.enable({ apis: ['Date'], now })
    const { body } = await gql(app.t, operation('PoTradeRule'), { poCode: 'ZH015676', scene: 'buy' }, { 'x-sign': createSign(now) })
    t.mock.timers.reset()
    assert.equal(body.errors, undefined, JSON.stringify(body.errors))
    assert.deepEqual(body.data.portfolio.tradeRule.dates, dates('2024-03-14', '2024-03-15', '2024-03-18'))
  })
})
