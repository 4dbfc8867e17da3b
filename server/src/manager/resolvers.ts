import type { GraphQLContext as Ctx } from '../context'
import { shanghaiToday } from '../calendar'
import { connection, present, readPage } from '../paging'
import {
  careerStarts,
  listManagers,
  loadManager,
  managerFundCodes,
  managerUrl,
  tenures,
  yearsSince,
  type Manager,
  type TenureRow,
} from './data'
import type { QueryManagerListArgs, QueryManagersArgs, Resolvers } from '../../generated/resolvers'

type Direction = 'normal' | 'reverse'

const managerTenures = (ctx: Ctx, managerId: string) => ctx.memo(`tenures:${managerId}`, () => tenures(ctx.database, managerId))
const allCareerStarts = (ctx: Ctx) => ctx.memo('careerStarts', () => careerStarts(ctx.database))

function best(rows: TenureRow[]): number | null {
  const values = rows.map((r) => (r.tenureReturn === null ? null : Number(r.tenureReturn))).filter((v): v is number => v !== null)
  return values.length ? Math.max(...values) : null
}

/** Sort key of one manager; missing values sort last in either direction. */
export function compareManagers(
  a: { key: number | null; id: string },
  b: { key: number | null; id: string },
  direction: Direction,
): number {
  if (a.key === null || b.key === null) return a.key === b.key ? a.id.localeCompare(b.id) : a.key === null ? 1 : -1
  const diff = direction === 'reverse' ? b.key - a.key : a.key - b.key
  return diff || a.id.localeCompare(b.id)
}

export const managerResolvers: Resolvers = {
  Query: {
    fundManager: (_: unknown, { managerId }: { managerId: string }, ctx: Ctx) =>
      loadManager(ctx.database, managerId).then((m) => m ?? null),
    managers: async (_: unknown, args: QueryManagersArgs, ctx: Ctx) => {
      const { offset, size } = readPage(args.page)
      const { rows, totalCount } = await listManagers(ctx.database, offset, size)
      return connection(rows, totalCount, offset)
    },
    managerList: async (_: unknown, args: QueryManagerListArgs, ctx: Ctx) => {
      const { offset, size } = readPage(args.page)
      const direction = args.direction ?? 'reverse'
      const { rows: all, totalCount } = await listManagers(ctx.database, 0, 100_000)
      let keys: Map<string, number | null>
      if ((args.sort ?? 'TENURE') === 'TENURE') {
        const starts = await allCareerStarts(ctx)
        // A longer tenure is an earlier start: the key is minus the start day.
        keys = new Map(all.map((m) => [m.managerId, starts.get(m.managerId) ? -Date.parse(starts.get(m.managerId)!) : null]))
      } else {
        const rows = await tenures(ctx.database, null)
        const byManager = new Map<string, TenureRow[]>()
        for (const r of rows) byManager.set(r.managerId, [...(byManager.get(r.managerId) ?? []), r])
        keys = new Map(all.map((m) => [m.managerId, best(byManager.get(m.managerId) ?? [])]))
      }
      const sorted = all
        .map((m) => ({ m, key: keys.get(m.managerId) ?? null, id: m.managerId }))
        .sort((a, b) => compareManagers(a, b, direction))
        .map((x) => x.m)
      return connection(sorted.slice(offset, offset + size), totalCount, offset)
    },
  },
  Manager: {
    url: (m: Manager) => managerUrl(m.managerId),
    funds: async (m: Manager, _: unknown, ctx: Ctx) =>
      (await Promise.all((await managerFundCodes(ctx.database, m.managerId)).map((code) => ctx.fund(code)))).filter(present),
    careerStart: async (m: Manager, _: unknown, ctx: Ctx) => (await allCareerStarts(ctx)).get(m.managerId) ?? null,
    tenureYears: async (m: Manager, _: unknown, ctx: Ctx) =>
      yearsSince((await allCareerStarts(ctx)).get(m.managerId) ?? null, shanghaiToday()),
    fundCount: async (m: Manager, _: unknown, ctx: Ctx) => (await managerTenures(ctx, m.managerId)).length,
    bestTenureReturn: async (m: Manager, _: unknown, ctx: Ctx) => {
      const b = best(await managerTenures(ctx, m.managerId))
      return b === null ? null : b.toFixed(4)
    },
    managedFunds: async (m: Manager, _: unknown, ctx: Ctx) => {
      const rows = await managerTenures(ctx, m.managerId)
      const funds = await Promise.all(rows.map((r) => ctx.fund(r.fundCode)))
      return rows.flatMap((r, i) => (funds[i] ? [{ ...r, fund: funds[i] }] : []))
    },
  },
}
