import type {
  AdjustmentOrder,
  AdjustmentPart,
  CompositionGroup,
  CompositionPart,
  Resolvers,
  SignalBuyOrder,
  SignalConvertOrder,
} from '../../generated/resolvers'
import { GraphQLError } from 'graphql'
import { MOVEMENT_NAMES, RISK_LEVEL_NAMES } from '@alfa/common/labels'
import { loadManager } from '../manager/data'
import { connection, present, readPage, type PageArgs } from '../paging'
import { rangeStart } from '../ranges'
import { sumDecimals } from '../decimal'
import type { GraphQLContext as Ctx } from '../context'
import { optionalUser, requireUser } from '../graphql/context'
import { badInput } from '../graphql/errors'
import type { PortfolioRow } from '../db/schema'
import { introVideo, investorMessages, pinnedPosts, timelinePosts } from './community'
import { followedPortfolioRows } from './followed'
import { categoryFor, composition } from './composition'
import { groupProfitBasis, partNavRows } from './groupProfit'
import * as po from './data'
import { portfolioFields, visibleOnBrand } from './fields'
import { investPlanRow, longWinPinnedPosts, recordsRow } from './plan'
import { navHistory } from './series'
import { tradeRule } from './tradeRule'
import { assetClassReturns, expectedReturnBasis } from './expected'

/** Arguments of the fields below, as the schema (portfolio/schema.graphql) declares them. */
type Paged = { page?: PageArgs | null }
export type PortfolioParent = ReturnType<typeof portfolioFields> & { row: PortfolioRow; followersCount?: number }
/** Parents that carry fund codes; their funds are resolved in a batch (ctx.fund). */
export type CompositionPartParent = Omit<CompositionPart, 'fund' | 'candidateFunds'> & { fundCode: string; candidateFundCodes: string[] }
/** A group knows the portfolio whose parts it holds (the model's for a plan asked with isModelPo), for its 口径. */
export type CompositionGroupParent = Omit<CompositionGroup, 'parts' | 'accProfitBasis'> & { poCode: string; parts: CompositionPartParent[] }
export type AdjustmentPartParent = Omit<AdjustmentPart, 'fund'> & { fundCode: string }
export type AdjustmentOrderParent = Omit<AdjustmentOrder, 'fund'> & { fundCode: string }
export type SignalBuyOrderParent = Omit<SignalBuyOrder, 'fund'> & { fundCode: string }
export type SignalConvertOrderParent = Omit<SignalConvertOrder, 'fund' | 'targetFund'> & { fundCode: string; targetFundCode: string | null }

const portfolioParent = (row: PortfolioRow): PortfolioParent => ({ row, ...portfolioFields(row) })

async function visiblePortfolio(ctx: Ctx, poCode: string, load = po.loadPortfolioRow): Promise<PortfolioRow | null> {
  const row = await ctx.memo(`po:${poCode}`, () => load(ctx.database, poCode))
  return row && visibleOnBrand(row, ctx.broker) ? row : null
}

const userState = (ctx: Ctx, poCode: string) => {
  const userId = optionalUser(ctx)
  if (!userId) return Promise.resolve({ followed: false, signed: false })
  return po.userPortfolioState(ctx.database, userId, poCode)
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
  buyRate: required(row.buyRate, `buy rate of AIP advice ${row.sigId}`),
  issueNumber: required(row.issueNumber, `issue number of AIP advice ${row.sigId}`),
  buyValidUntilTime: required(row.buyValidUntilTime, `valid-until time of AIP advice ${row.sigId}`),
  introduction: row.introduction,
  buyOrders: (await po.signalOrders(ctx.database, row.sigId)).map((o) => ({
    fundCode: o.fundCode,
    fundName: o.fundName,
    percent: o.percent,
  })),
})

const sumOf = (values: string[]) => sumDecimals(values)

/** A value the schema declares non-null: a stored row without it is an error, said as such. */
function required<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new GraphQLError(`${what} is missing`)
  return value
}

export const portfolioResolvers: Resolvers = {
  Query: {
    portfolio: async (_, { poCode }, ctx) => {
      // The detail's head: the row with what its first screen reads beside it, in one statement.
      // The reader's state and holding come with it (nobody's when the token is not valid: hasFollowed says why).
      const reader = ctx.auth.status === 'valid' ? ctx.auth.userId : null
      const row = await visiblePortfolio(ctx, poCode, (database, code) => po.loadPortfolioHead(database, code, reader))
      return row ? portfolioParent(row) : null
    },
    portfolios: async (_, args, ctx) => {
      const { offset, size } = page(args)
      const { rows, totalCount } = await po.listPortfolioRows(ctx.database, ctx.broker, offset, size, args.seriesType)
      return connection(rows.map(portfolioParent), totalCount, offset)
    },
    riskLevelDict: () => Object.entries(RISK_LEVEL_NAMES).map(([code, name]) => ({ code, name })),
    categoryDict: (_, { categoryType }, ctx) => po.categoryDict(ctx.database, categoryType ?? 'AssetClassLevel1'),
    realFundHistory: async (_, { range }, ctx) => {
      const flagship = await po.flagshipLongWin(ctx.database)
      return flagship ? po.realMoneyHistory(ctx.database, flagship, range) : []
    },
    benchmark: (_, { indexCode, range }, ctx) => po.benchmark(ctx.database, indexCode, range),
    aipAdvice: async (_, { sigId }, ctx) => {
      const row = await po.signalById(ctx.database, sigId)
      return row && row.kind === 'AIP' && (await visiblePortfolio(ctx, row.poCode)) ? aipAdvice(ctx, row) : null
    },
    signal: async (_, { sigId }, ctx) => {
      const row = await po.signalById(ctx.database, sigId)
      return row && row.kind === 'SIGNAL' && (await visiblePortfolio(ctx, row.poCode)) ? row : null
    },
    displaySmartAipDisclaimerPopup: async (_, { poCode }, ctx) => {
      if (!poCode) return true
      const row = await visiblePortfolio(ctx, poCode)
      return Boolean(row?.preferences.displaySmartAipDisclaimerPopup)
    },
  },

  Mutation: {
    toggleFollow: async (_, { poCode, state }, ctx) => {
      const userId = requireUser(ctx)
      const row = await visiblePortfolio(ctx, poCode)
      if (!row) return { hasFollowed: false, followersCount: 0, error: { code: 'PORTFOLIO_NOT_FOUND', msg: '组合不存在', detail: poCode } }
      await po.setFollow(ctx.database, userId, poCode, Boolean(state))
      return { hasFollowed: Boolean(state), followersCount: await po.followersCount(ctx.database, row), error: null }
    },
  },

  User: {
    followedPortfolios: async (u, args, ctx) => {
      const { offset, size } = page(args)
      const { rows, totalCount } = await followedPortfolioRows(ctx.database, u.userId, ctx.broker, offset, size)
      const list = rows.map(({ followedAt, navDate, dailyReturn, totalReturn, followersCount, ...row }) => ({
        portfolio: { ...portfolioParent(row), followersCount },
        followedAt,
        navDate,
        dailyReturn,
        totalReturn,
      }))
      return connection(list, totalCount, offset)
    },
  },

  Portfolio: {
    expectedReturnBasis: async (p, _, ctx) => {
      const { parts } = await po.compositionRows(ctx.database, p.row.po_code)
      return expectedReturnBasis(
        parts.map((x) => ({ fundCategory: x.fundCategory, weight: Number(x.percent) })),
        assetClassReturns(),
      )
    },
    hasSigned: async (p, _, ctx) => (await userState(ctx, p.poCode)).signed,
    hasFollowed: async (p, _, ctx) => (await userState(ctx, p.poCode)).followed,
    // A list that counted the followers in its own statement (我的关注) hands the count down.
    // Read with the row when the portfolio was loaded alone (loadPortfolioRow), counted otherwise (lists).
    followersCount: (p, _, ctx) =>
      p.followersCount ??
      ('followers_total' in p.row ? (p.row as po.PortfolioHeadRow).followers_total : po.followersCount(ctx.database, p.row)),
    investedUnit: (p, _, ctx) => po.investedUnit(ctx.database, p.row),
    manager: async (p, _, ctx) => {
      const id = p.row.manager_id
      return id ? ((await ctx.memo(po.headKeys.manager(id), () => loadManager(ctx.database, id))) ?? null) : null
    },
    modelPortfolio: async (p, _, ctx) => {
      const model = p.row.model_po_code ? await visiblePortfolio(ctx, p.row.model_po_code) : null
      return model ? portfolioParent(model) : null
    },
    composition: async (p, { categoryType, isModelPo }, ctx) =>
      composition(ctx.database, await recordsRow(ctx.database, p.row, isModelPo), categoryType),
    capitalAccountHoldings: (p, _, ctx) => po.capitalAccountHoldings(ctx.database, requireUser(ctx), p.poCode),
    comparableBenchmarks: (p, _, ctx) => po.comparableBenchmarks(ctx.database, p.poCode),
    adjustments: async (p, args, ctx) => {
      const { offset, size } = page(args)
      const { po_code: code } = await recordsRow(ctx.database, p.row, args.isModelPo)
      const { rows, totalCount } = await po.adjustments(ctx.database, code, offset, size)
      const parts = await po.adjustmentParts(
        ctx.database,
        rows.map((r) => r.adjustmentId),
      )
      const names = await ctx.memo('categoryNames', () => po.categoryNames(ctx.database))
      const list = rows.map((a) => {
        const mine = parts.filter((x) => x.adjustmentId === a.adjustmentId)
        const groups = new Map<string, po.AdjustmentPartRow[]>()
        for (const x of mine) {
          const code = categoryFor(x.fundCategory, args.categoryType, x.categoryCode)
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
              movementName: MOVEMENT_NAMES[dir],
              beforePercent: before,
              afterPercent: after,
              parts: xs.map((x) => ({
                fundCode: x.fundCode,
                movement: x.movement,
                movementName: MOVEMENT_NAMES[x.movement] ?? x.movement,
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
    adjustmentChart: async (p, args, ctx) => {
      const { po_code: code } = await recordsRow(ctx.database, p.row, args.isModelPo)
      const rows = await po.adjustmentDates(ctx.database, code)
      const parts = await po.adjustmentParts(
        ctx.database,
        rows.map((r) => r.adjustmentId),
      )
      const names = await ctx.memo('categoryNames', () => po.categoryNames(ctx.database))
      return rows.map((a) => {
        const groups = new Map<string, string[]>()
        for (const x of parts.filter((y) => y.adjustmentId === a.adjustmentId)) {
          const code = categoryFor(x.fundCategory, args.categoryType, x.categoryCode)
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
    navHistory: async (p, { range, all, isModelPo, investPlanCode }, ctx) => {
      const plan = await investPlanRow(ctx.database, p.row, investPlanCode, ctx.broker)
      return navHistory(ctx.database, await recordsRow(ctx.database, plan, isModelPo), range, all)
    },
    // The chart's lines share one statement (po.chartRows), the benchmark's included.
    acrHistory: (p, { range }, ctx) => po.acrHistory(ctx.database, p.poCode, range, po.defaultBenchmarkCode(p.row)),
    realMoneyHistory: (p, { range }, ctx) => po.realMoneyHistory(ctx.database, p.poCode, range, po.defaultBenchmarkCode(p.row)),
    benchmark: async (p, { indexCode, range }, ctx) => {
      const preferred = po.defaultBenchmarkCode(p.row)
      const code = indexCode ?? preferred
      if (!code) return null
      // Rebase at the portfolio series' first date so both lines start together (Max: before the set-up too).
      const last = await po.lastNavDate(ctx.database, p.poCode)
      const whole = (range ?? '').toUpperCase() === 'MAX'
      const ranged = last ? rangeStart(range, last) : null
      const start = last ? (ranged ?? (whole ? await po.firstNavDate(ctx.database, p.poCode) : p.row.created_date)) : null
      // The portfolio's own benchmark over a range comes with the chart's NAVs (one statement for the chart).
      const answer =
        ranged !== null && code === preferred
          ? (await po.chartRows(ctx.database, p.poCode, ranged, code)).benchmark!
          : await po.benchmark(ctx.database, code, range, start)
      // A comparison the client asked for by code must name an index: no silent empty line.
      if (!answer && indexCode) throw badInput(`没有代码为 ${indexCode} 的基准指数`)
      return answer
    },
    dailyNavs: async (p, args, ctx) => {
      const { offset, size } = page(args, 100)
      const { rows, totalCount } = await po.dailyNavs(ctx.database, p.poCode, args.range, offset, size)
      return connection(
        rows.map((r) => ({ ...r, extra: args.isLongWinS ? { unitNav: r.value } : null })),
        totalCount,
        offset,
      )
    },
    signals: async (p, args, ctx) => {
      const { offset, size } = page(args)
      const { rows, totalCount } = await po.signals(ctx.database, p.poCode, 'SIGNAL', offset, size)
      return connection(rows, totalCount, offset)
    },
    latestSignal: async (p, _, ctx) => (await po.signals(ctx.database, p.poCode, 'SIGNAL', 0, 1)).rows[0] ?? null,
    aipAdvices: async (p, args, ctx) => {
      const { offset, size } = page(args)
      const { rows, totalCount } = await po.signals(ctx.database, p.poCode, 'AIP', offset, size)
      return connection(await Promise.all(rows.map((r) => aipAdvice(ctx, r))), totalCount, offset)
    },
    tradeRule: (p, { scene }, ctx) => tradeRule(ctx.database, p.row, scene),
    pinnedPosts: (p, { isLongWin }, ctx) =>
      isLongWin ? longWinPinnedPosts(ctx.database, ctx.broker) : pinnedPosts(ctx.database, p.poCode),
    timelinePosts: async (p, args, ctx) => {
      const { offset, size } = page(args)
      const { rows, totalCount } = await timelinePosts(ctx.database, p.poCode, args.type, offset, size)
      return connection(rows, totalCount, offset)
    },
    introVideo: (p, _, ctx) => introVideo(ctx.database, p.poCode),
    investorMessages: (p, _, ctx) => investorMessages(ctx.database, p.poCode),
  },

  CompositionGroup: {
    accProfitBasis: async (g, _, ctx) => {
      if (g.accProfitRate == null) return null
      // One statement for every group of the portfolio: the sheet asks them together.
      const rows = await ctx.memo(`partNavs:${g.poCode}`, () => partNavRows(ctx.database, g.poCode))
      const funds = await Promise.all(g.parts.map((p) => ctx.fund(p.fundCode)))
      const names = new Map(funds.filter(present).map((f) => [f.fundCode, f.fundName]))
      return groupProfitBasis(
        rows,
        g.parts.map((p) => p.fundCode),
        names,
      )
    },
  },
  PartProfitBasis: { fund: (x, _, ctx) => fundOrFail(ctx, x.fundCode) },
  CompositionPart: {
    fund: (part, _, ctx) => fundOrFail(ctx, part.fundCode),
    candidateFunds: async (part, _, ctx) => (await Promise.all(part.candidateFundCodes.map((c) => ctx.fund(c)))).filter(present),
  },
  AdjustmentPart: { fund: (x, _, ctx) => fundOrFail(ctx, x.fundCode) },
  AdjustmentOrder: { fund: (x, _, ctx) => fundOrFail(ctx, x.fundCode) },
  Signal: {
    buyOrders: async (s, _, ctx) =>
      (await ctx.memo(`orders:${s.sigId}`, () => po.signalOrders(ctx.database, s.sigId))).filter((o) => o.orderType === 'buy'),
    convertOrders: async (s, _, ctx) =>
      (await ctx.memo(`orders:${s.sigId}`, () => po.signalOrders(ctx.database, s.sigId))).filter((o) => o.orderType === 'convert'),
  },
  SignalBuyOrder: { fund: (o, _, ctx) => fundOrFail(ctx, o.fundCode) },
  SignalConvertOrder: {
    fund: (o, _, ctx) => fundOrFail(ctx, o.fundCode),
    targetFund: (o, _, ctx) => {
      if (!o.targetFundCode) throw new GraphQLError('a convert order without a target fund')
      return fundOrFail(ctx, o.targetFundCode)
    },
  },
}
