import fs from 'node:fs'
import path from 'node:path'
import type { Queryable } from '../db'
import { parseBenchmark } from '../fund/benchmark'
import { parseCsvTable, type CsvTable } from './csv'
import { FILES, type FileName, type FileSpec, type FolderData, type ParsedRow, type Values } from './files'
import { checkStrategies } from './strategies'

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

/** Reads and checks one file: header, every row, duplicates. Null when the folder has no such file. */
function readFile<F extends FileName>(folder: string, file: F, encoding: Encoding, problems: string[]): ParsedRow<F>[] | null {
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
  const rows: ParsedRow<F>[] = []
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
    // Every column passed its schema: the row is what Values<F> describes.
    if (ok) rows.push({ line, values: values as Values<F> })
  }
  return rows
}

/** The references a file makes: the column, the file of this import holding the targets, what a target is called. */
interface Reference<F extends FileName, T extends FileName> {
  file: F
  column: string
  values: (row: Values<F>) => string[]
  targets: T
  targetKey: (row: Values<T>) => string
  /** Which of these keys the database already holds. */
  inDatabase: (keys: string[]) => Promise<string[]>
  what: string
}

/** Every known file of the folder, checked: rows, references (to this import or the database), events. Nothing written. */
export async function readFolder(
  database: Queryable,
  folder: string,
  encoding: Encoding,
): Promise<{ data: FolderData; problems: string[] }> {
  if (!fs.existsSync(folder) || !fs.statSync(folder).isDirectory()) throw new ImportProblems([`${folder}: — not a folder`])
  const problems: string[] = []
  for (const f of fs.readdirSync(folder)) {
    if (f.toLowerCase().endsWith('.csv') && !(f in FILES))
      problems.push(`${f}:1: — unknown file (expected: ${Object.keys(FILES).join(', ')})`)
  }
  const data: FolderData = {
    'managers.csv': readFile(folder, 'managers.csv', encoding, problems),
    'funds.csv': readFile(folder, 'funds.csv', encoding, problems),
    'fund_navs.csv': readFile(folder, 'fund_navs.csv', encoding, problems),
    'fund_events.csv': readFile(folder, 'fund_events.csv', encoding, problems),
    'benchmarks.csv': readFile(folder, 'benchmarks.csv', encoding, problems),
    'benchmark_values.csv': readFile(folder, 'benchmark_values.csv', encoding, problems),
    'portfolios.csv': readFile(folder, 'portfolios.csv', encoding, problems),
    'portfolio_compositions.csv': readFile(folder, 'portfolio_compositions.csv', encoding, problems),
  }
  if (Object.values(data).every((v) => v === null))
    problems.push(`${folder}: — no known CSV file (expected: ${Object.keys(FILES).join(', ')})`)

  const db = database.db
  const managers = async (keys: string[]) =>
    (
      await db
        .selectFrom('managers')
        .select('manager_id as k')
        .where('manager_id', '=', (eb) => eb.fn.any(eb.val(keys)))
        .execute()
    ).map((r) => r.k)
  const funds = async (keys: string[]) =>
    (
      await db
        .selectFrom('funds')
        .select('fund_code as k')
        .where('fund_code', '=', (eb) => eb.fn.any(eb.val(keys)))
        .execute()
    ).map((r) => r.k)
  const indexes = async (keys: string[]) =>
    (
      await db
        .selectFrom('benchmarks')
        .select('index_code as k')
        .where('index_code', '=', (eb) => eb.fn.any(eb.val(keys)))
        .execute()
    ).map((r) => r.k)
  const given = (v: string | null) => (v ? [v] : [])
  const check = async <F extends FileName, T extends FileName>(ref: Reference<F, T>) => {
    const rows = data[ref.file]
    if (!rows) return
    const targets = new Set((data[ref.targets] ?? []).map((r) => ref.targetKey(r.values)))
    const wanted = rows.flatMap((r) => ref.values(r.values)).filter((v) => !targets.has(v))
    const existing = new Set(wanted.length ? await ref.inDatabase([...new Set(wanted)]) : [])
    for (const r of rows) {
      for (const v of ref.values(r.values)) {
        if (!targets.has(v) && !existing.has(v))
          problems.push(`${ref.file}:${r.line}: ${ref.column} — ${ref.what} ${v} is in neither ${ref.targets} nor the database`)
      }
    }
  }
  const fundKey = (f: Values<'funds.csv'>) => f.fund_code
  const indexKey = (b: Values<'benchmarks.csv'>) => b.index_code
  await check({
    file: 'funds.csv',
    column: 'manager_id',
    values: (f) => given(f.manager_id),
    targets: 'managers.csv',
    targetKey: (m) => m.manager_id,
    inDatabase: managers,
    what: 'manager',
  })
  await check({
    file: 'fund_navs.csv',
    column: 'fund_code',
    values: (n) => [n.fund_code],
    targets: 'funds.csv',
    targetKey: fundKey,
    inDatabase: funds,
    what: 'fund',
  })
  await check({
    file: 'fund_events.csv',
    column: 'fund_code',
    values: (e) => [e.fund_code],
    targets: 'funds.csv',
    targetKey: fundKey,
    inDatabase: funds,
    what: 'fund',
  })
  await check({
    file: 'benchmark_values.csv',
    column: 'index_code',
    values: (v) => [v.index_code],
    targets: 'benchmarks.csv',
    targetKey: indexKey,
    inDatabase: indexes,
    what: 'index',
  })
  await check({
    file: 'funds.csv',
    column: 'benchmark',
    values: (f) => {
      const b = f.benchmark ? parseBenchmark(f.benchmark) : []
      return typeof b === 'string' ? [] : b.map((w) => w.indexCode)
    },
    targets: 'benchmarks.csv',
    targetKey: indexKey,
    inDatabase: indexes,
    what: 'index',
  })
  await check({
    file: 'portfolio_compositions.csv',
    column: 'fund_code',
    values: (c) => [c.fund_code],
    targets: 'funds.csv',
    targetKey: fundKey,
    inDatabase: funds,
    what: 'fund',
  })
  await check({
    file: 'portfolios.csv',
    column: 'benchmark',
    values: (p) => given(p.benchmark),
    targets: 'benchmarks.csv',
    targetKey: indexKey,
    inDatabase: indexes,
    what: 'index',
  })
  checkStrategies(data, problems)
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
