import type { Database } from '../db'

export async function columns(database: Database) {
  return database.query(`select column_id as "columnId", title, cover_url as "coverUrl", description, list_page_side_url as "listPageSideUrl" from columns order by sort, column_id`)
}

export async function column(database: Database, columnId: string) {
  const [row] = await database.query(`select column_id as "columnId", title, cover_url as "coverUrl", description, list_page_side_url as "listPageSideUrl" from columns where column_id = $1`, [columnId])
  return row ?? null
}

export async function columnArticles(database: Database, columnId: string, userId: string | null, offset: number, size: number) {
  const rows = await database.query(
    `select a.title, a.article_id as "articleId", a.cover_thumbnail_url as "coverThumbnailUrl", (r.user_id is not null) as "isRead"
     from articles a left join article_reads r on r.article_id = a.article_id and r.user_id = $2
     where a.column_id = $1 order by a.published_at desc, a.article_id limit $3 offset $4`, [columnId, userId, size, offset])
  const [{ n }] = await database.query<{ n: number }>('select count(*)::int as n from articles where column_id = $1', [columnId])
  return { rows, totalCount: n }
}

export async function article(database: Database, articleId: string, userId: string | null) {
  const [row] = await database.query<Record<string, unknown>>(
    `select a.article_id as "articleId", a.title, a.cover_thumbnail_url as "coverThumbnailUrl", a.author, a.content, a.published_at as "publishedAt", a.column_id as "columnId",
            exists(select 1 from article_reads r where r.article_id = a.article_id and r.user_id = $2) as "isRead"
     from articles a where a.article_id = $1`, [articleId, userId])
  if (row && userId) {
    // Opening an article marks it read for the signed-in reader.
    await database.query('insert into article_reads (user_id, article_id) values ($1, $2) on conflict do nothing', [userId, articleId])
  }
  return row ?? null
}

export async function course(database: Database, courseId: string) {
  const [row] = await database.query(`select course_id as "courseId", title, tags, url, description, cover_url as "coverUrl" from courses where course_id = $1`, [courseId])
  return row ?? null
}

export async function lessons(database: Database, courseId: string, offset: number, size: number) {
  const rows = await database.query(
    `select lesson_id as "lessonId", title, duration_second as "durationSecond", video_url as "videoUrl" from lessons where course_id = $1 order by seq limit $2 offset $3`, [courseId, size, offset])
  const [{ n }] = await database.query<{ n: number }>('select count(*)::int as n from lessons where course_id = $1', [courseId])
  return { rows, totalCount: n }
}

export async function ads(database: Database, recCodes: string[], displayName?: string | null) {
  return database.query(
    `select ad_id as "adId", img_url as "imgUrl", rec_code as "recCode", display_name as "displayName", track_properties as "trackProperties", url
     from ads where rec_code = any($1::text[]) and ($2::text is null or display_name = $2) order by rec_code, sort`, [recCodes, displayName ?? null])
}

export async function kvConfig(database: Database, variant: string, key: string): Promise<{ key: string; elements: unknown[] } | null> {
  const [row] = await database.query<{ value: { elements?: unknown[] } }>('select value from kv_configs where variant = $1 and key = $2', [variant, key])
  return row ? { key, elements: row.value.elements ?? [] } : null
}

/** Looks a key up among the elements of every `config` entry. */
export async function keyValue(database: Database, key: string): Promise<{ key: string; value: string | null } | null> {
  const rows = await database.query<{ value: { elements?: Array<{ key: string; value: string }> } }>(`select value from kv_configs where variant = 'config' order by key`)
  for (const r of rows) {
    const hit = r.value.elements?.find((e) => e.key === key)
    if (hit) return { key, value: hit.value }
  }
  return null
}
