import type { Resolvers } from '../../generated/resolvers'
import type { GraphQLContext as Ctx } from '../context'
import { requireUser } from '../graphql/context'
import { periodReturns } from '../filter/resolvers'
import { fundStats } from '../filter/stats'
import { pickedFunds } from './data'

/** A pick as the resolvers hand it down: the fund comes from its code. */
export interface PickedFundParent {
  fundCode: string
  seq: number
  returns: ReturnType<typeof periodReturns>
}

export const watchlistResolvers: Resolvers = {
  Query: {
    myPicks: async (_: unknown, __: unknown, ctx: Ctx) => {
      const userId = requireUser(ctx)
      const [rows, stats] = await Promise.all([pickedFunds(ctx.database, userId), fundStats(ctx.database)])
      // seq is renumbered 1..n so gaps left by removals do not show.
      return rows.map((r, i) => ({ fundCode: r.fundCode, seq: i + 1, returns: periodReturns(stats.byCode.get(r.fundCode)) }))
    },
  },
  PickedFund: {
    fund: async (p, _, ctx) => {
      const fund = await ctx.fund(p.fundCode)
      if (!fund) throw new Error(`picked fund ${p.fundCode} is missing`)
      return fund
    },
  },
}
