import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { gql, operation, useTestApp } from './helpers'

/**
 * The strategy chart's NavHistory (issue 23): the compared benchmark by comparingIndexCode, the
 * expected line by hasExpeData, how far back the series reaches (seriesStart), 成立以来 against
 * 全部. Expected values are worked out here from the rows in the database.
 */
describe('NavHistory: the comparing benchmark, the expected line and the series’ reach', () => {
  const app = useTestApp()
  const NAV_HISTORY = operation('NavHistory')
  const vars = {
    poCode: 'ZH015676',
    hasExpeData: false,
    hasAdjustment: false,
    all: false,
    range: '1Y',
    comparingIndexCode: null,
    hasComparingIndex: false,
    isModelPo: true,
  }
  const ask = async (over: Record<string, unknown>) => {
    const res = await gql(app.t, NAV_HISTORY, { ...vars, ...over })
    return res
  }
  const one = async (sql: string, params: unknown[] = []) =>
    Object.values((await app.database.query<Record<string, unknown>>(sql, params))[0] ?? {})[0]

  it('every seeded strategy’s stored 最大回撤, 近1年, 年化收益 and 成立以来 are what its history (range Max, 1Y) gives: the 口径 sheets (issue #25) read them from there', async () => {
    const rows = await app.database.query<{
      po_code: string
      default_drawdown: string
      min_drawdown: string
      showcase: Array<{ key: string; valueText: string }>
    }>(
      `select po_code, default_drawdown::text, min_drawdown::text, performance_showcase as showcase from portfolios
        where default_drawdown is not null and po_code not like 'ZZ%' order by po_code`,
    )
    let checked = 0
    const pct = (v: number) => `${(v * 100).toFixed(2)}%`
    for (const row of rows) {
      // As the app asks (no isModelPo: an investment plan's own NAVs, not its model's).
      const wholeAnswer = (await ask({ poCode: row.po_code, range: 'Max', isModelPo: null })).body.data.portfolio
      if (!wholeAnswer) continue // another broker's strategy
      checked++
      const whole = wholeAnswer.navHistory
      const year = (await ask({ poCode: row.po_code, range: '1Y', isModelPo: null })).body.data.portfolio.navHistory
      assert.equal(whole.maxDrawdown.rate, Number(row.default_drawdown).toFixed(6), `${row.po_code} 最大回撤`)
      assert.equal(year.maxDrawdown.rate, Number(row.min_drawdown).toFixed(6), `${row.po_code} 近1年`)
      const shown = Object.fromEntries((row.showcase ?? []).map((x) => [x.key, x.valueText]))
      const series = whole.series as Array<{ date: string; value: string }>
      const first = series[0]
      const last = series[series.length - 1]
      const days = (Date.parse(last.date) - Date.parse(first.date)) / 86_400_000
      // This test's own arithmetic: the total growth, and that growth compounded to 365 days.
      const growth = Number(last.value) / Number(first.value)
      if (shown.total) assert.equal(pct(growth - 1), shown.total, `${row.po_code} 成立以来`)
      if (shown.annualized) assert.equal(pct(growth ** (365 / days) - 1), shown.annualized, `${row.po_code} 年化收益`)
    }
    assert.ok(checked >= 20, `${checked} strategies`)
  })

  it('every seeded strategy’s 预期年化收益 is the sum of its asset classes’ weight × long-run return that expectedReturnBasis lists (口径, issue #25)', async () => {
    const codes = await app.database.query<{ po_code: string; stored: string }>(
      `select po_code, expected_annualized_return_rate::text as stored from portfolios where expected_annualized_return_rate is not null and po_code not like 'ZZ%' order by po_code`,
    )
    let checked = 0
    for (const { po_code: poCode, stored } of codes) {
      const res = await gql(
        app.t,
        `query($c: String!) { portfolio(poCode: $c) { annualizedReturnRateRange { expectedAnnualizedReturnRate } expectedReturnBasis { assetClass assetClassName weight rate contribution } } }`,
        { c: poCode },
      )
      const p = res.body.data?.portfolio
      if (!p) continue // another broker's strategy
      checked++
      const parts = p.expectedReturnBasis as Array<{
        assetClass: string
        assetClassName: string
        weight: string
        rate: string
        contribution: string
      }>
      assert.ok(parts.length > 0, poCode)
      // This test's own arithmetic: each product, their sum, and the weights making the whole.
      for (const x of parts) assert.equal(x.contribution, (Number(x.weight) * Number(x.rate)).toFixed(6), `${poCode} ${x.assetClass}`)
      const sum = parts.reduce((a, x) => a + Number(x.weight) * Number(x.rate), 0)
      assert.ok(Math.abs(sum - Number(p.annualizedReturnRateRange.expectedAnnualizedReturnRate)) < 0.00005, `${poCode}: ${sum}`)
      // The stored figure is the sum of the parts as the sheet shows them, to the millionth (one function makes both).
      const millionths = parts.reduce((a, x) => a + Math.round(Number(x.contribution) * 1e6), 0)
      assert.equal(Math.round(Number(stored) * 1e6), millionths, `${poCode}: stored ${stored}, the parts add up to ${millionths / 1e6}`)
      assert.ok(Math.abs(parts.reduce((a, x) => a + Number(x.weight), 0) - 1) < 0.0001, `${poCode}: weights`)
      assert.ok(
        parts.every((x) => /类$/.test(x.assetClassName)),
        JSON.stringify(parts),
      )
    }
    assert.ok(checked >= 20, `${checked} strategies`)
  })

  it('comparingIndexCode with hasComparingIndex answers that index as `comparing`, rebased to 1 on the range’s first day; the default stays `benchmark`', async () => {
    const res = await ask({ comparingIndexCode: '000905', hasComparingIndex: true })
    assert.equal(res.status, 200)
    assert.equal(res.body.errors, undefined)
    const po = res.body.data.portfolio
    assert.equal(po.comparing.indexCode, '000905')
    assert.equal(po.comparing.indexShortName, '中证500')
    assert.notEqual(po.benchmark.indexCode, '000905')
    const series = po.navHistory.series as Array<{ date: string }>
    const first = po.comparing.history[0]
    assert.equal(first.value, '1.0000')
    assert.ok(first.date >= series[0].date, `${first.date} before the range's ${series[0].date}`)
    // Rebased by hand: the index's last value over its value on the comparing line's first day.
    const last = po.comparing.history[po.comparing.history.length - 1]
    const [v0, v1] = await Promise.all(
      [first.date, last.date].map((d) => one(`select value from benchmark_values where index_code = '000905' and value_date = $1`, [d])),
    )
    assert.equal(last.value, (Number(v1) / Number(v0)).toFixed(4))
  })

  it('without hasComparingIndex there is no comparing line', async () => {
    const res = await ask({ comparingIndexCode: '000905', hasComparingIndex: false })
    assert.equal('comparing' in res.body.data.portfolio, false)
  })

  it('a comparingIndexCode that names no index is refused in Chinese (BAD_USER_INPUT), not an empty line', async () => {
    const res = await ask({ comparingIndexCode: 'NOPE01', hasComparingIndex: true })
    assert.equal(res.body.errors?.[0].extensions?.code, 'BAD_USER_INPUT')
    assert.match(res.body.errors?.[0].message ?? '', /没有代码为 NOPE01 的基准指数/)
  })

  it('hasExpeData adds the expected line: from the range’s first NAV at the strategy’s expected annual rate', async () => {
    const off = await ask({ hasExpeData: false })
    assert.equal('expectedSeries' in off.body.data.portfolio.navHistory, false)
    const res = await ask({ hasExpeData: true })
    const { series, expectedSeries } = res.body.data.portfolio.navHistory as Record<string, Array<{ date: string; value: string }>>
    const rate = Number(await one(`select expected_annualized_return_rate from portfolios where po_code = 'ZH015676'`))
    assert.ok(rate > 0)
    assert.equal(expectedSeries[0].date, series[0].date)
    assert.equal(expectedSeries[0].value, Number(series[0].value).toFixed(4))
    const end = expectedSeries[expectedSeries.length - 1]
    assert.equal(end.date, series[series.length - 1].date)
    const years = (Date.parse(end.date) - Date.parse(series[0].date)) / (365 * 86_400_000)
    assert.equal(end.value, (Number(series[0].value) * (1 + rate) ** years).toFixed(4))
  })

  it('a strategy without an expected return has no expected line (not a flat one)', async () => {
    await app.database.query(`update portfolios set expected_annualized_return_rate = null where po_code = 'ZH015677'`)
    const res = await ask({ poCode: 'ZH015677', hasExpeData: true })
    assert.deepEqual(res.body.data.portfolio.navHistory.expectedSeries, [])
  })

  it('seriesStart is the whole series’ first day; 成立以来 (SETUP) starts on the set-up day, 全部 (Max, all) also before it', async () => {
    // A NAV back-tested before the set-up of a copy of ZH015676.
    await app.database.query(`create temp table po_chart_copy as select * from portfolios where po_code = 'ZH015676'`)
    await app.database.query(`update po_chart_copy set po_code = 'ZZ000023', po_name = '回测样例', created_date = '2024-01-04'`)
    await app.database.query(`insert into portfolios select * from po_chart_copy`)
    await app.database.query(
      `insert into portfolio_navs (po_code, nav_date, nav) values ('ZZ000023', '2024-01-02', 1.0000), ('ZZ000023', '2024-01-03', 1.0100),
         ('ZZ000023', '2024-01-04', 1.0200), ('ZZ000023', '2024-01-05', 1.0300)`,
    )
    const dates = (r: Awaited<ReturnType<typeof ask>>) =>
      (r.body.data.portfolio.navHistory.series as Array<{ date: string }>).map((p) => p.date)
    const setup = await ask({ poCode: 'ZZ000023', range: 'SETUP' })
    assert.deepEqual(dates(setup), ['2024-01-04', '2024-01-05'])
    assert.equal(setup.body.data.portfolio.navHistory.seriesStart, '2024-01-02')
    const all = await ask({ poCode: 'ZZ000023', range: 'Max', all: true })
    assert.deepEqual(dates(all), ['2024-01-02', '2024-01-03', '2024-01-04', '2024-01-05'])
    // The benchmark of 全部 starts with the series, before the set-up.
    assert.equal(all.body.data.portfolio.benchmark.history[0].date >= '2024-01-02', true)
    assert.equal(all.body.data.portfolio.benchmark.history[0].date < '2024-01-04', true)
    const first = await one(`select min(nav_date)::text from portfolio_navs where po_code = 'ZH015676'`)
    assert.equal((await ask({ range: '1M' })).body.data.portfolio.navHistory.seriesStart, first)
  })
})
