/** Chinese names of the portfolio enumerations (spec section 4; words from UI.md). */
import type { MoneyType, MovementDirection, RiskLevel } from '@/services/generated/graphql'

/** Advisor fee modes (spec section 4, fee type). */
export type FeeMode = 'Aum' | 'Deduct' | 'Free' | 'STEP_ASSET' | 'STEP_HOLDING_DAY'

/** The five-level risk scale. */
export const RISK_LEVEL_NAME: Record<RiskLevel, string> = {
  Low: '低风险',
  MidLow: '中低风险',
  Medium: '中风险',
  MidHigh: '中高风险',
  High: '高风险',
}

/** The three-level scale folds the five levels into 低 / 中 / 高. */
export const RISK_LEVEL_NAME_3: Record<RiskLevel, string> = { Low: '低', MidLow: '低', Medium: '中', MidHigh: '高', High: '高' }

/**
 * The scale a portfolio's risk is shown on: long-win plans (a series of index plans) use the
 * three-level scale, ordinary portfolios and custom plans the five-level one.
 */
export function riskLevelName(level: RiskLevel, seriesType?: string | null): string {
  return seriesType ? `风险${RISK_LEVEL_NAME_3[level]}` : RISK_LEVEL_NAME[level]
}

/** The "four pots" money types. */
export const MONEY_TYPE_NAME: Record<MoneyType, string> = { Spare: '活钱管理', Steady: '稳健理财', Longterm: '长期投资' }

export const MOVEMENT_NAME: Record<MovementDirection, string> = { In: '调入', Out: '调出', Convert: '转换', None: '不变' }

export const FEE_MODE_NAME: Record<FeeMode, string> = {
  Aum: '按资产规模收费',
  Deduct: '从份额中扣除',
  Free: '免费',
  STEP_ASSET: '按资产阶梯',
  STEP_HOLDING_DAY: '按持有天数阶梯',
}
