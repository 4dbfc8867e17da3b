// 口径 (issue #25): the sheet that shows how a fund's figure was computed, for every screen that shows one.
export { FigureBasisSheet } from './sheet'
export type { FigureBasisSheetProps } from './FigureBasisSheet'
