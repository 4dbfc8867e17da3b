import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { backtest, BacktestError } from '../src/portfolio/backtest'
import { maxDrawdown, periodReturn } from '../src/fund/performance'

/**
 * A hand-worked two-fund strategy: set up on 2024-01-02 half A half B, then three adjustments
 * (01-04: 20/80, 01-08: all A, 01-10: back to half and half). B has no NAV on 01-03 (a holiday of
 * its market): it counts at its 01-02 NAV. Every expected figure below is worked out by hand from
 * the units held, never by the code under test.
 */
const A = {
  '2024-01-02': 1.0,
  '2024-01-03': 1.1,
  '2024-01-04': 1.2,
  '2024-01-05': 0.9,
  '2024-01-08': 1.0,
  '2024-01-09': 1.1,
  '2024-01-10': 1.21,
  '2024-01-11': 1.0,
}
const B = {
  '2024-01-02': 2.0,
  '2024-01-04': 1.9,
  '2024-01-05': 1.8,
  '2024-01-08': 1.5,
  '2024-01-09': 1.7,
  '2024-01-10': 1.6,
  '2024-01-11': 2.0,
}
const navs = new Map(
  Object.entries({ A, B }).map(([code, s]) => [code, Object.entries(s).map(([date, adjNav]) => ({ date, adjNav }))] as const),
)
const compositions = [
  {
    date: '2024-01-02',
    holdings: [
      { fundCode: 'A', weight: 0.5 },
      { fundCode: 'B', weight: 0.5 },
    ],
  },
  {
    date: '2024-01-04',
    holdings: [
      { fundCode: 'A', weight: 0.2 },
      { fundCode: 'B', weight: 0.8 },
    ],
  },
  { date: '2024-01-08', holdings: [{ fundCode: 'A', weight: 1 }] },
  {
    date: '2024-01-10',
    holdings: [
      { fundCode: 'A', weight: 0.5 },
      { fundCode: 'B', weight: 0.5 },
    ],
  },
]

// Units after set-up (NAV 1): A 0.5 / 1.0 = 0.5, B 0.5 / 2.0 = 0.25.
const nav03 = 0.5 * 1.1 + 0.25 * 2.0 // 1.05 (B at its 01-02 NAV)
const nav04 = 0.5 * 1.2 + 0.25 * 1.9 // 1.075, then rebalanced to 20/80
const [a2, b2] = [(nav04 * 0.2) / 1.2, (nav04 * 0.8) / 1.9]
const nav05 = a2 * 0.9 + b2 * 1.8 // 0.9759868…
const nav08 = a2 * 1.0 + b2 * 1.5 // 0.8581140…, then all in A at 1.0
const a3 = nav08 / 1.0
const nav09 = a3 * 1.1 // 0.9439254…
const nav10 = a3 * 1.21 // 1.0383180…, then half and half
const [a4, b4] = [(nav10 * 0.5) / 1.21, (nav10 * 0.5) / 1.6]
const nav11 = a4 * 1.0 + b4 * 2.0 // 1.0780058…

describe('backtest: a strategy’s NAV from its compositions and its funds’ adjusted NAVs', () => {
  const { series, drifted } = backtest(compositions, navs)

  it('is 1 at set-up, rebalanced on each adjustment day and drifting with its funds between them', () => {
    assert.deepEqual(
      series.map((p) => p.date),
      ['2024-01-02', '2024-01-03', '2024-01-04', '2024-01-05', '2024-01-08', '2024-01-09', '2024-01-10', '2024-01-11'],
    )
    const expected = [1, nav03, nav04, nav05, nav08, nav09, nav10, nav11]
    series.forEach((p, i) => assert.ok(Math.abs(p.nav - expected[i]) < 1e-12, `${p.date}: ${p.nav} vs ${expected[i]}`))
    // Spot values worked out on paper.
    assert.equal(series[2].nav.toFixed(4), '1.0750')
    assert.equal(series[4].nav.toFixed(6), '0.858114')
    assert.equal(series[7].nav.toFixed(6), '1.078006')
  })

  it('says the weights each adjustment found, drifted from the one before', () => {
    assert.equal(drifted[0].size, 0)
    // On 01-04: A 0.5 × 1.2 = 0.6 of 1.075, B 0.475 of 1.075.
    assert.ok(Math.abs(drifted[1].get('A')! - 0.6 / 1.075) < 1e-12)
    assert.ok(Math.abs(drifted[1].get('B')! - 0.475 / 1.075) < 1e-12)
    // On 01-08: A a2 × 1.0 of nav08.
    assert.ok(Math.abs(drifted[2].get('A')! - a2 / nav08) < 1e-12)
    assert.deepEqual([...drifted[3].keys()], ['A'])
  })

  it('period returns and the max drawdown over the series', () => {
    const points = series.map((p) => ({ date: p.date, value: p.nav }))
    assert.ok(Math.abs(periodReturn(points, 'SETUP')! - (nav11 - 1)) < 1e-12)
    assert.equal((periodReturn(points, 'SETUP')! * 100).toFixed(2), '7.80')
    // Each holding period: 01-02→01-04 +7.50%, 01-04→01-08 −20.18%, 01-08→01-10 +21.00%, 01-10→01-11 +3.82%.
    const ret = (from: string, to: string) => series.find((p) => p.date === to)!.nav / series.find((p) => p.date === from)!.nav - 1
    assert.equal((ret('2024-01-02', '2024-01-04') * 100).toFixed(2), '7.50')
    assert.equal((ret('2024-01-04', '2024-01-08') * 100).toFixed(2), (((a2 * 1.0 + b2 * 1.5) / 1.075 - 1) * 100).toFixed(2))
    assert.equal((ret('2024-01-04', '2024-01-08') * 100).toFixed(2), '-20.18')
    assert.equal((ret('2024-01-08', '2024-01-10') * 100).toFixed(2), '21.00')
    assert.equal((ret('2024-01-10', '2024-01-11') * 100).toFixed(2), (((0.5 / 1.21) * 1.0 + (0.5 / 1.6) * 2.0 - 1) * 100).toFixed(2))
    // The largest fall: from 1.075 on 01-04 to 0.858114 on 01-08.
    const dd = maxDrawdown(points)
    assert.deepEqual({ peak: dd.peakDate, trough: dd.troughDate }, { peak: '2024-01-04', trough: '2024-01-08' })
    assert.ok(Math.abs(dd.value - (nav08 / 1.075 - 1)) < 1e-12)
    assert.equal((dd.value * 100).toFixed(2), '-20.18')
  })

  it('stops at the last NAV of a fund the last composition holds', () => {
    const short = new Map(navs)
    short.set(
      'B',
      navs.get('B')!.filter((p) => p.date <= '2024-01-10'),
    )
    assert.equal(backtest(compositions, short).series.at(-1)!.date, '2024-01-10')
  })

  it('refuses weights that do not add up to 1, a fund without a NAV by its date, dates out of order', () => {
    assert.throws(
      () =>
        backtest(
          [
            {
              date: '2024-01-02',
              holdings: [
                { fundCode: 'A', weight: 0.5 },
                { fundCode: 'B', weight: 0.4 },
              ],
            },
          ],
          navs,
        ),
      (e) => e instanceof BacktestError && /add up to 0\.900000/.test(e.message),
    )
    assert.throws(
      () => backtest([{ date: '2024-01-01', holdings: [{ fundCode: 'A', weight: 1 }] }], navs),
      (e) => e instanceof BacktestError && /A has no NAV on or before 2024-01-01/.test(e.message),
    )
    assert.throws(
      () => backtest([compositions[1], compositions[0]], navs),
      (e) => e instanceof BacktestError && e.composition === 1,
    )
  })
})
