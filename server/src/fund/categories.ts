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
