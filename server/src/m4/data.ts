import type { Database } from '../db'

/** The hand-picked funds (精选) with their reasons, in their order. */
export function handPickedRows(database: Database) {
  return database.db.selectFrom('hand_picked').select(['fund_code as fundCode', 'reason', 'seq']).orderBy('seq').execute()
}

/** Every column in its order with its newest article (none for an empty column), in one statement. */
export async function columnsWithNewestArticle(database: Database) {
  const rows = await database.db
    .selectFrom('columns as c')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('articles')
          .select(['article_id', 'title', 'cover_thumbnail_url'])
          .whereRef('articles.column_id', '=', 'c.column_id')
          .orderBy('published_at', 'desc')
          .orderBy('article_id')
          .limit(1)
          .as('a'),
      (join) => join.onTrue(),
    )
    .select([
      'c.column_id as columnId',
      'c.title',
      'a.article_id as articleId',
      'a.title as articleTitle',
      'a.cover_thumbnail_url as coverThumbnailUrl',
    ])
    .orderBy('c.sort')
    .orderBy('c.column_id')
    .execute()
  return rows.map((r) => ({
    columnId: r.columnId,
    title: r.title,
    articles: r.articleId ? [{ articleId: r.articleId, title: r.articleTitle ?? '', coverThumbnailUrl: r.coverThumbnailUrl }] : [],
  }))
}
