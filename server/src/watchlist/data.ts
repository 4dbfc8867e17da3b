import { sql } from 'kysely'
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
export async function addPicks(database: Database, userId: string, codes: readonly string[]): Promise<void> {
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
