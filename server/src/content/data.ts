import type { RestAd } from '@alfa/common/api'
import type { Database } from '../db'
import { pageWithTotal } from '../paging'

/** A column as the schema's Column (its articles are paged separately). */
export interface ColumnRow {
  columnId: string
  title: string
  coverUrl: string | null
  description: string | null
  listPageSideUrl: string | null
}

export async function columns(database: Database) {
  return database.query<ColumnRow>(
    `select column_id as "columnId", title, cover_url as "coverUrl", description, list_page_side_url as "listPageSideUrl" from columns order by sort, column_id`,
  )
}

export async function column(database: Database, columnId: string) {
  const [row] = await database.query<ColumnRow>(
    `select column_id as "columnId", title, cover_url as "coverUrl", description, list_page_side_url as "listPageSideUrl" from columns where column_id = $1`,
    [columnId],
  )
  return row ?? null
}

/** A page of a column's articles, newest first, with whether the reader has read each; and their total. */
export function columnArticles(database: Database, columnId: string, userId: string | null, offset: number, size: number) {
  return pageWithTotal(
    (from, n) =>
      database.query<{
        title: string
        articleId: string
        coverThumbnailUrl: string | null
        publishedAt: Date
        isRead: boolean
        totalCount: number
      }>(
        `select a.title, a.article_id as "articleId", a.cover_thumbnail_url as "coverThumbnailUrl", a.published_at as "publishedAt",
            (r.user_id is not null) as "isRead", count(*) over ()::int as "totalCount"
     from articles a left join article_reads r on r.article_id = a.article_id and r.user_id = $2
     where a.column_id = $1 order by a.published_at desc, a.article_id limit $3 offset $4`,
        [columnId, userId, n, from],
      ),
    offset,
    size,
  )
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

/** A course as its resolvers hand it down (its lessons are paged by their own resolver). */
export interface CourseRow {
  courseId: string
  title: string
  tags: string[]
  url: string | null
  description: string | null
  coverUrl: string | null
}

export async function course(database: Database, courseId: string) {
  const [row] = await database.query<CourseRow>(
    `select course_id as "courseId", title, tags, url, description, cover_url as "coverUrl" from courses where course_id = $1`,
    [courseId],
  )
  return row ?? null
}

export function lessons(database: Database, courseId: string, offset: number, size: number) {
  return pageWithTotal(
    (from, n) =>
      database.query<{ lessonId: string; title: string; durationSecond: number; videoUrl: string | null; totalCount: number }>(
        `select lesson_id as "lessonId", title, duration_second as "durationSecond", video_url as "videoUrl", count(*) over ()::int as "totalCount"
     from lessons where course_id = $1 order by seq limit $2 offset $3`,
        [courseId, n, from],
      ),
    offset,
    size,
  )
}

export async function ads(database: Database, recCodes: string[], displayName?: string | null) {
  return database.query<RestAd>(
    `select ad_id as "adId", img_url as "imgUrl", rec_code as "recCode", display_name as "displayName", track_properties as "trackProperties", url
     from ads where rec_code = any($1::text[]) and ($2::text is null or display_name = $2) order by rec_code, sort`,
    [recCodes, displayName ?? null],
  )
}

/** A configuration entry; `E` is the element shape its variant stores (the JSON is written by the seed or by operators). */
export async function kvConfig<E>(database: Database, variant: string, key: string): Promise<{ key: string; elements: E[] } | null> {
  const [row] = await database.query<{ value: { elements?: E[] } }>('select value from kv_configs where variant = $1 and key = $2', [
    variant,
    key,
  ])
  return row ? { key, elements: row.value.elements ?? [] } : null
}

/** Looks a key up among the elements of every `config` entry. */
export async function keyValue(database: Database, key: string): Promise<{ key: string; value: string | null } | null> {
  const rows = await database.query<{ value: { elements?: Array<{ key: string; value: string }> } }>(
    `select value from kv_configs where variant = 'config' order by key`,
  )
  for (const r of rows) {
    const hit = r.value.elements?.find((e) => e.key === key)
    if (hit) return { key, value: hit.value }
  }
  return null
}
