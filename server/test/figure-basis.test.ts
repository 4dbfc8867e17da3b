import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { migrate, openDatabase, type Database } from '../src/db'
import { importFolder } from '../src/import/importer'
import { gql, startApp, type TestApp } from './helpers'
import { readRealCsv, REAL_FIXTURE } from './realFixture'

/**
 * 口径 (issue #25) on a real fund with 22 distributions, 广发稳健增长混合A (270002, SOURCE.md in
 * fixtures/real): each figure's sheet names the fund page's own figure, the NAV days it used, and
 * a holder's units through every distribution between them. Checked against this test's own replay
 * of the fixture's CSV files: one unit bought at the start, each distribution's cash reinvested at
 * the unit NAV of its reinvestment day, the value at the end over the value at the start.
 */
const FIXTURE = REAL_FIXTURE
const CODE = '270002'

const navs = readRealCsv('fund_navs.csv').map((r) => ({ date: r.nav_date, nav: Number(r.nav) }))
const events = readRealCsv('fund_events.csv').map((e) => ({
  ex: e.ex_date,
  cash: Number(e.cash_per_unit),
  reinvest: e.reinvest_date || e.ex_date,
}))
const navOnOrAfter = (day: string) => navs.find((n) => n.date >= day)!

/** The test's own figure between two NAV days: units after reinvesting every distribution, times the NAV ratio. */
function replayed(from: string, to: string) {
  let units = 1
  let count = 0
  for (const e of events) {
    if (navOnOrAfter(e.ex).date <= from || navOnOrAfter(e.ex).date > to) continue
    units += (units * e.cash) / navOnOrAfter(e.reinvest).nav
    count++
  }
  const start = navs.find((n) => n.date === from)!.nav
  const end = navs.find((n) => n.date === to)!.nav
  return { value: (units * end) / start - 1, units, count }
}

const BASIS = `query($c: String!, $f: String!) { fund(fundCode: $c) { figureBasis(figure: $f) {
  figure label value requestedStartDate endUnits steps
  start { date nav accNav adjNav } end { date nav accNav adjNav }
  events { exDate kind cashPerUnit reinvestDate reinvestNav unitsBefore unitsAfter text } } } }`

describe('口径 of a real fund’s figures: 广发稳健增长混合A (270002)', () => {
  let database: Database
  let t: TestApp
  before(async () => {
    database = await openDatabase({})
    await migrate(database)
    await importFolder(database, FIXTURE)
    t = await startApp(database)
  })
  after(async () => {
    await t.app.close()
    await database.close()
  })
  const basis = async (figure: string) => {
    const r = await gql(t, BASIS, { c: CODE, f: figure })
    assert.equal(r.body.errors, undefined, JSON.stringify(r.body.errors))
    return r.body.data.fund.figureBasis
  }

  it('each period’s sheet shows the fund page’s figure, the NAV days used, and units the test replays itself', async () => {
    const page = await gql(t, `query($c: String!) { fund(fundCode: $c) { performance { periodReturns { period value } } } }`, { c: CODE })
    for (const { period, value } of page.body.data.fund.performance.periodReturns as Array<{ period: string; value: string | null }>) {
      const b = await basis(period)
      assert.equal(b.value, value, `${period}: the sheet's figure is the page's`)
      const own = replayed(b.start.date, b.end.date)
      assert.ok(Math.abs(own.value - Number(b.value)) < 0.00006, `${period}: replayed ${own.value} vs ${b.value}`)
      assert.equal(b.events.length, own.count, `${period}: distributions between ${b.start.date} and ${b.end.date}`)
      assert.equal(b.endUnits, own.units.toFixed(4))
      assert.equal(Number(b.start.nav), navs.find((n) => n.date === b.start.date)!.nav)
      assert.equal(b.end.date, '2021-07-19')
    }
  })

  it('近1年 asked for 2020-07-19, a Sunday: the sheet says so and uses Friday 2020-07-17', async () => {
    const b = await basis('1Y')
    assert.equal(b.requestedStartDate, '2020-07-19')
    assert.equal(b.start.date, '2020-07-17')
    assert.match(b.steps[0], /起点应为 2020-07-19，当天没有净值，取此前最近的净值日 2020-07-17/)
  })

  it('成立以来 walks through all 22 distributions, each reinvested at its reinvestment day’s NAV', async () => {
    const b = await basis('SETUP')
    assert.equal(b.events.length, 22)
    const first = b.events[0]
    assert.deepEqual(
      { exDate: first.exDate, kind: first.kind, cashPerUnit: first.cashPerUnit, reinvestDate: first.reinvestDate },
      { exDate: '2005-03-15', kind: 'dividend', cashPerUnit: '0.0200', reinvestDate: '2005-03-17' },
    )
    assert.equal(Number(first.reinvestNav), navOnOrAfter('2005-03-17').nav)
    assert.match(b.steps.at(-2), /^收益率 = 终点价值 ÷ 起点价值 − 1 = 复权净值 /)
  })

  it('a calendar year and the maximum drawdown have sheets too', async () => {
    const page = await gql(
      t,
      `query($c: String!) { fund(fundCode: $c) { performance { yearlyReturns { label value } maxDrawdown maxDrawdownStart maxDrawdownEnd } } }`,
      {
        c: CODE,
      },
    )
    const perf = page.body.data.fund.performance
    const y2008 = (perf.yearlyReturns as Array<{ label: string; value: string }>).find((y) => y.label === '2008')!
    const year = await basis('2008')
    assert.equal(year.value, y2008.value)
    assert.equal(year.requestedStartDate, '2007-12-31')
    assert.ok(Math.abs(replayed(year.start.date, year.end.date).value - Number(year.value)) < 0.00006)
    const dd = await basis('DRAWDOWN')
    assert.deepEqual([dd.value, dd.start.date, dd.end.date], [perf.maxDrawdown, perf.maxDrawdownStart, perf.maxDrawdownEnd])
    assert.ok(Math.abs(replayed(dd.start.date, dd.end.date).value - Number(dd.value)) < 0.00006)
  })

  it('a calendar quarter and the day’s change (日涨跌幅) have sheets too: the page’s figures, replayed here', async () => {
    const page = await gql(
      t,
      `query($c: String!) { fund(fundCode: $c) { dailyReturn performance { quarterlyReturns { label value } } } }`,
      { c: CODE },
    )
    const fund = page.body.data.fund
    const q = (fund.performance.quarterlyReturns as Array<{ label: string; value: string }>).find((x) => x.label === '2008Q4')!
    const quarter = await basis('2008Q4')
    assert.equal(quarter.value, q.value)
    assert.equal(quarter.label, '2008年第4季度')
    assert.equal(quarter.requestedStartDate, '2008-09-30')
    assert.ok(quarter.start.date <= '2008-09-30' && quarter.end.date <= '2008-12-31')
    assert.ok(Math.abs(replayed(quarter.start.date, quarter.end.date).value - Number(quarter.value)) < 0.00006)
    const day = await basis('DAILY')
    assert.equal(day.label, '日涨跌幅')
    assert.deepEqual([day.start.date, day.end.date], [navs.at(-2)!.date, navs.at(-1)!.date])
    assert.equal(Number(day.value).toFixed(4), Number(fund.dailyReturn).toFixed(4), 'the sheet’s figure is the head’s 日涨跌幅')
    assert.ok(Math.abs(replayed(day.start.date, day.end.date).value - Number(day.value)) < 0.00006)
    assert.equal(await basis('2003Q1'), null)
    // A NAV day of the list: its own change; the first NAV day and a day without a NAV have none.
    const listed = await gql(t, `query($c: String!) { fund(fundCode: $c) { navRows(page: { size: 3 }) { list { date dailyReturn } } } }`, {
      c: CODE,
    })
    for (const row of listed.body.data.fund.navRows.list as Array<{ date: string; dailyReturn: string }>) {
      const b = await basis(row.date)
      assert.equal(b.end.date, row.date)
      assert.equal(b.start.date, navs[navs.findIndex((n) => n.date === row.date) - 1].date)
      assert.equal(Number(b.value).toFixed(4), Number(row.dailyReturn).toFixed(4), `${row.date}: the list's 日涨跌幅`)
    }
    assert.equal(await basis(navs[0].date), null)
    assert.equal(await basis('2021-07-18'), null)
  })

  it('a span (a strategy holding’s 累计收益率): from the last NAV day on or before each day, every distribution between replayed here', async () => {
    // 2010-01-01 is a holiday: the span starts on the last NAV day of 2009; it ends on Friday 2015-06-12 asked as Sunday 06-14.
    const b = await basis('2010-01-01~2015-06-14')
    const from = navs.filter((n) => n.date <= '2010-01-01').at(-1)!.date
    const to = navs.filter((n) => n.date <= '2015-06-14').at(-1)!.date
    assert.deepEqual([b.start.date, b.end.date, b.requestedStartDate], [from, to, '2010-01-01'])
    const own = replayed(from, to)
    assert.ok(own.count > 0, 'the span holds distributions')
    assert.equal(b.events.length, own.count)
    assert.ok(Math.abs(own.value - Number(b.value)) < 0.00006, `replayed ${own.value} vs ${b.value}`)
    assert.equal(b.endUnits, own.units.toFixed(4))
    assert.equal(b.label, `${from} 至 ${to}`)
    assert.match(b.steps[0], /起点应为 2010-01-01，当天没有净值/)
    // Both ends NAV days (as a strategy's entry and last day are): the span is exactly those days.
    const exact = await basis(`${from}~${to}`)
    assert.deepEqual([exact.start.date, exact.end.date, exact.requestedStartDate], [from, to, null])
    assert.equal(exact.value, b.value)
    // Backwards, before the first NAV, or one NAV day: no span.
    assert.equal(await basis('2015-06-14~2010-01-01'), null)
    assert.equal(await basis('1990-01-01~1995-01-01'), null)
    assert.equal(await basis(`${to}~${to}`), null)
    assert.equal((await gql(t, BASIS, { c: CODE, f: '2010-01-01~' })).body.errors?.[0]?.extensions?.code, 'BAD_USER_INPUT')
  })

  it('no such figure: null; a figure it cannot explain: a Chinese BAD_USER_INPUT', async () => {
    assert.equal(await basis('1990'), null)
    const bad = await gql(t, BASIS, { c: CODE, f: 'SHARPE' })
    assert.equal((await gql(t, BASIS, { c: CODE, f: '2008Q5' })).body.errors?.[0]?.extensions?.code, 'BAD_USER_INPUT')
    assert.equal(bad.body.errors?.[0]?.extensions?.code, 'BAD_USER_INPUT')
    assert.match(bad.body.errors[0].message, /口径/)
  })
})
