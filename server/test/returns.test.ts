import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { adjustSeries, deriveDistributions, type RawNav } from '../src/fund/adjusted'
import {
  annualizedReturn,
  maxDrawdown,
  periodReturn,
  periodStart,
  sharpeRatio,
  volatility,
  DEFAULT_RISK_FREE_RATE,
  type NavPoint,
} from '../src/fund/performance'
import { rangeBase, rangeStart } from '../src/ranges'

// Every expected figure below is worked out by hand in the comments, not by the code under test.

const close = (a: number | null | undefined, b: number, eps = 1e-9) =>
  assert.ok(a !== null && a !== undefined && Math.abs(a - b) < eps, `${a} ≈ ${b}`)
const raw = (date: string, nav: string, accNav: string | null = nav): RawNav => ({ date, nav, accNav })

/**
 * A fund that pays 0.10 per unit on 2024-01-04 and splits 1:2 on 2024-01-08.
 *   01-02  nav 1.0000                       adjusted 1.0000
 *   01-03  nav 1.1000  (+10%)               adjusted 1.1000
 *   01-04  nav 1.0000  ex-dividend 0.10     reinvested at 1.0000: units × 1.1 → adjusted 1.0000 × 1.1 = 1.1000 (0%)
 *   01-05  nav 1.0500  (+5%)                adjusted 1.0500 × 1.1 = 1.1550
 *   01-08  nav 0.5250  split 1 → 2 units    adjusted 0.5250 × 1.1 × 2 = 1.1550 (0%)
 *   01-09  nav 0.5775  (+10%)               adjusted 0.5775 × 2.2 = 1.2705
 * Since set-up: 1.2705 − 1 = +27.05% (the unit NAV alone would say 0.5775 − 1 = −42.25%).
 */
const UNIT = [
  raw('2024-01-02', '1.0000'),
  raw('2024-01-03', '1.1000'),
  raw('2024-01-04', '1.0000'),
  raw('2024-01-05', '1.0500'),
  raw('2024-01-08', '0.5250'),
  raw('2024-01-09', '0.5775'),
]
const EVENTS = [
  { date: '2024-01-04', kind: 'dividend' as const, cash: 0.1 },
  { date: '2024-01-08', kind: 'split' as const, ratio: 2 },
]

describe('the adjusted NAV reinvests distributions at the ex-date NAV and applies splits', () => {
  const adjusted = adjustSeries(UNIT, EVENTS)
  it('gives the hand-computed adjusted NAVs', () => {
    const expected = [1, 1.1, 1.1, 1.155, 1.155, 1.2705]
    adjusted.forEach((p, i) => close(p.adjNav, expected[i]))
  })
  it('the ex-dividend day and the split day are not losses', () => {
    close(adjusted[2].dailyReturn, 0)
    close(adjusted[4].dailyReturn, 0)
    close(adjusted[5].dailyReturn, 0.1)
    assert.equal(adjusted[0].dailyReturn, null)
  })
  it('since set-up is +27.05%, not the −42.25% of the unit NAV', () => {
    const series: NavPoint[] = adjusted.map((p) => ({ date: p.date, value: p.adjNav }))
    close(periodReturn(series, 'SETUP'), 0.2705)
  })
  it('an event on a day without a NAV applies on the next NAV day', () => {
    const moved = adjustSeries(UNIT, [{ date: '2024-01-06', kind: 'split', ratio: 2 }])
    close(moved[4].adjNav, 0.525 * 2)
    close(moved[3].adjNav, 1.05)
  })
})

/**
 * A distribution reinvested after its ex-date (older funds reinvested at the NAV of the payment
 * day): the holder keeps the cash beside the units until then. Same NAVs, 0.10 paid on 01-04:
 *   reinvested 01-05:  01-04  1.0000 + 0.10 cash                       = 1.1000 (0%)
 *                      01-05  0.10 / 1.05 = 0.0952381 new units; 1.05 × 1.0952381 = 1.1500 (+4.545%: the
 *                             cash did not take part in the day's +5%; reinvested on the ex-date it is 1.1550)
 *                      01-09  0.5775 × 1.0952381                   = 0.6325
 *   reinvested 01-06 (a Saturday) → on the next NAV day, 01-08 at 0.5250: 0.10 / 0.525 = 0.1904762 new units;
 *                      01-05  1.05 + 0.10 = 1.1500; 01-08 0.525 × 1.1904762 = 0.6250; 01-09 0.5775 × 1.1904762 = 0.6875
 *   reinvested 01-09, split 1 → 2 on 01-08 (the cash is not split): 01-08 2 × 0.525 + 0.10 = 1.1500;
 *                      01-09 2 × 0.5775 + 0.10 = 1.2550 (units 2 + 0.10 / 0.5775)
 */
describe('a dividend with a later reinvestment date', () => {
  const dividend = (reinvestDate: string) => ({ date: '2024-01-04', kind: 'dividend' as const, cash: 0.1, reinvestDate })
  it('holds the cash until the reinvestment day, then buys units at that day’s NAV', () => {
    const a = adjustSeries(UNIT, [dividend('2024-01-05')])
    ;[1, 1.1, 1.1, 1.15, 0.575, 0.6325].forEach((v, i) => close(a[i].adjNav, v))
    close(a[2].dailyReturn, 0)
    close(a[3].dailyReturn, 1.15 / 1.1 - 1)
  })
  it('a reinvestment date without a NAV means the next NAV day', () => {
    const a = adjustSeries(UNIT, [dividend('2024-01-06')])
    ;[1, 1.1, 1.1, 1.15, 0.625, 0.6875].forEach((v, i) => close(a[i].adjNav, v))
  })
  it('cash waiting for reinvestment is not split', () => {
    const a = adjustSeries(UNIT, [dividend('2024-01-09'), EVENTS[1]])
    ;[1, 1.1, 1.1, 1.15, 1.15, 1.255].forEach((v, i) => close(a[i].adjNav, v))
  })
  it('the ex-date as reinvestment date is the ordinary reinvestment', () => {
    const same = adjustSeries(UNIT, [dividend('2024-01-04'), EVENTS[1]])
    adjustSeries(UNIT, EVENTS).forEach((p, i) => close(same[i].adjNav, p.adjNav))
  })
})

describe('without explicit events, distributions come from the accumulated NAV', () => {
  // Same fund, dividend only: accumulated NAV = unit NAV + 0.10 from the ex-date on.
  const rows = [
    raw('2024-01-02', '1.0000', '1.0000'),
    raw('2024-01-03', '1.1000', '1.1000'),
    raw('2024-01-04', '1.0000', '1.1000'),
    raw('2024-01-05', '1.0500', '1.1500'),
  ]
  it('a rise of (accumulated − unit) is the cash paid that day', () => {
    assert.deepEqual(deriveDistributions(rows), [{ date: '2024-01-04', kind: 'dividend', cash: 0.1 }])
  })
  it('gives the same adjusted NAV as the explicit dividend', () => {
    const derived = adjustSeries(rows)
    const explicit = adjustSeries(rows, [EVENTS[0]])
    derived.forEach((p, i) => close(p.adjNav, explicit[i].adjNav))
    close(derived[3].adjNav, 1.155)
  })
  it('rounding of the two 4-place NAVs (a 0.0001 wobble) is not a distribution', () => {
    const wobble = [raw('2024-01-02', '1.2346', '1.3346'), raw('2024-01-03', '1.2347', '1.3346'), raw('2024-01-04', '1.2349', '1.3349')]
    assert.deepEqual(deriveDistributions(wobble), [])
  })
  it('a fund without an accumulated NAV never distributed', () => {
    assert.deepEqual(deriveDistributions([raw('2024-01-02', '1.0', null), raw('2024-01-03', '0.9', null)]), [])
  })
})

describe('period start when the day is not a trading day', () => {
  // Last NAV Monday 2025-03-03; 近1年 starts Sunday 2024-03-03: the base is Friday 2024-03-01's NAV.
  const series: NavPoint[] = [
    { date: '2024-02-29', value: 0.9 },
    { date: '2024-03-01', value: 1.0 },
    { date: '2024-03-04', value: 1.05 },
    { date: '2025-03-03', value: 1.2 },
  ]
  it('近1年 is measured from the last NAV on or before the same day a year earlier', () => {
    assert.equal(periodStart('1Y', '2025-03-03'), '2024-03-03')
    close(periodReturn(series, '1Y'), 1.2 / 1.0 - 1)
  })
  it('a chart range starts at the same base, so its 区间收益 equals the period return', () => {
    assert.equal(rangeStart('1Y', '2025-03-03'), '2024-03-03')
    assert.equal(rangeBase('1Y', '2025-03-03'), '2024-03-03')
    assert.equal(rangeBase('YTD', '2025-03-03'), '2024-12-31')
    assert.equal(rangeStart('1M', '2025-03-31'), '2025-02-28')
  })
})

describe('annualised return, maximum drawdown, volatility and Sharpe ratio', () => {
  it('annualises over 365 calendar days: +21% over two years is +10% a year', () => {
    close(
      annualizedReturn([
        { date: '2022-01-01', value: 1 },
        { date: '2024-01-01', value: 1.21 },
      ]),
      1.21 ** (365 / 730) - 1,
    )
    close(
      annualizedReturn([
        { date: '2023-01-01', value: 1 },
        { date: '2024-01-01', value: 1.1 },
      ]),
      0.1,
    )
  })
  it('drawdown is measured on the adjusted NAV, with its dates', () => {
    // Adjusted: peak 1.2705 on 01-09, then 1.0395 (= 0.4725 × 2.2) on 01-10: 1.0395 / 1.2705 − 1 = −18.18%.
    const rows = [...UNIT, raw('2024-01-10', '0.4725')]
    const s: NavPoint[] = adjustSeries(rows, EVENTS).map((p) => ({ date: p.date, value: p.adjNav }))
    const dd = maxDrawdown(s)
    close(dd.value, 1.0395 / 1.2705 - 1)
    assert.equal(dd.peakDate, '2024-01-09')
    assert.equal(dd.troughDate, '2024-01-10')
    // The unit NAV would report a −52.75% drawdown (1.0000 → 0.4725) that no holder suffered.
    assert.ok(dd.value > -0.2)
  })
  it('Sharpe ratio is (annualised return − 1.5%) / annualised volatility', () => {
    const s: NavPoint[] = [
      { date: '2023-01-02', value: 1 },
      { date: '2023-01-03', value: 1.01 },
      { date: '2023-01-04', value: 1.01 * 0.995 },
      { date: '2024-01-02', value: 1.08 },
    ]
    const r = [0.01, -0.005, 1.08 / (1.01 * 0.995) - 1]
    const mean = r.reduce((a, b) => a + b) / 3
    const vol = Math.sqrt(r.reduce((a, b) => a + (b - mean) ** 2, 0) / 2) * Math.sqrt(250)
    close(volatility(s), vol)
    const annual = 1.08 ** (365 / 365) - 1
    close(sharpeRatio(s, DEFAULT_RISK_FREE_RATE), (annual - DEFAULT_RISK_FREE_RATE) / vol)
    assert.equal(DEFAULT_RISK_FREE_RATE, 0.015)
  })
})
