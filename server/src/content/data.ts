import { sql, type ExpressionBuilder, type Selection } from 'kysely'
import type { RestAd } from '@alfa/common/api'
import type { Database } from '../db'
import type { DB } from '../db/schema'
import { anyText } from '../db/sql'
import { pageWithTotal, totalCount } from '../paging'

const COLUMN_FIELDS = [
  'column_id as columnId',
  'title',
  'cover_url as coverUrl',
  'description',
  'list_page_side_url as listPageSideUrl',
] as const

/** A column as the schema's Column (its articles are paged separately). */
export type ColumnRow = Selection<DB, 'columns', (typeof COLUMN_FIELDS)[number]>

export async function column(database: Database, columnId: string): Promise<ColumnRow | null> {
  const row = await database.db.selectFrom('columns').select(COLUMN_FIELDS).where('column_id', '=', columnId).executeTakeFirst()
  return row ?? null
}

/** Whether the reader (none: nobody) has read the article `a`. */
const isRead = (eb: ExpressionBuilder<DB & { a: DB['articles'] }, 'a'>, userId: string | null) =>
  userId === null
    ? eb.lit(false).$castTo<boolean>()
    : eb
        .exists(
          eb
            .selectFrom('article_reads as r')
            .select('r.user_id')
            .whereRef('r.article_id', '=', 'a.article_id')
            .where('r.user_id', '=', userId),
        )
        .$castTo<boolean>()

/** A page of a column's articles, newest first, with whether the reader has read each; and their total. */
export function columnArticles(database: Database, columnId: string, userId: string | null, offset: number, size: number) {
  return pageWithTotal(
    (from, n) =>
      database.db
        .selectFrom('articles as a')
        .select((eb) => [
          'a.title',
          'a.article_id as articleId',
          'a.cover_thumbnail_url as coverThumbnailUrl',
          'a.published_at as publishedAt',
          isRead(eb, userId).as('isRead'),
          totalCount,
        ])
        .where('a.column_id', '=', columnId)
        .orderBy('a.published_at', 'desc')
        .orderBy('a.article_id')
        .limit(n)
        .offset(from)
        .execute(),
    offset,
    size,
  )
}

const ARTICLE_KEY_SEPARATOR = '\u0001'

/** The batch key of a page of a column's articles for a reader (loadColumnArticles). */
export const columnArticlesKey = (columnId: string, userId: string | null, offset: number, size: number) =>
  [columnId, userId ?? '', offset, size].join(ARTICLE_KEY_SEPARATOR)

type ArticlePage = Awaited<ReturnType<typeof columnArticles>>

/**
 * Pages of several columns' articles in one statement (the home page asks the first article of
 * every column): numbered per column, newest first, with each column's total. Keys come from
 * columnArticlesKey; keys of one reader and page shape share a statement.
 */
export async function loadColumnArticles(database: Database, keys: string[]): Promise<Map<string, ArticlePage>> {
  const found = new Map<string, ArticlePage>()
  const groups = new Map<string, string[]>()
  for (const key of keys) {
    const [columnId, ...shape] = key.split(ARTICLE_KEY_SEPARATOR)
    const group = shape.join(ARTICLE_KEY_SEPARATOR)
    groups.set(group, [...(groups.get(group) ?? []), columnId])
  }
  for (const [group, columnIds] of groups) {
    const [user, offsetText, sizeText] = group.split(ARTICLE_KEY_SEPARATOR)
    const userId = user || null
    const offset = Number(offsetText)
    const size = Number(sizeText)
    const rows = await database.db
      .selectFrom((db) =>
        db
          .selectFrom('articles as a')
          .select((eb) => [
            'a.column_id as columnId',
            'a.title',
            'a.article_id as articleId',
            'a.cover_thumbnail_url as coverThumbnailUrl',
            'a.published_at as publishedAt',
            isRead(eb, userId).as('isRead'),
            sql<number>`count(*) over (partition by a.column_id)::int`.as('totalCount'),
            sql<number>`row_number() over (partition by a.column_id order by a.published_at desc, a.article_id)::int`.as('n'),
          ])
          .where('a.column_id', '=', anyText(columnIds))
          .as('numbered'),
      )
      .selectAll()
      .where('n', '>', offset)
      .where('n', '<=', offset + size)
      .orderBy('columnId')
      .orderBy('n')
      .execute()
    for (const columnId of columnIds) {
      const page = rows.filter((r) => r.columnId === columnId)
      // A page past the end has no row to carry the total: asked on its own (a reader paging too far).
      if (!page.length && offset > 0) {
        found.set(columnArticlesKey(columnId, userId, offset, size), await columnArticles(database, columnId, userId, offset, size))
        continue
      }
      found.set(columnArticlesKey(columnId, userId, offset, size), {
        rows: page.map(({ title, articleId, coverThumbnailUrl, publishedAt, isRead }) => ({
          title,
          articleId,
          coverThumbnailUrl,
          publishedAt,
          isRead,
        })),
        totalCount: page[0]?.totalCount ?? 0,
      })
    }
  }
  return found
}

/** An article as stored: `content` is HTML, sanitised again before it is served (resolvers.ts). */
export interface ArticleRow {
  articleId: string
  title: string
  coverThumbnailUrl: string | null
  author: string | null
  content: string
  publishedAt: Date
  columnId: string | null
  isRead: boolean
}

/** An article with whether the reader has read it. Reading it changes nothing: markRead does. */
export async function article(database: Database, articleId: string, userId: string | null): Promise<ArticleRow | null> {
  const row = await database.db
    .selectFrom('articles as a')
    .select((eb) => [
      'a.article_id as articleId',
      'a.title',
      'a.cover_thumbnail_url as coverThumbnailUrl',
      'a.author',
      'a.content',
      'a.published_at as publishedAt',
      'a.column_id as columnId',
      eb
        .exists(
          eb
            .selectFrom('article_reads as r')
            .select('r.article_id')
            .whereRef('r.article_id', '=', 'a.article_id')
            .where('r.user_id', '=', userId ?? ''),
        )
        .as('isRead'),
    ])
    .where('a.article_id', '=', articleId)
    .executeTakeFirst()
  return row ? { ...row, isRead: userId !== null && Boolean(row.isRead) } : null
}

/** Marks an article read for a user (idempotent); false when there is no such article. */
export async function markRead(database: Database, userId: string, articleId: string): Promise<boolean> {
  const found = await database.db.selectFrom('articles').select('article_id').where('article_id', '=', articleId).executeTakeFirst()
  if (!found) return false
  await database.db
    .insertInto('article_reads')
    .values({ user_id: userId, article_id: articleId })
    .onConflict((oc) => oc.columns(['user_id', 'article_id']).doNothing())
    .execute()
  return true
}

const COURSE_FIELDS = ['course_id as courseId', 'title', 'tags', 'url', 'description', 'cover_url as coverUrl'] as const

/** A course as its resolvers hand it down (its lessons are paged by their own resolver). */
export type CourseRow = Selection<DB, 'courses', (typeof COURSE_FIELDS)[number]>

export async function course(database: Database, courseId: string): Promise<CourseRow | null> {
  const row = await database.db.selectFrom('courses').select(COURSE_FIELDS).where('course_id', '=', courseId).executeTakeFirst()
  return row ?? null
}

export function lessons(database: Database, courseId: string, offset: number, size: number) {
  return pageWithTotal(
    (from, n) =>
      database.db
        .selectFrom('lessons')
        .select(['lesson_id as lessonId', 'title', 'duration_second as durationSecond', 'video_url as videoUrl', totalCount])
        .where('course_id', '=', courseId)
        .orderBy('seq')
        .limit(n)
        .offset(from)
        .execute(),
    offset,
    size,
  )
}

/** The site content's batch keys: the configuration entries, the columns, one code's ads. */
export const siteKeys = { kv: 'kv', columns: 'columns', ads: (recCode: string) => `ad:${recCode}` } as const

/**
 * The site content a request asks in one tick (issue #24: the home page's configuration, columns
 * and two codes' ads), in one statement: each part's rows as JSON objects of its text and JSON
 * columns (nothing JSON could change: no number, no time), tagged with its key and ordered as its
 * own query orders them. A key with no row answers [].
 */
export async function loadSiteContent(database: Database, keys: string[]): Promise<Map<string, unknown[]>> {
  const found = new Map<string, unknown[]>(keys.map((k) => [k, []]))
  const codes = keys.filter((k) => k.startsWith('ad:')).map((k) => k.slice(3))
  const parts = [
    keys.includes(siteKeys.kv) &&
      sql`select 'kv' as k, row_number() over (order by key, variant) as n, json_build_object('variant', variant, 'key', key, 'value', value) as r from kv_configs`,
    keys.includes(siteKeys.columns) &&
      sql`select 'columns' as k, row_number() over (order by sort, column_id) as n, json_build_object('columnId', column_id, 'title', title, 'coverUrl', cover_url, 'description', description, 'listPageSideUrl', list_page_side_url) as r from columns`,
    codes.length > 0 &&
      sql`select 'ad:' || rec_code as k, row_number() over (order by rec_code, sort) as n, json_build_object('adId', ad_id, 'imgUrl', img_url, 'recCode', rec_code, 'displayName', display_name, 'trackProperties', track_properties, 'url', url) as r from ads where rec_code = ${anyText(codes)}`,
  ].filter((x) => x !== false)
  if (!parts.length) return found
  const { rows } = await sql<{ k: string; r: unknown }>`select k, r from (${sql.join(parts, sql` union all `)}) as t order by k, n`.execute(
    database.db,
  )
  for (const row of rows) found.get(row.k)?.push(row.r)
  return found
}

export async function ads(database: Database, recCodes: string[], displayName?: string | null): Promise<RestAd[]> {
  return database.db
    .selectFrom('ads')
    .select([
      'ad_id as adId',
      'img_url as imgUrl',
      'rec_code as recCode',
      'display_name as displayName',
      'track_properties as trackProperties',
      'url',
    ])
    .where('rec_code', '=', anyText(recCodes))
    .$call((qb) => (displayName == null ? qb : qb.where('display_name', '=', displayName)))
    .orderBy('rec_code')
    .orderBy('sort')
    .execute()
}

/** Every configuration entry (a small table: operators' widgets, fragments and configs), for one request's look-ups. */
export function kvRows(database: Database) {
  return database.db.selectFrom('kv_configs').select(['variant', 'key', 'value']).orderBy('key').orderBy('variant').execute()
}

export type KvRows = Awaited<ReturnType<typeof kvRows>>

/** kvConfig over rows already read (kvRows). */
export function kvConfigIn<E>(rows: KvRows, variant: string, key: string): { key: string; elements: E[] } | null {
  const row = rows.find((r) => r.variant === variant && r.key === key)
  return row ? { key, elements: (row.value.elements as E[] | undefined) ?? [] } : null
}

/** A key looked up among the elements of every `config` entry (rows from kvRows): the first `config` entry, by key order, with an element of this key. */
export function keyValueIn(rows: KvRows, key: string): { key: string; value: string | null } | null {
  for (const r of rows) {
    if (r.variant !== 'config') continue
    const hit = r.value.elements?.find((e) => e.key === key)
    if (hit) return { key, value: hit.value as string }
  }
  return null
}
