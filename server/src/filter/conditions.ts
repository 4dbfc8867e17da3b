import { z, type ZodIssue } from 'zod'
import { badInput } from '../graphql/errors'
import { FILTER_PERIODS, type FilterPeriod, type FundStats } from './stats'

const RISK_LEVELS = ['High', 'MidHigh', 'Medium', 'MidLow', 'Low'] as const
const ratio = z
  .union([z.string(), z.number()])
  .transform((v) => Number(v))
  .pipe(z.number().finite())

/**
 * The conditions of a fund filter; the same object is saved as a filter's formValue.
 * Rates are ratios ("0.1" is 10%); a missing or empty condition does not filter.
 */
export const conditionsSchema = z
  .object({
    categoryCodes: z.array(z.string()).max(50).nullish(),
    riskLevels: z.array(z.enum(RISK_LEVELS)).max(5).nullish(),
    returnPeriod: z.enum(FILTER_PERIODS).nullish(),
    minReturn: ratio.nullish(),
    maxDrawdown: ratio.nullish(),
    minManagerYears: z.number().min(0).max(50).nullish(),
    maxBuyFeeRate: ratio.nullish(),
    /** Fund size in 亿元: at least minFundSize, below maxFundSize. */
    minFundSize: ratio.nullish(),
    maxFundSize: ratio.nullish(),
    includeTerminated: z.boolean().nullish(),
  })
  .strip()

export type FundFilterConditions = z.infer<typeof conditionsSchema>

/** What is wrong with one condition, in Chinese (zod's own messages are English). */
function issueInWords(i: ZodIssue): string {
  const where = i.path.join('.') || '筛选条件'
  switch (i.code) {
    case 'invalid_type':
      return `${where} 应为${{ string: '字符串', number: '数字', boolean: '布尔值', array: '列表', object: '对象' }[i.expected as string] ?? i.expected}`
    case 'invalid_enum_value':
      return `${where} 须为以下之一：${i.options.join('、')}`
    case 'too_big':
      return i.type === 'array' ? `${where} 最多 ${i.maximum} 项` : `${where} 不能大于 ${i.maximum}`
    case 'too_small':
      return i.type === 'array' ? `${where} 至少 ${i.minimum} 项` : `${where} 不能小于 ${i.minimum}`
    default:
      return `${where} 无效`
  }
}

export function parseConditions(input: unknown): FundFilterConditions {
  const parsed = conditionsSchema.safeParse(input ?? {})
  if (!parsed.success) throw badInput(`筛选条件有误：${parsed.error.issues.map(issueInWords).join('；')}`)
  return parsed.data
}

/** Whether one fund meets every condition given. */
export function matches(f: FundStats, c: FundFilterConditions): boolean {
  if (!c.includeTerminated && f.isTerminated) return false
  if (c.categoryCodes?.length && !c.categoryCodes.includes(f.categoryCode)) return false
  if (c.riskLevels?.length && !c.riskLevels.includes(f.riskLevel as (typeof RISK_LEVELS)[number])) return false
  if (c.minReturn != null) {
    const r = f.returns[c.returnPeriod ?? '1Y']
    if (r === null || r < c.minReturn) return false
  }
  if (c.maxDrawdown != null && (f.maxDrawdown1Y === null || f.maxDrawdown1Y > c.maxDrawdown)) return false
  if (c.minManagerYears != null && (f.managerYears === null || f.managerYears < c.minManagerYears)) return false
  if (c.maxBuyFeeRate != null && f.buyFeeRate > c.maxBuyFeeRate) return false
  if (c.minFundSize != null && (f.fundSize === null || f.fundSize < c.minFundSize)) return false
  if (c.maxFundSize != null && (f.fundSize === null || f.fundSize >= c.maxFundSize)) return false
  return true
}

export type FundSortKey = FilterPeriod | 'DAILY' | 'MAX_DRAWDOWN'

function sortValue(f: FundStats, key: FundSortKey): number | null {
  if (key === 'DAILY') return f.dailyReturn
  if (key === 'MAX_DRAWDOWN') return f.maxDrawdown1Y
  return f.returns[key]
}

/** normal is ascending, reverse descending; missing figures sort last either way, then by code. */
export function sortFunds(list: FundStats[], key: FundSortKey, direction: 'normal' | 'reverse'): FundStats[] {
  return [...list].sort((a, b) => {
    const x = sortValue(a, key)
    const y = sortValue(b, key)
    if (x === null || y === null) return x === y ? a.fundCode.localeCompare(b.fundCode) : x === null ? 1 : -1
    return (direction === 'reverse' ? y - x : x - y) || a.fundCode.localeCompare(b.fundCode)
  })
}
