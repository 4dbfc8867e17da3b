import { badInput } from '../graphql/errors'
import { monthsBefore } from '../fund/performance'
import type { AipFrequency, AipPlan, DividendMode } from './calc'

/** Largest amount of one purchase, 元: anything above is a typo, not a plan. */
export const MAX_AMOUNT = 10_000_000
export const MAX_FEE_RATE = 0.05
/** Longest plan: bounds the work (at most about 1,560 weekly purchases); no mainland fund is older. */
export const MAX_YEARS = 30

export interface AipInput {
  fundCode: string
  amount: string | number
  frequency: AipFrequency
  day: number
  startDate?: string | null
  endDate?: string | null
  feeRate: string | number
  dividendMode: DividendMode
}

const maxDay = (a: string, b: string) => (a > b ? a : b)

const isDay = (v: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false
  const t = Date.parse(`${v}T00:00:00Z`)
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === v
}

/** A decimal given as a string or a number: its value, or NaN when it is not a plain decimal. */
const decimal = (v: string | number, places: number) => {
  const s = typeof v === 'number' ? String(v) : String(v ?? '').trim()
  return new RegExp(`^-?\\d+(\\.\\d{1,${places}})?$`).test(s) ? Number(s) : NaN
}

/** Years before the end a plan starts when no start date is given. */
export const DEFAULT_YEARS = 3

/**
 * The plan as numbers, or a BAD_USER_INPUT with a Chinese message; absent dates are the fund's last
 * NAV and DEFAULT_YEARS before it (not before the first NAV). The start is checked against the
 * fund's NAV days here too.
 */
export function readPlan(input: AipInput, firstNavDate: string, lastNavDate: string): AipPlan {
  const amount = decimal(input.amount, 2)
  if (Number.isNaN(amount)) throw badInput('定投金额应为数字，最多两位小数')
  if (amount <= 0) throw badInput('定投金额必须大于 0')
  if (amount > MAX_AMOUNT) throw badInput(`每期定投金额不能超过 ${MAX_AMOUNT / 10_000} 万元`)
  const feeRate = decimal(input.feeRate, 6)
  if (Number.isNaN(feeRate) || feeRate < 0 || feeRate > MAX_FEE_RATE) throw badInput('申购费率应在 0 到 5% 之间')
  const monthly = input.frequency === 'MONTHLY'
  if (!Number.isInteger(input.day) || input.day < 1 || input.day > (monthly ? 28 : 5))
    throw badInput(monthly ? '每月定投日应为 1 到 28 日' : '每周定投日应为周一到周五（1 到 5）')
  const endDate = input.endDate ?? lastNavDate
  if (!isDay(endDate)) throw badInput('结束日期应为有效日期（yyyy-MM-dd）')
  const startDate = input.startDate ?? maxDay(firstNavDate, monthsBefore(endDate < lastNavDate ? endDate : lastNavDate, DEFAULT_YEARS * 12))
  if (!isDay(startDate)) throw badInput('开始日期应为有效日期（yyyy-MM-dd）')
  if (startDate < firstNavDate) throw badInput(`开始日期早于该基金的首个净值日（${firstNavDate}）`)
  if (startDate > lastNavDate) throw badInput(`开始日期晚于该基金的最新净值日（${lastNavDate}）`)
  if (endDate < startDate) throw badInput('结束日期不能早于开始日期')
  const limit = `${Number(startDate.slice(0, 4)) + MAX_YEARS}${startDate.slice(4)}`
  if (endDate > limit) throw badInput(`定投区间最长 ${MAX_YEARS} 年`)
  return {
    amount,
    frequency: input.frequency,
    day: input.day,
    startDate,
    endDate,
    feeRate,
    dividendMode: input.dividendMode,
  }
}
