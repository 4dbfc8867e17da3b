import type { Database } from '../db'

/** The hand-picked funds (精选) with their reasons, in their order. */
export function handPickedRows(database: Database) {
  return database.query<{ fundCode: string; reason: string | null; seq: number }>(
    'select fund_code as "fundCode", reason, seq from hand_picked order by seq',
  )
}

/** Every column in its order with its newest article (none for an empty column), in one statement. */
export async function columnsWithNewestArticle(database: Database) {
  const rows = await database.query<{
    columnId: string
    title: string
    articleId: string | null
    articleTitle: string | null
    coverThumbnailUrl: string | null
  }>(
    `select c.column_id as "columnId", c.title, a.article_id as "articleId", a.title as "articleTitle", a.cover_thumbnail_url as "coverThumbnailUrl"
     from columns c
     left join lateral (select article_id, title, cover_thumbnail_url from articles where column_id = c.column_id order by published_at desc, article_id limit 1) a on true
     order by c.sort, c.column_id`,
  )
  return rows.map((r) => ({
    columnId: r.columnId,
    title: r.title,
    articles: r.articleId ? [{ articleId: r.articleId, title: r.articleTitle ?? '', coverThumbnailUrl: r.coverThumbnailUrl }] : [],
  }))
}
