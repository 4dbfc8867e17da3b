import type { PortfolioRow } from '../db/schema'
import { shanghaiToday } from '../calendar'

/** Brand rules of spec section 1: brand-specific portfolios, and AP custom plans only on main-brand (0008) hosts. */
export function visibleOnBrand(row: PortfolioRow, broker: string): boolean {
  if (row.po_code.startsWith('AP') && broker !== '0008') return false
  return row.brand === 'all' || row.brand === broker
}

/** Plain fields of spec section 3's Portfolio, from a row (user-dependent fields are added by the caller). */
export function portfolioFields(row: PortfolioRow, today = shanghaiToday()) {
  return {
    poCode: row.po_code,
    poName: row.po_name,
    description: row.description,
    subTitle: row.sub_title,
    philosophy: row.philosophy,
    investStrategy: row.invest_strategy,
    investRange: row.invest_range,
    riskLevel: row.risk_level,
    runningDays: Math.max(0, Math.round((Date.parse(today) - Date.parse(row.created_date)) / 86_400_000)),
    createdDate: row.created_date,
    url: row.url,
    moneyType: row.money_type,
    hasAdvisor: row.has_advisor,
    showNotes: row.show_notes,
    isSupportSmartAip: row.is_support_smart_aip,
    runningWithRealMoney: row.running_with_real_money,
    assetClassesTestingIndex: row.asset_classes_testing_index,
    buyersCount: row.buyers_count,
    totalUnit: row.total_unit,
    seriesType: row.series_type,
    isModelPo: row.is_model_po,
    isCustomPlan: row.po_code.startsWith('AP'),
    featureShowcase: row.feature_showcase,
    performanceShowcase: row.performance_showcase,
    annualizedReturnRateRange: {
      expectedAnnualizedReturnRate: row.expected_annualized_return_rate,
      defaultDrawdown: row.default_drawdown,
      minDrawdown: row.min_drawdown,
    },
    chinaIncludeAlternative: row.asset_mix_configs.chinaIncludeAlternative ?? null,
    chinaIncludeOversea: row.asset_mix_configs.chinaIncludeOversea ?? null,
    chinaOnly: row.asset_mix_configs.chinaOnly ?? null,
    global: row.asset_mix_configs.global ?? null,
    thermometer:
      row.thermometer_level == null
        ? null
        : {
            level: row.thermometer_level,
            levelDescription: row.thermometer_description,
            advice: { howToBuy: row.how_to_buy, howToSell: row.how_to_sell },
          },
    preference: row.preferences,
    faq: row.faq,
  }
}
