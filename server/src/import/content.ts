import fs from 'node:fs'
import path from 'node:path'
import matter from 'gray-matter'
import { marked } from 'marked'
import { z } from 'zod'
import { cleanUrl, richPlainText } from '@alfa/common/richText'
import type { Database, Queryable } from '../db'
import { richToHtml, sanitizeHtml, type SanitizeStats } from '../content/sanitize'
import { parseCsvTable } from './csv'
import { ImportProblems, importFolder, type ImportOptions } from './importer'
import { decodeFile } from './read'
import { writeContent } from './contentWrite'
import { frontMatterLines, publishedAt } from './articleText'

export { publishedAt }

/**
 * The content part of `npm run import -- <folder>` (format: server/README.md "Content import"):
 * the folder's `content/` holds columns, articles (Markdown or HTML files with front matter),
 * courses and lessons, ads and key-value configs. Like the fund CSVs it is all or nothing:
 * everything is read and checked first, every problem reported as `file:line: field — reason`,
 * and only a folder without problems is written, in the same one transaction as the fund files
 * beside it. Rows are upserted by key, so importing the same folder again changes nothing.
 * Article bodies go through the one sanitiser (src/content/sanitize.ts) and are stored as the
 * sanitised HTML; what it took out is noted, not refused (pasted HTML often carries styles).
 */

export const CONTENT_DIR = 'content'
/** The longest article body accepted (its source file). */
export const MAX_ARTICLE_BYTES = 1024 * 1024
const ARTICLE_EXTENSIONS = ['.md', '.markdown', '.html', '.htm']

const text = (max: number) => z.string().max(max, `longer than ${max} characters`)
const required = (max: number) => text(max).min(1, 'empty')
const optionalText = (max: number) => text(max).transform((v) => v || null)
const id = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'only letters, digits, - and _ (1 to 64 of them)')
const whole = (min: number, max: number) =>
  z.string().refine(
    (v) => /^\d{1,9}$/.test(v) && Number(v) >= min && Number(v) <= max,
    (v) => ({ message: `${v === '' ? 'empty' : v} is not a whole number from ${min} to ${max}` }),
  )
const optionalWhole = (min: number, max: number, fallback: number) =>
  z.union([z.literal(''), whole(min, max)]).transform((v) => (v === '' ? fallback : Number(v)))
const imageUrl = z
  .string()
  .refine((v) => v === '' || cleanUrl(v, 'image') !== null, 'not an https url or a path on this server (/…)')
  .transform((v) => (v ? cleanUrl(v, 'image') : null))
const linkUrl = z
  .string()
  .refine((v) => v === '' || cleanUrl(v, 'link') !== null, 'not an http(s) url or an app path (/…)')
  .transform((v) => (v ? cleanUrl(v, 'link') : null))
const jsonObject = z.string().transform((v, ctx) => {
  if (v === '') return {}
  if (v.length > 2000) {
    ctx.addIssue({ code: 'custom', message: 'longer than 2000 characters' })
    return z.NEVER
  }
  try {
    const parsed: unknown = JSON.parse(v)
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>
  } catch {
    // reported below
  }
  ctx.addIssue({ code: 'custom', message: 'not a JSON object such as {"position":1}' })
  return z.NEVER
})

interface CsvSpec {
  columns: Record<string, { schema: z.ZodTypeAny; required?: boolean }>
  /** Columns that identify a row: a second row with the same values is a duplicate. */
  key: string[]
}

/** The CSV files of the content folder (see server/README.md for each column). */
export const CONTENT_FILES = {
  'columns.csv': {
    key: ['column_id'],
    columns: {
      column_id: { schema: id, required: true },
      title: { schema: required(50), required: true },
      description: { schema: optionalText(500) },
      cover_url: { schema: imageUrl },
      list_page_side_url: { schema: imageUrl },
      sort: { schema: optionalWhole(0, 100000, 0) },
    },
  },
  'courses.csv': {
    key: ['course_id'],
    columns: {
      course_id: { schema: id, required: true },
      title: { schema: required(100), required: true },
      tags: {
        schema: text(200).transform((v) =>
          v
            .split('|')
            .map((t) => t.trim())
            .filter(Boolean),
        ),
      },
      url: { schema: linkUrl },
      description: { schema: optionalText(1000) },
      cover_url: { schema: imageUrl },
    },
  },
  'lessons.csv': {
    key: ['lesson_id'],
    columns: {
      lesson_id: { schema: id, required: true },
      course_id: { schema: id, required: true },
      seq: { schema: whole(1, 10000), required: true },
      title: { schema: required(100), required: true },
      duration_second: { schema: whole(1, 86400), required: true },
      video_url: {
        schema: z
          .string()
          .refine((v) => v === '' || cleanUrl(v, 'image') !== null, 'not an https url or a path on this server (/…)')
          .transform((v) => (v ? cleanUrl(v, 'image') : null)),
      },
    },
  },
  'ads.csv': {
    key: ['ad_id'],
    columns: {
      ad_id: { schema: id, required: true },
      rec_code: { schema: z.string().regex(/^[A-Z0-9_]{1,50}$/, 'capital letters, digits and _ such as HOME_BANNER'), required: true },
      display_name: { schema: optionalText(50) },
      img_url: { schema: imageUrl.refine((v) => v !== null, 'empty'), required: true },
      url: { schema: linkUrl },
      track_properties: { schema: jsonObject },
      sort: { schema: optionalWhole(0, 100000, 0) },
    },
  },
  'configs.csv': {
    key: ['variant', 'key', 'name', 'seq'],
    columns: {
      variant: { schema: z.enum(['widget', 'fragment', 'config', 'fundIntro']), required: true },
      key: { schema: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'only letters, digits, ., - and _ (1 to 64 of them)'), required: true },
      seq: { schema: optionalWhole(0, 10000, 0) },
      name: { schema: text(64) },
      value: { schema: text(2000) },
      picture: { schema: imageUrl },
      image: { schema: imageUrl },
      link: { schema: linkUrl },
      main: { schema: optionalText(100) },
      content: { schema: optionalText(1000) },
      track_properties: { schema: jsonObject },
    },
  },
} satisfies Record<string, CsvSpec>

export type ContentFile = keyof typeof CONTENT_FILES
type Row = { line: number; values: Record<string, unknown> }
type Columns<F extends ContentFile> = (typeof CONTENT_FILES)[F]['columns']
/** A checked row of `F`: each column as its schema outputs it. */
type ValuesOf<F extends ContentFile> = {
  [K in keyof Columns<F>]: Columns<F>[K] extends { schema: infer S extends z.ZodTypeAny } ? z.output<S> : never
}

/** The rows of `file` with their values typed: readCsv kept only values that passed the file's column schemas. */
export function checkedRows<F extends ContentFile>(rows: Partial<Record<ContentFile, Row[]>>, file: F) {
  return (rows[file] ?? []) as Array<{ line: number; values: ValuesOf<F> }>
}

/** Which element fields each config variant takes (the schema's WidgetElement, FragmentElement, KeyValue). */
const VARIANT_FIELDS: Record<string, { allowed: string[]; needs: string[] }> = {
  widget: { allowed: ['picture', 'link', 'main', 'track_properties'], needs: [] },
  fragment: { allowed: ['image', 'link', 'content'], needs: [] },
  fundIntro: { allowed: ['image', 'link', 'content'], needs: [] },
  config: { allowed: ['name', 'value'], needs: ['name'] },
}

export interface ArticleRecord {
  file: string
  articleId: string
  title: string
  columnId: string | null
  author: string | null
  cover: string | null
  publishedAt: string
  /** The sanitised body, as stored. */
  html: string
}

export interface ContentPlan {
  rows: Partial<Record<ContentFile, Row[]>>
  articles: ArticleRecord[]
}

/** Reads one CSV file of the content folder: header, every row, duplicates. */
function readCsv(dir: string, file: ContentFile, shownAs: string, problems: string[]): Row[] | undefined {
  const full = path.join(dir, file)
  if (!fs.existsSync(full)) return undefined
  const spec: CsvSpec = CONTENT_FILES[file]
  const decoded = decodeFile(shownAs, fs.readFileSync(full), 'utf8')
  if (typeof decoded !== 'string') {
    problems.push(decoded.problem)
    return []
  }
  let table
  try {
    table = parseCsvTable(decoded)
  } catch (err) {
    problems.push(`${shownAs}:${/line (\d+)/.exec((err as Error).message)?.[1] ?? 1}: — ${(err as Error).message}`)
    return []
  }
  const expected = Object.keys(spec.columns)
  const known = `(expected: ${expected.join(', ')})`
  let headerOk = true
  const seen = new Set<string>()
  for (const h of table.header) {
    if (!expected.includes(h)) problems.push(`${shownAs}:1: ${h || '(empty)'} — unknown column ${known}`)
    else if (seen.has(h)) problems.push(`${shownAs}:1: ${h} — column appears twice`)
    else {
      seen.add(h)
      continue
    }
    headerOk = false
  }
  for (const [name, c] of Object.entries(spec.columns)) {
    if (c.required && !table.header.includes(name)) {
      problems.push(`${shownAs}:1: ${name} — missing column ${known}`)
      headerOk = false
    }
  }
  if (!headerOk) return []
  const rows: Row[] = []
  const firstLine = new Map<string, number>()
  for (const { line, record } of table.rows) {
    const values: Record<string, unknown> = {}
    let ok = true
    for (const [name, c] of Object.entries(spec.columns)) {
      const r = c.schema.safeParse(record[name] ?? '')
      if (r.success) values[name] = r.data
      else {
        problems.push(`${shownAs}:${line}: ${name} — ${r.error.issues[0]?.message ?? 'invalid'}`)
        ok = false
      }
    }
    const key = spec.key.map((k) => record[k] ?? '').join(' ')
    const earlier = firstLine.get(key)
    if (earlier !== undefined) {
      problems.push(`${shownAs}:${line}: ${spec.key.join(', ')} — duplicate of line ${earlier} (${key.trim()})`)
      ok = false
    } else firstLine.set(key, line)
    if (ok) rows.push({ line, values })
  }
  return rows
}

const ARTICLE_FIELDS = ['id', 'title', 'column', 'author', 'cover', 'published_at']

/** Reads one article file: front matter checked field by field, the body converted (Markdown) and sanitised. */
function readArticle(
  full: string,
  shownAs: string,
  problems: string[],
  notes: string[],
  columnRefs: Array<{ file: string; line: number; columnId: string }>,
): ArticleRecord | null {
  const bytes = fs.readFileSync(full)
  if (bytes.length > MAX_ARTICLE_BYTES) {
    problems.push(`${shownAs}:1: — longer than ${MAX_ARTICLE_BYTES} bytes`)
    return null
  }
  const source = decodeFile(shownAs, bytes, 'utf8')
  if (typeof source !== 'string') {
    problems.push(source.problem)
    return null
  }
  const layout = frontMatterLines(source)
  if (!layout) {
    problems.push(`${shownAs}:1: front matter — missing: the file starts with a --- line, then title: and published_at:, then ---`)
    return null
  }
  let parsed: { data: Record<string, unknown>; content: string }
  try {
    // A fresh object each time: gray-matter caches by text and hands cached results back otherwise.
    parsed = matter(source, {})
  } catch (err) {
    const mark = (err as { mark?: { line?: number } }).mark
    // The front matter gray-matter reads starts with the line break after the first ---: its line n is the file's.
    const reason = (err as Error).message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '')
    problems.push(`${shownAs}:${(mark?.line ?? 0) + 1}: front matter — ${reason}`)
    return null
  }
  const before = problems.length
  const at = (key: string) => layout.keys.get(key)?.line ?? 1
  const field = (key: string): string => {
    const v = parsed.data[key]
    if (v === undefined || v === null) return ''
    return typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '\u0000'
  }
  for (const key of Object.keys(parsed.data)) {
    if (!ARTICLE_FIELDS.includes(key))
      problems.push(`${shownAs}:${at(key)}: ${key} — unknown field (expected: ${ARTICLE_FIELDS.join(', ')})`)
  }
  const check = <T>(key: string, schema: z.ZodType<T, z.ZodTypeDef, unknown>, value: unknown): T | undefined => {
    if (value === '\u0000') {
      problems.push(`${shownAs}:${at(key)}: ${key} — not a single value`)
      return undefined
    }
    const r = schema.safeParse(value)
    if (r.success) return r.data
    problems.push(`${shownAs}:${at(key)}: ${key} — ${r.error.issues[0]?.message ?? 'invalid'}`)
    return undefined
  }
  const stem = path.basename(full).replace(/\.[^.]+$/, '')
  const articleId = check('id', id, field('id') || stem)
  const title = check('title', required(100), field('title'))
  const columnId = check(
    'column',
    z.union([z.literal(''), id]).transform((v) => v || null),
    field('column'),
  )
  // Checked against the columns later, also when other fields have problems, so that every problem is reported at once.
  if (columnId) columnRefs.push({ file: shownAs, line: at('column'), columnId })
  const author = check('author', optionalText(50), field('author'))
  const cover = check('cover', imageUrl, field('cover'))
  // The time as written: YAML would read a bare date as UTC midnight.
  const rawTime = layout.keys.get('published_at')?.raw ?? ''
  let published: string | null = null
  if (!layout.keys.has('published_at')) problems.push(`${shownAs}:1: published_at — missing (yyyy-MM-dd, yyyy-MM-dd HH:mm, Shanghai time)`)
  else if (!(published = publishedAt(rawTime)))
    problems.push(`${shownAs}:${at('published_at')}: published_at — "${rawTime}" is not a real date (yyyy-MM-dd or yyyy-MM-dd HH:mm)`)

  const markdown = !/\.html?$/i.test(full)
  let html = parsed.content
  if (markdown) {
    try {
      html = marked.parse(parsed.content, { async: false, gfm: true })
    } catch (err) {
      problems.push(`${shownAs}:${layout.bodyLine}: body — Markdown could not be read: ${(err as Error).message}`)
      return null
    }
  }
  const stats: SanitizeStats = { steps: 0, removed: new Set() }
  const body = sanitizeHtml(html, stats)
  const visible = richPlainText(body).trim() !== '' || JSON.stringify(body).includes('"name":"img"')
  if (!visible) problems.push(`${shownAs}:${layout.bodyLine}: body — empty (nothing to show after the front matter)`)
  if (problems.length > before) return null
  if (stats.removed?.size) notes.push(`${shownAs}:${layout.bodyLine}: body — removed by the sanitiser: ${[...stats.removed].join(', ')}`)
  return {
    file: shownAs,
    articleId: articleId!,
    title: title!,
    columnId: columnId ?? null,
    author: author ?? null,
    cover: cover ?? null,
    publishedAt: published!,
    html: richToHtml(body),
  }
}

/**
 * Reads and checks the content folder `dir` (shown in problems as `content/…`): every file,
 * every field, duplicates and references to columns and courses (in this import or the
 * database). Writes nothing.
 */
export async function readContent(database: Queryable, dir: string): Promise<{ plan: ContentPlan; problems: string[]; notes: string[] }> {
  const problems: string[] = []
  const notes: string[] = []
  const shown = (name: string) => `${CONTENT_DIR}/${name}`
  const rows: ContentPlan['rows'] = {}
  const articles: ArticleRecord[] = []
  const columnRefs: Array<{ file: string; line: number; columnId: string }> = []
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue
    if (entry.isDirectory() ? entry.name !== 'articles' : !(entry.name in CONTENT_FILES))
      problems.push(
        `${shown(entry.name)}:1: — unknown ${entry.isDirectory() ? 'folder' : 'file'} (expected: ${Object.keys(CONTENT_FILES).join(', ')}, articles/)`,
      )
  }
  for (const file of Object.keys(CONTENT_FILES) as ContentFile[]) {
    const read = readCsv(dir, file, shown(file), problems)
    if (read) rows[file] = read
  }
  const articleDir = path.join(dir, 'articles')
  if (fs.existsSync(articleDir) && fs.statSync(articleDir).isDirectory()) {
    const byId = new Map<string, string>()
    for (const entry of fs.readdirSync(articleDir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (entry.name.startsWith('.')) continue
      const shownAs = shown(`articles/${entry.name}`)
      if (!entry.isFile() || !ARTICLE_EXTENSIONS.includes(path.extname(entry.name).toLowerCase())) {
        problems.push(`${shownAs}:1: — not an article (expected a ${ARTICLE_EXTENSIONS.join(', ')} file)`)
        continue
      }
      const article = readArticle(path.join(articleDir, entry.name), shownAs, problems, notes, columnRefs)
      if (!article) continue
      const earlier = byId.get(article.articleId)
      if (earlier) problems.push(`${shownAs}:1: id — ${article.articleId} is also the id of ${earlier}`)
      else {
        byId.set(article.articleId, shownAs)
        articles.push(article)
      }
    }
  }
  if (!Object.keys(rows).length && !articles.length && !problems.length)
    problems.push(`${CONTENT_DIR}/: — nothing to import (expected: ${Object.keys(CONTENT_FILES).join(', ')}, articles/)`)

  // References: to rows of this import or rows already in the database.
  const existing = async (sql: string, values: string[]) =>
    values.length ? new Set((await database.query<{ k: string }>(sql, [values])).map((r) => r.k)) : new Set<string>()
  const columnIds = new Set(checkedRows(rows, 'columns.csv').map((r) => r.values.column_id))
  const wantedColumns = [...new Set(columnRefs.map((r) => r.columnId).filter((c) => !columnIds.has(c)))]
  const columnsInDb = await existing('select column_id as k from columns where column_id = any($1::text[])', wantedColumns)
  for (const r of columnRefs) {
    if (!columnIds.has(r.columnId) && !columnsInDb.has(r.columnId))
      problems.push(`${r.file}:${r.line}: column — column ${r.columnId} is in neither ${shown('columns.csv')} nor the database`)
  }
  const courseIds = new Set(checkedRows(rows, 'courses.csv').map((r) => r.values.course_id))
  const lessons = checkedRows(rows, 'lessons.csv')
  const wantedCourses = [...new Set(lessons.map((l) => l.values.course_id).filter((c) => !courseIds.has(c)))]
  const coursesInDb = await existing('select course_id as k from courses where course_id = any($1::text[])', wantedCourses)
  const seqs = new Map<string, number>()
  for (const l of lessons) {
    const course = l.values.course_id
    if (!courseIds.has(course) && !coursesInDb.has(course))
      problems.push(
        `${shown('lessons.csv')}:${l.line}: course_id — course ${course} is in neither ${shown('courses.csv')} nor the database`,
      )
    const seqKey = `${course} ${l.values.seq}`
    const earlier = seqs.get(seqKey)
    if (earlier !== undefined)
      problems.push(`${shown('lessons.csv')}:${l.line}: seq — lesson ${l.values.seq} of ${course} is also on line ${earlier}`)
    else seqs.set(seqKey, l.line)
  }
  for (const c of checkedRows(rows, 'configs.csv')) {
    const fields = VARIANT_FIELDS[c.values.variant]
    for (const name of ['name', 'value', 'picture', 'image', 'link', 'main', 'content', 'track_properties'] as const) {
      const v = c.values[name]
      const given = v !== null && v !== '' && !(typeof v === 'object' && !Object.keys(v).length)
      if (given && !fields.allowed.includes(name))
        problems.push(
          `${shown('configs.csv')}:${c.line}: ${name} — not a field of a ${c.values.variant} (its fields: ${fields.allowed.join(', ')})`,
        )
      if (!given && fields.needs.includes(name))
        problems.push(`${shown('configs.csv')}:${c.line}: ${name} — a ${c.values.variant} entry needs it`)
    }
  }
  return { plan: { rows, articles }, problems, notes }
}

/** Whether the folder has fund CSV files (the fund import's part). */
function hasFundFiles(folder: string): boolean {
  return fs.readdirSync(folder).some((f) => f.toLowerCase().endsWith('.csv'))
}

/**
 * `npm run import -- <folder>`: the fund CSV files (importer.ts) and the `content/` folder,
 * checked together and written in ONE transaction. Problems of both are reported together;
 * with any problem nothing is written. Throws ImportProblems.
 */
export async function importFolderWithContent(
  database: Database,
  folder: string,
  opts: ImportOptions = {},
): Promise<Record<string, number>> {
  const log = opts.log ?? (() => {})
  if (!fs.existsSync(folder) || !fs.statSync(folder).isDirectory()) throw new ImportProblems([`${folder}: — not a folder`])
  const contentDir = path.join(folder, CONTENT_DIR)
  const hasContent = fs.existsSync(contentDir) && fs.statSync(contentDir).isDirectory()
  if (!hasContent) return importFolder(database, folder, opts)
  const { plan, problems, notes } = await readContent(database, contentDir)
  notes.forEach((n) => log(n))
  let contentCounts: Record<string, number> = {}
  if (!hasFundFiles(folder)) {
    if (problems.length) throw new ImportProblems(problems)
    return database.transaction((tx) => writeContent(tx, plan, log))
  }
  // The fund import checks its files, then runs its writes in database.transaction: the content
  // joins that transaction (written after the funds, committed with them), and a content problem
  // stops it before anything is written.
  const joined: Database = Object.create(database, {
    transaction: {
      value: <T>(work: (tx: Queryable) => Promise<T>) =>
        database.transaction(async (tx) => {
          if (problems.length) throw new ImportProblems(problems)
          const result = await work(tx)
          contentCounts = await writeContent(tx, plan, log)
          return result
        }),
    },
  })
  try {
    const counts = await importFolder(joined, folder, opts)
    return { ...counts, ...contentCounts }
  } catch (err) {
    // The fund files' problems come first (they are found before the transaction), then the content's.
    if (err instanceof ImportProblems && problems.length && err.problems !== problems)
      throw new ImportProblems([...err.problems, ...problems])
    throw err
  }
}
