import type { GraphQLContext as Ctx } from '../graphql/context'
import { shanghaiDay, yearsSince } from '../manager/data'
import { diagnose, levelOf, summaryOf, totalScore } from './score'

/** Statistics cover the last three years of the dividend-adjusted NAV (fund/adjusted.ts). */
const WINDOW_DAYS = 3 * 365

export const diagnosisResolvers = {
  Query: {
    fundDiagnosis: async (_: unknown, { fundCode }: { fundCode: string }, ctx: Ctx) => {
      const fund = await ctx.fund(fundCode.trim())
      if (!fund) return null
      const series = await ctx.database.query<{ date: string; value: string }>(
        `select to_char(nav_date, 'YYYY-MM-DD') as date, adj_nav::text as value from fund_navs
         where fund_code = $1 and nav_date >= (select max(nav_date) from fund_navs where fund_code = $1) - $2::int order by nav_date`,
        [fund.fundCode, WINDOW_DAYS],
      )
      const [manager] = fund.managerId
        ? await ctx.database.query<{ d: string | null }>(`select to_char(career_start, 'YYYY-MM-DD') as d from managers where manager_id = $1`, [fund.managerId])
        : []
      const years = yearsSince(manager?.d ?? null, shanghaiDay())
      const dimensions = diagnose({ series, buyFeeRate: Number(fund.buyFeeRate), managerYears: years === null ? null : Number(years) })
      const total = totalScore(dimensions)
      return {
        fund,
        totalScore: total,
        level: dimensions.length ? levelOf(total) : '暂无',
        summary: summaryOf(total, dimensions),
        fromDate: series[0]?.date ?? null,
        toDate: series[series.length - 1]?.date ?? null,
        dimensions,
        isDemo: fund.isDemo,
      }
    },
  },
}
