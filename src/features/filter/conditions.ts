import { FUND_CATEGORY_NAMES, RISK_LEVEL_NAMES, type RiskLevel } from '@alfa/common/labels'
import { fundPeriodOf, periodName, periodOfFundPeriod, RETURN_PERIODS, type FundPeriod } from '@/services/periods'
import { formatFundSize } from '@/utils/number'
import type { FilterFormValue } from './store'

/**
 * The conditions a fund filter can hold: exactly the server's FundFilterInput. The same object is the filter store's formValue, a saved filter's formValue and
 * the `conditions` variable of FilterFunds / FilterCount. Rates are ratio strings ("0.1" = 10%);
 * fund sizes are 亿元 strings (at least minFundSize, below maxFundSize).
 */

export type FilterConditions = {
  categoryCodes?: string[]
  riskLevels?: RiskLevel[]
  returnPeriod?: FundPeriod
  minReturn?: string
  maxDrawdown?: string
  minManagerYears?: number
  maxBuyFeeRate?: string
  minFundSize?: string
  maxFundSize?: string
}

export interface Option<T> {
  value: T
  label: string
}

export const CATEGORY_OPTIONS: Option<string>[] = Object.entries(FUND_CATEGORY_NAMES).map(([value, label]) => ({ value, label }))

/** Lowest risk first, as the form offers them. */
export const RISK_OPTIONS: Option<RiskLevel>[] = (['Low', 'MidLow', 'Medium', 'MidHigh', 'High'] as const).map((value) => ({
  value,
  label: RISK_LEVEL_NAMES[value],
}))

/** The periods a minimum return can be over, by the server's FundPeriod (a saved filter keeps it). */
export const PERIOD_OPTIONS: Option<FundPeriod>[] = RETURN_PERIODS.map((p) => ({ value: fundPeriodOf(p), label: periodName(p) }))

/** The period minReturn applies to when none is chosen (the server's default). */
export const DEFAULT_PERIOD: FundPeriod = fundPeriodOf('ONE_YEAR')

/** "0.1" → "10%", "0.005" → "0.5%". */
export function ratioLabel(value: string | number): string {
  return `${Number((Number(value) * 100).toFixed(2))}%`
}

export const MIN_RETURN_OPTIONS: Option<string>[] = ['0', '0.1', '0.2', '0.5'].map((v) => ({ value: v, label: `≥${ratioLabel(v)}` }))
export const MAX_DRAWDOWN_OPTIONS: Option<string>[] = ['0.05', '0.1', '0.2', '0.3'].map((v) => ({ value: v, label: `≤${ratioLabel(v)}` }))
export const MANAGER_YEARS_OPTIONS: Option<number>[] = [1, 3, 5, 10].map((v) => ({ value: v, label: `≥${v}年` }))
export const BUY_FEE_OPTIONS: Option<string>[] = [
  { value: '0', label: '免申购费' },
  ...['0.001', '0.005', '0.01'].map((v) => ({ value: v, label: `≤${ratioLabel(v)}` })),
]

/** A fund size bracket (亿元): at least min, below max; what Chinese fund apps offer. */
export interface SizeRange {
  min?: string
  max?: string
}

export const SIZE_OPTIONS: Option<string>[] = [
  { value: '0-2', label: '2亿以下' },
  { value: '2-10', label: '2–10亿' },
  { value: '10-50', label: '10–50亿' },
  { value: '50-100', label: '50–100亿' },
  { value: '100-', label: '100亿以上' },
]

/** '2-10' → { min: '2', max: '10' }; '0-2' has no min, '100-' no max. */
export function sizeRange(key: string): SizeRange {
  const [lo, hi] = key.split('-')
  const out: SizeRange = {}
  if (lo && Number(lo) > 0) out.min = lo
  if (hi) out.max = hi
  return out
}

/** The words of a size condition: 2亿以下, 2–10亿, 100亿以上 (any min/max, not only the offered brackets). */
export function sizeLabel(min: string | undefined, max: string | undefined): string {
  const n = (v: string) => String(Number(v))
  if (min !== undefined && max !== undefined) return `${n(min)}–${n(max)}亿`
  if (max !== undefined) return `${n(max)}亿以下`
  return `${n(min ?? '0')}亿以上`
}

/** The SIZE_OPTIONS key a form value's size condition is, or undefined (none, or not one of the brackets). */
export function sizeKeyOf(formValue: FilterFormValue | null | undefined): string | undefined {
  const c = toConditions(formValue)
  if (c.minFundSize === undefined && c.maxFundSize === undefined) return undefined
  return SIZE_OPTIONS.find((o) => {
    const r = sizeRange(o.value)
    return (
      Number(r.min ?? 0) === Number(c.minFundSize ?? 0) &&
      (r.max === undefined ? c.maxFundSize === undefined : Number(r.max) === Number(c.maxFundSize))
    )
  })?.value
}

/** The form value with its size condition set to a bracket (or cleared with undefined). */
export function withSizeRange(formValue: FilterFormValue | null | undefined, key: string | undefined): FilterFormValue {
  const next: FilterFormValue = { ...(formValue ?? {}) }
  delete next.minFundSize
  delete next.maxFundSize
  if (key) {
    const r = sizeRange(key)
    if (r.min !== undefined) next.minFundSize = r.min
    if (r.max !== undefined) next.maxFundSize = r.max
  }
  return next
}

/** A fund size in 亿 as an amount: 123.456 → "123.46亿元", 0.5 → "50,000,000.00元"; null → "--". */
export function fundSizeText(size: string | number | null | undefined): string {
  return formatFundSize(size)
}

export const periodLabel = (p: FundPeriod | undefined) => periodName(periodOfFundPeriod(p ?? DEFAULT_PERIOD))

const isBlank = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)

/** The conditions of a form value with the empty ones left out (and returnPeriod only with minReturn). */
export function toConditions(formValue: FilterFormValue | null | undefined): FilterConditions {
  const v = (formValue ?? {}) as FilterConditions
  const out: FilterConditions = {}
  if (!isBlank(v.categoryCodes)) out.categoryCodes = [...(v.categoryCodes as string[])]
  if (!isBlank(v.riskLevels)) out.riskLevels = [...(v.riskLevels as RiskLevel[])]
  if (!isBlank(v.minReturn)) {
    out.minReturn = String(v.minReturn)
    out.returnPeriod = v.returnPeriod ?? DEFAULT_PERIOD
  }
  if (!isBlank(v.maxDrawdown)) out.maxDrawdown = String(v.maxDrawdown)
  if (!isBlank(v.minManagerYears)) out.minManagerYears = Number(v.minManagerYears)
  if (!isBlank(v.maxBuyFeeRate)) out.maxBuyFeeRate = String(v.maxBuyFeeRate)
  if (!isBlank(v.minFundSize)) out.minFundSize = String(v.minFundSize)
  if (!isBlank(v.maxFundSize)) out.maxFundSize = String(v.maxFundSize)
  return out
}

const labelsOf = <T>(options: Option<T>[], values: readonly T[]) =>
  values.map((v) => options.find((o) => o.value === v)?.label ?? String(v)).join('、')

/** The conditions in words, one line each: what 筛选条件 and 我的筛选 show. */
export function describeConditions(formValue: FilterFormValue | null | undefined): { name: string; value: string }[] {
  const c = toConditions(formValue)
  const lines: { name: string; value: string }[] = []
  if (c.categoryCodes) lines.push({ name: '基金类型', value: labelsOf(CATEGORY_OPTIONS, c.categoryCodes) })
  if (c.riskLevels) lines.push({ name: '风险等级', value: labelsOf(RISK_OPTIONS, c.riskLevels) })
  if (c.minReturn !== undefined) lines.push({ name: `${periodLabel(c.returnPeriod)}收益`, value: `≥${ratioLabel(c.minReturn)}` })
  if (c.maxDrawdown !== undefined) lines.push({ name: '近1年最大回撤', value: `≤${ratioLabel(c.maxDrawdown)}` })
  if (c.minManagerYears !== undefined) lines.push({ name: '基金经理从业', value: `≥${c.minManagerYears}年` })
  if (c.maxBuyFeeRate !== undefined)
    lines.push({ name: '申购费率', value: Number(c.maxBuyFeeRate) === 0 ? '免申购费' : `≤${ratioLabel(c.maxBuyFeeRate)}` })
  if (c.minFundSize !== undefined || c.maxFundSize !== undefined)
    lines.push({ name: '基金规模', value: sizeLabel(c.minFundSize, c.maxFundSize) })
  return lines
}

/** One line summary, e.g. "股票型 · 近1年收益≥10%"; 全部基金 with no condition. */
export function summarizeConditions(formValue: FilterFormValue | null | undefined): string {
  const lines = describeConditions(formValue)
  return lines.length
    ? lines
        .map((l) =>
          l.name === '基金类型' || l.name === '风险等级' ? l.value : l.name === '基金规模' ? `规模${l.value}` : `${l.name}${l.value}`,
        )
        .join(' · ')
    : '全部基金'
}
