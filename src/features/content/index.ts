// The content feature (columns and articles): what page shells and other features may use.
export { ColumnScreen } from './columns/ColumnScreen'
export { ColumnDetailScreen } from './columns/ColumnDetailScreen'
export { ArticleScreen } from './article/ArticleScreen'
