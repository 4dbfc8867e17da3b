import { useEffect, useState, type ReactNode } from 'react'

export interface DeferredProps {
  /** What to render once the first screen has been painted. */
  children: ReactNode
  /** Milliseconds after the first paint (default 0: the next task). */
  delay?: number
}

/**
 * Renders its children in a task after the first paint (React runs effects after the browser
 * paints): sections below the fold (a second chart, long lists) then do not lengthen the task
 * that paints what the user sees first.
 */
export function Deferred({ children, delay = 0 }: DeferredProps) {
  const [ready, setReady] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), delay)
    return () => clearTimeout(timer)
  }, [delay])
  return ready ? <>{children}</> : null
}
