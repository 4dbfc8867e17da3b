import { laterId } from '@/services/liveFeed'

interface WithId {
  commentId: string
}

/**
 * The comments a stream shows: the pages loaded and those that arrived in real time (or were
 * just posted here), each once, newest (highest id) first, without the ones an operator removed.
 */
export function mergeComments<C extends WithId>(pages: readonly C[], arrived: readonly C[], removed: ReadonlySet<string>): C[] {
  const byId = new Map<string, C>()
  for (const c of [...arrived, ...pages]) if (!removed.has(c.commentId) && !byId.has(c.commentId)) byId.set(c.commentId, c)
  return [...byId.values()].sort((a, b) => (a.commentId === b.commentId ? 0 : laterId(a.commentId, b.commentId) ? -1 : 1))
}

/** The newest id of a list ('0' for none: the server then sends every comment from the start). */
export function newestId(comments: readonly WithId[]): string {
  return comments.reduce((newest, c) => (laterId(c.commentId, newest) ? c.commentId : newest), '0')
}
