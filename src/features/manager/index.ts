// The fund manager feature: what page shells and other features may use.
export { ManagerProfileScreen } from './ManagerProfileScreen'
export { ManagerListScreen } from './ManagerListScreen'
