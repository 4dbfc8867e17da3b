import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import type { Database } from '../db'

/** A saved filter as the schema's SavedFilter. */
const SAVED_FILTER_COLUMNS = ['filter_id as filterId', 'name', 'form_value as formValue', 'created_at as createdAt'] as const

/** The user's saved filters in their order (reordered ones first, then newest first). */
export function savedFilters(database: Database, userId: string) {
  return database.db.selectFrom('saved_filters').select([...SAVED_FILTER_COLUMNS])
    .where('user_id', '=', userId).orderBy(sql`seq asc nulls first`).orderBy('created_at', 'desc').execute()
}

export function savedFilter(database: Database, userId: string, filterId: string) {
  return database.db.selectFrom('saved_filters').select([...SAVED_FILTER_COLUMNS])
    .where('filter_id', '=', filterId).where('user_id', '=', userId).executeTakeFirst()
}

export function insertFilter(database: Database, userId: string, name: string, formValue: object) {
  return database.db.insertInto('saved_filters')
    .values({ filter_id: randomUUID(), user_id: userId, name, form_value: JSON.stringify(formValue) })
    .returning([...SAVED_FILTER_COLUMNS])
    .executeTakeFirstOrThrow()
}

/** Deletes one of the user's filters; false when it is not theirs. */
export async function deleteFilter(database: Database, userId: string, filterId: string): Promise<boolean> {
  const result = await database.db.deleteFrom('saved_filters').where('filter_id', '=', filterId).where('user_id', '=', userId).executeTakeFirst()
  return result.numDeletedRows > 0n
}

export function renameFilter(database: Database, userId: string, filterId: string, name: string) {
  return database.db.updateTable('saved_filters').set({ name })
    .where('filter_id', '=', filterId).where('user_id', '=', userId)
    .returning([...SAVED_FILTER_COLUMNS]).executeTakeFirst()
}

/** Every filter of the user, unordered (to check a new order against). */
export function ownFilters(database: Database, userId: string) {
  return database.db.selectFrom('saved_filters').select([...SAVED_FILTER_COLUMNS]).where('user_id', '=', userId).execute()
}

/** Stores the user's order: position i for filterIds[i], in one transaction. */
export async function storeFilterOrder(database: Database, userId: string, filterIds: readonly string[]): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
    for (const [i, filterId] of filterIds.entries()) {
      await trx.updateTable('saved_filters').set({ seq: i }).where('filter_id', '=', filterId).where('user_id', '=', userId).execute()
    }
  })
}
