import type { Resolvers } from '../../generated/resolvers'
import type { GraphQLContext as Ctx } from '../context'
import { rate } from '../fund/performance'
import { badInput } from '../graphql/errors'
import { calculateAip, type AipOutcome } from './calc'
import { aipFundData } from './data'
import { readPlan, type AipInput } from './validate'

/** Money in 元 with 2 places (never -0.00). */
const yuan = (x: number) => (Math.abs(x) < 0.005 ? '0.00' : x.toFixed(2))
/** NAVs with the 4 places funds publish; adjusted NAVs with the 8 the database keeps. */
const places = (n: number) => (x: number) => x.toFixed(n)

const outcome = (o: AipOutcome) => ({
  purchaseCount: o.purchaseCount,
  invested: yuan(o.invested),
  fees: yuan(o.fees),
  units: o.units.toFixed(4),
  endValue: yuan(o.endValue),
  cashDividends: yuan(o.cashDividends),
  profit: yuan(o.profit),
  totalReturn: rate(o.totalReturn) ?? '0.0000',
  annualizedReturn: rate(o.annualizedReturn),
})

export const aipResolvers: Resolvers = {
  Query: {
    aipCalculation: async (_: unknown, { input }: { input: AipInput }, ctx: Ctx) => {
      const fund = await aipFundData(ctx.database, input.fundCode)
      if (!fund) throw badInput(`基金不存在：${input.fundCode}`)
      if (!fund.rows.length) throw badInput('该基金还没有净值，无法计算定投收益')
      if (fund.figuresUnavailable) throw badInput(`该基金的净值数据无法计算定投收益：${fund.figuresUnavailable}`)
      const firstNavDate = fund.rows[0].date
      const lastNavDate = fund.rows[fund.rows.length - 1].date
      const plan = readPlan(input, firstNavDate, lastNavDate)
      const r = calculateAip(fund.rows, fund.events, plan)
      if (!r) throw badInput('所选区间内没有定投扣款日，请延长区间或更换定投日')
      const nav = places(4)
      const adj = places(8)
      return {
        fundCode: fund.fundCode,
        fundName: fund.fundName,
        firstNavDate,
        lastNavDate,
        amount: yuan(plan.amount),
        frequency: plan.frequency,
        day: plan.day,
        startDate: plan.startDate,
        endDate: plan.endDate,
        feeRate: String(plan.feeRate),
        dividendMode: plan.dividendMode,
        firstPurchaseDate: r.firstPurchaseDate,
        startNav: nav(r.startNav),
        startAdjNav: adj(r.startAdjNav),
        endNavDate: r.endNavDate,
        endNav: nav(r.endNav),
        endAdjNav: adj(r.endAdjNav),
        outcome: outcome(r.plan),
        lumpSum: { date: r.lumpSum.date, nav: nav(r.lumpSum.nav), outcome: outcome(r.lumpSum) },
        purchases: r.purchases.map((p) => ({
          scheduledDate: p.scheduledDate,
          date: p.date,
          nav: nav(p.nav),
          amount: yuan(p.amount),
          fee: yuan(p.fee),
          units: p.units.toFixed(4),
        })),
        events: r.events.map((e) => ({
          date: e.date,
          kind: e.kind,
          cashPerUnit: e.cashPerUnit === null ? null : String(e.cashPerUnit),
          ratio: e.ratio === null ? null : String(e.ratio),
          cashPaid: yuan(e.cashPaid),
        })),
        series: r.series.map((p) => ({ date: p.date, invested: yuan(p.invested), value: yuan(p.value) })),
      }
    },
  },
}
