import { useEffect, useState } from 'react'
import type { AsyncState } from '@/components/AsyncContent'
import { execute } from '@/services/graphql'
import { FilterMySavedDocument } from '@/services/generated/graphql'
import { user } from '@/services/user'
import type { FilterFormValue } from './store'
import { filterStore } from './store'

export interface ResolvedFilter {
  /** Saved filter id; absent for the filter being edited. */
  filterId?: string
  name?: string
  formValue: FilterFormValue
}

/**
 * The filter a results or detail screen shows: with a filterId the saved filter (from the store
 * when My Filter put it there, else from FilterMySaved), otherwise the form being edited.
 */
export function useResolvedFilter(filterId: string | undefined) {
  const stored = filterStore.filterDetail
  const fromStore: ResolvedFilter | null = !filterId
    ? { formValue: filterStore.formValue }
    : stored?.id === filterId
      ? { filterId, name: stored.name, formValue: stored.conditions ?? {} }
      : null
  const [loaded, setLoaded] = useState<ResolvedFilter | null>(null)
  const [state, setState] = useState<AsyncState>(fromStore ? 'ready' : 'loading')
  const [attempt, setAttempt] = useState(0)
  const needsLoad = !fromStore

  useEffect(() => {
    if (!needsLoad || !filterId) return
    if (!user.isLogin) {
      setState('error')
      return
    }
    let live = true
    setState('loading')
    execute(FilterMySavedDocument)
      .then((d) => {
        if (!live) return
        const f = d.me.savedFilters.find((s) => s.filterId === filterId)
        if (!f) {
          setState('empty')
          return
        }
        setLoaded({ filterId, name: f.name, formValue: (f.formValue ?? {}) as FilterFormValue })
        setState('ready')
      })
      .catch(() => live && setState('error'))
    return () => {
      live = false
    }
  }, [needsLoad, filterId, attempt])

  return { filter: fromStore ?? loaded, state: fromStore ? 'ready' : state, retry: () => setAttempt((n) => n + 1) } as const
}

let savedFiltersChanged = false

/** 管理筛选 reordered or renamed: 我的筛选 reads its list again when shown next. */
export function markSavedFiltersChanged(): void {
  savedFiltersChanged = true
}

/** Whether the saved filters changed since the last call (and clears the mark). */
export function takeSavedFiltersChanged(): boolean {
  const changed = savedFiltersChanged
  savedFiltersChanged = false
  return changed
}
