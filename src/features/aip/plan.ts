import type { AipCalculationInput, AipDividendMode, AipFrequency } from '@/services/generated/graphql'

/** What the form holds: texts as typed, dates null until the first answer names them (the server's defaults). */
export interface PlanForm {
  amount: string
  frequency: AipFrequency
  /** Weekday 1–5 (weekly, every two weeks) or day of the month 1–28. */
  weekday: number
  monthDay: string
  startDate: string | null
  endDate: string | null
  /** Percent, as typed: 0.15 is 0.15%. */
  feePercent: string
  dividendMode: AipDividendMode
}

/** The first plan: 1000 元 on the 1st of every month over the last 3 years (the server fills the dates), fee 0.15%, reinvested. */
export const DEFAULT_FORM: PlanForm = {
  amount: '1000',
  frequency: 'MONTHLY',
  weekday: 1,
  monthDay: '1',
  startDate: null,
  endDate: null,
  feePercent: '0.15',
  dividendMode: 'REINVEST',
}

export const FREQUENCIES: ReadonlyArray<{ key: AipFrequency; label: string }> = [
  { key: 'WEEKLY', label: '每周' },
  { key: 'BIWEEKLY', label: '每两周' },
  { key: 'MONTHLY', label: '每月' },
]
export const WEEKDAYS: ReadonlyArray<{ key: number; label: string }> = ['周一', '周二', '周三', '周四', '周五'].map((label, i) => ({
  key: i + 1,
  label,
}))
export const DIVIDEND_MODES: ReadonlyArray<{ key: AipDividendMode; label: string }> = [
  { key: 'REINVEST', label: '红利再投资' },
  { key: 'CASH', label: '现金分红' },
]

/** A percent as typed (0.15) as the ratio the server takes ('0.0015'), by moving the point: no float rounding. */
export function percentToRatio(text: string): string {
  const [int, frac = ''] = text.split('.')
  const digits = `${int.padStart(3, '0')}${frac}`
  const ratio = `${digits.slice(0, -2 - frac.length) || '0'}.${digits.slice(-2 - frac.length)}`
  return ratio.replace(/^0+(?=\d)/, '').replace(/\.?0+$/, '') || '0'
}

/** The request for a form, or the Chinese reason it cannot be asked (the server checks the rest, against the fund's dates). */
export function planInput(fundCode: string, f: PlanForm): AipCalculationInput | string {
  const amount = f.amount.trim()
  if (!/^\d+(\.\d{1,2})?$/.test(amount)) return '请输入每期金额（元），最多两位小数'
  if (Number(amount) <= 0) return '定投金额必须大于 0'
  const fee = f.feePercent.trim()
  if (!/^\d+(\.\d{1,4})?$/.test(fee) || Number(fee) > 5) return '申购费率应在 0 到 5% 之间'
  let day = f.weekday
  if (f.frequency === 'MONTHLY') {
    day = Number(f.monthDay)
    if (!/^\d{1,2}$/.test(f.monthDay.trim()) || day < 1 || day > 28) return '每月定投日应为 1 到 28 日'
  }
  return {
    fundCode,
    amount,
    frequency: f.frequency,
    day,
    ...(f.startDate ? { startDate: f.startDate } : {}),
    ...(f.endDate ? { endDate: f.endDate } : {}),
    feeRate: percentToRatio(fee),
    dividendMode: f.dividendMode,
  }
}
