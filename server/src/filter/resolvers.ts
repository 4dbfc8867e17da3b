import type { Resolvers } from '../../generated/resolvers'
import { GraphQLError } from 'graphql'
import type { GraphQLContext as Ctx } from '../context'
import { rate } from '../fund/performance'
import { badInput } from '../graphql/errors'
import { connection, readPage } from '../paging'
import { requireUser } from '../graphql/context'
import { matches, parseConditions, sortFunds, type FundSortKey } from './conditions'
import { fundStats, type FilterPeriod, type FundStats } from './stats'
import {
  deleteFilter,
  insertFilter,
  MAX_SAVED_FILTERS,
  ownFilters,
  renameFilter,
  savedFilter,
  savedFilters,
  storeFilterOrder,
} from './data'

type GqlPeriod = 'M1' | 'M3' | 'M6' | 'Y1' | 'Y3' | 'YTD'
const PERIOD: Record<GqlPeriod, FilterPeriod> = { M1: '1M', M3: '3M', M6: '6M', Y1: '1Y', Y3: '3Y', YTD: 'YTD' }
type GqlSortKey = GqlPeriod | 'DAILY' | 'MAX_DRAWDOWN'
const SORT_KEYS: readonly GqlSortKey[] = ['DAILY', 'M1', 'M3', 'M6', 'Y1', 'Y3', 'YTD', 'MAX_DRAWDOWN']
const isSortKey = (s: string): s is GqlSortKey => (SORT_KEYS as readonly string[]).includes(s)
/** A saved filter's name: 1 to 50 characters after trimming. */
const FILTER_NAME_MESSAGE = '筛选名称须为 1 到 50 个字符'

interface ConditionsArg {
  returnPeriod?: GqlPeriod | null
  [key: string]: unknown
}

/** GraphQL's condition input (JSON) → the internal conditions (the period enum names differ). */
function conditionsOf(json: unknown) {
  if (json !== null && json !== undefined && (typeof json !== 'object' || Array.isArray(json)))
    throw badInput('筛选条件 conditions 须为对象')
  const { returnPeriod, ...rest } = (json ?? {}) as ConditionsArg
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

/** A FilteredFund as the resolvers hand it down. */
export type FilteredFundParent = ReturnType<typeof filteredFund>

export function periodReturns(s: FundStats | undefined) {
  const r = (p: FilterPeriod) => rate(s?.returns[p] ?? null)
  return { m1: r('1M'), m3: r('3M'), m6: r('6M'), y1: r('1Y'), y3: r('3Y'), ytd: r('YTD'), asOf: s?.navDate ?? null }
}

export const filterResolvers: Resolvers = {
  Query: {
    fundFilter: async (_, args, ctx) => {
      const conditions = conditionsOf(args.conditions)
      const sort = args.sort ?? null
      if (sort !== null && !isSortKey(sort)) throw badInput(`排序字段 sort 须为以下之一：${SORT_KEYS.join('、')}`)
      const direction = args.direction ?? 'reverse'
      if (direction !== 'normal' && direction !== 'reverse') throw badInput('排序方向 direction 须为 normal 或 reverse')
      const { offset, size } = readPage(args.page)
      const stats = await fundStats(ctx.database)
      const sortKey: FundSortKey = !sort ? '1Y' : sort === 'DAILY' || sort === 'MAX_DRAWDOWN' ? sort : PERIOD[sort]
      const hits = sortFunds(
        stats.list.filter((f) => matches(f, conditions)),
        sortKey,
        direction,
      )
      const page = hits.slice(offset, offset + size).map(filteredFund)
      return { ...connection(page, hits.length, offset), navDate: stats.navDate }
    },
    fundFilterCount: async (_, args, ctx) => {
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
      if (!String(name).trim() || String(name).length > 50) throw badInput(FILTER_NAME_MESSAGE)
      if (typeof formValue !== 'object' || formValue === null || Array.isArray(formValue)) throw badInput('筛选条件 formValue 须为对象')
      const saved = await insertFilter(ctx.database, userId, name, formValue)
      if (!saved) throw badInput(`最多保存 ${MAX_SAVED_FILTERS} 个筛选条件，请先删除不再需要的`)
      return saved
    },
    deleteFilter: async (_: unknown, { filterId }: { filterId: string }, ctx: Ctx) =>
      deleteFilter(ctx.database, requireUser(ctx), filterId),
    renameFilter: async (_: unknown, { filterId, name }: { filterId: string; name: string }, ctx: Ctx) => {
      const userId = requireUser(ctx)
      const trimmed = String(name).trim()
      if (!trimmed || trimmed.length > 50) throw badInput(FILTER_NAME_MESSAGE)
      const row = await renameFilter(ctx.database, userId, filterId, trimmed)
      if (!row) throw new GraphQLError('筛选不存在', { extensions: { code: 'NOT_FOUND' } })
      return row
    },
    reorderFilters: async (_: unknown, { filterIds }: { filterIds: string[] }, ctx: Ctx) => {
      const userId = requireUser(ctx)
      const own = await ownFilters(ctx.database, userId)
      const ids = new Set(filterIds)
      if (ids.size !== filterIds.length || ids.size !== own.length || own.some((f) => !ids.has(f.filterId))) {
        throw badInput('filterIds 须把你保存的每个筛选各列一次')
      }
      await storeFilterOrder(ctx.database, userId, filterIds)
      const byId = new Map(own.map((f) => [f.filterId, f]))
      return filterIds.map((id) => byId.get(id)!)
    },
  },
  User: {
    savedFilters: (u, _, ctx) => savedFilters(ctx.database, u.userId),
  },
  FilteredFund: {
    fund: async (f, _, ctx) => {
      const fund = await ctx.fund(f.fundCode)
      if (!fund) throw new GraphQLError(`基金 ${f.fundCode} 不存在`)
      return fund
    },
  },
}
