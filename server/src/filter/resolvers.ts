import { GraphQLError } from 'graphql'
import type { GraphQLContext as Ctx } from '../graphql/context'
import { rate } from '../fund/performance'
import { badInput, connection, readPage, type PageArgs } from '../paging'
import { requireUser } from '../graphql/context'
import { matches, parseConditions, sortFunds, type FundSortKey } from './conditions'
import { fundStats, type FilterPeriod, type FundStats } from './stats'
import { deleteFilter, insertFilter, ownFilters, renameFilter, savedFilter, savedFilters, storeFilterOrder } from './data'

type GqlPeriod = 'M1' | 'M3' | 'M6' | 'Y1' | 'Y3' | 'YTD'
const PERIOD: Record<GqlPeriod, FilterPeriod> = { M1: '1M', M3: '3M', M6: '6M', Y1: '1Y', Y3: '3Y', YTD: 'YTD' }
type GqlSortKey = GqlPeriod | 'DAILY' | 'MAX_DRAWDOWN'
const SORT_KEYS: readonly string[] = ['DAILY', 'M1', 'M3', 'M6', 'Y1', 'Y3', 'YTD', 'MAX_DRAWDOWN']

interface ConditionsArg {
  returnPeriod?: GqlPeriod | null
  [key: string]: unknown
}

/** GraphQL's condition input → the internal conditions (the period enum names differ). */
function conditionsOf(input: ConditionsArg | null | undefined) {
  const { returnPeriod, ...rest } = input ?? {}
  return parseConditions({ ...rest, returnPeriod: returnPeriod ? PERIOD[returnPeriod] : null })
}

/** The figures of one fund as the schema's FilteredFund (the fund itself is resolved in a batch). */
export function filteredFund(s: FundStats) {
  return {
    fundCode: s.fundCode,
    returns: periodReturns(s),
    maxDrawdown1Y: rate(s.maxDrawdown1Y),
    managerYears: s.managerYears === null ? null : s.managerYears.toFixed(1),
  }
}

export function periodReturns(s: FundStats | undefined) {
  const r = (p: FilterPeriod) => rate(s?.returns[p] ?? null)
  return { m1: r('1M'), m3: r('3M'), m6: r('6M'), y1: r('1Y'), y3: r('3Y'), ytd: r('YTD'), asOf: s?.navDate ?? null }
}

export const filterResolvers = {
  Query: {
    fundFilter: async (
      _: unknown,
      args: { conditions?: ConditionsArg | null; sort?: GqlSortKey | null; direction?: 'normal' | 'reverse' | null; page?: PageArgs },
      ctx: Ctx,
    ) => {
      const conditions = conditionsOf(args.conditions)
      if (args.sort && !SORT_KEYS.includes(args.sort)) throw badInput(`sort must be one of ${SORT_KEYS.join(', ')}`)
      if (args.direction && args.direction !== 'normal' && args.direction !== 'reverse')
        throw badInput('direction must be normal or reverse')
      const { offset, size } = readPage(args.page)
      const stats = await fundStats(ctx.database)
      const sortKey: FundSortKey = !args.sort ? '1Y' : args.sort === 'DAILY' || args.sort === 'MAX_DRAWDOWN' ? args.sort : PERIOD[args.sort]
      const hits = sortFunds(
        stats.list.filter((f) => matches(f, conditions)),
        sortKey,
        args.direction ?? 'reverse',
      )
      const page = hits.slice(offset, offset + size).map(filteredFund)
      return { ...connection(page, hits.length, offset), navDate: stats.navDate }
    },
    fundFilterCount: async (_: unknown, args: { conditions?: ConditionsArg | null }, ctx: Ctx) => {
      const conditions = conditionsOf(args.conditions)
      const stats = await fundStats(ctx.database)
      let n = 0
      for (const f of stats.list) if (matches(f, conditions)) n++
      return n
    },
    savedFilter: async (_: unknown, { filterId }: { filterId: string }, ctx: Ctx) => {
      const userId = requireUser(ctx)
      return (await savedFilter(ctx.database, userId, filterId)) ?? null
    },
  },
  Mutation: {
    saveFilter: async (_: unknown, { name, formValue }: { name: string; formValue: unknown }, ctx: Ctx) => {
      const userId = requireUser(ctx)
      if (!String(name).trim() || String(name).length > 50) throw badInput('name must be 1 to 50 characters')
      if (typeof formValue !== 'object' || formValue === null || Array.isArray(formValue)) throw badInput('formValue must be an object')
      return insertFilter(ctx.database, userId, name, formValue)
    },
    deleteFilter: async (_: unknown, { filterId }: { filterId: string }, ctx: Ctx) =>
      deleteFilter(ctx.database, requireUser(ctx), filterId),
    renameFilter: async (_: unknown, { filterId, name }: { filterId: string; name: string }, ctx: Ctx) => {
      const userId = requireUser(ctx)
      const trimmed = String(name).trim()
      if (!trimmed || trimmed.length > 50) throw badInput('name must be 1 to 50 characters')
      const row = await renameFilter(ctx.database, userId, filterId, trimmed)
      if (!row) throw new GraphQLError('filter not found', { extensions: { code: 'NOT_FOUND' } })
      return row
    },
    reorderFilters: async (_: unknown, { filterIds }: { filterIds: string[] }, ctx: Ctx) => {
      const userId = requireUser(ctx)
      const own = await ownFilters(ctx.database, userId)
      const ids = new Set(filterIds)
      if (ids.size !== filterIds.length || ids.size !== own.length || own.some((f) => !ids.has(f.filterId))) {
        throw badInput('filterIds must list each of your saved filters once')
      }
      await storeFilterOrder(ctx.database, userId, filterIds)
      const byId = new Map(own.map((f) => [f.filterId, f]))
      return filterIds.map((id) => byId.get(id)!)
    },
  },
  User: {
    savedFilters: (u: { userId: string }, _: unknown, ctx: Ctx) => savedFilters(ctx.database, u.userId),
  },
  FilteredFund: {
    fund: async (f: { fundCode: string }, _: unknown, ctx: Ctx) => {
      const fund = await ctx.fund(f.fundCode)
      if (!fund) throw new GraphQLError(`fund ${f.fundCode} not found`)
      return fund
    },
  },
}
