import assert from 'node:assert/strict'
import path from 'node:path'
import { describe, it } from 'node:test'
import { monthsBefore, readFixtureCsv } from './realFixture'
import { importBothWays, NAVS_ONLY, WITH_EVENTS } from './realImport'

/**
 * A third sourced real fund, for issue #25's comparison of three real-data funds: 工银沪深300指数A
 * (481009), 2009-03-05 … 2021-03-19, 2,925 published NAVs and 19 cash distributions
 * (server/test/fixtures/index481009/SOURCE.md). Its traps: four distributions of 0.0001 per unit,
 * smaller than the accumulated NAV's rounding (they cannot be read from it), one of 0.30 (27.5% of
 * the unit NAV), and NAVs published on nine quarter-end weekend days.
 *
 * The folder is imported with the real importer into empty databases, once from its NAVs alone and
 * once with its distribution list, and the figures read through the GraphQL API are compared with
 *   - the dividends-reinvested path computed here from fund_navs.csv and fund_events.csv alone;
 *   - the vendor's published 近1月/近3月/近6月/近1年 (vendor/published.csv, within 0.1 pp);
 *   - the vendor's daily growth rates compounded (vendor/daily.csv) and its 近6月 series (vendor/six_months.csv).
 */

const FIXTURE = path.join(__dirname, 'fixtures', 'index481009')
const CODE = '481009'
/** The acceptance tolerance against the vendor's figures: 0.1 percentage point. */
const PP = 0.001

const readCsv = (file: string) => readFixtureCsv(FIXTURE, file)

const navs = readCsv('fund_navs.csv').map((r) => ({ date: r.nav_date, nav: Number(r.nav), acc: Number(r.acc_nav) }))
const dates = navs.map((n) => n.date)
const last = dates.length - 1
const LAST = dates[last]
const events = readCsv('fund_events.csv').map((r) => ({ date: r.ex_date, cash: Number(r.cash_per_unit) }))
const published = Object.fromEntries(readCsv('vendor/published.csv').map((r) => [r.period, Number(r.return_pct) / 100]))
const vendorDaily = new Map(readCsv('vendor/daily.csv').map((r) => [r.date, Number(r.daily_return_pct) / 100]))
const sixMonths = readCsv('vendor/six_months.csv').map((r) => ({ date: r.date, value: Number(r.return_pct) / 100 }))

/** What one unit bought on the first day is worth, each distribution reinvested at its ex-date's unit NAV: from the raw CSV only. */
const truthPath = (() => {
  const cash = new Map(events.map((e) => [e.date, e.cash]))
  let units = 1
  return navs.map((n) => {
    const c = cash.get(n.date)
    if (c) units *= (n.nav + c) / n.nav
    return units * n.nav
  })
})()
/** The vendor's dividend-reinvested path: its published daily growth rates, compounded. */
const vendorPath = dates.map(() => 1)
for (let i = 1; i < dates.length; i++) vendorPath[i] = vendorPath[i - 1] * (1 + vendorDaily.get(dates[i])!)

const onOrBefore = (date: string) => dates.reduce((k, d, i) => (d <= date ? i : k), -1)
const MONTHS: Record<string, number> = { '1M': 1, '3M': 3, '6M': 6, '1Y': 12, '3Y': 36, '5Y': 60 }
const base = (period: string) =>
  period === 'YTD'
    ? onOrBefore(`${Number(LAST.slice(0, 4)) - 1}-12-31`)
    : period === 'SETUP'
      ? 0
      : onOrBefore(monthsBefore(LAST, MONTHS[period]))
const over = (series: number[], period: string) => series[last] / series[base(period)] - 1

const pct = (x: number) => `${(x * 100).toFixed(4)}%`
const near = (ours: number, theirs: number, tol: number, what: string) =>
  assert.ok(
    Math.abs(ours - theirs) <= tol,
    `${what}: ours ${pct(ours)}, expected ${pct(theirs)}, off by ${((ours - theirs) * 100).toFixed(4)} pp`,
  )
/** Half the last place of the API's 4-place rates. */
const SHOWN = 0.00005

// NAVs alone (the events derived from the accumulated NAV), and with the fund's distribution list.
const { variants, imported } = importBothWays(FIXTURE, CODE, LAST, navs.length)

/** The vendor's daily growth rates have 4 places (in percent) until this day, 2 after. */
const FOUR_PLACES_UNTIL = '2020-08-21'
/** The four distributions of 0.0001 per unit: below the accumulated NAV's rounding. */
const TINY = ['2017-07-13', '2017-10-20', '2019-10-17', '2020-10-20']

describe('a real index fund with 19 distributions, four of them 0.0001 per unit: 工银沪深300指数A (481009)', () => {
  it('the fixture is what SOURCE.md says', () => {
    assert.equal(navs.length, 2925)
    assert.equal(dates[0], '2009-03-05')
    assert.equal(LAST, '2021-03-19')
    assert.equal(events.length, 19)
    assert.deepEqual(
      events.filter((e) => e.cash === 0.0001).map((e) => e.date),
      TINY,
    )
    // Every listed distribution is also the rise of (accumulated − unit) NAV on its ex-date, and nothing else moves it.
    const listed = new Map(events.map((e) => [e.date, e.cash]))
    for (let i = 1; i <= last; i++) {
      const rise = navs[i].acc - navs[i].nav - (navs[i - 1].acc - navs[i - 1].nav)
      assert.ok(Math.abs(rise - (listed.get(dates[i]) ?? 0)) < 1e-9, `${dates[i]}: rise ${rise} vs ${listed.get(dates[i]) ?? 0}`)
    }
    // NAVs on quarter-end weekend days (2011-12-31 … 2019-06-30).
    const weekend = dates.filter((d) => [0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay()))
    assert.equal(weekend.length, 9)
    // The raw path is the vendor's growth rates compounded, to their rounding, while those have 4 places (until FOUR_PLACES_UNTIL) …
    for (let i = 0; dates[i] <= FOUR_PLACES_UNTIL; i++) near(truthPath[i] / truthPath[0], vendorPath[i], 0.00005, `成立以来 on ${dates[i]}`)
    // … then the vendor's 2-place rates drift: 0.12 pp apart by the last day.
    const drift = vendorPath[last] - truthPath[last] / truthPath[0]
    assert.ok(drift < -0.001 && drift > -0.0015, `drift ${pct(drift)}`)
  })

  describe(WITH_EVENTS, () => {
    const get = () => imported.get(WITH_EVENTS)!

    it('成立以来 and every day of the adjusted NAV are the dividends-reinvested path computed from the raw CSV', () => {
      const h = get().history
      const first = h.get(dates[0])!.value
      for (const [i, d] of dates.entries()) {
        const ours = h.get(d)!.value / first
        assert.ok(Math.abs(ours / (truthPath[i] / truthPath[0]) - 1) < 1e-6, `${d}: ${ours} vs ${truthPath[i] / truthPath[0]}`)
      }
      const setup = truthPath[last] / truthPath[0] - 1
      near(get().returns.SETUP, setup, SHOWN, '成立以来')
      // With the distributions reinvested the fund made about 57%; the unit NAV alone says 15%.
      assert.ok(setup - (navs[last].nav / navs[0].nav - 1) > 0.4, `${pct(setup)} vs unit NAV ${pct(navs[last].nav / navs[0].nav - 1)}`)
      assert.equal(get().figuresUnavailable, null)
      assert.deepEqual(
        get().report.filter((l) => l.startsWith('conflict')),
        [],
      )
    })

    it('an ex-dividend day shows the day’s real return, as the vendor does; the 0.30 of 2015-12-21 is no 20% loss', () => {
      const h = get().history
      for (const e of events) near(h.get(e.date)!.dailyReturn!, vendorDaily.get(e.date)!, 0.0001, `daily return on ${e.date}`)
      const i = dates.indexOf('2015-12-21')
      assert.ok(navs[i].nav / navs[i - 1].nav - 1 < -0.19)
      near(h.get('2015-12-21')!.dailyReturn!, 0.020398, 0.0001, '2015-12-21')
    })
  })

  for (const [name] of variants) {
    describe(name, () => {
      const get = () => imported.get(name)!

      it('近1月, 近3月, 近6月 and 近1年 are within 0.1 pp of the published figures', (t) => {
        for (const period of ['1M', '3M', '6M', '1Y']) {
          t.diagnostic(`${period} ours ${pct(get().returns[period])} published ${pct(published[period])}`)
          near(get().returns[period], published[period], PP, period)
        }
      })

      it('今年以来, 近3年 and 近5年 are within 0.1 pp of the vendor’s daily rates compounded from the same base day', (t) => {
        for (const period of ['YTD', '3Y', '5Y']) {
          t.diagnostic(`${period} ours ${pct(get().returns[period])} vendor ${pct(over(vendorPath, period))} (base ${dates[base(period)]})`)
          near(get().returns[period], over(vendorPath, period), PP, period)
        }
      })

      it('成立以来 is within 0.1 pp of the raw path, and of the vendor’s rates compounded while they had 4 places', (t) => {
        t.diagnostic(`SETUP ours ${pct(get().returns.SETUP)} raw ${pct(over(truthPath, 'SETUP'))} vendor ${pct(over(vendorPath, 'SETUP'))}`)
        near(get().returns.SETUP, over(truthPath, 'SETUP'), PP, '成立以来')
        const h = get().history
        const first = h.get(dates[0])!.value
        const k = dates.indexOf(FOUR_PLACES_UNTIL)
        near(h.get(FOUR_PLACES_UNTIL)!.value / first - 1, vendorPath[k] - 1, PP, `成立以来 on ${FOUR_PLACES_UNTIL}`)
      })

      it('the 近6月 chart follows the vendor’s 近6月 series day by day, through the 2021-01-14 distribution', () => {
        const h = get().history
        const first = h.get(sixMonths[0].date)!.value
        for (const s of sixMonths) near(h.get(s.date)!.value / first - 1, s.value, PP, `近6月 on ${s.date}`)
      })

      it('the maximum drawdown is the vendor’s (2015-06-08 peak to the 2016-01-28 trough)', () => {
        let peak = 0
        let worst = { rate: 0, start: '', end: '' }
        vendorPath.forEach((v, i) => {
          if (v > vendorPath[peak]) peak = i
          if (v / vendorPath[peak] - 1 < worst.rate) worst = { rate: v / vendorPath[peak] - 1, start: dates[peak], end: dates[i] }
        })
        const dd = get().drawdown
        near(dd.rate, worst.rate, PP, 'maximum drawdown')
        assert.deepEqual([dd.start, dd.end], [worst.start, worst.end])
        assert.deepEqual([dd.start, dd.end], ['2015-06-08', '2016-01-28'])
      })
    })
  }

  it('from the accumulated NAV alone the 0.0001 distributions cannot be seen (within its rounding): the 15 others are found and the figures stay within 0.1 pp', () => {
    const alone = imported.get(NAVS_ONLY)!.history
    const listed = imported.get(WITH_EVENTS)!.history
    for (const e of events) {
      const i = dates.indexOf(e.date)
      const unitMove = navs[i].nav / navs[i - 1].nav - 1
      const withCash = (navs[i].nav + e.cash) / navs[i - 1].nav - 1
      near(listed.get(e.date)!.dailyReturn!, withCash, 0.000001, `with the list, ${e.date}`)
      // Derived from the accumulated NAV: the day's return with the cash, except where the cash is within its rounding.
      near(alone.get(e.date)!.dailyReturn!, TINY.includes(e.date) ? unitMove : withCash, 0.000001, `derived, ${e.date} (${e.cash})`)
    }
    assert.equal(imported.get(NAVS_ONLY)!.figuresUnavailable, null)
    // The four lost are under 0.01% of the value each: 成立以来 is 0.08 pp below the full path's.
    const a = imported.get(NAVS_ONLY)!.returns.SETUP
    const b = imported.get(WITH_EVENTS)!.returns.SETUP
    assert.ok(b - a > 0.0005 && b - a < 0.001, `${pct(a)} vs ${pct(b)}`)
  })
})
