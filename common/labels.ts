/**
 * Chinese names of the enumerations both halves show (spec section 4; words from UI.md): the app
 * labels its figures with them and the server answers them in its `…Name` fields and
 * dictionaries, so a word changes in one place.
 */

export type RiskLevel = 'High' | 'MidHigh' | 'Medium' | 'MidLow' | 'Low'

/** The five-level risk scale. */
export const RISK_LEVEL_NAMES: Record<RiskLevel, string> = {
  High: '高风险',
  MidHigh: '中高风险',
  Medium: '中风险',
  MidLow: '中低风险',
  Low: '低风险',
}

/** The three-level scale (long-win plans) folds the five levels into 低 / 中 / 高. */
export const RISK_LEVEL_NAMES_3: Record<RiskLevel, string> = { High: '高', MidHigh: '高', Medium: '中', MidLow: '低', Low: '低' }

export type MoneyType = 'Spare' | 'Steady' | 'Longterm'

/** The "four pots" money types. */
export const MONEY_TYPE_NAMES: Record<MoneyType, string> = { Spare: '活钱管理', Steady: '稳健理财', Longterm: '长期投资' }

export type MovementDirection = 'In' | 'Out' | 'Convert' | 'None'

/** What an adjustment did to a fund. */
export const MOVEMENT_NAMES: Record<MovementDirection, string> = { In: '调入', Out: '调出', Convert: '转换', None: '不变' }

/** Advisor fee modes (spec section 4, fee type). */
export type FeeMode = 'Aum' | 'Deduct' | 'Free' | 'STEP_ASSET' | 'STEP_HOLDING_DAY'

export const FEE_MODE_NAMES: Record<FeeMode, string> = {
  Aum: '按资产规模收费',
  Deduct: '从份额中扣除',
  Free: '免费',
  STEP_ASSET: '按资产阶梯',
  STEP_HOLDING_DAY: '按持有天数阶梯',
}

/** Fund categories (category type FundCategory), in the order lists and the filter show them. */
export const FUND_CATEGORY_NAMES: Record<string, string> = {
  STOCK: '股票型',
  MIXED: '混合型',
  INDEX: '指数型',
  BOND: '债券型',
  MONEY: '货币型',
  QDII: 'QDII',
  GOLD: '商品型',
}

/** Asset classes (category type AssetClassLevel1). */
export const ASSET_CLASS_NAMES: Record<string, string> = {
  EQUITY: '权益类',
  FIXED_INCOME: '固收类',
  CASH: '现金类',
  OVERSEA: '海外类',
  COMMODITY: '商品类',
}

/**
 * Periods by the code the server takes as a `range` or `period` argument and answers as a period
 * return's `period`: the spans, then the spec's chart periods (TEN_YEAR, YTD, SETUP, Max).
 */
export type PeriodCode = '1M' | '3M' | '6M' | '1Y' | '3Y' | '5Y' | 'TEN_YEAR' | 'YTD' | 'SETUP' | 'Max'

export const PERIOD_NAMES: Record<PeriodCode, string> = {
  '1M': '近1月',
  '3M': '近3月',
  '6M': '近6月',
  '1Y': '近1年',
  '3Y': '近3年',
  '5Y': '近5年',
  TEN_YEAR: '近10年',
  YTD: '今年以来',
  SETUP: '成立以来',
  Max: '成立以来',
}

export type ContentType = 'AdjustmentExplanation' | 'AdvisorReport' | 'ManagerTalk' | 'MarketInterpretation' | 'SmartAipSuggestion'

/** The content types of a strategy's posts (spec section 4). */
export const CONTENT_TYPE_NAMES: Record<ContentType, string> = {
  AdjustmentExplanation: '调仓说明',
  AdvisorReport: '投顾报告',
  ManagerTalk: '主理人说',
  MarketInterpretation: '市场解读',
  SmartAipSuggestion: '定投建议',
}
