/** The recent-items list (spec section 5): newest first, one entry per id, cut to a maximum. */
export const RECENT_MAX = 10

export interface RecentItem {
  id: string
}

/** Ids compare with all whitespace removed (' 000 001 ' is '000001'). */
export const normaliseRecentId = (id: string): string => id.replace(/\s+/g, '')

/**
 * Puts `item` at the front; an item with the same id (whitespace removed) moves there instead
 * of appearing twice. Returns a new list of at most `max` items.
 */
export function addRecent<T extends RecentItem>(list: readonly T[], item: T, max: number = RECENT_MAX): T[] {
  const id = normaliseRecentId(item.id)
  const entry = { ...item, id }
  return [entry, ...list.filter((x) => normaliseRecentId(x.id) !== id)].slice(0, Math.max(0, max))
}
