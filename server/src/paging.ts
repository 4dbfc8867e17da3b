import { sql } from 'kysely'
import { badInput } from './graphql/errors'

export interface PageArgs {
  cursor?: string | null
  size?: number | null
}
export const DEFAULT_PAGE_SIZE = 10
export const MAX_PAGE_SIZE = 100

/** Drops the holes of a list (missing look-ups), typed as such. */
export const present = <T>(value: T): value is NonNullable<T> => value != null

/** Cursors are opaque to the client: base64url of the offset of the next item. */
export function readPage(page: PageArgs | null | undefined, defaultSize = DEFAULT_PAGE_SIZE): { offset: number; size: number } {
  const size = page?.size ?? defaultSize
  if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE)
    throw badInput(`每页条数 page.size 须为 1 到 ${MAX_PAGE_SIZE} 之间的整数`)
  if (!page?.cursor) return { offset: 0, size }
  // A cursor is the offset of the next row as base64url digits; anything else (1e300, -1, text) is refused.
  const decoded = page.cursor.length <= 16 ? Buffer.from(page.cursor, 'base64url').toString() : ''
  if (!/^\d{1,7}$/.test(decoded)) throw badInput('翻页游标 page.cursor 无效：须为 pageInfo 给出的游标')
  const offset = Number(decoded)
  return { offset, size }
}

export function connection<T>(list: T[], totalCount: number, offset: number) {
  const next = offset + list.length
  const hasMore = next < totalCount
  return { totalCount, list, pageInfo: { hasMore, cursor: hasMore ? Buffer.from(String(next)).toString('base64url') : null } }
}

/** The column that carries a page's total on each of its rows (Kysely): count(*) over the whole filtered result. */
export const totalCount = sql<number>`count(*) over ()::int`.as('totalCount')

/**
 * A page and its total from one query whose rows carry `totalCount` (count(*) over ()). A page past
 * the end has no row to carry it: then the first row is asked for, so the total stays right.
 */
export async function pageWithTotal<R extends { totalCount: number }>(
  run: (offset: number, size: number) => Promise<R[]>,
  offset: number,
  size: number,
): Promise<{ rows: Array<Omit<R, 'totalCount'>>; totalCount: number }> {
  const page = await run(offset, size)
  const total = page[0]?.totalCount ?? (offset > 0 ? ((await run(0, 1))[0]?.totalCount ?? 0) : 0)
  return { rows: page.map(({ totalCount: _, ...row }) => row), totalCount: total }
}
