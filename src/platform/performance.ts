import { isH5 } from './env'

/**
 * Calls back once with the first-contentful-paint time in ms (H5 with the Paint Timing API);
 * mini-programs and older browsers never call back.
 */
export function onFirstContentfulPaint(cb: (ms: number) => void): void {
  if (!isH5 || typeof PerformanceObserver === 'undefined') return
  const existing =
    typeof performance !== 'undefined' && performance.getEntriesByName
      ? performance.getEntriesByName('first-contentful-paint')[0]
      : undefined
  if (existing) {
    cb(existing.startTime)
    return
  }
  try {
    const observer = new PerformanceObserver((list) => {
      const entry = list.getEntriesByName('first-contentful-paint')[0]
      if (!entry) return
      observer.disconnect()
      cb(entry.startTime)
    })
    observer.observe({ type: 'paint', buffered: true })
  } catch {
    // Paint timing unsupported: no page_performance event.
  }
}

/** Calls back once when the web page has finished loading (at once if it has); never in a mini-program. */
export function onPageLoaded(cb: () => void): void {
  if (!isH5 || typeof document === 'undefined' || typeof window === 'undefined') return
  if (document.readyState === 'complete') cb()
  else window.addEventListener('load', () => cb(), { once: true })
}
