import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import type { Database, Queryable } from '../db'
import { insertRows } from '../demo/bulk'
import { parseBenchmark } from '../fund/benchmark'
import { ASSET_CLASS_NAMES, FUND_CATEGORY_NAMES } from '@alfa/common/labels'
import { writeAdjustedNavs } from '../fund/data'
import { bumpDataVersion } from '../fund/dataVersion'
import { parseCsvTable, type CsvTable } from './csv'

/**
 * `npm run import -- <folder>`: real funds, managers, NAV history, distributions and benchmarks
 * from CSV files (format: server/README.md). All or nothing: every file is read and checked
 * first, and every problem is reported as `file:line: column — reason`; only a folder without
 * problems is written, in one transaction, after which the adjusted NAVs of the funds it touched
 * are recomputed and the data version is bumped (servers drop their cached figures).
 */

const realDate = z.string().refine(
  (v) => {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v)
    if (!m) return false
    const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
    return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3])
  },
  (v) => ({ message: /^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v} is not a real date` : `"${v}" is not a date (yyyy-MM-dd)` }),
)
const optionalDate = z.union([z.literal(''), realDate]).transform((v) => v || null)
const decimal = z.string().regex(/^-?\d+(\.\d+)?$/, 'not a decimal number such as 1.2345')
const positive = z.string().refine(
  (v) => /^\d+(\.\d+)?$/.test(v) && Number(v) > 0,
  (v) => ({ message: `${v === '' ? 'empty' : v} is not a positive number` }),
)
const optionalPositive = z.union([z.literal(''), positive]).transform((v) => v || null)
const bool = z.enum(['true', 'false', '1', '0', '']).transform((v) => v === 'true' || v === '1')
const text = (max: number) => z.string().max(max, `longer than ${max} characters`)
const required = (max: number) => text(max).min(1, 'empty')
const optionalText = (max: number) => text(max).transform((v) => v || null)
const fundCode = z.string().regex(/^\d{6}$/, '基金代码应为6位数字')
const benchmark = z.string().refine(
  (v) => v === '' || typeof parseBenchmark(v) !== 'string',
  (v) => ({ message: String(parseBenchmark(v)) }),
)

interface FileSpec {
  /** Columns in their documented order; `required` ones must be in the header. */
  columns: Record<string, { schema: z.ZodTypeAny; required?: boolean }>
  /** Columns that identify a row: two rows with the same key are a duplicate. */
  key: string[]
}

/** The CSV files an import reads (see server/README.md for the format). */
export const FILES = {
  'managers.csv': {
    key: ['manager_id'],
    columns: {
      manager_id: { schema: required(32), required: true },
      manager_name: { schema: required(50), required: true },
      company: { schema: optionalText(100) },
      is_verified: { schema: bool },
      avatar_url: { schema: optionalText(500) },
      intro: { schema: optionalText(2000) },
    },
  },
  'funds.csv': {
    key: ['fund_code'],
    columns: {
      fund_code: { schema: fundCode, required: true },
      fund_name: { schema: required(100), required: true },
      category_code: { schema: z.enum(Object.keys(FUND_CATEGORY_NAMES) as [string, ...string[]]), required: true },
      manager_id: { schema: optionalText(32) },
      setup_date: { schema: realDate, required: true },
      risk_level: { schema: z.enum(['High', 'MidHigh', 'Medium', 'MidLow', 'Low']), required: true },
      offering_stage: {
        schema: z
          .enum(['ISSUE_PREVIOUSLY', 'ISSUE_RUNNING', 'ISSUE_CLOSED_BEFORE_SETUP', 'SETUP', 'UNKNOWN', ''])
          .transform((v) => v || 'SETUP'),
      },
      terminated_date: { schema: optionalDate },
      buy_fee_rate: { schema: z.union([z.literal(''), decimal]).transform((v) => v || '0.0015') },
      lowest_buy_amount: { schema: z.union([z.literal(''), decimal]).transform((v) => v || '10') },
      intro: { schema: optionalText(2000) },
      benchmark: { schema: benchmark.transform((v) => v || null) },
    },
  },
  'fund_navs.csv': {
    key: ['fund_code', 'nav_date'],
    columns: {
      fund_code: { schema: fundCode, required: true },
      nav_date: { schema: realDate, required: true },
      nav: { schema: positive, required: true },
      acc_nav: { schema: optionalPositive },
      daily_growth: { schema: z.union([z.literal(''), decimal]).transform((v) => v || null) },
      distribution_text: {
        schema: text(200).refine(
          (v) => v === '' || parseDistributionText(v) !== null,
          (v) => ({ message: `"${v}" is not a distribution (每份派现金0.05元) or a split (每份基金份额折算1.02份)` }),
        ),
      },
    },
  },
  'fund_events.csv': {
    key: ['fund_code', 'ex_date', 'kind'],
    columns: {
      fund_code: { schema: fundCode, required: true },
      ex_date: { schema: realDate, required: true },
      kind: { schema: z.enum(['dividend', 'split']), required: true },
      cash_per_unit: { schema: optionalPositive },
      split_ratio: { schema: optionalPositive },
      reinvest_date: { schema: optionalDate },
    },
  },
  'benchmarks.csv': {
    key: ['index_code'],
    columns: {
      index_code: { schema: required(32), required: true },
      index_short_name: { schema: required(50), required: true },
      name: { schema: required(100), required: true },
      description: { schema: optionalText(500) },
    },
  },
  'benchmark_values.csv': {
    key: ['index_code', 'value_date'],
    columns: {
      index_code: { schema: required(32), required: true },
      value_date: { schema: realDate, required: true },
      value: { schema: positive, required: true },
    },
  },
} satisfies Record<string, FileSpec>

/**
 * The vendor's 分红送配 text of one NAV day as an event: 分红：每份派现金0.033元 (or 每10份派现金0.33元) is a
 * distribution, 拆分：每份基金份额折算0.37094933份 / 每份基金份额分拆2份 a split; null when it is neither.
 */
export function parseDistributionText(text: string): { kind: 'dividend'; cash: number } | { kind: 'split'; ratio: number } | null {
  const t = text.replace(/\s+/g, '')
  const cash = /^(?:分红[:：])?每(\d*)份(?:基金份额)?派(?:发)?现金(\d+(?:\.\d+)?)元$/.exec(t)
  if (cash) {
    const value = Number(cash[2]) / (cash[1] ? Number(cash[1]) : 1)
    return value > 0 ? { kind: 'dividend', cash: Math.round(value * 1e6) / 1e6 } : null
  }
  const split = /^(?:拆分[:：]|折算[:：])?每份(?:基金份额)?(?:折算|分拆|拆分)(\d+(?:\.\d+)?)份$/.exec(t)
  if (split && Number(split[1]) > 0) return { kind: 'split', ratio: Number(split[1]) }
  return null
}

type FileName = keyof typeof FILES
type Row = { line: number; values: Record<string, any> }
export type Encoding = 'utf8' | 'gbk'

/** Thrown when the folder has problems; nothing was written. `problems` are `file:line: column — reason` lines. */
export class ImportProblems extends Error {
  constructor(readonly problems: string[]) {
    super(`${problems.length} problem${problems.length === 1 ? '' : 's'} found, nothing was written:\n${problems.join('\n')}`)
    this.name = 'ImportProblems'
  }
}

/** Decodes a file, or returns the problem: input that is not UTF-8 says where, and whether it looks like GBK. */
export function decodeFile(file: string, bytes: Buffer, encoding: Encoding): string | { problem: string } {
  if (encoding === 'gbk') {
    try {
      return new TextDecoder('gb18030', { fatal: true }).decode(bytes)
    } catch {
      return { problem: `${file}:1: encoding — not valid GBK/GB18030 either` }
    }
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    const loose = bytes.toString('utf8')
    const line = loose.slice(0, loose.indexOf('\uFFFD')).split('\n').length
    let gbk = false
    try {
      gbk = /[\u4e00-\u9fff]/.test(new TextDecoder('gb18030', { fatal: true }).decode(bytes))
    } catch {
      // not GBK either
    }
    const hint = gbk
      ? `it looks like GBK: convert it (iconv -f GBK -t UTF-8 ${file} > ${file}.utf8 && mv ${file}.utf8 ${file}) or run the import with --encoding gbk`
      : 'save it as UTF-8'
    return { problem: `${file}:${line}: encoding — not UTF-8 (${hint})` }
  }
}

/** Reads and checks one file: header, every row, duplicates. */
function readFile(folder: string, file: FileName, encoding: Encoding, problems: string[]): Row[] | null {
  const full = path.join(folder, file)
  if (!fs.existsSync(full)) return null
  const spec: FileSpec = FILES[file]
  const decoded = decodeFile(file, fs.readFileSync(full), encoding)
  if (typeof decoded !== 'string') {
    problems.push(decoded.problem)
    return []
  }
  let parsed: CsvTable
  try {
    parsed = parseCsvTable(decoded)
  } catch (err) {
    problems.push(`${file}:${/line (\d+)/.exec((err as Error).message)?.[1] ?? 1}: — ${(err as Error).message}`)
    return []
  }
  const header = parsed.header
  const expected = Object.keys(spec.columns)
  const known = `(expected: ${expected.join(', ')})`
  let headerOk = true
  const seen = new Set<string>()
  for (const h of header) {
    if (!expected.includes(h)) {
      problems.push(`${file}:1: ${h || '(empty)'} — unknown column ${known}`)
      headerOk = false
    } else if (seen.has(h)) {
      problems.push(`${file}:1: ${h} — column appears twice`)
      headerOk = false
    }
    seen.add(h)
  }
  for (const [name, c] of Object.entries(spec.columns)) {
    if (c.required && !header.includes(name)) {
      problems.push(`${file}:1: ${name} — missing column ${known}`)
      headerOk = false
    }
  }
  if (!headerOk) return []
  const rows: Row[] = []
  const firstLine = new Map<string, number>()
  for (const { line, record } of parsed.rows) {
    const values: Record<string, unknown> = {}
    let ok = true
    for (const [name, c] of Object.entries(spec.columns)) {
      const r = c.schema.safeParse(record[name] ?? '')
      if (r.success) values[name] = r.data
      else {
        problems.push(`${file}:${line}: ${name} — ${r.error.issues[0]?.message ?? 'invalid'}`)
        ok = false
      }
    }
    const key = spec.key.map((k) => record[k] ?? '').join(' ')
    const earlier = firstLine.get(key)
    if (earlier !== undefined) {
      problems.push(`${file}:${line}: ${spec.key.join(', ')} — duplicate of line ${earlier} (${key})`)
      ok = false
    } else firstLine.set(key, line)
    if (ok) rows.push({ line, values })
  }
  return rows
}

/** Every known file of the folder, checked; problems collected, nothing written. */
async function readFolder(database: Queryable, folder: string, encoding: Encoding) {
  if (!fs.existsSync(folder) || !fs.statSync(folder).isDirectory()) throw new ImportProblems([`${folder}: — not a folder`])
  const problems: string[] = []
  for (const f of fs.readdirSync(folder)) {
    if (f.toLowerCase().endsWith('.csv') && !(f in FILES))
      problems.push(`${f}:1: — unknown file (expected: ${Object.keys(FILES).join(', ')})`)
  }
  const data = Object.fromEntries((Object.keys(FILES) as FileName[]).map((f) => [f, readFile(folder, f, encoding, problems)])) as Record<
    FileName,
    Row[] | null
  >
  if (Object.values(data).every((v) => v === null))
    problems.push(`${folder}: — no known CSV file (expected: ${Object.keys(FILES).join(', ')})`)

  // References: to rows of this import or rows already in the database.
  const inDb = async (sql: string, values: string[]) => new Set((await database.query<{ k: string }>(sql, [values])).map((r) => r.k))
  const check = async (
    file: FileName,
    column: string,
    targetFile: FileName,
    targetKey: string,
    sql: string,
    what: string,
    valuesOf?: (row: Row) => string[],
  ) => {
    const rows = data[file]
    if (!rows) return
    const targets = new Set((data[targetFile] ?? []).map((r) => String(r.values[targetKey])))
    const wanted = rows.flatMap((r) => (valuesOf ? valuesOf(r) : r.values[column] ? [String(r.values[column])] : []))
    const existing = await inDb(sql, [...new Set(wanted.filter((v) => !targets.has(v)))])
    for (const r of rows) {
      for (const v of valuesOf ? valuesOf(r) : r.values[column] ? [String(r.values[column])] : []) {
        if (!targets.has(v) && !existing.has(v))
          problems.push(`${file}:${r.line}: ${column} — ${what} ${v} is in neither ${targetFile} nor the database`)
      }
    }
  }
  await check(
    'funds.csv',
    'manager_id',
    'managers.csv',
    'manager_id',
    'select manager_id as k from managers where manager_id = any($1::text[])',
    'manager',
  )
  await check(
    'fund_navs.csv',
    'fund_code',
    'funds.csv',
    'fund_code',
    'select fund_code as k from funds where fund_code = any($1::text[])',
    'fund',
  )
  await check(
    'fund_events.csv',
    'fund_code',
    'funds.csv',
    'fund_code',
    'select fund_code as k from funds where fund_code = any($1::text[])',
    'fund',
  )
  await check(
    'benchmark_values.csv',
    'index_code',
    'benchmarks.csv',
    'index_code',
    'select index_code as k from benchmarks where index_code = any($1::text[])',
    'index',
  )
  await check(
    'funds.csv',
    'benchmark',
    'benchmarks.csv',
    'index_code',
    'select index_code as k from benchmarks where index_code = any($1::text[])',
    'index',
    (r) => {
      const b = r.values.benchmark ? parseBenchmark(r.values.benchmark) : []
      return typeof b === 'string' ? [] : b.map((w) => w.indexCode)
    },
  )
  for (const r of data['fund_events.csv'] ?? []) {
    const v = r.values
    if (v.kind === 'dividend' && !v.cash_per_unit)
      problems.push(`fund_events.csv:${r.line}: cash_per_unit — a dividend needs the cash per unit`)
    if (v.kind === 'split' && !v.split_ratio)
      problems.push(`fund_events.csv:${r.line}: split_ratio — a split needs the new units per old unit`)
    if (v.reinvest_date && v.kind !== 'dividend') problems.push(`fund_events.csv:${r.line}: reinvest_date — only a dividend is reinvested`)
    else if (v.reinvest_date && v.reinvest_date < v.ex_date)
      problems.push(`fund_events.csv:${r.line}: reinvest_date — ${v.reinvest_date} is before the ex-date ${v.ex_date}`)
  }
  return { data, problems }
}

export interface ImportOptions {
  encoding?: Encoding
  log?: (message: string) => void
  /**
   * Hears each line of the conflict report (default: log): `conflict 510300 2012-12-18: unit NAV … —
   * …; applied: …`, then `figures unavailable 000001: <reason>` for each fund the import could not reconcile.
   */
  report?: (line: string) => void
}

/**
 * Imports a folder: checks everything, then writes it in one transaction. Rows are upserted by
 * key, so the same folder imported again changes nothing. Throws ImportProblems (nothing written)
 * when any file has a problem.
 */
export async function importFolder(database: Database, folder: string, opts: ImportOptions = {}): Promise<Record<string, number>> {
  const log = opts.log ?? (() => {})
  const report = opts.report ?? log
  const { data, problems } = await readFolder(database, folder, opts.encoding ?? 'utf8')
  if (problems.length) throw new ImportProblems(problems)
  return database.transaction(async (tx) => {
    const counts: Record<string, number> = {}
    const upsert = async (table: string, columns: Array<[string, string]>, keys: string[], rows: unknown[][]) => {
      const set = columns
        .filter(([c]) => !keys.includes(c))
        .map(([c]) => `${c} = excluded.${c}`)
        .join(', ')
      await insertRows(tx, table, columns, rows, 20_000, `on conflict (${keys.join(', ')}) do ${set ? `update set ${set}` : 'nothing'}`)
      counts[table] = rows.length
      log(`${table}: ${rows.length} rows`)
    }
    const v = (file: FileName) => (data[file] ?? []).map((r) => r.values)

    await upsert(
      'categories',
      [
        ['category_type', 'text'],
        ['category_code', 'text'],
        ['name', 'text'],
        ['sort', 'int'],
      ],
      ['category_type', 'category_code'],
      [
        ...Object.entries(FUND_CATEGORY_NAMES).map(([c, n], i) => ['FundCategory', c, n, i]),
        ...Object.entries(ASSET_CLASS_NAMES).map(([c, n], i) => ['AssetClassLevel1', c, n, i]),
      ],
    )
    if (data['managers.csv']) {
      await upsert(
        'managers',
        [
          ['manager_id', 'text'],
          ['manager_name', 'text'],
          ['company', 'text'],
          ['is_verified', 'boolean'],
          ['avatar_url', 'text'],
          ['intro', 'text'],
          ['is_demo', 'boolean'],
        ],
        ['manager_id'],
        v('managers.csv').map((m) => [m.manager_id, m.manager_name, m.company, m.is_verified, m.avatar_url, m.intro, false]),
      )
    }
    if (data['benchmarks.csv']) {
      await upsert(
        'benchmarks',
        [
          ['index_code', 'text'],
          ['index_short_name', 'text'],
          ['name', 'text'],
          ['description', 'text'],
        ],
        ['index_code'],
        v('benchmarks.csv').map((b) => [b.index_code, b.index_short_name, b.name, b.description]),
      )
    }
    if (data['benchmark_values.csv']) {
      await upsert(
        'benchmark_values',
        [
          ['index_code', 'text'],
          ['value_date', 'date'],
          ['value', 'numeric'],
        ],
        ['index_code', 'value_date'],
        v('benchmark_values.csv').map((b) => [b.index_code, b.value_date, b.value]),
      )
    }
    if (data['funds.csv']) {
      const funds = v('funds.csv')
      // A demo fund replaced by imported data keeps none of its generated NAVs or events.
      const wasDemo = (
        await tx.query<{ c: string }>('select fund_code as c from funds where is_demo and fund_code = any($1::text[])', [
          funds.map((f) => f.fund_code),
        ])
      ).map((r) => r.c)
      if (wasDemo.length) {
        await tx.query('delete from fund_navs where fund_code = any($1::text[])', [wasDemo])
        await tx.query('delete from fund_events where fund_code = any($1::text[])', [wasDemo])
      }
      await upsert(
        'funds',
        [
          ['fund_code', 'text'],
          ['fund_name', 'text'],
          ['category_code', 'text'],
          ['manager_id', 'text'],
          ['setup_date', 'date'],
          ['risk_level', 'text'],
          ['offering_stage', 'text'],
          ['terminated_date', 'date'],
          ['buy_fee_rate', 'numeric'],
          ['lowest_buy_amount', 'numeric'],
          ['can_buy', 'boolean'],
          ['can_not_buy_reason', 'text'],
          ['intro', 'text'],
          ['benchmark', 'text'],
          ['is_demo', 'boolean'],
        ],
        ['fund_code'],
        funds.map((f) => [
          f.fund_code,
          f.fund_name,
          f.category_code,
          f.manager_id,
          f.setup_date,
          f.risk_level,
          f.offering_stage,
          f.terminated_date,
          f.buy_fee_rate,
          f.lowest_buy_amount,
          !f.terminated_date,
          f.terminated_date ? '基金已终止运作' : null,
          f.intro,
          f.benchmark,
          false,
        ]),
      )
    }
    const touched = new Set<string>()
    if (data['fund_navs.csv']) {
      const navs = v('fund_navs.csv')
      navs.forEach((n) => touched.add(n.fund_code))
      // Without an accumulated NAV the fund never distributed: the unit NAV is its accumulated NAV.
      await upsert(
        'fund_navs',
        [
          ['fund_code', 'text'],
          ['nav_date', 'date'],
          ['nav', 'numeric'],
          ['acc_nav', 'numeric'],
          ['growth', 'numeric'],
        ],
        ['fund_code', 'nav_date'],
        navs.map((n) => [n.fund_code, n.nav_date, n.nav, n.acc_nav ?? n.nav, n.daily_growth]),
      )
    }
    // Events from the NAV rows' 分红送配 text: they replace the stored events within the imported days.
    const textEvents = new Map<string, Array<{ date: string; kind: string; cash: number | null; ratio: number | null }>>()
    const navRange = new Map<string, [string, string]>()
    for (const n of v('fund_navs.csv')) {
      const r = navRange.get(n.fund_code)
      navRange.set(
        n.fund_code,
        r ? [n.nav_date < r[0] ? n.nav_date : r[0], n.nav_date > r[1] ? n.nav_date : r[1]] : [n.nav_date, n.nav_date],
      )
      const ev = n.distribution_text ? parseDistributionText(n.distribution_text) : null
      if (!ev) continue
      const list = textEvents.get(n.fund_code) ?? []
      list.push({
        date: n.nav_date,
        kind: ev.kind,
        cash: ev.kind === 'dividend' ? ev.cash : null,
        ratio: ev.kind === 'split' ? ev.ratio : null,
      })
      textEvents.set(n.fund_code, list)
    }
    const listed = new Set(v('fund_events.csv').map((e) => e.fund_code as string))
    const fromText = [...textEvents.keys()].filter((c) => !listed.has(c))
    for (const c of fromText) {
      touched.add(c)
      const [from, to] = navRange.get(c)!
      await tx.query('delete from fund_events where fund_code = $1 and ex_date between $2::date and $3::date', [c, from, to])
    }
    if (fromText.length) {
      await upsert(
        'fund_events',
        [
          ['fund_code', 'text'],
          ['ex_date', 'date'],
          ['kind', 'text'],
          ['cash_per_unit', 'numeric'],
          ['split_ratio', 'numeric'],
        ],
        ['fund_code', 'ex_date', 'kind'],
        fromText.flatMap((c) => textEvents.get(c)!.map((e) => [c, e.date, e.kind, e.cash, e.ratio])),
      )
    }
    // A fund with both: fund_events.csv is applied; each day the two lists disagree on is reported.
    for (const c of [...textEvents.keys()].filter((x) => listed.has(x))) {
      const [from, to] = navRange.get(c)!
      const csv = v('fund_events.csv').filter((e) => e.fund_code === c && e.ex_date >= from && e.ex_date <= to)
      const key = (kind: string, amount: number | null) => `${kind} ${amount === null ? '' : Number(amount)}`
      const a = new Map(textEvents.get(c)!.map((e) => [e.date, key(e.kind, e.kind === 'dividend' ? e.cash : e.ratio)]))
      const b = new Map(csv.map((e) => [e.ex_date as string, key(e.kind, e.kind === 'dividend' ? e.cash_per_unit : e.split_ratio)]))
      for (const d of [...new Set([...a.keys(), ...b.keys()])].sort())
        if (a.get(d) !== b.get(d))
          report(
            `conflict ${c} ${d}: 分红送配 text says ${a.get(d) ?? 'nothing'}, fund_events.csv says ${b.get(d) ?? 'nothing'}; applied: fund_events.csv`,
          )
    }
    if (data['fund_events.csv']) {
      const events = v('fund_events.csv')
      // The file holds each listed fund's whole event list.
      const codes = [...new Set(events.map((e) => e.fund_code as string))]
      codes.forEach((c) => touched.add(c))
      await tx.query('delete from fund_events where fund_code = any($1::text[])', [codes])
      await upsert(
        'fund_events',
        [
          ['fund_code', 'text'],
          ['ex_date', 'date'],
          ['kind', 'text'],
          ['cash_per_unit', 'numeric'],
          ['split_ratio', 'numeric'],
          ['reinvest_date', 'date'],
        ],
        ['fund_code', 'ex_date', 'kind'],
        events.map((e) => [
          e.fund_code,
          e.ex_date,
          e.kind,
          e.kind === 'dividend' ? e.cash_per_unit : null,
          e.kind === 'split' ? e.split_ratio : null,
          e.kind === 'dividend' ? e.reinvest_date : null,
        ]),
      )
    }
    if (touched.size) {
      let conflicts = 0
      const unavailable: string[] = []
      const written = await writeAdjustedNavs(tx, [...touched], (code, rec) => {
        for (const c of rec.conflicts) report(`conflict ${code} ${c.date}: ${c.message}`)
        conflicts += rec.conflicts.length
        if (rec.unavailable) unavailable.push(`figures unavailable ${code}: ${rec.unavailable}`)
      })
      unavailable.forEach((line) => report(line))
      counts.conflicts = conflicts
      counts.figures_unavailable = unavailable.length
      log(`adjusted NAVs: ${written} rows; ${conflicts} conflicting days; ${unavailable.length} funds without figures`)
    }
    await bumpDataVersion(tx)
    return counts
  })
}
