import type { Resolvers } from '../../generated/resolvers'
import { loadManager } from '../manager/data'
import type { GraphQLContext as Ctx } from '../context'
import { badInput } from '../graphql/errors'
import { present } from '../paging'
import { searchEntries, searchIndex, type IndexedEntry } from './index'
import { portfolioRiskLevel } from './data'

export const MAX_SEARCH_LIMIT = 50

export const searchResolvers: Resolvers = {
  Query: {
    search: async (_: unknown, { keyword, limit }: { keyword: string; limit?: number | null }, ctx: Ctx) => {
      const n = limit ?? 10
      if (!Number.isInteger(n) || n < 1 || n > MAX_SEARCH_LIMIT) throw badInput(`条数 limit 须为 1 到 ${MAX_SEARCH_LIMIT} 之间的整数`)
      const entries = await searchIndex(ctx.database)
      const byKind = { fund: [] as IndexedEntry[], manager: [] as IndexedEntry[], portfolio: [] as IndexedEntry[] }
      for (const e of entries) {
        if (e.kind === 'portfolio' && !((e.brand === 'all' || e.brand === ctx.broker) && (ctx.broker === '0008' || !e.id.startsWith('AP'))))
          continue
        byKind[e.kind].push(e)
      }
      const of = (kind: IndexedEntry['kind']) => searchEntries(byKind[kind], keyword, n)
      const funds = (await Promise.all(of('fund').map((e) => ctx.fund(e.id)))).filter(present)
      const managers = (await Promise.all(of('manager').map((e) => loadManager(ctx.database, e.id)))).filter(present)
      const portfolios = await Promise.all(
        of('portfolio').map(async (e) => ({ poCode: e.id, poName: e.name, riskLevel: await portfolioRiskLevel(ctx.database, e.id) })),
      )
      return { keyword, funds, managers, portfolios }
    },
  },
}
