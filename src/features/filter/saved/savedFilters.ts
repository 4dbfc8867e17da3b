import { useRemote } from '@/hooks/remote'
import { execute } from '@/services/graphql'
import { FilterMySavedDocument, type FilterMySavedQuery } from '@/services/generated/graphql'
import { filterStore, type FilterFormValue } from '../store'

export type SavedFilter = FilterMySavedQuery['me']['savedFilters'][number]

/**
 * The saved filters of the signed-in user. 我的筛选 and 管理筛选 ask the same key, so an edit in 管理筛选
 * (update) reaches 我的筛选 through the answer cache when it shows again.
 */
export function useSavedFilters() {
  return useRemote('savedFilters', () => execute(FilterMySavedDocument).then((d) => d.me.savedFilters), { user: true })
}

/** Puts a saved filter in the store so results and detail need not read it again. */
export function rememberSavedFilter(f: SavedFilter) {
  filterStore.setFilterDetail({ id: f.filterId, name: f.name, conditions: (f.formValue ?? {}) as FilterFormValue })
}

export interface ResolvedFilter {
  /** Saved filter id; absent for the filter being edited. */
  filterId?: string
  name?: string
  formValue: FilterFormValue
}

/**
 * The filter a results or detail screen shows: with a filterId the saved filter (from the store
 * when My Filter put it there, else from FilterMySaved: not found when it is gone, the login
 * state for an anonymous user), otherwise the form being edited.
 */
export function useResolvedFilter(filterId: string | undefined) {
  const stored = filterStore.filterDetail
  const fromStore: ResolvedFilter | null = !filterId
    ? { formValue: filterStore.formValue }
    : stored?.id === filterId
      ? { filterId, name: stored.name, formValue: stored.conditions ?? {} }
      : null
  const { state, data, reload } = useRemote<ResolvedFilter>(
    fromStore ? null : `savedFilter:${filterId}`,
    () =>
      execute(FilterMySavedDocument).then((d) => {
        const f = d.me.savedFilters.find((s) => s.filterId === filterId)
        return f ? { filterId, name: f.name, formValue: (f.formValue ?? {}) as FilterFormValue } : null
      }),
    { user: true },
  )
  return { filter: fromStore ?? data, state: fromStore ? 'ready' : state, retry: () => void reload() } as const
}
