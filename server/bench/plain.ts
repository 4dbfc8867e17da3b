// The baselines of `npm run bench:api`: the JSON of the app's first-screen documents (strategy
// detail, fund detail, watchlist), assembled by hand in the document's shape from the same
// resolver and data functions the GraphQL schema uses, without parsing, validation or GraphQL
// execution. What GraphQL costs on top of the data work is what the ratio measures.
import type { FastifyInstance } from 'fastify'
import type { Database } from '../src/db'
import { runInQueryScope } from '../src/db/abort'
import { createContext } from '../src/graphql/context'
import { loaders, settingsOf, type GraphQLContext } from '../src/context'
import { fundResolvers } from '../src/fund/resolvers'
import { managerResolvers } from '../src/manager/resolvers'
import { portfolioResolvers } from '../src/portfolio/resolvers'
import { watchlistResolvers } from '../src/watchlist/resolvers'
import { scalarResolvers } from '../src/graphql/scalars'
import { apiRoot } from '@alfa/common/apiPaths'

/** Where the bench server (server.ts) answers the plain routes. */
export const PLAIN_ROOT = `${apiRoot()}/bench-plain`

/** The plain routes, beside the app's own (before it listens). */
export function registerPlainRoutes(app: FastifyInstance, database: Database): void {
  app.get<{ Querystring: { poCode: string; range: string } }>(`${PLAIN_ROOT}/portfolio`, async (req) =>
    inPlainRequest(app, database, await req.auth(), (ctx) => portfolioJson(ctx, req.query.poCode, req.query.range)),
  )
  app.get<{ Querystring: { fundCode: string } }>(`${PLAIN_ROOT}/fund`, async (req) =>
    inPlainRequest(app, database, await req.auth(), (ctx) => fundDetailJson(ctx, req.query.fundCode)),
  )
  app.get(`${PLAIN_ROOT}/watchlist`, async (req) => inPlainRequest(app, database, await req.auth(), (ctx) => watchlistJson(ctx)))
}

export interface PlainPair {
  name: string
  /** The app's document and variables, sent with the app's headers. */
  operation: string
  variables: Record<string, unknown>
  /** The plain route's path (GET). */
  plainPath: string
  /** Signed in as the demo user. */
  auth: boolean
}

/** The three first screens `npm run bench:api` compares, each as the app asks it and as its plain route. */
export function plainPairs(poCode: string, fundCode: string, range: string, picks: number): PlainPair[] {
  return [
    {
      name: `strategy detail (Portfolio ${poCode})`,
      operation: 'Portfolio',
      variables: { poCode, needQueryHolding: false, range },
      plainPath: `${PLAIN_ROOT}/portfolio?poCode=${poCode}&range=${range}`,
      auth: false,
    },
    {
      name: `fund detail (FundDetail ${fundCode})`,
      operation: 'FundDetail',
      variables: { fundCode },
      plainPath: `${PLAIN_ROOT}/fund?fundCode=${fundCode}`,
      auth: false,
    },
    {
      name: `watchlist (WatchlistPicks, demo user, ${picks} funds)`,
      operation: 'WatchlistPicks',
      variables: {},
      plainPath: `${PLAIN_ROOT}/watchlist`,
      auth: true,
    },
  ]
}

type Auth = Parameters<typeof createContext>[4]
type Obj = Record<string, unknown>
type Resolver = (parent: unknown, args: Obj, ctx: GraphQLContext) => unknown
/** A resolver of the schema by type and field, called as a plain function. */
const resolver = (map: object, type: string, field: string) => (map as Record<string, Record<string, Resolver>>)[type][field]

const pick = (o: unknown, keys: string[]): Obj | null =>
  o == null ? null : Object.fromEntries(keys.map((k) => [k, (o as Obj)[k] ?? null]))
const pickAll = (list: unknown, keys: string[]) => ((list as unknown[] | null) ?? []).map((o) => pick(o, keys))
const decimal = (v: unknown) => (v == null ? null : scalarResolvers.Decimal.serialize(v))
const date = (v: unknown) => (v == null ? null : scalarResolvers.Date.serialize(v))

/** Runs one plain request the way the GraphQL plugin runs one: its own query scope and memo, the same statement timeout. */
export function inPlainRequest<T>(app: FastifyInstance, database: Database, auth: Auth, work: (ctx: GraphQLContext) => Promise<T>) {
  return runInQueryScope({ signal: new AbortController().signal, statementTimeoutMs: 10_000, memo: new Map() }, () =>
    work(createContext(loaders, settingsOf(app.config), database, '0008', auth, app.live)),
  )
}

const SHOWCASE = ['key', 'displayName', 'valueText', 'fontColor']
const PREFERENCE_FLAGS = [
  'displayPerformance',
  'displayCompositionPieChart',
  'displayCompositionDetailList',
  'hasAdjustmentHistoryPage',
  'hasAnalysisPage',
  'hasFundInvestPoolPage',
  'displayMaxDrawdownOnChart',
  'displayAdjustmentPoint',
  'displayPeakPoint',
  'displayBenchmark',
  'displayProfitCalculator',
  'displayManagerIdentity',
  'displayShowcase',
  'displayDescriptionOnDetailPage',
  'hasIntroPage',
]

/** The JSON of the app's Portfolio document (strategy detail) with needQueryHolding false, the deferred chart merged in. */
export async function portfolioJson(ctx: GraphQLContext, poCode: string, range: string) {
  const P = (field: string, args: Obj = {}) => resolver(portfolioResolvers, 'Portfolio', field)(p, args, ctx)
  const p = (await resolver(portfolioResolvers, 'Query', 'portfolio')(null, { poCode }, ctx)) as Obj | null
  if (!p) return { data: { portfolio: null } }
  const [followersCount, hasFollowed, hasSigned, manager, latestNav, benchmarks, composition, latestSignal, navHistory, benchmark] =
    await Promise.all([
      P('followersCount'),
      P('hasFollowed'),
      P('hasSigned'),
      P('manager') as Promise<Obj | null>,
      P('dailyNavs', { range: '1M', page: { size: 1 } }) as Promise<{ list: unknown[] }>,
      P('comparableBenchmarks'),
      P('composition', {}) as Promise<{ updatedAt: unknown; groups: Obj[] }>,
      P('latestSignal'),
      P('navHistory', { range, hasAdjustment: true }) as Promise<Obj>,
      P('benchmark', { range }) as Promise<Obj | null>,
    ])
  const parts = composition.groups.flatMap((g) => g.parts as Obj[])
  const funds = await Promise.all(parts.map((part) => resolver(portfolioResolvers, 'CompositionPart', 'fund')(part, {}, ctx)))
  const fundOf = new Map(parts.map((part, i) => [part, funds[i]]))
  const pref = p.preference as Obj
  const thermometer = p.thermometer as Obj | null
  return {
    data: {
      portfolio: {
        ...pick(p, [
          'poCode',
          'poName',
          'subTitle',
          'description',
          'riskLevel',
          'moneyType',
          'runningDays',
          'createdDate',
          'seriesType',
          'isCustomPlan',
          'isModelPo',
          'hasAdvisor',
          'isSupportSmartAip',
          'runningWithRealMoney',
        ]),
        followersCount,
        buyersCount: p.buyersCount ?? null,
        hasFollowed,
        hasSigned,
        manager: manager
          ? {
              ...pick(manager, ['managerId', 'managerName', 'isVerified', 'avatarUrl']),
              url: resolver(managerResolvers, 'Manager', 'url')(manager, {}, ctx),
              ...pick(manager, ['company', 'intro']),
            }
          : null,
        featureShowcase: pickAll(p.featureShowcase, SHOWCASE),
        performanceShowcase: pickAll(p.performanceShowcase, SHOWCASE),
        latestNav: { list: latestNav.list.map((n) => ({ date: date((n as Obj).date), value: decimal((n as Obj).value) })) },
        annualizedReturnRateRange: pick(p.annualizedReturnRateRange, ['expectedAnnualizedReturnRate', 'defaultDrawdown', 'minDrawdown']),
        thermometer: thermometer ? { level: thermometer.level, levelDescription: thermometer.levelDescription ?? null } : null,
        comparableBenchmarks: pickAll(benchmarks, ['indexCode', 'indexShortName', 'isDefault']),
        preference: {
          ...pick(pref, PREFERENCE_FLAGS),
          topNotice: pick(pref.topNotice, ['link', 'text']),
          defaultComparableBenchmark: pref.defaultComparableBenchmark ?? null,
          listSeriesSettings: pickAll(pref.listSeriesSettings, ['key', 'name', 'color']),
          displaySmartAipDisclaimerPopup: pref.displaySmartAipDisclaimerPopup ?? null,
        },
        composition: {
          updatedAt: date(composition.updatedAt),
          groups: composition.groups.map((g) => ({
            ...pick(g, ['percent', 'categoryCode', 'categoryName', 'unit', 'accProfitRate']),
            parts: (g.parts as Obj[]).map((part) => ({
              ...pick(part, ['percent', 'unit', 'varietyName', 'latestMovement', 'latestMovementName']),
              fund: pick(fundOf.get(part), ['fundCode', 'fundName', 'nav', 'navDate', 'dailyReturn']),
            })),
          })),
        },
        latestSignal: pick(latestSignal, ['sigId', 'date', 'shortDescription', 'signalActionName']),
        navHistory: {
          series: pickAll(navHistory.series, ['date', 'value']),
          adjustmentPoints: pickAll(navHistory.adjustmentPoints, ['date']),
          maxDrawdown: pick(navHistory.maxDrawdown, ['rate', 'startDate', 'endDate']),
          totalReturn: navHistory.totalReturn ?? null,
          seriesStart: navHistory.seriesStart ?? null,
          expectedSeries: pickAll(navHistory.expectedSeries, ['date', 'value']),
        },
        benchmark: benchmark
          ? { ...pick(benchmark, ['indexCode', 'indexShortName']), history: pickAll(benchmark.history, ['date', 'value']) }
          : null,
      },
    },
  }
}

const FUND_HEAD = [
  'fundCode',
  'fundName',
  'categoryCode',
  'categoryName',
  'riskLevelName',
  'offeringStageName',
  'setupDate',
  'isTerminated',
  'terminatedDate',
  'fundSize',
  'fundSizeDate',
  'nav',
  'navDate',
  'dailyReturn',
  'intro',
  'isDemo',
  'figuresUnavailable',
]

/** The JSON of the app's FundDetail document. */
export async function fundDetailJson(ctx: GraphQLContext, fundCode: string) {
  const f = (await resolver(fundResolvers, 'Query', 'fund')(null, { fundCode }, ctx)) as Obj | null
  if (!f) return { data: { fund: null } }
  const F = (field: string) => {
    const r = (fundResolvers as Record<string, Record<string, Resolver>>).Fund[field]
    return r ? r(f, {}, ctx) : f[field]
  }
  const [head, manager, performance] = await Promise.all([
    Promise.all(FUND_HEAD.map(F)),
    F('manager') as Promise<Obj | null>,
    F('performance') as Promise<{ periodReturns: Obj[] }>,
  ])
  const tradeRules = F('tradeRules') as Obj
  const topHoldings = F('topHoldings') as Obj
  return {
    data: {
      fund: {
        ...Object.fromEntries(FUND_HEAD.map((k, i) => [k, head[i] ?? null])),
        manager: pick(manager, ['managerId', 'managerName', 'avatarUrl', 'company']),
        performance: { periodReturns: pickAll(performance.periodReturns, ['period', 'label', 'value']) },
        tradeRules: {
          ...pick(tradeRules, ['canBuy', 'canNotBuyReason']),
          buyFeeRate: decimal(tradeRules.buyFeeRate),
          lowestBuyAmount: decimal(tradeRules.lowestBuyAmount),
          redeemRules: tradeRules.redeemRules,
          // Issue #25's fees (基金对比, 交易规则).
          managementFeeRate: decimal(tradeRules.managementFeeRate),
          custodyFeeRate: decimal(tradeRules.custodyFeeRate),
          salesServiceFeeRate: decimal(tradeRules.salesServiceFeeRate),
        },
        topHoldings: {
          reportDate: date(topHoldings.reportDate),
          isDemo: topHoldings.isDemo,
          list: pickAll(topHoldings.list, ['securityCode', 'securityName', 'percent']),
        },
      },
    },
  }
}

/** The JSON of the app's WatchlistPicks document for the signed-in user. */
export async function watchlistJson(ctx: GraphQLContext) {
  const [picks, groups] = (await Promise.all([
    resolver(watchlistResolvers, 'Query', 'myPicks')(null, {}, ctx),
    resolver(watchlistResolvers, 'Query', 'myWatchlistGroups')(null, {}, ctx),
  ])) as [Obj[], Obj[]]
  const funds = (await Promise.all(picks.map((p) => resolver(watchlistResolvers, 'PickedFund', 'fund')(p, {}, ctx)))) as Obj[]
  return {
    data: {
      myPicks: picks.map((p, i) => ({
        seq: p.seq,
        fund: pick(funds[i], ['fundCode', 'fundName', 'nav', 'navDate', 'dailyReturn']),
        returns: pick(p.returns, ['m1', 'm3', 'm6', 'y1', 'y3', 'ytd', 'asOf']),
      })),
      myWatchlistGroups: pickAll(groups, ['groupId', 'name', 'fundCodes']),
    },
  }
}
