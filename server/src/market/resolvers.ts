import type { Resolvers } from '../../generated/resolvers'
import type { GraphQLContext as Ctx } from '../context'
import { badInput } from '../graphql/errors'
import { connection, readPage } from '../paging'
import { THEMES, fundReturns, sortByReturn, type FundReturn } from './ranking'
import { MARKET_INDICES, MAX_DAILY_POINTS, intraday, points, quote, summary } from './data'

/** A market index as its resolvers hand it down. */
export type MarketIndexParent = ReturnType<typeof summary>
/** An industry theme as its resolvers hand it down: its member funds, ranked. */
export interface IndustryThemeParent {
  themeCode: string
  name: string
  description: string
  averageReturn: string | null
  fundCount: number
  members: FundReturn[]
}
const returnsOf = (ctx: Ctx, period: string) => ctx.memo(`fundReturns:${period}`, () => fundReturns(ctx.database, period))
const ranked = async (ctx: Ctx, list: FundReturn[]) => {
  const funds = await Promise.all(list.map((f) => ctx.fund(f.fundCode)))
  return list.flatMap((f, i) => (funds[i] ? [{ fund: funds[i], periodReturn: f.periodReturn }] : []))
}
const byCode = (code: string) => MARKET_INDICES.find((d) => d.indexCode === code)

export const marketResolvers: Resolvers = {
  Query: {
    fundRanking: async (_, args, ctx) => {
      const { offset, size } = readPage(args.page)
      const all = await returnsOf(ctx, args.period ?? '1Y')
      const list = sortByReturn(
        args.categoryCode ? all.filter((f) => f.categoryCode === args.categoryCode) : all,
        args.direction ?? 'reverse',
      )
      return connection(await ranked(ctx, list.slice(offset, offset + size)), list.length, offset)
    },
    industryThemes: async (_, { period }, ctx): Promise<IndustryThemeParent[]> => {
      const all = await returnsOf(ctx, period ?? '1Y')
      return THEMES.map((t) => {
        const members = sortByReturn(
          all.filter((f) => t.keywords.some((k) => f.fundName.includes(k))),
          'reverse',
        )
        const values = members
          .map((m) => m.periodReturn)
          .filter((v): v is string => v !== null)
          .map(Number)
        const averageReturn = values.length ? (values.reduce((a, b) => a + b, 0) / values.length).toFixed(4) : null
        return { themeCode: t.themeCode, name: t.name, description: t.description, averageReturn, fundCount: members.length, members }
      })
    },
    marketIndices: () => MARKET_INDICES.map((d) => summary(quote(d))),
    marketIndex: (_: unknown, { indexCode }: { indexCode: string }) => {
      const def = byCode(indexCode)
      return def ? summary(quote(def)) : null
    },
  },
  IndustryTheme: {
    funds: (t, { limit }, ctx) => {
      const n = limit ?? 5
      if (!Number.isInteger(n) || n < 1 || n > 50) throw badInput('条数 limit 须为 1 到 50 之间的整数')
      return ranked(ctx, t.members.slice(0, n))
    },
  },
  MarketIndexQuote: {
    daily: (q, { days }) => {
      const n = days ?? 120
      if (!Number.isInteger(n) || n < 1 || n > MAX_DAILY_POINTS) throw badInput(`天数 days 须为 1 到 ${MAX_DAILY_POINTS} 之间的整数`)
      return quote(byCode(q.indexCode)!)
        .daily.slice(-n)
        .map((p) => ({ time: p.time, value: points(p.value) }))
    },
    intraday: (q) => intraday(quote(byCode(q.indexCode)!)).map((p) => ({ time: p.time, value: points(p.value) })),
  },
}
