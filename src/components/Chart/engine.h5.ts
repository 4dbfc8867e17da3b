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
 * page): the chunk is prefetched (downloaded at idle priority as soon as the chart code is there)
 * but evaluated only when the main thread is idle: its start-up is a long task that must not delay
 * the first screen's render and paint (Lighthouse: LCP and the page's first input). A failed chunk
 * is reported and rejects.
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
  loadWhenIdle(() => import(/* webpackChunkName: "chart-engine", webpackPrefetch: true */ './draw')).then((m) => m.startChart)
