import type { Resolvers } from '../../generated/resolvers'
import type { GraphQLContext as Ctx } from '../context'
import type { Queryable } from '../db'
import { requireUser } from '../graphql/context'
import { badInput } from '../graphql/errors'
import { periodReturns } from '../filter/resolvers'
import { fundStats } from '../filter/stats'
import { GROUP_MESSAGES, MAX_GROUPS, groupNameProblem, mergeWatchlists, normaliseGroupName } from '@alfa/common/watchlistGroups'
import {
  addMembers,
  addPicks,
  deleteGroup,
  groupsOf,
  insertGroup,
  knownFunds,
  pickedFunds,
  removeMembers,
  renameGroup,
  reorderGroups,
  type GroupRow,
} from './data'

/** A pick as the resolvers hand it down: the fund comes from its code. */
export interface PickedFundParent {
  fundCode: string
  seq: number
  returns: ReturnType<typeof periodReturns>
}

/** The most codes one call takes (a device's whole list at login included). */
const MAX_CODES = 500
/**
 * The most groups a merge may leave: an account's MAX_GROUPS and a device's. A merge goes beyond
 * MAX_GROUPS rather than drop a group, but not without end (mergeWatchlist called again and again
 * with new names would add groups for ever); a merge that adds no group is never refused.
 */
export const MAX_MERGED_GROUPS = 2 * MAX_GROUPS

/** Distinct, well-formed fund codes, or BAD_USER_INPUT. */
function codesOf(codes: readonly string[] | null | undefined): string[] {
  const list = [...new Set(codes ?? [])]
  if (list.length > MAX_CODES) throw badInput(`一次最多操作${MAX_CODES}只基金`)
  if (list.some((c) => !/^\d{6}$/.test(c))) throw badInput(GROUP_MESSAGES.badCode)
  return list
}

/** A group id of the user's groups, or BAD_USER_INPUT (someone else's group is as unknown as none). */
function groupOf(groups: readonly GroupRow[], id: string): number {
  if (!groups.some((g) => g.groupId === id)) throw badInput(GROUP_MESSAGES.unknownGroup)
  return Number(id)
}

/** The codes, each in the user's watchlist, or BAD_USER_INPUT naming those that are not. */
async function picked(q: Queryable, userId: string, codes: readonly string[]): Promise<string[]> {
  if (!codes.length) return []
  const have = new Set((await pickedFunds(q, userId)).map((p) => p.fundCode))
  const missing = codes.filter((c) => !have.has(c))
  if (missing.length) throw badInput(GROUP_MESSAGES.notPicked(missing))
  return [...codes]
}

/** Runs a change of the user's groups in one transaction and answers the groups after it. */
function changeGroups(ctx: Ctx, change: (tx: Queryable, userId: string, groups: GroupRow[]) => Promise<void>) {
  const userId = requireUser(ctx)
  return ctx.database.transaction(async (tx) => {
    await change(tx, userId, await groupsOf(tx, userId))
    return groupsOf(tx, userId)
  })
}

/** The picked funds' rows as PickedFund answers them (seq renumbered 1..n so gaps left by removals do not show). */
async function pickRows(ctx: Ctx, codes: readonly string[]): Promise<PickedFundParent[]> {
  const stats = await fundStats(ctx.database)
  return codes.map((fundCode, i) => ({ fundCode, seq: i + 1, returns: periodReturns(stats.byCode.get(fundCode)) }))
}

export const watchlistResolvers: Resolvers = {
  Query: {
    myPicks: async (_: unknown, __: unknown, ctx: Ctx) => {
      const userId = requireUser(ctx)
      const rows = await pickedFunds(ctx.database, userId)
      return pickRows(
        ctx,
        rows.map((r) => r.fundCode),
      )
    },
    myWatchlistGroups: (_: unknown, __: unknown, ctx: Ctx) => groupsOf(ctx.database, requireUser(ctx)),
    watchlistFunds: async (_: unknown, { fundCodes }: { fundCodes: string[] }, ctx: Ctx) => {
      const codes = codesOf(fundCodes)
      if (codes.length > 100) throw badInput('一次最多查询100只基金')
      const known = await knownFunds(ctx.database, codes)
      return pickRows(
        ctx,
        codes.filter((c) => known.has(c)),
      )
    },
  },
  Mutation: {
    createWatchlistGroup: (_: unknown, args: { name: string; fundCodes?: string[] | null }, ctx: Ctx) =>
      changeGroups(ctx, async (tx, userId, groups) => {
        const problem = groupNameProblem(
          args.name,
          groups.map((g) => g.name),
        )
        if (problem) throw badInput(problem)
        if (groups.length >= MAX_GROUPS) throw badInput(GROUP_MESSAGES.tooMany)
        const codes = await picked(tx, userId, codesOf(args.fundCodes))
        const id = await insertGroup(tx, userId, normaliseGroupName(args.name))
        await addMembers(tx, userId, [id], codes)
      }),
    renameWatchlistGroup: (_: unknown, { groupId, name }: { groupId: string; name: string }, ctx: Ctx) =>
      changeGroups(ctx, async (tx, userId, groups) => {
        const id = groupOf(groups, groupId)
        const problem = groupNameProblem(
          name,
          groups.filter((g) => g.groupId !== groupId).map((g) => g.name),
        )
        if (problem) throw badInput(problem)
        await renameGroup(tx, userId, id, normaliseGroupName(name))
      }),
    deleteWatchlistGroup: (_: unknown, { groupId }: { groupId: string }, ctx: Ctx) =>
      changeGroups(ctx, async (tx, userId, groups) => {
        await deleteGroup(tx, userId, groupOf(groups, groupId))
      }),
    reorderWatchlistGroups: (_: unknown, { groupIds }: { groupIds: string[] }, ctx: Ctx) =>
      changeGroups(ctx, async (tx, userId, groups) => {
        const ids = new Set(groupIds)
        if (ids.size !== groupIds.length || ids.size !== groups.length || groups.some((g) => !ids.has(g.groupId))) {
          throw badInput(GROUP_MESSAGES.reorder)
        }
        await reorderGroups(tx, userId, groupIds.map(Number))
      }),
    setFundWatchlistGroups: (_: unknown, { fundCode, groupIds }: { fundCode: string; groupIds: string[] }, ctx: Ctx) =>
      changeGroups(ctx, async (tx, userId, groups) => {
        const ids = [...new Set(groupIds)].map((id) => groupOf(groups, id))
        const [code] = await picked(tx, userId, codesOf([fundCode]))
        await removeMembers(tx, userId, null, [code])
        await addMembers(tx, userId, ids, [code])
      }),
    changeWatchlistGroupFunds: (_: unknown, args: { groupId: string; add?: string[] | null; remove?: string[] | null }, ctx: Ctx) =>
      changeGroups(ctx, async (tx, userId, groups) => {
        const id = groupOf(groups, args.groupId)
        const add = await picked(tx, userId, codesOf(args.add))
        const remove = codesOf(args.remove).filter((c) => !add.includes(c))
        await removeMembers(tx, userId, [id], remove)
        await addMembers(tx, userId, [id], add)
      }),
    mergeWatchlist: async (_: unknown, args: { fundCodes: string[]; groups: Array<{ name: string; fundCodes: string[] }> }, ctx: Ctx) => {
      const userId = requireUser(ctx)
      if (args.groups.length > 100) throw badInput('一次最多合并100个分组')
      const device = {
        fundCodes: codesOf(args.fundCodes),
        groups: args.groups.map((g) => {
          // A device name breaking the rules cannot be kept as it is: refuse the merge rather than rename silently.
          const problem = groupNameProblem(g.name, [])
          if (problem) throw badInput(problem)
          return { name: normaliseGroupName(g.name), fundCodes: codesOf(g.fundCodes) }
        }),
      }
      return ctx.database.transaction(async (tx) => {
        const before = await groupsOf(tx, userId)
        const account = { fundCodes: (await pickedFunds(tx, userId)).map((p) => p.fundCode), groups: before }
        const merged = mergeWatchlists(account, device)
        if (merged.groups.length > before.length && merged.groups.length > MAX_MERGED_GROUPS)
          throw badInput(`合并后将有${merged.groups.length}个分组，最多${MAX_MERGED_GROUPS}个，请先删除一些分组再登录同步`)
        // Codes of funds that do not exist cannot be picked (the device may hold a fund since removed).
        const known = await knownFunds(tx, merged.fundCodes)
        await addPicks(
          tx,
          userId,
          merged.fundCodes.filter((c) => known.has(c) && !account.fundCodes.includes(c)),
        )
        for (const g of merged.groups) {
          const id = before.find((b) => b.name === g.name)?.groupId
          const groupId = id ? Number(id) : await insertGroup(tx, userId, g.name)
          await addMembers(
            tx,
            userId,
            [groupId],
            g.fundCodes.filter((c) => known.has(c)),
          )
        }
        const fundCodes = (await pickedFunds(tx, userId)).map((p) => p.fundCode)
        return { fundCodes, groups: await groupsOf(tx, userId) }
      })
    },
  },
  PickedFund: {
    fund: async (p, _, ctx) => {
      const fund = await ctx.fund(p.fundCode)
      if (!fund) throw new Error(`picked fund ${p.fundCode} is missing`)
      return fund
    },
  },
}
