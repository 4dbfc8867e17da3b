import { GraphQLError } from 'graphql'
import { RISK_LEVEL_NAMES } from '../fund/categories'
import { loadManager } from '../manager/data'
import { connection, readPage, type PageArgs } from '../paging'
import { rangeStart } from '../ranges'
import { sumDecimals } from '../decimal'
import { optionalUser, requireUser, type GraphQLContext as Ctx } from '../graphql/context'
import * as po from './data'

/** Arguments of the fields below, as the schema (portfolio/schema.graphql) declares them. */
type NoArgs = Record<string, never>
type Range = { range?: string | null }
type Paged = { page?: PageArgs | null }
type ByCategory = { categoryType?: string | null }
export type PortfolioParent = ReturnType<typeof po.portfolioFields> & { row: po.PortfolioRow }

const portfolioParent = (row: po.PortfolioRow): PortfolioParent => ({ row, ...po.portfolioFields(row) })

async function visiblePortfolio(ctx: Ctx, poCode: string): Promise<po.PortfolioRow | null> {
  const row = await ctx.memo(`po:${poCode}`, () => po.loadPortfolioRow(ctx.database, poCode))
  return row && po.visibleOnBrand(row, ctx.broker) ? row : null
}

const userState = (ctx: Ctx, poCode: string) => {
  const userId = optionalUser(ctx)
  if (!userId) return Promise.resolve({ followed: false, signed: false })
  return ctx.memo(`state:${poCode}`, () => po.userPortfolioState(ctx.database, userId, poCode))
}

const page = (args: Paged, defaultSize?: number) => readPage(args.page, defaultSize)

const fundOrFail = async (ctx: Ctx, code: string) => {
  const f = await ctx.fund(code)
  if (!f) throw new GraphQLError(`fund ${code} not found`)
  return f
}

const aipAdvice = async (ctx: Ctx, row: po.SignalRow) => ({
  sigId: row.sigId,
  buyDate: row.date,
  buyRate: row.buyRate,
  issueNumber: row.issueNumber,
  buyValidUntilTime: row.buyValidUntilTime,
  introduction: row.introduction,
  buyOrders: (await po.signalOrders(ctx.database, row.sigId)).map((o) => ({
    fundCode: o.fundCode,
    fundName: o.fundName,
    percent: o.percent,
  })),
})

const sumOf = (values: string[]) => sumDecimals(values)

export const portfolioResolvers = {
  Query: {
    portfolio: async (_: unknown, { poCode }: { poCode: string }, ctx: Ctx) => {
      const row = await visiblePortfolio(ctx, poCode)
      return row ? portfolioParent(row) : null
    },
    portfolios: async (_: unknown, args: Paged & { seriesType?: string | null }, ctx: Ctx) => {
      const { offset, size } = page(args)
      const { rows, totalCount } = await po.listPortfolioRows(ctx.database, ctx.broker, offset, size, args.seriesType)
      return connection(rows.map(portfolioParent), totalCount, offset)
    },
    riskLevelDict: () => Object.entries(RISK_LEVEL_NAMES).map(([code, name]) => ({ code, name })),
    categoryDict: (_: unknown, { categoryType }: ByCategory, ctx: Ctx) => po.categoryDict(ctx.database, categoryType ?? 'AssetClassLevel1'),
    realFundHistory: async (_: unknown, { range }: Range, ctx: Ctx) => {
      const flagship = await po.flagshipLongWin(ctx.database)
      return flagship ? po.realMoneyHistory(ctx.database, flagship, range) : []
    },
    benchmark: (_: unknown, { indexCode, range }: Range & { indexCode: string }, ctx: Ctx) => po.benchmark(ctx.database, indexCode, range),
    aipAdvice: async (_: unknown, { sigId }: { sigId: string }, ctx: Ctx) => {
      const row = await po.signalById(ctx.database, sigId)
      return row && row.kind === 'AIP' && (await visiblePortfolio(ctx, row.poCode)) ? aipAdvice(ctx, row) : null
    },
    signal: async (_: unknown, { sigId }: { sigId: string }, ctx: Ctx) => {
      const row = await po.signalById(ctx.database, sigId)
      return row && row.kind === 'SIGNAL' && (await visiblePortfolio(ctx, row.poCode)) ? row : null
    },
    displaySmartAipDisclaimerPopup: async (_: unknown, { poCode }: { poCode?: string | null }, ctx: Ctx) => {
      if (!poCode) return true
      const row = await visiblePortfolio(ctx, poCode)
      return Boolean(row?.preferences.displaySmartAipDisclaimerPopup)
    },
  },

  Mutation: {
    toggleFollow: async (_: unknown, { poCode, state }: { poCode: string; state: boolean }, ctx: Ctx) => {
      const userId = requireUser(ctx)
      const row = await visiblePortfolio(ctx, poCode)
      if (!row) return { hasFollowed: false, followersCount: 0, error: { code: 'PORTFOLIO_NOT_FOUND', msg: '组合不存在', detail: poCode } }
      await po.setFollow(ctx.database, userId, poCode, Boolean(state))
      return { hasFollowed: Boolean(state), followersCount: await po.followersCount(ctx.database, row), error: null }
    },
  },

  Portfolio: {
    hasSigned: async (p: PortfolioParent, _: NoArgs, ctx: Ctx) => (await userState(ctx, p.poCode)).signed,
    hasFollowed: async (p: PortfolioParent, _: NoArgs, ctx: Ctx) => (await userState(ctx, p.poCode)).followed,
    followersCount: (p: PortfolioParent, _: NoArgs, ctx: Ctx) => po.followersCount(ctx.database, p.row),
    investedUnit: (p: PortfolioParent, _: NoArgs, ctx: Ctx) => po.investedUnit(ctx.database, p.row),
    manager: (p: PortfolioParent, _: NoArgs, ctx: Ctx) => (p.row.manager_id ? loadManager(ctx.database, p.row.manager_id) : null),
    composition: (p: PortfolioParent, { categoryType }: ByCategory, ctx: Ctx) => po.composition(ctx.database, p.row, categoryType),
    capitalAccountHoldings: (p: PortfolioParent, _: NoArgs, ctx: Ctx) =>
      po.capitalAccountHoldings(ctx.database, requireUser(ctx), p.poCode),
    comparableBenchmarks: (p: PortfolioParent, _: NoArgs, ctx: Ctx) => po.comparableBenchmarks(ctx.database, p.poCode),
    adjustments: async (p: PortfolioParent, args: Paged & ByCategory, ctx: Ctx) => {
      const { offset, size } = page(args)
      const { rows, totalCount } = await po.adjustments(ctx.database, p.poCode, offset, size)
      const parts = await po.adjustmentParts(
        ctx.database,
        rows.map((r) => r.adjustmentId),
      )
      const names = await ctx.memo('categoryNames', () => po.categoryNames(ctx.database))
      const list = rows.map((a) => {
        const mine = parts.filter((x) => x.adjustmentId === a.adjustmentId)
        const groups = new Map<string, po.AdjustmentPartRow[]>()
        for (const x of mine) {
          const code = po.categoryFor(x.fundCategory, args.categoryType, x.categoryCode)
          groups.set(code, [...(groups.get(code) ?? []), x])
        }
        return {
          adjustmentId: a.adjustmentId,
          date: a.date,
          comment: a.comment,
          article: a.articleLink ? { text: a.articleText, link: a.articleLink } : null,
          articleLink: a.articleLink,
          groups: [...groups.entries()].map(([categoryCode, xs]) => {
            const before = sumOf(xs.map((x) => x.beforePercent))
            const after = sumOf(xs.map((x) => x.afterPercent))
            const dir = Number(after) > Number(before) ? 'In' : Number(after) < Number(before) ? 'Out' : 'None'
            return {
              categoryCode,
              categoryName: names.get(categoryCode) ?? null,
              movementName: po.MOVEMENT_NAMES[dir],
              beforePercent: before,
              afterPercent: after,
              parts: xs.map((x) => ({
                fundCode: x.fundCode,
                movement: x.movement,
                movementName: po.MOVEMENT_NAMES[x.movement] ?? x.movement,
                beforePercent: x.beforePercent,
                afterPercent: x.afterPercent,
                varietyName: x.varietyName,
              })),
            }
          }),
          buyOrders: mine
            .filter((x) => Number(x.afterPercent) > Number(x.beforePercent))
            .map((x) => ({ fundCode: x.fundCode, variety: x.varietyName, tradeUnit: x.tradeUnit })),
          redeemOrders: mine
            .filter((x) => Number(x.afterPercent) < Number(x.beforePercent))
            .map((x) => ({ fundCode: x.fundCode, variety: x.varietyName, tradeUnit: x.tradeUnit })),
        }
      })
      return connection(list, totalCount, offset)
    },
    adjustmentChart: async (p: PortfolioParent, args: ByCategory, ctx: Ctx) => {
      const rows = await po.adjustmentDates(ctx.database, p.poCode)
      const parts = await po.adjustmentParts(
        ctx.database,
        rows.map((r) => r.adjustmentId),
      )
      const names = await ctx.memo('categoryNames', () => po.categoryNames(ctx.database))
      return rows.map((a) => {
        const groups = new Map<string, string[]>()
        for (const x of parts.filter((y) => y.adjustmentId === a.adjustmentId)) {
          const code = po.categoryFor(x.fundCategory, args.categoryType, x.categoryCode)
          groups.set(code, [...(groups.get(code) ?? []), x.afterPercent])
        }
        return {
          ...a,
          groups: [...groups.entries()].map(([categoryCode, ps]) => ({
            categoryCode,
            categoryName: names.get(categoryCode) ?? null,
            percent: sumOf(ps),
          })),
        }
      })
    },
    navHistory: (p: PortfolioParent, { range, all }: Range & { all?: boolean | null }, ctx: Ctx) =>
      po.navHistory(ctx.database, p.row, range, all),
    acrHistory: (p: PortfolioParent, { range }: Range, ctx: Ctx) => po.acrHistory(ctx.database, p.poCode, range),
    realMoneyHistory: (p: PortfolioParent, { range }: Range, ctx: Ctx) => po.realMoneyHistory(ctx.database, p.poCode, range),
    benchmark: async (p: PortfolioParent, { indexCode, range }: Range & { indexCode?: string | null }, ctx: Ctx) => {
      const code = indexCode ?? p.row.preferences.defaultComparableBenchmark ?? p.row.asset_classes_testing_index
      if (!code) return null
      // Rebase at the portfolio series' first date so both lines start together.
      const last = await po.lastNavDate(ctx.database, p.poCode)
      const start = last ? (rangeStart(range, last) ?? p.row.created_date) : null
      return po.benchmark(ctx.database, code, range, start)
    },
    dailyNavs: async (p: PortfolioParent, args: Paged & Range & { isLongWinS?: boolean | null }, ctx: Ctx) => {
      const { offset, size } = page(args, 100)
      const { rows, totalCount } = await po.dailyNavs(ctx.database, p.poCode, args.range, offset, size)
      return connection(
        rows.map((r) => ({ ...r, extra: args.isLongWinS ? { unitNav: r.value } : null })),
        totalCount,
        offset,
      )
    },
    signals: async (p: PortfolioParent, args: Paged, ctx: Ctx) => {
      const { offset, size } = page(args)
      const { rows, totalCount } = await po.signals(ctx.database, p.poCode, 'SIGNAL', offset, size)
      return connection(rows, totalCount, offset)
    },
    latestSignal: async (p: PortfolioParent, _: NoArgs, ctx: Ctx) =>
      (await po.signals(ctx.database, p.poCode, 'SIGNAL', 0, 1)).rows[0] ?? null,
    aipAdvices: async (p: PortfolioParent, args: Paged, ctx: Ctx) => {
      const { offset, size } = page(args)
      const { rows, totalCount } = await po.signals(ctx.database, p.poCode, 'AIP', offset, size)
      return connection(await Promise.all(rows.map((r) => aipAdvice(ctx, r))), totalCount, offset)
    },
    tradeRule: (p: PortfolioParent, { scene }: { scene?: string | null }, ctx: Ctx) => po.tradeRule(ctx.database, p.row, scene),
    pinnedPosts: (p: PortfolioParent, _: NoArgs, ctx: Ctx) => po.pinnedPosts(ctx.database, p.poCode),
    timelinePosts: async (p: PortfolioParent, args: Paged & { type?: string | null }, ctx: Ctx) => {
      const { offset, size } = page(args)
      const { rows, totalCount } = await po.timelinePosts(ctx.database, p.poCode, args.type, offset, size)
      return connection(rows, totalCount, offset)
    },
    introVideo: (p: PortfolioParent, _: NoArgs, ctx: Ctx) => po.introVideo(ctx.database, p.poCode),
    investorMessages: (p: PortfolioParent, _: NoArgs, ctx: Ctx) => po.investorMessages(ctx.database, p.poCode),
  },

  CompositionPart: {
    fund: (part: { fundCode: string }, _: NoArgs, ctx: Ctx) => fundOrFail(ctx, part.fundCode),
    candidateFunds: async (part: { candidateFundCodes: string[] }, _: NoArgs, ctx: Ctx) =>
      (await Promise.all(part.candidateFundCodes.map((c) => ctx.fund(c)))).filter(Boolean),
  },
  AdjustmentPart: { fund: (x: { fundCode: string }, _: NoArgs, ctx: Ctx) => fundOrFail(ctx, x.fundCode) },
  AdjustmentOrder: { fund: (x: { fundCode: string }, _: NoArgs, ctx: Ctx) => fundOrFail(ctx, x.fundCode) },
  Signal: {
    buyOrders: async (s: po.SignalRow, _: NoArgs, ctx: Ctx) =>
      (await ctx.memo(`orders:${s.sigId}`, () => po.signalOrders(ctx.database, s.sigId))).filter((o) => o.orderType === 'buy'),
    convertOrders: async (s: po.SignalRow, _: NoArgs, ctx: Ctx) =>
      (await ctx.memo(`orders:${s.sigId}`, () => po.signalOrders(ctx.database, s.sigId))).filter((o) => o.orderType === 'convert'),
  },
  SignalBuyOrder: { fund: (o: { fundCode: string }, _: NoArgs, ctx: Ctx) => fundOrFail(ctx, o.fundCode) },
  SignalConvertOrder: {
    fund: (o: { fundCode: string }, _: NoArgs, ctx: Ctx) => fundOrFail(ctx, o.fundCode),
    targetFund: (o: { targetFundCode: string }, _: NoArgs, ctx: Ctx) => fundOrFail(ctx, o.targetFundCode),
  },
}
