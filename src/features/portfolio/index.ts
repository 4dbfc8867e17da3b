// The strategy (portfolio) feature: what other features may use.
export { kindOf, rememberKinds, type PortfolioKind } from './kind'
