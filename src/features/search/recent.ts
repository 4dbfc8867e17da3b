import { hostStorage } from '@/services/storage'
import { addRecent, RECENT_MAX, type RecentItem } from '@/utils/recent'

export type SearchKind = 'fund' | 'manager' | 'portfolio'

/** A recent search result: id is the fund code, manager id or poCode. */
export interface RecentSearch extends RecentItem {
  kind: SearchKind
  name: string
}

export const RECENT_SEARCH_KEY = 'alfa_search_recent'

export function loadRecentSearches(): RecentSearch[] {
  const raw: unknown = hostStorage.get(RECENT_SEARCH_KEY)
  let list: unknown = raw
  if (typeof raw === 'string') {
    try {
      list = JSON.parse(raw)
    } catch {
      list = []
    }
  }
  return Array.isArray(list)
    ? (list as RecentSearch[]).filter((x) => x && typeof x.id === 'string' && typeof x.name === 'string').slice(0, RECENT_MAX)
    : []
}

/** Puts the item first (the same id, whitespace removed, moves there) and persists the list. */
export function recordRecentSearch(item: RecentSearch): RecentSearch[] {
  const next = addRecent(loadRecentSearches(), item, RECENT_MAX)
  hostStorage.set(RECENT_SEARCH_KEY, JSON.stringify(next))
  return next
}

export function clearRecentSearches(): void {
  hostStorage.remove(RECENT_SEARCH_KEY)
}
