import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import type { Database } from '../db'
import { insertRows } from '../demo/bulk'
import { ASSET_CLASS_NAMES, FUND_CATEGORY_NAMES } from '../fund/categories'
import { parseCsv } from './csv'

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date is yyyy-MM-dd')
const optionalDate = z.union([date, z.literal('')]).transform((v) => v || null)
const decimal = z.string().regex(/^-?\d+(\.\d+)?$/, 'a decimal number such as 1.2345')
const bool = z.enum(['true', 'false', '1', '0', '']).transform((v) => v === 'true' || v === '1')
const text = (max: number) => z.string().max(max)
const optionalText = (max: number) => z.string().max(max).transform((v) => v || null)

/** The CSV files `npm run import -- <folder>` reads; see server/README.md for the format. */
export const FILES = {
  'managers.csv': z.object({
    manager_id: text(32).min(1),
    manager_name: text(50).min(1),
    company: optionalText(100).default(''),
    is_verified: bool.default(''),
    avatar_url: optionalText(500).default(''),
    intro: optionalText(2000).default(''),
  }),
  'funds.csv': z.object({
    fund_code: z.string().regex(/^\d{6}$/, 'a fund code is 6 digits'),
    fund_name: text(100).min(1),
    category_code: z.enum(Object.keys(FUND_CATEGORY_NAMES) as [string, ...string[]]),
    manager_id: optionalText(32).default(''),
    setup_date: date,
    risk_level: z.enum(['High', 'MidHigh', 'Medium', 'MidLow', 'Low']),
    offering_stage: z.enum(['ISSUE_PREVIOUSLY', 'ISSUE_RUNNING', 'ISSUE_CLOSED_BEFORE_SETUP', 'SETUP', 'UNKNOWN', '']).transform((v) => v || 'SETUP').default(''),
    terminated_date: optionalDate.default(''),
    buy_fee_rate: z.union([decimal, z.literal('')]).transform((v) => v || '0.0015').default(''),
    lowest_buy_amount: z.union([decimal, z.literal('')]).transform((v) => v || '10').default(''),
    intro: optionalText(2000).default(''),
  }),
  'fund_navs.csv': z.object({
    fund_code: z.string().regex(/^\d{6}$/, 'a fund code is 6 digits'),
    nav_date: date,
    nav: decimal,
    acc_nav: z.union([decimal, z.literal('')]).default(''),
  }),
  'benchmarks.csv': z.object({
    index_code: text(32).min(1),
    index_short_name: text(50).min(1),
    name: text(100).min(1),
    description: optionalText(500).default(''),
  }),
  'benchmark_values.csv': z.object({
    index_code: text(32).min(1),
    value_date: date,
    value: decimal,
  }),
} as const

type FileName = keyof typeof FILES

function read<F extends FileName>(folder: string, file: F): Array<z.infer<(typeof FILES)[F]>> | null {
  const full = path.join(folder, file)
  if (!fs.existsSync(full)) return null
  const errors: string[] = []
  const out = parseCsv(fs.readFileSync(full, 'utf8')).flatMap(({ line, record }) => {
    const r = FILES[file].safeParse(record)
    if (r.success) return [r.data as z.infer<(typeof FILES)[F]>]
    errors.push(`${file}:${line}: ${r.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`)
    return []
  })
  if (errors.length) throw new Error(`invalid rows:\n${errors.slice(0, 20).join('\n')}${errors.length > 20 ? `\n… and ${errors.length - 20} more` : ''}`)
  return out
}

/**
 * Loads managers, funds, NAV history and benchmarks from CSV files into the same tables as the
 * demo data. Rows are upserted by key, so a re-run updates instead of duplicating.
 */
export async function importFolder(database: Database, folder: string, log: (m: string) => void = () => {}): Promise<Record<string, number>> {
  if (!fs.existsSync(folder) || !fs.statSync(folder).isDirectory()) throw new Error(`not a folder: ${folder}`)
  const data = Object.fromEntries((Object.keys(FILES) as FileName[]).map((f) => [f, read(folder, f)])) as { [F in FileName]: Array<z.infer<(typeof FILES)[F]>> | null }
  if (Object.values(data).every((v) => v === null)) throw new Error(`no known CSV file in ${folder} (expected ${Object.keys(FILES).join(', ')})`)
  const counts: Record<string, number> = {}
  const upsert = async (table: string, columns: Array<[string, string]>, keys: string[], rows: unknown[][]) => {
    const set = columns.filter(([c]) => !keys.includes(c)).map(([c]) => `${c} = excluded.${c}`).join(', ')
    await insertRows(database, table, columns, rows, 20_000, `on conflict (${keys.join(', ')}) do ${set ? `update set ${set}` : 'nothing'}`)
    counts[table] = rows.length
    log(`${table}: ${rows.length} rows`)
  }

  await upsert('categories', [['category_type', 'text'], ['category_code', 'text'], ['name', 'text'], ['sort', 'int']], ['category_type', 'category_code'], [
    ...Object.entries(FUND_CATEGORY_NAMES).map(([c, n], i) => ['FundCategory', c, n, i]),
    ...Object.entries(ASSET_CLASS_NAMES).map(([c, n], i) => ['AssetClassLevel1', c, n, i]),
  ])
  if (data['managers.csv']) {
    await upsert('managers', [['manager_id', 'text'], ['manager_name', 'text'], ['company', 'text'], ['is_verified', 'boolean'], ['avatar_url', 'text'], ['intro', 'text']], ['manager_id'],
      data['managers.csv'].map((m) => [m.manager_id, m.manager_name, m.company, m.is_verified, m.avatar_url, m.intro]))
  }
  if (data['funds.csv']) {
    const funds = data['funds.csv']
    const managerIds = [...new Set(funds.map((f) => f.manager_id).filter(Boolean))] as string[]
    const known = new Set((await database.query<{ manager_id: string }>('select manager_id from managers where manager_id = any($1::text[])', [managerIds])).map((r) => r.manager_id))
    const missing = managerIds.filter((m) => !known.has(m))
    if (missing.length) throw new Error(`funds.csv names managers that are neither in managers.csv nor in the database: ${missing.slice(0, 10).join(', ')}`)
    await upsert('funds', [['fund_code', 'text'], ['fund_name', 'text'], ['category_code', 'text'], ['manager_id', 'text'], ['setup_date', 'date'], ['risk_level', 'text'], ['offering_stage', 'text'],
      ['terminated_date', 'date'], ['buy_fee_rate', 'numeric'], ['lowest_buy_amount', 'numeric'], ['can_buy', 'boolean'], ['can_not_buy_reason', 'text'], ['intro', 'text']], ['fund_code'],
      funds.map((f) => [f.fund_code, f.fund_name, f.category_code, f.manager_id, f.setup_date, f.risk_level, f.offering_stage, f.terminated_date, f.buy_fee_rate, f.lowest_buy_amount,
        !f.terminated_date, f.terminated_date ? '基金已终止运作' : null, f.intro]))
  }
  if (data['fund_navs.csv']) {
    const navs = data['fund_navs.csv']
    const codes = [...new Set(navs.map((n) => n.fund_code))]
    const known = new Set((await database.query<{ fund_code: string }>('select fund_code from funds where fund_code = any($1::text[])', [codes])).map((r) => r.fund_code))
    const missing = codes.filter((c) => !known.has(c))
    if (missing.length) throw new Error(`fund_navs.csv has funds that are neither in funds.csv nor in the database: ${missing.slice(0, 10).join(', ')}`)
    await upsert('fund_navs', [['fund_code', 'text'], ['nav_date', 'date'], ['nav', 'numeric'], ['acc_nav', 'numeric']], ['fund_code', 'nav_date'],
      navs.map((n) => [n.fund_code, n.nav_date, n.nav, n.acc_nav || n.nav]))
    // Daily returns follow from the NAVs (exact, in the database).
    await database.query(
      `update fund_navs f set daily_return = r.dr from (
         select fund_code, nav_date, round(nav / lag(nav) over (partition by fund_code order by nav_date) - 1, 6) as dr
         from fund_navs where fund_code = any($1::text[])) r
       where f.fund_code = r.fund_code and f.nav_date = r.nav_date`, [codes])
  }
  if (data['benchmarks.csv']) {
    await upsert('benchmarks', [['index_code', 'text'], ['index_short_name', 'text'], ['name', 'text'], ['description', 'text']], ['index_code'],
      data['benchmarks.csv'].map((b) => [b.index_code, b.index_short_name, b.name, b.description]))
  }
  if (data['benchmark_values.csv']) {
    await upsert('benchmark_values', [['index_code', 'text'], ['value_date', 'date'], ['value', 'numeric']], ['index_code', 'value_date'],
      data['benchmark_values.csv'].map((b) => [b.index_code, b.value_date, b.value]))
  }
  return counts
}
