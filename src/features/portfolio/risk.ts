import { RISK_LEVEL_NAMES, RISK_LEVEL_NAMES_3, type RiskLevel } from '@alfa/common/labels'

/**
 * The scale a portfolio's risk is shown on: long-win plans (a series of index plans) use the
 * three-level scale, ordinary portfolios and custom plans the five-level one.
 */
export function riskLevelName(level: RiskLevel, seriesType?: string | null): string {
  return seriesType ? `风险${RISK_LEVEL_NAMES_3[level]}` : RISK_LEVEL_NAMES[level]
}
