import { memo, useCallback, useRef, useSyncExternalStore, type FunctionComponent } from 'react'
import { onAnyChange, tracked, versionOf } from '@/utils/observable'

/**
 * A component that re-renders when a store it read while rendering changes (utils/observable.ts),
 * memoised as MobX's observer was: a parent's re-render with equal props does not re-render it.
 */
export function observer<P extends object>(component: FunctionComponent<P>): FunctionComponent<P> {
  function Observed(props: P) {
    const atoms = useRef<ReturnType<typeof tracked>['atoms'] | null>(null)
    const { value, atoms: read } = tracked(() => component(props))
    atoms.current = read
    const subscribe = useCallback((notify: () => void) => onAnyChange(notify), [])
    const version = useCallback(() => (atoms.current ? versionOf(atoms.current) : 0), [])
    useSyncExternalStore(subscribe, version, version)
    return value
  }
  Observed.displayName = component.displayName || component.name
  return memo(Observed) as unknown as FunctionComponent<P>
}
