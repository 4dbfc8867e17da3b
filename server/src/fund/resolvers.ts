import type { Resolvers } from '../../generated/resolvers'
import { FUND_CATEGORY_NAMES, PERIOD_NAMES, RISK_LEVEL_NAMES, type RiskLevel } from '@alfa/common/labels'
import { fundBenchmark } from './benchmark'
import { fundAdjustedSeries, fundFiguresUnavailable, fundNavHistory, fundNavRows, lastFundNavDate, listFunds, type Fund } from './data'
import {
  baseIndex,
  calendarReturns,
  maxDrawdown,
  peerRank,
  periodReturn,
  rate,
  sharpeRatio,
  volatility,
  PERFORMANCE_PERIODS,
  type NavPoint,
} from './performance'
import { figureBasis, isBasisFigure } from './basis'
import { badInput } from '../graphql/errors'
import { fundStats } from '../filter/stats'
import type { GraphQLContext as Ctx } from '../context'
import { connection, readPage, type PageArgs } from '../paging'
import { rangeBase } from '../ranges'
import { loadManager } from '../manager/data'
import { demoHoldings, demoValuation, quarterEnd } from './demo'

/** The index a demo fund of each category is compared with (money-market and gold funds: none); imported funds name their own. */
export const CATEGORY_BENCHMARK: Record<string, string | undefined> = {
  STOCK: '000300',
  INDEX: '000300',
  MIXED: 'MIX6040',
  BOND: 'H11001',
  QDII: 'SPX',
}

/** Whole adjusted NAV history (fund/adjusted.ts), oldest first, once per request. */
const navSeries = (ctx: Ctx, fundCode: string): Promise<NavPoint[]> =>
  ctx.memo(`fundDetail:nav:${fundCode}`, () => fundAdjustedSeries(ctx.database, fundCode))

/** Why the import could not reconcile this fund's sources (funds.figures_unavailable), or null; once per request. */
const figuresUnavailable = (ctx: Ctx, fundCode: string): Promise<string | null> =>
  ctx.memo(`fundDetail:unavailable:${fundCode}`, () => fundFiguresUnavailable(ctx.database, fundCode))

/** 1-year returns of the live funds of one category: the same figures the filter and the ranking show. */
async function peerYearReturns(ctx: Ctx, categoryCode: string): Promise<Array<number | null>> {
  const stats = await fundStats(ctx.database)
  return stats.list.filter((s) => s.categoryCode === categoryCode && !s.isTerminated).map((s) => s.returns['1Y'])
}

export function redeemRules(categoryCode: string): string[] {
  if (categoryCode === 'MONEY') return ['不收取赎回费', '赎回款 T+1 日到账']
  const arrival = categoryCode === 'QDII' ? '赎回款 T+7 日内到账' : '赎回款 T+3 日内到账'
  if (categoryCode === 'BOND') return ['持有不足7天：赎回费率 1.50%', '持有7天至30天：0.10%', '持有30天及以上：0.00%', arrival]
  return ['持有不足7天：赎回费率 1.50%', '持有7天至1年：0.50%', '持有1年至2年：0.25%', '持有2年及以上：0.00%', arrival]
}

const OFFERING_STAGE_NAMES: Record<string, string> = {
  ISSUE_PREVIOUSLY: '待发行',
  ISSUE_RUNNING: '发行中',
  ISSUE_CLOSED_BEFORE_SETUP: '募集结束',
  SETUP: '已成立',
  UNKNOWN: '未知',
}

/** Calendar-year or quarter returns as rates; a bucket without a finite figure is left out (the field is non-null). */
function calendarRates(series: Parameters<typeof calendarReturns>[0], by: 'year' | 'quarter') {
  if (series.length < 2) return []
  return calendarReturns(series, by).flatMap((c) => {
    const value = rate(c.value)
    return value === null ? [] : [{ label: c.label, value }]
  })
}

export const fundResolvers: Resolvers = {
  Query: {
    fund: (_: unknown, { fundCode }: { fundCode: string }, ctx: Ctx) => ctx.fund(fundCode).then((f) => f ?? null),
    funds: async (_: unknown, args: { page?: PageArgs | null; categoryCode?: string | null }, ctx: Ctx) => {
      const { offset, size } = readPage(args.page)
      const { rows, totalCount } = await listFunds(ctx.database, offset, size, args.categoryCode)
      return connection(rows, totalCount, offset)
    },
  },
  Fund: {
    manager: (f: Fund, _: unknown, ctx: Ctx) =>
      f.managerId ? ctx.memo(`manager:${f.managerId}`, () => loadManager(ctx.database, f.managerId!)).then((m) => m ?? null) : null,
    navHistory: async (f: Fund, { range }: { range?: string | null }, ctx: Ctx) => {
      const last = await lastFundNavDate(ctx.database, f.fundCode)
      return last ? fundNavHistory(ctx.database, f.fundCode, rangeBase(range, last)) : []
    },
    riskLevelName: (f: Fund) => RISK_LEVEL_NAMES[f.riskLevel as RiskLevel] ?? f.riskLevel,
    offeringStageName: (f: Fund) => (f.isTerminated ? '已终止' : (OFFERING_STAGE_NAMES[f.offeringStage] ?? '未知')),
    figuresUnavailable: (f: Fund, _: unknown, ctx: Ctx) => figuresUnavailable(ctx, f.fundCode),
    figureBasis: async (f: Fund, { figure }: { figure: string }, ctx: Ctx) => {
      if (!isBasisFigure(figure))
        throw badInput(
          '无法说明这个数字的口径：figure 应为 1M、3M、6M、1Y、3Y、5Y、YTD、SETUP、年份（如 2024）、季度（如 2024Q1）、净值日（如 2024-03-01）、区间（如 2024-01-05~2026-11-20）、DRAWDOWN 或 DAILY',
        )
      return figureBasis(ctx.database, f.fundCode, figure)
    },
    performance: async (f: Fund, _: unknown, ctx: Ctx) => {
      // Figures from sources that contradict each other would be invented: none are shown.
      if (await figuresUnavailable(ctx, f.fundCode))
        return {
          periodReturns: PERFORMANCE_PERIODS.map((period) => ({ period, label: PERIOD_NAMES[period], value: null })),
          yearlyReturns: [],
          quarterlyReturns: [],
          maxDrawdown: null,
          maxDrawdownStart: null,
          maxDrawdownEnd: null,
          volatility: null,
          sharpeRatio: null,
          peerRank1Y: null,
        }
      const series = await navSeries(ctx, f.fundCode)
      const dd = series.length ? maxDrawdown(series) : null
      const last = series[series.length - 1]
      let peerRank1Y = null
      if (last && !f.isTerminated) {
        const own = periodReturn(series, '1Y')
        const peers = own === null ? [] : await peerYearReturns(ctx, f.categoryCode)
        const r = peerRank(own, peers)
        if (r) peerRank1Y = { ...r, categoryName: f.categoryName ?? FUND_CATEGORY_NAMES[f.categoryCode] ?? null }
      }
      return {
        periodReturns: PERFORMANCE_PERIODS.map((period) => ({
          period,
          label: PERIOD_NAMES[period],
          value: rate(periodReturn(series, period)),
        })),
        yearlyReturns: calendarRates(series, 'year'),
        quarterlyReturns: calendarRates(series, 'quarter'),
        maxDrawdown: dd ? rate(dd.value) : null,
        maxDrawdownStart: dd?.peakDate ?? null,
        maxDrawdownEnd: dd?.troughDate ?? null,
        volatility: rate(volatility(series)),
        sharpeRatio: rate(sharpeRatio(series, ctx.settings.riskFreeRate)),
        peerRank1Y,
      }
    },
    // Holdings are generated only for demo funds; an imported fund shows none rather than invented ones.
    topHoldings: (f: Fund) => {
      const list = f.isDemo && f.navDate ? demoHoldings(f.fundCode, f.categoryCode) : []
      return { reportDate: f.navDate && list.length ? quarterEnd(f.navDate) : null, list, isDemo: f.isDemo }
    },
    tradeRules: (f: Fund) => ({
      canBuy: f.canBuy && !f.isTerminated,
      canNotBuyReason: f.isTerminated ? '基金已终止运作' : f.canNotBuyReason,
      buyFeeRate: f.buyFeeRate,
      lowestBuyAmount: f.lowestBuyAmount,
      managementFeeRate: f.managementFeeRate,
      custodyFeeRate: f.custodyFeeRate,
      salesServiceFeeRate: f.salesServiceFeeRate,
      redeemRules: redeemRules(f.categoryCode),
    }),
    valuation: (f: Fund) =>
      f.isDemo && f.nav && f.navDate && !f.isTerminated ? demoValuation(f.fundCode, f.categoryCode, f.nav, f.navDate) : null,
    comparisonBenchmark: async (f: Fund, { range }: { range?: string | null }, ctx: Ctx) => {
      const spec = f.benchmark ?? (f.isDemo ? CATEGORY_BENCHMARK[f.categoryCode] : undefined)
      if (!spec || !f.navDate) return null
      // Start on the first day of the fund's own navHistory(range), so both lines share a base day;
      // a terminated fund's line stops at its last NAV and the benchmark's stops there too.
      const series = await navSeries(ctx, f.fundCode)
      const base = rangeBase(range, f.navDate)
      const from = base === null ? (series[0]?.date ?? null) : (series[Math.max(0, baseIndex(series, base))]?.date ?? base)
      return fundBenchmark(ctx.database, spec, from, f.navDate)
    },
    navRows: async (f: Fund, args: { page?: PageArgs | null }, ctx: Ctx) => {
      const { offset, size } = readPage(args.page, 20)
      const { rows, totalCount } = await fundNavRows(ctx.database, f.fundCode, offset, size)
      return connection(rows, totalCount, offset)
    },
  },
}
