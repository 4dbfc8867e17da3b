import { z } from 'zod'
import { parseBenchmark } from '../fund/benchmark'
import { FUND_CATEGORY_NAMES } from '@alfa/common/labels'

/**
 * The CSV files an import reads and the check of every column (format: server/README.md): each
 * column's zod schema turns a cell into the value written, or says what is wrong with it.
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
/** A yearly fee as a rate of assets, 0 ≤ rate < 0.1 (0.012 for 1.20 %/yr); empty when unknown. */
const feeRate = z
  .union([
    z.literal(''),
    z
      .string()
      .regex(/^\d+(\.\d{1,6})?$/, 'not a rate such as 0.012 (1.20 %/yr), at most 6 places')
      .refine((v) => Number(v) < 0.1, 'a yearly fee of 10 % or more is not a rate: write 0.012 for 1.20 %'),
  ])
  .transform((v) => v || null)
const bool = z.enum(['true', 'false', '1', '0', '']).transform((v) => v === 'true' || v === '1')
const text = (max: number) => z.string().max(max, `longer than ${max} characters`)
const required = (max: number) => text(max).min(1, 'empty')
const optionalText = (max: number) => text(max).transform((v) => v || null)
const fundCode = z.string().regex(/^\d{6}$/, '基金代码应为6位数字')
const benchmark = z.string().refine(
  (v) => v === '' || typeof parseBenchmark(v) !== 'string',
  (v) => {
    const why = parseBenchmark(v)
    return { message: typeof why === 'string' ? why : 'not a benchmark' }
  },
)

export interface FileSpec {
  /** Columns in their documented order; `required` ones must be in the header. */
  columns: Record<string, { schema: z.ZodTypeAny; required?: boolean }>
  /** Columns that identify a row: two rows with the same key are a duplicate. */
  key: string[]
}

const poCode = z.string().regex(/^[A-Z]{2}\d{6}$/, '策略代码应为两个大写字母加6位数字（如 ZH000001）')
const weight = z.string().refine(
  (v) => /^\d+(\.\d+)?$/.test(v) && Number(v) > 0 && Number(v) <= 1,
  (v) => ({ message: `${v === '' ? 'empty' : v} is not a weight between 0 and 1 (0.25 for 25%)` }),
)

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
      management_fee_rate: { schema: feeRate },
      custody_fee_rate: { schema: feeRate },
      sales_service_fee_rate: { schema: feeRate },
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
  'portfolios.csv': {
    key: ['po_code'],
    columns: {
      po_code: { schema: poCode, required: true },
      po_name: { schema: required(50), required: true },
      risk_level: { schema: z.enum(['High', 'MidHigh', 'Medium', 'MidLow', 'Low']), required: true },
      money_type: { schema: z.enum(['Longterm', 'Spare', 'Steady', '']).transform((v) => v || 'Longterm') },
      description: { schema: optionalText(500) },
      benchmark: { schema: optionalText(32) },
      is_model_po: { schema: z.enum(['true', 'false', '1', '0', '']).transform((v) => v !== 'false' && v !== '0') },
    },
  },
  'portfolio_compositions.csv': {
    key: ['po_code', 'effective_date', 'fund_code'],
    columns: {
      po_code: { schema: poCode, required: true },
      effective_date: { schema: realDate, required: true },
      fund_code: { schema: fundCode, required: true },
      weight: { schema: weight, required: true },
      comment: { schema: optionalText(200) },
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

export type FileName = keyof typeof FILES
type Columns<F extends FileName> = (typeof FILES)[F]['columns']
/** One checked row of file `F`: each column as its schema hands it over. */
export type Values<F extends FileName> = {
  [C in keyof Columns<F>]: Columns<F>[C] extends { schema: infer S extends z.ZodTypeAny } ? z.output<S> : never
}
/** A checked row and the line it starts on. */
export interface ParsedRow<F extends FileName> {
  line: number
  values: Values<F>
}
/** Every file of a folder, checked; null for a file the folder does not have. */
export type FolderData = { [F in FileName]: ParsedRow<F>[] | null }
