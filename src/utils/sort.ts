/** The sort direction enum of the spec: normal (ascending) and reverse (descending). */
export type SortDirection = 'normal' | 'reverse'

export interface SortState<K extends string> {
  key: K | null
  direction: SortDirection
}

/** A tap on a sort header: a new column starts reverse (highest first), the same column toggles. */
export function nextSort<K extends string>(current: SortState<K>, key: K): SortState<K> {
  if (current.key !== key) return { key, direction: 'reverse' }
  return { key, direction: current.direction === 'reverse' ? 'normal' : 'reverse' }
}

/** Sorts by a numeric figure (decimal strings); missing figures last either way; stable otherwise. */
export function sortByFigure<T>(list: readonly T[], figure: (item: T) => string | null | undefined, direction: SortDirection): T[] {
  return list
    .map((item, index) => ({ item, index, value: figure(item) == null || figure(item) === '' ? null : Number(figure(item)) }))
    .sort((a, b) => {
      if (a.value === null || b.value === null) return a.value === b.value ? a.index - b.index : a.value === null ? 1 : -1
      return (direction === 'reverse' ? b.value - a.value : a.value - b.value) || a.index - b.index
    })
    .map((x) => x.item)
}
