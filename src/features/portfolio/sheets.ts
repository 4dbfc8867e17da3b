// The mini-programs: the strategy screens' 口径 sheets in the package of the page that shows them.
export { default as HistoryBasis } from './detail/HistoryBasis'
export { default as ExpectedBasis } from './detail/ExpectedBasis'
export { GroupProfitBasis } from './composition/GroupProfitBasis'
export { default as ChartBasisSheet, type ChartBasisSheetProps } from './detail/ChartBasisSheet'
export { StepsSheet } from '@/components/BasisSheet'
