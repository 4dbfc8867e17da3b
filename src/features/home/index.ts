// The home page feature: what page shells and other features may use.
export { HomeScreen } from './HomeScreen'
export { HOME_ENTRIES } from './entries'
