// The mini-programs: the 口径 sheet in the package of the page that shows it.
export { FigureBasisSheet } from './FigureBasisSheet'
