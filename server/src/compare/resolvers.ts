import type { Resolvers } from '../../generated/resolvers'
import { PERIOD_NAMES } from '@alfa/common/labels'
import type { GraphQLContext as Ctx } from '../context'
import { badInput } from '../graphql/errors'
import type { Fund } from '../fund/data'
import { demoHoldings } from '../fund/demo'
import { PERFORMANCE_PERIODS, rate } from '../fund/performance'
import { comparisonData } from './data'
import { rangeStart } from '../ranges'
import { bestOf, fundFigures, holdingsOverlap, rebasedChart, type ComparedReturn } from './figures'

/** How many funds one comparison takes. */
export const MIN_COMPARED = 2
export const MAX_COMPARED = 4

/** The codes as asked, checked: 2 to 4, none repeated (after trimming). Unknown codes are checked against the database after. */
export function checkCodes(codes: readonly string[]): string[] {
  const trimmed = codes.map((c) => c.trim())
  if (trimmed.length < MIN_COMPARED) throw badInput(`请至少选择 ${MIN_COMPARED} 只基金进行对比`)
  if (trimmed.length > MAX_COMPARED) throw badInput(`最多对比 ${MAX_COMPARED} 只基金，当前选择了 ${trimmed.length} 只`)
  const empty = trimmed.findIndex((c) => !c)
  if (empty >= 0) throw badInput(`第 ${empty + 1} 个基金代码为空`)
  const repeated = trimmed.find((c, i) => trimmed.indexOf(c) !== i)
  if (repeated) throw badInput(`基金 ${repeated} 重复，请选择不同的基金`)
  return trimmed
}

const unavailableFigures = () => ({
  periodReturns: PERFORMANCE_PERIODS.map((p): ComparedReturn => ({
    key: p,
    label: PERIOD_NAMES[p],
    value: null,
    startDate: null,
    startNav: null,
    endDate: null,
    endNav: null,
  })),
  yearlyReturns: [] as ComparedReturn[],
  maxDrawdown: null,
  volatility: { value: null, startDate: null, endDate: null, annualizedReturn: null },
  sharpeRatio: { value: null, startDate: null, endDate: null, annualizedReturn: null },
})

export const compareResolvers: Resolvers = {
  Query: {
    fundComparison: async (_: unknown, args: { codes: string[]; range?: string | null }, ctx: Ctx) => {
      const codes = checkCodes(args.codes)
      const range = (args.range ?? '1Y').toUpperCase()
      rangeStart(range, '2000-01-01') // refuses a range no chart takes, before any look-up
      const funds = await Promise.all(codes.map((c) => ctx.fund(c)))
      const unknown = codes.filter((_c, i) => !funds[i])
      // A code is named as asked, cut short: a 50 KB "code" is not echoed back whole.
      const named = unknown.map((c) => (c.length > 12 ? `${c.slice(0, 12)}…` : c))
      if (unknown.length) throw badInput(`未找到基金 ${named.join('、')}，请检查基金代码`)
      const list = funds as Fund[]
      const riskFree = ctx.settings.riskFreeRate
      const data = await comparisonData(ctx.database, codes)
      const loaded = list.map((f) => {
        // The manager with the tenure on this fund (manager/data.ts tenures(): the start the manager page shows).
        const tenure = data.tenures.get(f.fundCode)
        const name = f.managerId ? data.managerNames.get(f.managerId) : undefined
        const managers =
          tenure && name
            ? [
                {
                  managerId: tenure.managerId,
                  managerName: name,
                  tenureStart: tenure.tenureStart,
                  tenureDays: tenure.tenureDays,
                  tenureYears: (Math.floor((tenure.tenureDays / 365.25) * 10) / 10).toFixed(1),
                },
              ]
            : []
        return { f, unavailable: data.unavailable.get(f.fundCode) ?? null, series: data.series.get(f.fundCode) ?? [], managers }
      })
      // A fund whose figures are unavailable has no line either: its NAVs would be invented figures.
      const usable = loaded.filter((x) => !x.unavailable)
      const chart = rebasedChart(
        usable.map((x) => x.series),
        range,
      )
      const windowReturn = new Map(usable.map((x, i) => [x.f.fundCode, chart.windowReturns[i]]))
      const compared = loaded.map(({ f, unavailable, series, managers }) => ({
        fund: f,
        figuresUnavailable: unavailable,
        ...(unavailable ? unavailableFigures() : fundFigures(series, riskFree)),
        fees: {
          buyFeeRate: f.buyFeeRate,
          managementFeeRate: f.managementFeeRate,
          custodyFeeRate: f.custodyFeeRate,
          salesServiceFeeRate: f.salesServiceFeeRate,
        },
        managers,
        windowReturn: windowReturn.get(f.fundCode) ?? null,
      }))
      const holdings = list.map((f) => (f.isDemo && f.navDate ? demoHoldings(f.fundCode, f.categoryCode) : []))
      const overlaps = []
      for (let a = 0; a < list.length; a++)
        for (let b = a + 1; b < list.length; b++)
          overlaps.push({ fundCodeA: list[a].fundCode, fundCodeB: list[b].fundCode, ...holdingsOverlap(holdings[a], holdings[b]) })

      const rows: Array<{ row: string; values: Array<string | null | undefined>; lower?: boolean }> = [
        ...PERFORMANCE_PERIODS.map((p, k) => ({ row: `period:${p}`, values: compared.map((c) => c.periodReturns[k].value) })),
        ...[...new Set(compared.flatMap((c) => c.yearlyReturns.map((y) => y.key)))]
          .sort()
          .map((year) => ({ row: `year:${year}`, values: compared.map((c) => c.yearlyReturns.find((y) => y.key === year)?.value) })),
        // The smallest fall is the best drawdown: drawdowns are negative, so the highest.
        { row: 'maxDrawdown', values: compared.map((c) => c.maxDrawdown?.value) },
        { row: 'volatility', values: compared.map((c) => c.volatility.value), lower: true },
        { row: 'sharpeRatio', values: compared.map((c) => c.sharpeRatio.value) },
        { row: 'buyFeeRate', values: compared.map((c) => c.fees.buyFeeRate), lower: true },
        { row: 'windowReturn', values: compared.map((c) => c.windowReturn?.value) },
      ]
      const best = rows.flatMap(({ row, values, lower }) => {
        const winners = bestOf(values, lower)
        return winners.length ? [{ row, fundCodes: winners.map((i) => list[i].fundCode) }] : []
      })
      return {
        range,
        riskFreeRate: rate(riskFree)!,
        funds: compared,
        startDate: chart.startDate,
        endDate: chart.endDate,
        chartFundCodes: usable.map((x) => x.f.fundCode),
        series: chart.series,
        overlaps,
        best,
      }
    },
  },
}
