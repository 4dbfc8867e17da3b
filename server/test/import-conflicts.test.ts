import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { migrate, openDatabase, type Database } from '../src/db'
import { reconcile, type RawNav } from '../src/fund/adjusted'
import { importFolder } from '../src/import/importer'
import { gql, startApp, type TestApp } from './helpers'

/**
 * Issue #22: an import whose sources disagree (unit NAV, accumulated NAV, daily growth, events).
 * A deliberately inconsistent folder, worked out by hand:
 *   990001  the 分红送配 text lists 0.05 on 01-08 but nothing on 01-04, where the daily growth
 *           (+0.5050% while the unit NAV fell 1.0100 → 0.9551) and the accumulated NAV (+0.0051
 *           while the unit fell 0.0549) both say 0.06 was paid: two sources against the list,
 *           which the precedence cannot settle → figures unavailable.
 *   990002  no event list; on 01-04 the daily growth (+0.9901%) says 0.12 was paid, the
 *           accumulated NAV (moving with the unit NAV) says nothing: one lower source against
 *           the growth rate, so the precedence settles it → growth applied, the fund keeps figures.
 *   990003  the accumulated NAV alone, jumping against the unit NAV on most days → figures unavailable.
 *   990004  fund_events.csv says 0.05 on 01-04, the 分红送配 text says 0.06 → reported, fund_events.csv applied.
 */

const FUNDS = `fund_code,fund_name,category_code,setup_date,risk_level
990001,矛盾混合A,MIXED,2024-01-02,Medium
990002,增长率为准混合A,MIXED,2024-01-02,Medium
990003,累计净值混乱混合A,MIXED,2024-01-02,Medium
990004,两份分红记录混合A,MIXED,2024-01-02,Medium
`
const NAVS = `fund_code,nav_date,nav,acc_nav,daily_growth,distribution_text
990001,2024-01-02,1.0000,1.0000,0,
990001,2024-01-03,1.0100,1.0100,1.0000,
990001,2024-01-04,0.9551,1.0151,0.5050,
990001,2024-01-05,0.9647,1.0247,1.0051,
990001,2024-01-08,0.9243,1.0343,0.9951,分红：每份派现金0.05元
990001,2024-01-09,0.9336,1.0436,1.0062,
990002,2024-01-02,2.0000,2.0000,0,
990002,2024-01-03,2.0200,2.0200,1.0000,
990002,2024-01-04,1.9200,1.9200,0.9901,
990002,2024-01-05,1.9392,1.9392,1.0000,
990003,2024-01-02,1.0000,1.0000,,
990003,2024-01-03,1.0100,1.0300,,
990003,2024-01-04,1.0000,1.0100,,
990003,2024-01-05,1.0200,1.0900,,
990003,2024-01-08,1.0100,1.0500,,
990003,2024-01-09,1.0300,1.1600,,
990003,2024-01-10,1.0200,1.1000,,
990003,2024-01-11,1.0400,1.2500,,
990004,2024-01-02,1.0000,1.0000,,
990004,2024-01-03,1.0100,1.0100,,
990004,2024-01-04,0.9600,1.0100,,分红：每份派现金0.06元
990004,2024-01-05,0.9700,1.0200,,
`
const EVENTS = `fund_code,ex_date,kind,cash_per_unit
990004,2024-01-04,dividend,0.05
`

const PERF = `query($c: String!) { fund(fundCode: $c) { figuresUnavailable performance { periodReturns { period value } yearlyReturns { label value } maxDrawdown maxDrawdownStart volatility sharpeRatio } } }`

let dir: string
let dataDir: string
let database: Database
let t: TestApp
const report: string[] = []
const write = (files: Record<string, string>) => {
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text)
}
const marks = async () =>
  Object.fromEntries(
    (
      await database.query<{ c: string; u: string | null }>(`select fund_code as c, figures_unavailable as u from funds order by fund_code`)
    ).map((r) => [r.c, r.u]),
  )

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'alfa-conflicts-'))
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'alfa-conflicts-db-'))
  write({ 'funds.csv': FUNDS, 'fund_navs.csv': NAVS, 'fund_events.csv': EVENTS })
  database = await openDatabase({ dataDir })
  await migrate(database)
  const counts = await importFolder(database, dir, { report: (line) => report.push(line) })
  assert.equal(counts.figures_unavailable, 2)
  t = await startApp(database)
})
after(async () => {
  await t?.app.close()
  await database?.close()
  fs.rmSync(dir, { recursive: true, force: true })
  fs.rmSync(dataDir, { recursive: true, force: true })
})

describe('the import reports each conflict of a deliberately inconsistent folder', () => {
  const lines = (prefix: string) => report.filter((l) => l.startsWith(prefix))

  it('990001 01-04: fund, date, every source’s values, what each said, and the precedence applied', () => {
    const [line, ...more] = lines('conflict 990001 ')
    assert.equal(more.length, 0, report.join('\n'))
    assert.equal(
      line,
      'conflict 990001 2024-01-04: unit NAV 1.0100 → 0.9551 (-5.4356%), accumulated NAV 1.0100 → 1.0151, daily growth 0.5050%, events: none' +
        ' — events says nothing paid or split; daily growth says 0.0600 paid per unit; accumulated NAV says 0.0600 paid per unit;' +
        ' applied: events (nothing paid or split, day return -5.4356%)',
    )
  })

  it('990002 01-04: the growth rate outranks the accumulated NAV', () => {
    assert.deepEqual(lines('conflict 990002 '), [
      'conflict 990002 2024-01-04: unit NAV 2.0200 → 1.9200 (-4.9505%), accumulated NAV 2.0200 → 1.9200, daily growth 0.9901%, no event list' +
        ' — daily growth says 0.1200 paid per unit; accumulated NAV says nothing paid or split; applied: daily growth (0.1200 paid per unit, day return +0.9901%)',
    ])
  })

  it('990003: no source disagrees with its accumulated NAV, the only one, so its line is the reason it has no figures', () => {
    assert.deepEqual(lines('conflict 990003 '), [])
    assert.equal(
      lines('figures unavailable 990003')[0],
      'figures unavailable 990003: 仅有累计净值可推算分红，但它与单位净值在 6 天对不上，无法确定分红或拆分',
    )
  })

  it('990004: the two event lists disagree on 01-04; fund_events.csv is applied', () => {
    assert.deepEqual(lines('conflict 990004 '), [
      'conflict 990004 2024-01-04: 分红送配 text says dividend 0.06, fund_events.csv says dividend 0.05; applied: fund_events.csv',
    ])
  })

  it('the funds the precedence cannot settle are named, with the reason', () => {
    assert.deepEqual(
      lines('figures unavailable ').map((l) => l.slice(0, 'figures unavailable 990001'.length)),
      ['figures unavailable 990001', 'figures unavailable 990003'],
    )
    assert.match(lines('figures unavailable 990001')[0], /在 2024-01-04互相矛盾/)
    assert.match(lines('figures unavailable 990003')[0], /仅有累计净值可推算分红/)
  })
})

describe('a fund the import cannot reconcile has no figures, and says why', () => {
  it('is marked in the database; the others are not', async () => {
    const m = await marks()
    assert.ok(m['990001'] && m['990003'])
    assert.equal(m['990002'], null)
    assert.equal(m['990004'], null)
  })

  it('the API answers figuresUnavailable and no figure for it', async () => {
    for (const code of ['990001', '990003']) {
      const res = await gql(t, PERF, { c: code })
      assert.equal(res.status, 200, JSON.stringify(res.body))
      const f = res.body.data.fund
      assert.match(f.figuresUnavailable, /无法确定/)
      assert.ok(f.performance.periodReturns.length > 0)
      assert.ok(f.performance.periodReturns.every((p: { value: string | null }) => p.value === null))
      assert.deepEqual(f.performance.yearlyReturns, [])
      assert.equal(f.performance.maxDrawdown, null)
      assert.equal(f.performance.volatility, null)
    }
  })

  it('a fund settled by the precedence keeps its figures: 990002 follows its growth rates (+1% × +0.9901% × +1%)', async () => {
    const res = await gql(t, PERF, { c: '990002' })
    const f = res.body.data.fund
    assert.equal(f.figuresUnavailable, null)
    const setup = f.performance.periodReturns.find((p: { period: string }) => p.period === 'SETUP').value
    assert.equal(setup, (Math.round((1.01 * 1.009901 * 1.01 - 1) * 10000) / 10000).toFixed(4)) // 0.0302
    // 990004: fund_events.csv's 0.05 reinvested at 0.96 on 01-04: 1.01 × 0.97 / 0.96 − 1 = +2.05% (the text's 0.06 would give +3.06%).
    const d = (await gql(t, PERF, { c: '990004' })).body.data.fund
    assert.equal(d.performance.periodReturns.find((p: { period: string }) => p.period === 'SETUP').value, '0.0205')
  })

  it('importing the corrected file (the 01-04 distribution listed) clears the mark', async () => {
    write({
      'fund_navs.csv': NAVS.replace(
        '990001,2024-01-04,0.9551,1.0151,0.5050,',
        '990001,2024-01-04,0.9551,1.0151,0.5050,分红：每份派现金0.06元',
      ),
    })
    const again: string[] = []
    await importFolder(database, dir, { report: (l) => again.push(l) })
    assert.equal(again.filter((l) => l.includes(' 990001')).length, 0, again.join('\n'))
    const m = await marks()
    assert.equal(m['990001'], null)
    const f = (await gql(t, PERF, { c: '990001' })).body.data.fund
    assert.equal(f.figuresUnavailable, null)
    assert.ok(f.performance.periodReturns.some((p: { value: string | null }) => p.value !== null))
  })
})

describe('reconcile(): the accumulated NAV read through its slope', () => {
  const row = (date: string, nav: string, accNav: string | null, growth: string | null = null): RawNav => ({ date, nav, accNav, growth })

  it('a constant ratio (accumulated = 0.4 × unit, as after a conversion at listing) is a scale: nothing was paid', () => {
    const navs = ['2.5000', '2.4000', '2.3000', '2.4500', '2.2000', '2.5500']
    const rows = navs.map((n, i) => row(`2024-01-0${i + 2}`, n, (Number(n) * 0.4).toFixed(4)))
    const r = reconcile(rows, null)
    assert.deepEqual(r.events, [])
    assert.deepEqual(r.conflicts, [])
    assert.equal(r.unavailable, null)
  })

  it('a conversion the accumulated NAV does not follow is a split of the ratio the next days show', () => {
    // 1 unit → 0.4 units at 2.5000 (the NAV was 1.0000); the accumulated NAV stays on the old scale.
    const rows = [
      row('2024-01-02', '1.0000', '1.0000'),
      row('2024-01-03', '2.5000', '1.0000'),
      row('2024-01-04', '2.4000', '0.9600'),
      row('2024-01-05', '2.5000', '1.0000'),
      row('2024-01-08', '2.3000', '0.9200'),
    ]
    assert.deepEqual(reconcile(rows, null).events, [{ date: '2024-01-03', kind: 'split', ratio: 0.4 }])
  })

  it('a growth rate of 0 while the unit NAV moved is taken as not published, and said so', () => {
    const rows = [row('2024-01-02', '1.0000', null, '0'), row('2024-01-03', '1.0100', null, '0')]
    const r = reconcile(rows, null)
    assert.deepEqual(r.events, [])
    assert.equal(r.conflicts.length, 1)
    assert.match(r.conflicts[0].message, /daily growth 0% while the unit NAV moved: taken as not published; applied: unit NAV/)
  })
})
