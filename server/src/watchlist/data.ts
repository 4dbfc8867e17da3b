import type { Database } from '../db'

/** The user's picked funds in the user's order. */
export function pickedFunds(database: Database, userId: string) {
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
  return database.query<{ fundCode: string; pickCount: number }>(
    `select fund_code as "fundCode", count(*)::int as "pickCount" from user_fund_picks group by fund_code
     union all select h.fund_code, 0 from hand_picked h
     order by "pickCount" desc, "fundCode" limit $1 * 2`,
    [size],
  )
}

/** Appends funds to the user's picks in the given order (already picked ones stay where they are). */
export async function addPicks(database: Database, userId: string, codes: readonly string[]): Promise<void> {
  await database.query(
    `insert into user_fund_picks (user_id, fund_code, seq)
     select $1, c, coalesce((select max(seq) from user_fund_picks where user_id = $1), 0) + o::int
     from unnest($2::text[]) with ordinality as t(c, o)
     on conflict (user_id, fund_code) do nothing`,
    [userId, codes],
  )
}

export async function removePicks(database: Database, userId: string, codes: readonly string[]): Promise<void> {
  await database.db.deleteFrom('user_fund_picks').where('user_id', '=', userId).where('fund_code', 'in', codes).execute()
}

/** Stores a new order: position i for fundCodes[i]. */
export async function reorderPicks(database: Database, userId: string, fundCodes: readonly string[]): Promise<void> {
  await database.query(
    `update user_fund_picks p set seq = t.o from unnest($2::text[]) with ordinality as t(c, o) where p.user_id = $1 and p.fund_code = t.c`,
    [userId, fundCodes],
  )
}
