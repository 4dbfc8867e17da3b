import { sql } from 'kysely'
import type { Database, Queryable } from '../db'

/** The user's picked funds in the user's order. */
export function pickedFunds(database: Queryable, userId: string) {
  return database.db
    .selectFrom('user_fund_picks')
    .select(['fund_code as fundCode', 'seq'])
    .where('user_id', '=', userId)
    .orderBy('seq')
    .orderBy('fund_code')
    .execute()
}

/** The most picked funds, hand-picked ones after them (a fund may appear twice: the caller keeps the first). */
export function popularPicks(database: Database, size: number) {
  const { db } = database
  return db
    .selectFrom('user_fund_picks')
    .select((eb) => ['fund_code as fundCode', eb.fn.countAll<number>().as('pickCount')])
    .groupBy('fund_code')
    .unionAll(db.selectFrom('hand_picked').select((eb) => ['fund_code as fundCode', eb.lit(0).as('pickCount')]))
    .orderBy('pickCount', 'desc')
    .orderBy('fundCode')
    .limit(size * 2)
    .execute()
}

/** Appends funds to the user's picks in the given order (already picked ones stay where they are). */
export async function addPicks(database: Queryable, userId: string, codes: readonly string[]): Promise<void> {
  await sql`
    insert into user_fund_picks (user_id, fund_code, seq)
    select ${userId}, c, coalesce((select max(seq) from user_fund_picks where user_id = ${userId}), 0) + o::int
    from unnest(${codes}::text[]) with ordinality as t(c, o)
    on conflict (user_id, fund_code) do nothing`.execute(database.db)
}

export async function removePicks(database: Database, userId: string, codes: readonly string[]): Promise<void> {
  await database.db.deleteFrom('user_fund_picks').where('user_id', '=', userId).where('fund_code', 'in', codes).execute()
}

/** Stores a new order: position i for fundCodes[i]. */
export async function reorderPicks(database: Database, userId: string, fundCodes: readonly string[]): Promise<void> {
  await sql`
    update user_fund_picks p set seq = t.o from unnest(${fundCodes}::text[]) with ordinality as t(c, o)
    where p.user_id = ${userId} and p.fund_code = t.c`.execute(database.db)
}

/** A group as the resolvers answer it: fundCodes in the watchlist's order, position renumbered 1..n. */
export interface GroupRow {
  groupId: string
  name: string
  position: number
  fundCodes: string[]
}

/** The user's groups in their order, each with its funds in the watchlist's order (one statement: the watchlist's first screen asks it). */
export async function groupsOf(q: Queryable, userId: string): Promise<GroupRow[]> {
  const rows = await q.query<{ group_id: number; name: string; fund_codes: string[] | null }>(
    `select g.group_id, g.name,
       array_remove(array_agg(m.fund_code order by p.seq, m.fund_code), null) as fund_codes
     from watchlist_groups g
     left join watchlist_group_funds m on m.group_id = g.group_id
     left join user_fund_picks p on p.user_id = m.user_id and p.fund_code = m.fund_code
     where g.user_id = $1
     group by g.group_id, g.name, g.position
     order by g.position, g.group_id`,
    [userId],
  )
  return rows.map((g, i) => ({ groupId: String(g.group_id), name: g.name, position: i + 1, fundCodes: g.fund_codes ?? [] }))
}

/** Adds a group after the user's others; its id. */
export async function insertGroup(q: Queryable, userId: string, name: string): Promise<number> {
  const row = await q.db
    .insertInto('watchlist_groups')
    .values((eb) => ({
      user_id: userId,
      name,
      position: eb
        .selectFrom('watchlist_groups')
        .select(sql<number>`coalesce(max(position), 0) + 1`.as('p'))
        .where('user_id', '=', userId),
    }))
    .returning('group_id')
    .executeTakeFirstOrThrow()
  return row.group_id
}

/** Renames one of the user's groups; false when the user has no such group. */
export async function renameGroup(q: Queryable, userId: string, groupId: number, name: string): Promise<boolean> {
  const res = await q.db
    .updateTable('watchlist_groups')
    .set({ name })
    .where('user_id', '=', userId)
    .where('group_id', '=', groupId)
    .executeTakeFirst()
  return Number(res.numUpdatedRows) > 0
}

/** Deletes one of the user's groups (its funds stay picked); false when the user has no such group. */
export async function deleteGroup(q: Queryable, userId: string, groupId: number): Promise<boolean> {
  const res = await q.db.deleteFrom('watchlist_groups').where('user_id', '=', userId).where('group_id', '=', groupId).executeTakeFirst()
  return Number(res.numDeletedRows) > 0
}

/** Stores a new order of groups: position i for groupIds[i]. */
export async function reorderGroups(q: Queryable, userId: string, groupIds: readonly number[]): Promise<void> {
  await sql`
    update watchlist_groups g set position = t.o from unnest(${groupIds}::int[]) with ordinality as t(id, o)
    where g.user_id = ${userId} and g.group_id = t.id`.execute(q.db)
}

/** Puts each fund in each group (already there: kept once). */
export async function addMembers(q: Queryable, userId: string, groupIds: readonly number[], fundCodes: readonly string[]): Promise<void> {
  if (!groupIds.length || !fundCodes.length) return
  await q.db
    .insertInto('watchlist_group_funds')
    .values(groupIds.flatMap((group_id) => fundCodes.map((fund_code) => ({ group_id, user_id: userId, fund_code }))))
    .onConflict((oc) => oc.doNothing())
    .execute()
}

/** Takes funds out of groups: of the given groups, or of all the user's groups when groupIds is null. */
export async function removeMembers(
  q: Queryable,
  userId: string,
  groupIds: readonly number[] | null,
  fundCodes: readonly string[] | null,
): Promise<void> {
  let del = q.db.deleteFrom('watchlist_group_funds').where('user_id', '=', userId)
  if (groupIds) {
    if (!groupIds.length) return
    del = del.where('group_id', 'in', groupIds)
  }
  if (fundCodes) {
    if (!fundCodes.length) return
    del = del.where('fund_code', 'in', fundCodes)
  }
  await del.execute()
}

/** Of these codes, the funds that exist. */
export async function knownFunds(q: Queryable, codes: readonly string[]): Promise<Set<string>> {
  if (!codes.length) return new Set()
  const rows = await q.db.selectFrom('funds').select('fund_code').where('fund_code', 'in', codes).execute()
  return new Set(rows.map((r) => r.fund_code))
}
