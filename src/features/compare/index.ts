// The fund comparison (基金对比) feature: what page shells and other features may use.
export { FundCompareScreen } from './FundCompareScreen'
export { CompareToggle, CompareTrayBar, TRAY_FULL_TEXT } from './CompareTray'
export { CompareTray, compareTray, COMPARE_TRAY_KEY } from './tray'
