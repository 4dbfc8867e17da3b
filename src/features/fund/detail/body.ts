// The mini-programs: the fund detail's body in the page's own package (no second request).
export { default as FundDetailBody } from './FundDetailBody'
export { FigureBasisSheet } from '@/features/basis'
