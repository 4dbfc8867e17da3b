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

export const FUND_CATEGORY_NAMES: Record<string, string> = {
  STOCK: '股票型',
  MIXED: '混合型',
  INDEX: '指数型',
  BOND: '债券型',
  MONEY: '货币型',
  QDII: 'QDII',
  GOLD: '商品型',
}

export const ASSET_CLASS_NAMES: Record<string, string> = {
  EQUITY: '权益类',
  FIXED_INCOME: '固收类',
  CASH: '现金类',
  OVERSEA: '海外类',
  COMMODITY: '商品类',
}
