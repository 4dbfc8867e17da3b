import type { startPie } from './pieDraw'
import { loadWhenIdle } from './engine.h5'

/**
 * The pie's drawing code on H5, in the line chart's chunk ("chart-engine", engine.h5.ts): one
 * chunk holds F2 for every chart, so a page with both loads F2 once; evaluated, like the line
 * chart's, once the main thread is idle.
 */
export const loadPieEngine = (): Promise<typeof startPie> =>
  loadWhenIdle(() => import(/* webpackChunkName: "chart-engine" */ './pieDraw')).then((m) => m.startPie)
