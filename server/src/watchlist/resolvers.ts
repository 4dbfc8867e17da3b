import type { GraphQLContext as Ctx } from '../graphql/context'
import { requireUser } from '../graphql/context'
import { periodReturns } from '../filter/resolvers'
import { fundStats } from '../filter/stats'
import { pickedFunds } from './data'

export const watchlistResolvers = {
  Query: {
    myPicks: async (_: unknown, __: unknown, ctx: Ctx) => {
      const userId = requireUser(ctx)
      const [rows, stats] = await Promise.all([pickedFunds(ctx.database, userId), fundStats(ctx.database)])
      // seq is renumbered 1..n so gaps left by removals do not show.
      return rows.map((r, i) => ({ fundCode: r.fundCode, seq: i + 1, returns: periodReturns(stats.byCode.get(r.fundCode)) }))
    },
  },
  PickedFund: {
    fund: (p: { fundCode: string }, _: unknown, ctx: Ctx) => ctx.fund(p.fundCode),
  },
}
