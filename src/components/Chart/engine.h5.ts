import type { startChart } from './draw'
import { reportChunkError } from '@/services/chunkLoad'

/** The longest the engine waits for an idle main thread before it loads anyway. */
export const ENGINE_IDLE_TIMEOUT_MS = 1500

/**
 * Resolves when the main thread is next idle (the page's first screen rendered and painted), or
 * after ENGINE_IDLE_TIMEOUT_MS at the latest; at once where the browser has no requestIdleCallback.
 */
export function whenIdle(
  win: Pick<Window, 'setTimeout'> & { requestIdleCallback?: Window['requestIdleCallback'] } = window,
): Promise<void> {
  return new Promise((resolve) => {
    if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(() => resolve(), { timeout: ENGINE_IDLE_TIMEOUT_MS })
    else win.setTimeout(resolve, 0)
  })
}

/**
 * A chart-engine module (F2 and the drawing code, in their own chunk on H5, shared by every chart
 * page): asked for, and evaluated, only when the main thread is idle after the first screen. Its
 * download (112 KB as br) and start-up (a long task) must not delay the first screen's requests,
 * render and paint: prefetched beside them, it held Lighthouse's LCP of the fund page at 2.7 s
 * (2.3 s without). A failed chunk is reported and rejects.
 */
export function loadWhenIdle<T>(load: () => Promise<T>): Promise<T> {
  return whenIdle()
    .then(load)
    .catch((err: unknown) => {
      reportChunkError(err)
      throw err
    })
}

/** The line chart's engine. */
export const loadChartEngine = (): Promise<typeof startChart> =>
  loadWhenIdle(() => import(/* webpackChunkName: "chart-engine" */ './draw')).then((m) => m.startChart)
