import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { Database } from '../src/db'
import { importFolder } from '../src/import/importer'
import { monthsBefore, readRealCsv, REAL_FIXTURE } from './realFixture'
import { importBothWays, NAVS_ONLY, WITH_EVENTS } from './realImport'

/**
 * Issue #8's acceptance check on a real fund: 广发稳健增长混合A (270002), 2004-07-26 … 2021-07-19,
 * 4,132 published NAVs and 22 cash distributions (server/test/fixtures/real/SOURCE.md). It is
 * imported with the real importer into empty databases, once from its NAVs alone (distributions
 * derived from the accumulated NAV) and once with its distribution list (fund_events.csv), and
 * every figure read through the GraphQL API is compared with the vendor's own published figures:
 *   - vendor/published.csv   近1月/近3月/近6月/近1年 as published on 2021-07-19;
 *   - vendor/since_setup.csv the vendor's since-set-up return series (成立以来), about monthly;
 *   - vendor/six_months.csv  the vendor's 近6月 return series, daily;
 *   - vendor/daily.csv       the vendor's daily growth rate (日增长率, distributions reinvested).
 * The expected figures are computed here from those files only, never with the engine's code.
 */

const FIXTURE = REAL_FIXTURE
const CODE = '270002'
/** The acceptance tolerance: 0.1 percentage point. */
const PP = 0.001

const navs = readRealCsv('fund_navs.csv').map((r) => ({ date: r.nav_date, nav: Number(r.nav), acc: Number(r.acc_nav) }))
const dates = navs.map((n) => n.date)
const last = dates.length - 1
const LAST = dates[last]
const events = readRealCsv('fund_events.csv')
const published = Object.fromEntries(readRealCsv('vendor/published.csv').map((r) => [r.period, Number(r.return_pct) / 100]))
const vendorDaily = new Map(readRealCsv('vendor/daily.csv').map((r) => [r.date, Number(r.daily_return_pct) / 100]))
const sinceSetup = readRealCsv('vendor/since_setup.csv').map((r) => ({ date: r.date, value: Number(r.return_pct) / 100 }))
const sixMonths = readRealCsv('vendor/six_months.csv').map((r) => ({ date: r.date, value: Number(r.return_pct) / 100 }))

/** The vendor's dividend-reinvested path: its published daily growth rates, compounded. */
const vendorPath = dates.map(() => 1)
for (let i = 1; i < dates.length; i++) vendorPath[i] = vendorPath[i - 1] * (1 + vendorDaily.get(dates[i])!)

/** Index of the last NAV on or before `date`. */
const onOrBefore = (date: string) => {
  let k = -1
  dates.forEach((d, i) => {
    if (d <= date) k = i
  })
  return k
}
const MONTHS: Record<string, number> = { '1M': 1, '3M': 3, '6M': 6, '1Y': 12, '3Y': 36, '5Y': 60 }
const base = (period: string) =>
  period === 'YTD'
    ? onOrBefore(`${Number(LAST.slice(0, 4)) - 1}-12-31`)
    : period === 'SETUP'
      ? 0
      : onOrBefore(monthsBefore(LAST, MONTHS[period]))
/** The vendor's return over a period, from its daily rates and the base-day rule. */
const vendorReturn = (period: string) => vendorPath[last] / vendorPath[base(period)] - 1

/** The vendor's since-set-up figure on the last NAV day: its last sample before it, carried on with its daily rates. */
const vendorSinceSetup = (() => {
  const sample = sinceSetup.filter((s) => s.date <= LAST).at(-1)!
  return (1 + sample.value) * (vendorPath[last] / vendorPath[dates.indexOf(sample.date)]) - 1
})()

/** Everything the import wrote for the fund, as text. */
async function written(database: Database): Promise<string> {
  const rows = await Promise.all([
    database.query(`select * from funds where fund_code = $1`, [CODE]),
    database.query(
      `select nav_date::text, nav::text, acc_nav::text, adj_nav::text, daily_return::text from fund_navs where fund_code = $1 order by nav_date`,
      [CODE],
    ),
    database.query(
      `select ex_date::text, kind, cash_per_unit::text, split_ratio::text, reinvest_date::text from fund_events where fund_code = $1 order by ex_date`,
      [CODE],
    ),
  ])
  return JSON.stringify(rows)
}

const pct = (x: number) => `${(x * 100).toFixed(4)}%`
const near = (ours: number, theirs: number, tol: number, what: string) =>
  assert.ok(
    Math.abs(ours - theirs) <= tol,
    `${what}: ours ${pct(ours)}, vendor ${pct(theirs)}, off by ${((ours - theirs) * 100).toFixed(4)} pp`,
  )

// NAVs alone (the events derived from the accumulated NAV), and with the fund's distribution list.
const { variants, imported } = importBothWays(FIXTURE, CODE, LAST, navs.length)

describe('a real fund with 22 distributions: 广发稳健增长混合A (270002)', () => {
  it('the fixture is what SOURCE.md says', () => {
    assert.equal(navs.length, 4132)
    assert.equal(dates[0], '2004-07-26')
    assert.equal(LAST, '2021-07-19')
    assert.equal(events.length, 22)
    // Every listed distribution is also the rise of (accumulated − unit) NAV on its ex-date.
    for (const e of events) {
      const i = dates.indexOf(e.ex_date)
      assert.ok(i > 0, `${e.ex_date} has a NAV`)
      const rise = navs[i].acc - navs[i].nav - (navs[i - 1].acc - navs[i - 1].nav)
      assert.ok(Math.abs(rise - Number(e.cash_per_unit)) < 1e-9, `${e.ex_date}: ${rise} vs ${e.cash_per_unit}`)
    }
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
        for (const period of ['YTD', '3Y', '5Y', '1M', '3M', '6M', '1Y']) {
          t.diagnostic(`${period} ours ${pct(get().returns[period])} vendor ${pct(vendorReturn(period))} (base ${dates[base(period)]})`)
          near(get().returns[period], vendorReturn(period), PP, period)
        }
        t.diagnostic(
          `SETUP ours ${pct(get().returns.SETUP)} vendor ${pct(vendorSinceSetup)}; max drawdown ours ${pct(get().drawdown.rate)}`,
        )
      })

      it('the 近6月 chart follows the vendor’s 近6月 series day by day, through the 2021-02-02 distribution', () => {
        const h = get().history
        const base0 = h.get(sixMonths[0].date)!.value
        for (const s of sixMonths) {
          const ours = h.get(s.date)
          if (!ours) {
            assert.ok(s.date > LAST, `${s.date}: the vendor's point has no NAV row`)
            continue
          }
          near(ours.value / base0 - 1, s.value, PP, `近6月 on ${s.date}`)
        }
      })

      it('an ex-dividend day shows the day’s real return, as the vendor does, not the payout as a loss', () => {
        const h = get().history
        for (const e of events) {
          const ours = h.get(e.ex_date)!.dailyReturn!
          near(ours, vendorDaily.get(e.ex_date)!, 0.0001, `daily return on ${e.ex_date}`)
          const i = dates.indexOf(e.ex_date)
          const unitOnly = navs[i].nav / navs[i - 1].nav - 1
          assert.ok(ours - unitOnly > (Number(e.cash_per_unit) / navs[i - 1].nav) * 0.9, `${e.ex_date}: the unit NAV fell by the payout`)
        }
        // 0.80 per unit on 2006-12-11: the unit NAV fell 41.9%, the holder gained 1.46%.
        const big = dates.indexOf('2006-12-11')
        assert.ok(navs[big].nav / navs[big - 1].nav - 1 < -0.4)
        near(h.get('2006-12-11')!.dailyReturn!, 0.014644, 0.0001, '2006-12-11')
      })

      it('maximum drawdown is within 0.1 pp of the vendor’s (2007-10-31 peak to the 2008 trough)', () => {
        let peak = 0
        let worst = 0
        vendorPath.forEach((v, i) => {
          if (v > vendorPath[peak]) peak = i
          worst = Math.min(worst, v / vendorPath[peak] - 1)
        })
        const dd = get().drawdown
        near(dd.rate, worst, PP, 'maximum drawdown')
        assert.equal(dd.start, '2007-10-31')
        assert.match(dd.end, /^2008-11-0[46]$/)
      })

      it('the unit NAV alone would be far off: the distributions matter', () => {
        const r = get().returns
        const unit = (period: string) => navs[last].nav / navs[base(period)].nav - 1
        assert.ok(r.SETUP - unit('SETUP') > 10, `成立以来 ${pct(r.SETUP)} vs unit NAV ${pct(unit('SETUP'))}`)
        assert.ok(published['1Y'] - unit('1Y') > 0.04, `近1年 published ${pct(published['1Y'])} vs unit NAV ${pct(unit('1Y'))}`)
        assert.ok(Math.abs(r['3Y'] - unit('3Y')) > 0.1)
      })

      it('importing the same folder again changes nothing', async () => {
        const i = get()
        const before = await written(i.database)
        await importFolder(i.database, variants.find(([n]) => n === name)![1])
        assert.equal(await written(i.database), before)
      })
    })
  }

  describe('成立以来 (since set-up)', () => {
    it('with the distribution list, every point of the vendor’s since-set-up series is within 0.1 pp, and so is 成立以来', () => {
      const h = imported.get(WITH_EVENTS)!.history
      const first = h.get(dates[0])!.value
      let checked = 0
      for (const s of sinceSetup) {
        const ours = h.get(s.date)
        if (!ours) {
          assert.ok(s.date > LAST, `${s.date}: the vendor's point has no NAV row`)
          continue
        }
        near(ours.value / first - 1, s.value, PP, `成立以来 on ${s.date}`)
        checked++
      }
      assert.equal(checked, 207)
      near(imported.get(WITH_EVENTS)!.returns.SETUP, vendorSinceSetup, PP, '成立以来')
    })

    it('from the accumulated NAV alone, 2005–2006 distributions are reinvested on their ex-dates, not on the later days the fund used: 0.04% of the value apart', () => {
      const a = imported.get(NAVS_ONLY)!.returns.SETUP
      const b = imported.get(WITH_EVENTS)!.returns.SETUP
      // About 0.5 pp at +1218%: the accumulated NAV says how much was paid, not when it was reinvested.
      assert.ok(b - a > 0.003 && b - a < 0.008, `${pct(a)} vs ${pct(b)}`)
      assert.ok(Math.abs((1 + a) / (1 + vendorSinceSetup) - 1) < 0.0005)
      // Until the first distribution both are the vendor's figures exactly.
      const h = imported.get(NAVS_ONLY)!.history
      for (const s of sinceSetup.filter((p) => p.date < events[0].ex_date))
        near(h.get(s.date)!.value / h.get(dates[0])!.value - 1, s.value, 0.0001, s.date)
    })

    it('from the accumulated NAV alone, every day’s return is within 0.01 pp of the vendor’s daily rate', () => {
      const h = imported.get(NAVS_ONLY)!.history
      for (let i = 1; i < dates.length; i++)
        near(h.get(dates[i])!.dailyReturn!, vendorDaily.get(dates[i])!, 0.0001, `daily return on ${dates[i]}`)
    })
  })
})
