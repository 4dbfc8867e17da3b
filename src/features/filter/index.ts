// The fund filter feature: what page shells and other features may use.
export { FilterScreen } from './form/FilterScreen'
export { FilterDetailScreen } from './form/FilterDetailScreen'
export { FilterResultScreen } from './results/FilterResultScreen'
export { StockFilterScreen } from './results/StockFilterScreen'
export { MyFilterScreen } from './saved/MyFilterScreen'
export { FilterManageScreen } from './saved/FilterManageScreen'
