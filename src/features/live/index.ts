// The live feature: what page shells and other features may use.
export { useCommentId, useLiveId } from './hooks'
export { LiveScreen } from './LiveScreen'
export { LiveListScreen } from './stream/LiveListScreen'
export { LiveAuthScreen } from './reminder/LiveAuthScreen'
export { CommentDetailScreen } from './comments/CommentDetailScreen'
