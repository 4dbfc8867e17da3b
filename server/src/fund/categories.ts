/** Asset class (AssetClassLevel1) of each fund category (FundCategory); imported funds use the same codes. */
export const FUND_CATEGORY_ASSET_CLASS: Record<string, string> = {
  STOCK: 'EQUITY',
  MIXED: 'EQUITY',
  INDEX: 'EQUITY',
  BOND: 'FIXED_INCOME',
  MONEY: 'CASH',
  QDII: 'OVERSEA',
  GOLD: 'COMMODITY',
}

export const RISK_LEVEL_NAMES: Record<string, string> = {
  High: '高风险',
  MidHigh: '中高风险',
  Medium: '中风险',
  MidLow: '中低风险',
  Low: '低风险',
}
