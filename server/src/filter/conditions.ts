import { z } from 'zod'
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

export function parseConditions(input: unknown): FundFilterConditions {
  const parsed = conditionsSchema.safeParse(input ?? {})
  if (!parsed.success) throw badInput(`conditions: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`)
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
