import type { GraphQLContext as Ctx } from '../graphql/context'
import { requireUser } from '../graphql/context'
import { periodReturns } from '../filter/resolvers'
import { fundStats } from '../filter/stats'

export const watchlistResolvers = {
  Query: {
    myPicks: async (_: unknown, __: unknown, ctx: Ctx) => {
      const userId = requireUser(ctx)
      const [rows, stats] = await Promise.all([
        ctx.database.db.selectFrom('user_fund_picks').select(['fund_code as fundCode', 'seq'])
          .where('user_id', '=', userId).orderBy('seq').orderBy('fund_code').execute(),
        fundStats(ctx.database),
      ])
      // seq is renumbered 1..n so gaps left by removals do not show.
      return rows.map((r, i) => ({ fundCode: r.fundCode, seq: i + 1, returns: periodReturns(stats.byCode.get(r.fundCode)) }))
    },
  },
  PickedFund: {
    fund: (p: { fundCode: string }, _: unknown, ctx: Ctx) => ctx.fund(p.fundCode),
  },
}
