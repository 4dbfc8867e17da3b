import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { migrate, openDatabase, type Database } from '../src/db'
import { importFolder } from '../src/import/importer'
import { gql, operation, startApp, type TestApp } from './helpers'

/**
 * Issue #22 on a real fund whose accumulated NAV is kept on another scale than its unit NAV:
 * 华泰柏瑞沪深300ETF (510300), its first 1,481 eastmoney NAVs, 2012-05-04 … 2018-06-11
 * (server/test/fixtures/etf510300/SOURCE.md). At listing each unit was converted into 0.37094933
 * units (份额折算) and the unit NAV went 1.007 → 2.637, while the accumulated NAV stayed on the old
 * scale (0.978): from then on it is 0.3709 × (unit NAV + distributions), so (accumulated − unit)
 * rises on every day the market falls. Read as cash, every down day was a dividend.
 *
 * The folder is imported with the real importer into empty databases, with all its sources and
 * with fewer, and every figure read through the GraphQL API is compared with figures computed here
 * from the raw file alone: the vendor's published daily growth rates (日增长率, distributions
 * reinvested) compounded.
 */

const FIXTURE = path.join(__dirname, 'fixtures', 'etf510300')
const CODE = '510300'
/** The acceptance tolerance: 0.005 percentage point. */
const PP = 0.00005

const [header, ...lines] = fs.readFileSync(path.join(FIXTURE, 'fund_navs.csv'), 'utf8').trim().split('\n')
const cols = header.split(',')
const raw = lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [cols[i], v])))
const dates = raw.map((r) => r.nav_date)
const nav = raw.map((r) => Number(r.nav))
const accNav = raw.map((r) => Number(r.acc_nav))
const growth = raw.map((r) => Number(r.daily_growth) / 100)
const last = dates.length - 1
const LAST = dates[last]

/**
 * The vendor rates each trading day against the previous trading day. Its data also holds a NAV for
 * 2017-12-31, a Sunday (year-end), which it gives no rate (0) and skips: its 2018-01-02 rate is the
 * move from 2017-12-29. On those two days the day's return is the unit NAV's move (nothing was paid).
 */
const SKIPPED = '2017-12-31'
const truthDaily = growth.map((g, i) => (i === 0 ? null : dates[i] === SKIPPED || dates[i - 1] === SKIPPED ? nav[i] / nav[i - 1] - 1 : g))
const truthPath = [1]
for (let i = 1; i <= last; i++) truthPath.push(truthPath[i - 1] * (1 + truthDaily[i]!))

const onOrBefore = (date: string) => dates.reduce((k, d, i) => (d <= date ? i : k), -1)
/** 近1年 starts on the same calendar day a year earlier; its base is the last NAV on or before it (server/README.md). */
const yearBase = onOrBefore(`${Number(LAST.slice(0, 4)) - 1}${LAST.slice(4)}`)
const truth = {
  '1Y': truthPath[last] / truthPath[yearBase] - 1,
  SETUP: truthPath[last] - 1,
  drawdown: (() => {
    let peak = 0
    let worst = { value: 0, peak: '', trough: '' }
    truthPath.forEach((v, i) => {
      if (v > truthPath[peak]) peak = i
      if (v / truthPath[peak] - 1 < worst.value) worst = { value: v / truthPath[peak] - 1, peak: dates[peak], trough: dates[i] }
    })
    return worst
  })(),
}
/** The figure as the API shows it: a rate with 4 places. */
const shown = (x: number) => (Math.round(x * 10000) / 10000).toFixed(4)

const PERF = `query($c: String!) { fund(fundCode: $c) { navDate figuresUnavailable performance { periodReturns { period value } maxDrawdown maxDrawdownStart maxDrawdownEnd } } }`

interface Imported {
  database: Database
  t: TestApp
  dataDir: string
  report: string[]
  fund: {
    navDate: string
    figuresUnavailable: string | null
    performance: {
      periodReturns: Array<{ period: string; value: string | null }>
      maxDrawdown: string
      maxDrawdownStart: string
      maxDrawdownEnd: string
    }
  }
  /** navHistory(range: "Max"): the adjusted NAV (8 places) and the stored daily return (6 places). */
  history: Array<{ date: string; value: number; dailyReturn: number | null }>
}

/** A copy of the fixture keeping only these NAV columns (the others as if the source had not published them). */
function variant(columns: string[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'alfa-etf510300-'))
  fs.copyFileSync(path.join(FIXTURE, 'funds.csv'), path.join(dir, 'funds.csv'))
  const keep = columns.map((c) => cols.indexOf(c))
  const text = [header, ...lines].map((l) => keep.map((i) => l.split(',')[i]).join(',')).join('\n')
  fs.writeFileSync(path.join(dir, 'fund_navs.csv'), text + '\n')
  return dir
}

async function importInto(folder: string): Promise<Imported> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'alfa-real-etf-'))
  const database = await openDatabase({ dataDir })
  await migrate(database)
  const report: string[] = []
  await importFolder(database, folder, { report: (line) => report.push(line) })
  const t = await startApp(database)
  const perf = await gql(t, PERF, { c: CODE })
  assert.equal(perf.status, 200, JSON.stringify(perf.body))
  const hist = await gql(t, operation('Fund'), { fundCode: CODE, range: 'Max' })
  assert.equal(hist.status, 200, JSON.stringify(hist.body))
  const points = hist.body.data.fund.navHistory as Array<{ date: string; value: string; extra: { dailyReturn: string | number | null } }>
  return {
    database,
    t,
    dataDir,
    report,
    fund: perf.body.data.fund,
    history: points.map((p) => ({
      date: p.date,
      value: Number(p.value),
      dailyReturn: p.extra.dailyReturn === null ? null : Number(p.extra.dailyReturn),
    })),
  }
}

const variants: Array<{ name: string; folder: string; tolerance: number }> = [
  { name: 'all sources (unit, accumulated, daily growth, 分红送配 text)', folder: FIXTURE, tolerance: PP },
  {
    name: 'without the 分红送配 text (events from the daily growth)',
    folder: variant(['fund_code', 'nav_date', 'nav', 'acc_nav', 'daily_growth']),
    tolerance: PP,
  },
  // The accumulated NAV had 3 places until 2014: alone it gives the conversion's ratio to ±0.05%.
  { name: 'unit and accumulated NAV only (the fallback)', folder: variant(['fund_code', 'nav_date', 'nav', 'acc_nav']), tolerance: 0.0005 },
]
const imported = new Map<string, Imported>()

before(async () => {
  for (const v of variants) imported.set(v.name, await importInto(v.folder))
})
after(async () => {
  for (const i of imported.values()) {
    await i.t.app.close()
    await i.database.close()
    fs.rmSync(i.dataDir, { recursive: true, force: true })
  }
  for (const v of variants) if (v.folder !== FIXTURE) fs.rmSync(v.folder, { recursive: true, force: true })
})

const near = (ours: number, theirs: number, tol: number, what: string) =>
  assert.ok(Math.abs(ours - theirs) <= tol, `${what}: ours ${(ours * 100).toFixed(4)}%, independent ${(theirs * 100).toFixed(4)}%`)

describe('a real ETF whose accumulated NAV is on another scale: 华泰柏瑞沪深300ETF (510300)', () => {
  it('the fixture is what SOURCE.md says, and its accumulated NAV is 0.3709 × the unit NAV after the conversion', () => {
    assert.equal(dates.length, 1481)
    assert.equal(dates[0], '2012-05-04')
    assert.equal(LAST, '2018-06-11')
    const texts = raw.filter((r) => r.distribution_text).map((r) => `${r.nav_date} ${r.distribution_text}`)
    assert.equal(texts.length, 7)
    assert.equal(texts[0], '2012-05-11 拆分：每份基金份额折算0.37094933份')
    // Until the first distribution the ratio is the conversion's, to the accumulated NAV's 3 places.
    for (let i = 1; dates[i] < '2012-12-18'; i++) near(accNav[i] / nav[i], 0.37094933, 0.0005 / nav[i] + 0.0005, `ratio on ${dates[i]}`)
    // Read as "accumulated − unit = cash paid", most down days would be distributions.
    let cashDays = 0
    for (let i = 1; i <= last; i++) if (accNav[i] - nav[i] - (accNav[i - 1] - nav[i - 1]) >= 0.00015) cashDays++
    assert.ok(cashDays > 600, `${cashDays} days`)
  })

  for (const v of variants) {
    describe(v.name, () => {
      const get = () => imported.get(v.name)!

      it('近1年 and 成立以来 are within the tolerance of the growth rates compounded, and the API shows them', () => {
        const h = get().history
        assert.equal(h.length, dates.length)
        near(h[last].value / h[yearBase].value - 1, truth['1Y'], v.tolerance, `近1年 (base ${dates[yearBase]})`)
        near(h[last].value / h[0].value - 1, truth.SETUP, v.tolerance, '成立以来')
        const api = Object.fromEntries(get().fund.performance.periodReturns.map((p) => [p.period, p.value]))
        assert.equal(get().fund.navDate, LAST)
        if (v.tolerance === PP) {
          assert.equal(api['1Y'], shown(truth['1Y']))
          assert.equal(api.SETUP, shown(truth.SETUP))
        } else {
          near(Number(api['1Y']), truth['1Y'], v.tolerance + 0.00005, 'API 近1年')
          near(Number(api.SETUP), truth.SETUP, v.tolerance + 0.00005, 'API 成立以来')
        }
        assert.equal(get().fund.figuresUnavailable, null)
      })

      it('the maximum drawdown and its dates are the independent ones (2015-06-08 → 2016-01-28)', () => {
        const p = get().fund.performance
        assert.equal(truth.drawdown.peak, '2015-06-08')
        assert.equal(truth.drawdown.trough, '2016-01-28')
        assert.equal(p.maxDrawdownStart, truth.drawdown.peak)
        assert.equal(p.maxDrawdownEnd, truth.drawdown.trough)
        near(Number(p.maxDrawdown), truth.drawdown.value, v.tolerance + 0.00005, 'maximum drawdown')
        const h = get().history
        const peak = h.findIndex((x) => x.date === truth.drawdown.peak)
        const trough = h.findIndex((x) => x.date === truth.drawdown.trough)
        near(h[trough].value / h[peak].value - 1, truth.drawdown.value, v.tolerance, 'drawdown from the adjusted NAV')
      })

      it('every daily return is within the tolerance, the conversion day and the 6 ex-dividend days included', () => {
        const h = get().history
        let off = 0
        for (let i = 1; i <= last; i++) {
          assert.equal(h[i].date, dates[i])
          if (Math.abs(h[i].dailyReturn! - truthDaily[i]!) > v.tolerance) off++
          if (v.tolerance === PP) near(h[i].dailyReturn!, truthDaily[i]!, PP, `daily return on ${dates[i]}`)
        }
        // The fallback misses the published rate by more than 0.005 pp only where its 3-place accumulated NAV rounds.
        assert.ok(off <= (v.tolerance === PP ? 0 : 5), `${off} days off`)
        // 2012-05-11: the unit NAV rose 161.9% and the holder lost 2.86%.
        near(h[1].dailyReturn!, -0.028606, v.tolerance, '2012-05-11')
      })
    })
  }

  it('the import reports the sources’ two real disagreements, keeps the unit NAV there, and marks nothing', () => {
    const r = imported.get(variants[0].name)!.report
    assert.deepEqual(
      r.map((l) => l.slice(0, 'conflict 510300 2017-12-31'.length)),
      ['conflict 510300 2017-12-31', 'conflict 510300 2018-01-02'],
    )
    assert.match(r[0], /unit NAV 4\.0776 → 4\.0774 \(-0\.0049%\), accumulated NAV 1\.5949 → 1\.5949, daily growth 0%/)
    assert.match(r[0], /taken as not published; applied: events \(nothing paid or split, day return -0\.0049%\)$/)
    assert.match(r[1], /daily growth 1\.3979% is the move from 2017-12-29/)
  })

  it('importing the same folder again changes nothing', async () => {
    const i = imported.get(variants[0].name)!
    const dump = () =>
      i.database.query(
        `select nav_date::text, adj_nav::text, daily_return::text, growth::text from fund_navs where fund_code = $1 order by nav_date`,
        [CODE],
      )
    const before = JSON.stringify(await dump())
    await importFolder(i.database, FIXTURE, { report: () => {} })
    assert.equal(JSON.stringify(await dump()), before)
    const events = await i.database.query<{ d: string; k: string }>(
      `select ex_date::text as d, kind as k from fund_events where fund_code = $1 order by ex_date`,
      [CODE],
    )
    assert.deepEqual(
      events.map((e) => `${e.d} ${e.k}`),
      [
        '2012-05-11 split',
        '2012-12-18 dividend',
        '2014-01-21 dividend',
        '2015-01-20 dividend',
        '2016-01-20 dividend',
        '2017-01-23 dividend',
        '2018-01-23 dividend',
      ],
    )
  })
})
