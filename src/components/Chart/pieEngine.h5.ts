import type { startPie } from './pieDraw'
import { reportChunkError } from '@/services/chunkLoad'

/**
 * The pie's drawing code on H5, in the line chart's chunk ("chart-engine", engine.h5.ts): one
 * chunk holds F2 for every chart, so a page with both loads F2 once.
 */
export const loadPieEngine = (): Promise<typeof startPie> =>
  import(/* webpackChunkName: "chart-engine" */ './pieDraw').then(
    (m) => m.startPie,
    (err: unknown) => {
      reportChunkError(err)
      throw err
    },
  )
