import type { GraphQLContext as Ctx } from '../context'
import { shanghaiToday } from '../calendar'
import { yearsSince } from '../manager/data'
import { diagnose, levelOf, summaryOf, totalScore } from './score'
import { careerStart, recentAdjustedNavs } from './data'
import type { Resolvers } from '../../generated/resolvers'

/** Statistics cover the last three years of the dividend-adjusted NAV (fund/adjusted.ts). */
const WINDOW_DAYS = 3 * 365

export const diagnosisResolvers: Resolvers = {
  Query: {
    fundDiagnosis: async (_: unknown, { fundCode }: { fundCode: string }, ctx: Ctx) => {
      const fund = await ctx.fund(fundCode.trim())
      if (!fund) return null
      const series = await recentAdjustedNavs(ctx.database, fund.fundCode, WINDOW_DAYS)
      const years = yearsSince(fund.managerId ? await careerStart(ctx.database, fund.managerId) : null, shanghaiToday())
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
