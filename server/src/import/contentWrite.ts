import type { Queryable } from '../db'
import { insertRows, type InsertOptions, type Row as TableRow, type Table } from '../demo/bulk'
import { checkedRows, type ContentFile, type ContentPlan } from './content'

/** Writes a checked content plan (inside the caller's transaction); answers the rows written per table. */
export async function writeContent(tx: Queryable, plan: ContentPlan, log: (message: string) => void = () => {}) {
  const counts: Record<string, number> = {}
  // Upserts by key: a re-run of the same folder changes nothing.
  const upsert = async <T extends Table>(table: T, keys: InsertOptions<T>['onConflict'], list: ReadonlyArray<TableRow<T>>) => {
    if (!list.length) return
    await insertRows(tx, table, list, { batch: 5_000, onConflict: keys })
    counts[table] = list.length
    log(`${table}: ${list.length} rows`)
  }
  const v = <F extends ContentFile>(file: F) => checkedRows(plan.rows, file).map((r) => r.values)
  await upsert(
    'columns',
    ['column_id'],
    v('columns.csv').map((c) => ({
      column_id: c.column_id,
      title: c.title,
      cover_url: c.cover_url,
      description: c.description,
      list_page_side_url: c.list_page_side_url,
      sort: c.sort,
    })),
  )
  await upsert(
    'articles',
    ['article_id'],
    plan.articles.map((a) => ({
      article_id: a.articleId,
      column_id: a.columnId,
      title: a.title,
      cover_thumbnail_url: a.cover,
      author: a.author,
      content: a.html,
      published_at: new Date(a.publishedAt),
    })),
  )
  await upsert(
    'courses',
    ['course_id'],
    v('courses.csv').map((c) => ({
      course_id: c.course_id,
      title: c.title,
      tags: c.tags,
      url: c.url,
      description: c.description,
      cover_url: c.cover_url,
    })),
  )
  await upsert(
    'lessons',
    ['lesson_id'],
    v('lessons.csv').map((l) => ({
      lesson_id: l.lesson_id,
      course_id: l.course_id,
      seq: Number(l.seq),
      title: l.title,
      duration_second: Number(l.duration_second),
      video_url: l.video_url,
    })),
  )
  await upsert(
    'ads',
    ['ad_id'],
    v('ads.csv').map((a) => ({
      ad_id: a.ad_id,
      rec_code: a.rec_code,
      display_name: a.display_name,
      img_url: a.img_url,
      url: a.url,
      track_properties: a.track_properties,
      sort: a.sort,
    })),
  )
  // A config entry is its whole element list, in seq order then file order: it replaces the stored one.
  const entries = new Map<string, { variant: string; key: string; elements: Array<{ seq: number; element: Record<string, unknown> }> }>()
  for (const c of v('configs.csv')) {
    const k = `${c.variant} ${c.key}`
    const entry = entries.get(k) ?? { variant: c.variant, key: c.key, elements: [] }
    const element: Record<string, unknown> =
      c.variant === 'config'
        ? { key: c.name, value: c.value }
        : c.variant === 'widget'
          ? { picture: c.picture, link: c.link, main: c.main, trackProperties: c.track_properties }
          : { image: c.image, link: c.link, content: c.content }
    entry.elements.push({ seq: c.seq, element })
    entries.set(k, entry)
  }
  await upsert(
    'kv_configs',
    ['variant', 'key'],
    [...entries.values()].map((e) => ({
      variant: e.variant,
      key: e.key,
      value: {
        elements: e.elements
          .map((x, i) => ({ ...x, i }))
          .sort((a, b) => a.seq - b.seq || a.i - b.i)
          .map((x) => x.element),
      },
    })),
  )
  return counts
}
