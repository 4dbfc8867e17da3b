// The strategy (portfolio) feature: what pages and other features may use.
export { kindOf, rememberKinds, type PortfolioKind } from './kind'
export { usePoCode, useRouteParam } from './hooks'
export { PortfolioDetailScreen } from './detail/DetailScreen'
export { FollowButton } from './follow/FollowButton'
