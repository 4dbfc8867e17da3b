import { sql } from 'kysely'
import { GraphQLError, GraphQLScalarType, Kind } from 'graphql'
import { RISK_LEVEL_NAMES } from '../fund/categories'
import { fundNavHistory, lastFundNavDate, listFunds, listManagers, loadManager, managerUrl, type Fund, type Manager } from '../fund/data'
import * as po from './data'
import * as content from '../content/data'
import { connection, readPage, badInput, type PageArgs } from '../paging'
import { rangeBase, rangeStart } from '../ranges'
import { sumDecimals } from '../decimal'
import { CommentRateLimited, MAX_COMMENT_LENGTH } from '../live/hub'
import { optionalUser, requireUser, type GraphQLContext as Ctx } from '../graphql/context'
import { randomUUID } from 'node:crypto'

type Args = Record<string, any>
type PortfolioParent = ReturnType<typeof po.portfolioFields> & { row: po.PortfolioRow }

const scalar = (name: string, serialize: (v: unknown) => unknown, description?: string) =>
  new GraphQLScalarType({
    name,
    description,
    serialize,
    parseValue: (v) => v,
    parseLiteral: (ast) => (ast.kind === Kind.STRING || ast.kind === Kind.INT || ast.kind === Kind.FLOAT ? ast.value : null),
  })

const JSONScalar = new GraphQLScalarType({
  name: 'JSON',
  serialize: (v) => v,
  parseValue: (v) => v,
  parseLiteral: function literal(ast): unknown {
    switch (ast.kind) {
      case Kind.STRING:
      case Kind.BOOLEAN:
        return ast.value
      case Kind.INT:
      case Kind.FLOAT:
        return Number(ast.value)
      case Kind.LIST:
        return ast.values.map(literal)
      case Kind.OBJECT:
        return Object.fromEntries(ast.fields.map((f) => [f.name.value, literal(f.value)]))
      default:
        return null
    }
  },
})

const toDate = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v))
const toDateTime = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v))

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

const page = (args: Args, defaultSize?: number) => readPage(args.page as PageArgs | undefined, defaultSize)

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
  buyOrders: (await po.signalOrders(ctx.database, row.sigId)).map((o) => ({ fundCode: o.fundCode, fundName: o.fundName, percent: o.percent })),
})

export const resolvers = {
  Decimal: scalar('Decimal', (v) => (typeof v === 'number' ? String(v) : v), 'Exact decimal as a string'),
  Date: scalar('Date', toDate),
  DateTime: scalar('DateTime', toDateTime),
  JSON: JSONScalar,

  Query: {
    portfolio: async (_: unknown, { poCode }: Args, ctx: Ctx) => {
      const row = await visiblePortfolio(ctx, poCode)
      return row ? portfolioParent(row) : null
    },
    portfolios: async (_: unknown, args: Args, ctx: Ctx) => {
      const { offset, size } = page(args)
      const { rows, totalCount } = await po.listPortfolioRows(ctx.database, ctx.broker, offset, size, args.seriesType)
      return connection(rows.map(portfolioParent), totalCount, offset)
    },
    riskLevelDict: () => Object.entries(RISK_LEVEL_NAMES).map(([code, name]) => ({ code, name })),
    categoryDict: (_: unknown, { categoryType }: Args, ctx: Ctx) =>
      ctx.database.query('select category_code as code, name from categories where category_type = $1 order by sort', [categoryType ?? 'AssetClassLevel1']),
    realFundHistory: async (_: unknown, { range }: Args, ctx: Ctx) => {
      const [flagship] = await ctx.database.query<{ po_code: string }>(`select po_code from portfolios where running_with_real_money and series_type = 'LONG_WIN' order by po_code limit 1`)
      return flagship ? po.realMoneyHistory(ctx.database, flagship.po_code, range) : []
    },
    benchmark: (_: unknown, { indexCode, range }: Args, ctx: Ctx) => po.benchmark(ctx.database, indexCode, range),
    aipAdvice: async (_: unknown, { sigId }: Args, ctx: Ctx) => {
      const row = await po.signalById(ctx.database, sigId)
      return row && row.kind === 'AIP' && (await visiblePortfolio(ctx, row.poCode)) ? aipAdvice(ctx, row) : null
    },
    signal: async (_: unknown, { sigId }: Args, ctx: Ctx) => {
      const row = await po.signalById(ctx.database, sigId)
      return row && row.kind === 'SIGNAL' && (await visiblePortfolio(ctx, row.poCode)) ? row : null
    },
    displaySmartAipDisclaimerPopup: async (_: unknown, { poCode }: Args, ctx: Ctx) => {
      if (!poCode) return true
      const row = await visiblePortfolio(ctx, poCode)
      return Boolean(row?.preferences.displaySmartAipDisclaimerPopup)
    },
    fund: (_: unknown, { fundCode }: Args, ctx: Ctx) => ctx.fund(fundCode).then((f) => f ?? null),
    funds: async (_: unknown, args: Args, ctx: Ctx) => {
      const { offset, size } = page(args)
      const { rows, totalCount } = await listFunds(ctx.database, offset, size, args.categoryCode)
      return connection(rows, totalCount, offset)
    },
    fundManager: (_: unknown, { managerId }: Args, ctx: Ctx) => loadManager(ctx.database, managerId).then((m) => m ?? null),
    managers: async (_: unknown, args: Args, ctx: Ctx) => {
      const { offset, size } = page(args)
      const { rows, totalCount } = await listManagers(ctx.database, offset, size)
      return connection(rows, totalCount, offset)
    },
    article: (_: unknown, { articleId }: Args, ctx: Ctx) => content.article(ctx.database, articleId, optionalUser(ctx)),
    allColumns: (_: unknown, __: Args, ctx: Ctx) => content.columns(ctx.database),
    column: (_: unknown, { columnId }: Args, ctx: Ctx) => content.column(ctx.database, columnId),
    course: (_: unknown, { courseId }: Args, ctx: Ctx) => content.course(ctx.database, courseId),
    ads: (_: unknown, { recCodes, displayName }: Args, ctx: Ctx) => content.ads(ctx.database, recCodes, displayName),
    widget: (_: unknown, { key }: Args, ctx: Ctx) => content.kvConfig(ctx.database, 'widget', key),
    fragment: (_: unknown, { key }: Args, ctx: Ctx) => content.kvConfig(ctx.database, 'fragment', key),
    config: (_: unknown, { key }: Args, ctx: Ctx) => content.kvConfig(ctx.database, 'config', key),
    fundIntroConfig: (_: unknown, { key }: Args, ctx: Ctx) => content.kvConfig(ctx.database, 'fundIntro', key),
    keyValue: (_: unknown, { key }: Args, ctx: Ctx) => content.keyValue(ctx.database, key),
    liveStreams: (_: unknown, __: Args, ctx: Ctx) => content.liveStreams(ctx.database),
    liveStream: (_: unknown, { liveId }: Args, ctx: Ctx) => content.liveStream(ctx.database, liveId),
    me: async (_: unknown, __: Args, ctx: Ctx) => {
      const userId = requireUser(ctx)
      const [user] = await ctx.database.query<{ userId: string; nickname: string; avatarUrl: string | null; phone: string | null }>(
        `select user_id as "userId", nickname, avatar_url as "avatarUrl", phone from users where user_id = $1`, [userId])
      if (!user) throw new GraphQLError('请先进行登录', { extensions: { code: 'UNAUTHENTICATED' } })
      return { ...user, phone: user.phone ? `${user.phone.slice(0, 3)}****${user.phone.slice(-4)}` : null }
    },
  },

  Mutation: {
    toggleFollow: async (_: unknown, { poCode, state }: Args, ctx: Ctx) => {
      const userId = requireUser(ctx)
      const row = await visiblePortfolio(ctx, poCode)
      if (!row) return { hasFollowed: false, followersCount: 0, error: { code: 'PORTFOLIO_NOT_FOUND', msg: '组合不存在', detail: poCode } }
      const db = ctx.database.db
      if (state) await db.insertInto('follows').values({ user_id: userId, po_code: poCode }).onConflict((oc) => oc.doNothing()).execute()
      else await db.deleteFrom('follows').where('user_id', '=', userId).where('po_code', '=', poCode).execute()
      return { hasFollowed: Boolean(state), followersCount: await po.followersCount(ctx.database, row), error: null }
    },
    postLiveComment: async (_: unknown, { liveId, content: text }: Args, ctx: Ctx) => {
      const userId = requireUser(ctx)
      const trimmed = String(text)
      if (!trimmed.trim() || trimmed.length > MAX_COMMENT_LENGTH) return { comment: null, error: { code: 'ContetnPostInvalid', msg: `评论内容需为1到${MAX_COMMENT_LENGTH}个字`, detail: null } }
      if (!(await ctx.live.streamExists(liveId))) return { comment: null, error: { code: 'LIVE_NOT_FOUND', msg: '直播不存在', detail: liveId } }
      try {
        return { comment: await ctx.live.post(liveId, userId, trimmed), error: null }
      } catch (err) {
        if (err instanceof CommentRateLimited) return { comment: null, error: { code: 'RATE_LIMITED', msg: err.message, detail: String(err.retryAfter) } }
        throw err
      }
    },
    saveFilter: async (_: unknown, { name, formValue }: Args, ctx: Ctx) => {
      const userId = requireUser(ctx)
      if (!String(name).trim() || String(name).length > 50) throw badInput('name must be 1 to 50 characters')
      if (typeof formValue !== 'object' || formValue === null || Array.isArray(formValue)) throw badInput('formValue must be an object')
      return ctx.database.db.insertInto('saved_filters')
        .values({ filter_id: randomUUID(), user_id: userId, name, form_value: JSON.stringify(formValue) })
        .returning(['filter_id as filterId', 'name', 'form_value as formValue', 'created_at as createdAt'])
        .executeTakeFirstOrThrow()
    },
    deleteFilter: async (_: unknown, { filterId }: Args, ctx: Ctx) => {
      const userId = requireUser(ctx)
      const result = await ctx.database.db.deleteFrom('saved_filters').where('filter_id', '=', filterId).where('user_id', '=', userId).executeTakeFirst()
      return result.numDeletedRows > 0n
    },
  },

  Portfolio: {
    hasSigned: async (p: PortfolioParent, _: Args, ctx: Ctx) => (await userState(ctx, p.poCode)).signed,
    hasFollowed: async (p: PortfolioParent, _: Args, ctx: Ctx) => (await userState(ctx, p.poCode)).followed,
    followersCount: (p: PortfolioParent, _: Args, ctx: Ctx) => po.followersCount(ctx.database, p.row),
    investedUnit: (p: PortfolioParent, _: Args, ctx: Ctx) => po.investedUnit(ctx.database, p.row),
    manager: (p: PortfolioParent, _: Args, ctx: Ctx) => (p.row.manager_id ? loadManager(ctx.database, p.row.manager_id) : null),
    composition: (p: PortfolioParent, { categoryType }: Args, ctx: Ctx) => po.composition(ctx.database, p.row, categoryType),
    capitalAccountHoldings: (p: PortfolioParent, _: Args, ctx: Ctx) => po.capitalAccountHoldings(ctx.database, requireUser(ctx), p.poCode),
    comparableBenchmarks: (p: PortfolioParent, _: Args, ctx: Ctx) => po.comparableBenchmarks(ctx.database, p.poCode),
    adjustments: async (p: PortfolioParent, args: Args, ctx: Ctx) => {
      const { offset, size } = page(args)
      const { rows, totalCount } = await po.adjustments(ctx.database, p.poCode, offset, size)
      const parts = await po.adjustmentParts(ctx.database, rows.map((r) => r.adjustmentId))
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
              parts: xs.map((x) => ({ fundCode: x.fundCode, movement: x.movement, movementName: po.MOVEMENT_NAMES[x.movement] ?? x.movement, beforePercent: x.beforePercent, afterPercent: x.afterPercent, varietyName: x.varietyName })),
            }
          }),
          buyOrders: mine.filter((x) => Number(x.afterPercent) > Number(x.beforePercent)).map((x) => ({ fundCode: x.fundCode, variety: x.varietyName, tradeUnit: x.tradeUnit })),
          redeemOrders: mine.filter((x) => Number(x.afterPercent) < Number(x.beforePercent)).map((x) => ({ fundCode: x.fundCode, variety: x.varietyName, tradeUnit: x.tradeUnit })),
        }
      })
      return connection(list, totalCount, offset)
    },
    adjustmentChart: async (p: PortfolioParent, args: Args, ctx: Ctx) => {
      const rows = await ctx.database.query<{ adjustmentId: string; date: string }>('select adjustment_id as "adjustmentId", adj_date as date from adjustments where po_code = $1 order by adj_date', [p.poCode])
      const parts = await po.adjustmentParts(ctx.database, rows.map((r) => r.adjustmentId))
      const names = await ctx.memo('categoryNames', () => po.categoryNames(ctx.database))
      return rows.map((a) => {
        const groups = new Map<string, string[]>()
        for (const x of parts.filter((y) => y.adjustmentId === a.adjustmentId)) {
          const code = po.categoryFor(x.fundCategory, args.categoryType, x.categoryCode)
          groups.set(code, [...(groups.get(code) ?? []), x.afterPercent])
        }
        return { ...a, groups: [...groups.entries()].map(([categoryCode, ps]) => ({ categoryCode, categoryName: names.get(categoryCode) ?? null, percent: sumOf(ps) })) }
      })
    },
    navHistory: (p: PortfolioParent, { range, all }: Args, ctx: Ctx) => po.navHistory(ctx.database, p.row, range, all),
    acrHistory: (p: PortfolioParent, { range }: Args, ctx: Ctx) => po.acrHistory(ctx.database, p.poCode, range),
    realMoneyHistory: (p: PortfolioParent, { range }: Args, ctx: Ctx) => po.realMoneyHistory(ctx.database, p.poCode, range),
    benchmark: async (p: PortfolioParent, { indexCode, range }: Args, ctx: Ctx) => {
      const code = indexCode ?? p.row.preferences.defaultComparableBenchmark ?? p.row.asset_classes_testing_index
      if (!code) return null
      // Rebase at the portfolio series' first date so both lines start together.
      const last = await po.lastNavDate(ctx.database, p.poCode)
      const start = last ? rangeStart(range, last) ?? p.row.created_date : null
      return po.benchmark(ctx.database, code, range, start)
    },
    dailyNavs: async (p: PortfolioParent, args: Args, ctx: Ctx) => {
      const { offset, size } = page(args, 100)
      const { rows, totalCount } = await po.dailyNavs(ctx.database, p.poCode, args.range, offset, size)
      return connection(rows.map((r) => ({ ...r, extra: args.isLongWinS ? { unitNav: r.value } : null })), totalCount, offset)
    },
    signals: async (p: PortfolioParent, args: Args, ctx: Ctx) => {
      const { offset, size } = page(args)
      const { rows, totalCount } = await po.signals(ctx.database, p.poCode, 'SIGNAL', offset, size)
      return connection(rows, totalCount, offset)
    },
    latestSignal: async (p: PortfolioParent, _: Args, ctx: Ctx) => (await po.signals(ctx.database, p.poCode, 'SIGNAL', 0, 1)).rows[0] ?? null,
    aipAdvices: async (p: PortfolioParent, args: Args, ctx: Ctx) => {
      const { offset, size } = page(args)
      const { rows, totalCount } = await po.signals(ctx.database, p.poCode, 'AIP', offset, size)
      return connection(await Promise.all(rows.map((r) => aipAdvice(ctx, r))), totalCount, offset)
    },
    tradeRule: (p: PortfolioParent, { scene }: Args, ctx: Ctx) => po.tradeRule(ctx.database, p.row, scene),
    pinnedPosts: (p: PortfolioParent, _: Args, ctx: Ctx) => po.pinnedPosts(ctx.database, p.poCode),
    timelinePosts: async (p: PortfolioParent, args: Args, ctx: Ctx) => {
      const { offset, size } = page(args)
      const { rows, totalCount } = await po.timelinePosts(ctx.database, p.poCode, args.type, offset, size)
      return connection(rows, totalCount, offset)
    },
    introVideo: (p: PortfolioParent, _: Args, ctx: Ctx) => po.introVideo(ctx.database, p.poCode),
    investorMessages: (p: PortfolioParent, _: Args, ctx: Ctx) => po.investorMessages(ctx.database, p.poCode),
  },

  CompositionPart: {
    fund: (part: { fundCode: string }, _: Args, ctx: Ctx) => fundOrFail(ctx, part.fundCode),
    candidateFunds: async (part: { candidateFundCodes: string[] }, _: Args, ctx: Ctx) =>
      (await Promise.all(part.candidateFundCodes.map((c) => ctx.fund(c)))).filter(Boolean),
  },
  AdjustmentPart: { fund: (x: { fundCode: string }, _: Args, ctx: Ctx) => fundOrFail(ctx, x.fundCode) },
  AdjustmentOrder: { fund: (x: { fundCode: string }, _: Args, ctx: Ctx) => fundOrFail(ctx, x.fundCode) },
  Signal: {
    buyOrders: async (s: po.SignalRow, _: Args, ctx: Ctx) =>
      (await ctx.memo(`orders:${s.sigId}`, () => po.signalOrders(ctx.database, s.sigId))).filter((o) => o.orderType === 'buy'),
    convertOrders: async (s: po.SignalRow, _: Args, ctx: Ctx) =>
      (await ctx.memo(`orders:${s.sigId}`, () => po.signalOrders(ctx.database, s.sigId))).filter((o) => o.orderType === 'convert'),
  },
  SignalBuyOrder: { fund: (o: { fundCode: string }, _: Args, ctx: Ctx) => fundOrFail(ctx, o.fundCode) },
  SignalConvertOrder: {
    fund: (o: { fundCode: string }, _: Args, ctx: Ctx) => fundOrFail(ctx, o.fundCode),
    targetFund: (o: { targetFundCode: string }, _: Args, ctx: Ctx) => fundOrFail(ctx, o.targetFundCode),
  },
  Fund: {
    manager: (f: Fund, _: Args, ctx: Ctx) => (f.managerId ? ctx.memo(`manager:${f.managerId}`, () => loadManager(ctx.database, f.managerId!)) : null),
    navHistory: async (f: Fund, { range }: Args, ctx: Ctx) => {
      const last = await lastFundNavDate(ctx.database, f.fundCode)
      return last ? fundNavHistory(ctx.database, f.fundCode, rangeBase(range, last)) : []
    },
  },
  Manager: {
    url: (m: Manager) => managerUrl(m.managerId),
    funds: async (m: Manager, _: Args, ctx: Ctx) => {
      const codes = await ctx.database.query<{ fund_code: string }>('select fund_code from funds where manager_id = $1 order by fund_code', [m.managerId])
      return (await Promise.all(codes.map((c) => ctx.fund(c.fund_code)))).filter(Boolean)
    },
  },
  Column: {
    articles: async (c: { columnId: string }, args: Args, ctx: Ctx) => {
      const { offset, size } = page(args)
      const { rows, totalCount } = await content.columnArticles(ctx.database, c.columnId, optionalUser(ctx), offset, size)
      return connection(rows, totalCount, offset)
    },
  },
  Course: {
    lessons: async (c: { courseId: string }, args: Args, ctx: Ctx) => {
      const { offset, size } = page(args)
      const { rows, totalCount } = await content.lessons(ctx.database, c.courseId, offset, size)
      return connection(rows, totalCount, offset)
    },
  },
  LiveStream: {
    comments: async (l: { liveId: string }, args: Args, ctx: Ctx) => {
      const { offset, size } = page(args, 20)
      const { rows, totalCount } = await ctx.live.list(l.liveId, offset, size)
      return connection(rows, totalCount, offset)
    },
  },
  User: {
    savedFilters: (u: { userId: string }, _: Args, ctx: Ctx) =>
      ctx.database.db.selectFrom('saved_filters').select(['filter_id as filterId', 'name', 'form_value as formValue', 'created_at as createdAt'])
        .where('user_id', '=', u.userId).orderBy(sql`seq asc nulls first`).orderBy('created_at', 'desc').execute(),
  },
}

const sumOf = (values: string[]) => sumDecimals(values)
