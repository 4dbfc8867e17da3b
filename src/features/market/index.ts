// The market feature: what page shells and other features may use.
export { MarketScreen } from './MarketScreen'
export { FundListScreen } from './FundListScreen'
export { IndustryThemeScreen } from './IndustryThemeScreen'
