import type { startChart } from './draw'
import { reportChunkError } from '@/services/chunkLoad'

/**
 * F2 and the drawing code, in their own chunk on H5: a chart page paints (and becomes
 * interactive) before 150 KB of brotli'd F2 has loaded and booted (Lighthouse: about 1.5 s of
 * script boot time on the fund and market pages). One chunk is shared by every chart page.
 */
export const loadChartEngine = (): Promise<typeof startChart> =>
  import(/* webpackChunkName: "chart-engine" */ './draw').then(
    (m) => m.startChart,
    (err: unknown) => {
      reportChunkError(err)
      throw err
    },
  )
