// The search feature: what page shells and other features may use.
export { SearchScreen } from './SearchScreen'
