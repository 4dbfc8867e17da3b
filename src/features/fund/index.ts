// The fund feature: what page shells and other features may use.
export { useFundCode, useTabIndex } from './hooks'
export { FundDetailScreen } from './detail/FundDetailScreen'
export { FundIntroScreen } from './detail/FundIntroScreen'
export { FundValuationScreen } from './detail/FundValuationScreen'
export { ACHIEVEMENT_TABS, FundAchievementsScreen } from './performance/FundAchievementsScreen'
export { FundNavScreen } from './performance/FundNavScreen'
export { FundLinkRow } from './FundLinkRow'
