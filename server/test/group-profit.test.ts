import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { gql, useTestApp } from './helpers'

/**
 * 基金组成's 累计收益率 and its 口径 (issue #25). Each fund's figure is its adjusted NAV on the
 * strategy's last NAV day over its adjusted NAV on the day it last came in; a group adds its funds
 * up as one holding (current shares as values, each value ÷ (1 + return) as cost). Expected values
 * are worked out here from the database's rows, not from the server's code.
 */
const COMPOSITION = `query($p: String!, $t: CategoryType) { portfolio(poCode: $p) { composition(categoryType: $t) { groups {
  categoryCode accProfitRate
  parts { percent accProfitRate entryDate fund { fundCode } }
  accProfitBasis { value endDate steps parts { fund { fundCode fundName } percent storedRate entryDate entryAdjNav endDate endAdjNav rate cost } }
} } } }`

interface Part {
  percent: string
  accProfitRate: string | null
  entryDate: string | null
  fund: { fundCode: string }
}
interface Group {
  categoryCode: string
  accProfitRate: string | null
  parts: Part[]
  accProfitBasis: null | {
    value: string
    endDate: string
    steps: string[]
    parts: Array<{
      fund: { fundCode: string }
      percent: string
      entryDate: string
      endDate: string
      entryAdjNav: string
      endAdjNav: string
      rate: string
      cost: string
    }>
  }
}

describe('累计收益率 of a composition group and its 口径', () => {
  const app = useTestApp()
  const adjOnOrBefore = async (fundCode: string, day: string) =>
    (
      await app.database.query<{ d: string; a: string }>(
        `select to_char(nav_date, 'YYYY-MM-DD') as d, adj_nav::text as a from fund_navs where fund_code = $1 and nav_date <= $2 order by nav_date desc limit 1`,
        [fundCode, day],
      )
    )[0]

  it('every seeded strategy: each fund’s figure is its adjusted NAVs’ ratio, each group’s is its funds as one holding, and the sheet shows both days', async () => {
    const codes = await app.database.query<{ po_code: string; last: string }>(
      `select po_code, to_char(max(nav_date), 'YYYY-MM-DD') as last from portfolio_navs where po_code not like 'ZZ%' group by po_code order by po_code`,
    )
    let groups = 0
    let several = 0
    for (const { po_code, last } of codes) {
      for (const categoryType of [null, 'FundCategory']) {
        const res = await gql(app.t, COMPOSITION, { p: po_code, t: categoryType })
        assert.equal(res.body.errors, undefined, JSON.stringify(res.body.errors))
        if (!res.body.data.portfolio) continue // another broker's strategy
        for (const g of res.body.data.portfolio.composition.groups as Group[]) {
          if (g.accProfitRate === null) continue
          groups++
          if (g.parts.length > 1) several++
          let value = 0
          let cost = 0
          for (const p of g.parts) {
            assert.ok(p.entryDate, `${po_code} ${p.fund.fundCode}: a seeded part has its entry day`)
            const [a, b] = [await adjOnOrBefore(p.fund.fundCode, p.entryDate), await adjOnOrBefore(p.fund.fundCode, last)]
            const own = Number(b.a) / Number(a.a) - 1
            assert.ok(Math.abs(own - Number(p.accProfitRate)) < 1e-6, `${po_code} ${p.fund.fundCode}: ${own} vs ${p.accProfitRate}`)
            value += Number(p.percent)
            cost += Number(p.percent) / (1 + Number(p.accProfitRate))
            const shown = g.accProfitBasis!.parts.find((x) => x.fund.fundCode === p.fund.fundCode)!
            assert.deepEqual([shown.entryDate, shown.endDate], [a.d, b.d])
            assert.equal(shown.entryAdjNav, Number(a.a).toFixed(4))
            assert.equal(shown.endAdjNav, Number(b.a).toFixed(4))
          }
          const expected = value / cost - 1
          assert.ok(Math.abs(expected - Number(g.accProfitRate)) < 1e-6, `${po_code} ${g.categoryCode}: ${expected} vs ${g.accProfitRate}`)
          assert.ok(
            Math.abs(Number(g.accProfitBasis!.value) - Number(g.accProfitRate)) < 1e-5,
            `${po_code} ${g.categoryCode}: the sheet's figure`,
          )
          if (g.parts.length === 1) assert.equal(g.accProfitRate, g.parts[0].accProfitRate, 'one fund: the group’s figure is the fund’s')
          assert.match(g.accProfitBasis!.steps.join(''), /复权净值/)
        }
      }
    }
    assert.ok(groups > 50 && several > 10, `${groups} groups, ${several} of several funds`)
  })

  it('a group of several funds is not its largest fund’s figure: values over costs, as the sheet writes it out', async () => {
    const res = await gql(app.t, COMPOSITION, { p: 'LW000003', t: 'FundCategory' })
    const g = (res.body.data.portfolio.composition.groups as Group[]).find((x) => x.parts.length > 1 && x.accProfitRate !== null)!
    assert.notEqual(g.accProfitRate, g.parts[0].accProfitRate)
    const b = g.accProfitBasis!
    const costs = b.parts.reduce((s, p) => s + Number(p.cost), 0)
    const values = b.parts.reduce((s, p) => s + Number(p.percent), 0)
    assert.ok(Math.abs(values / costs - 1 - Number(b.value)) < 1e-5)
    assert.match(b.steps.at(-2)!, /累计收益率 = 当前占比合计 ÷ 成本合计 − 1/)
  })
})
