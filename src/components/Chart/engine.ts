import { startChart } from './draw'

/** F2 and the drawing code, bundled into each chart page's package (Baidu: no cross-subpackage require; WeChat uses engine.weapp.ts). */
export const loadChartEngine = (): Promise<typeof startChart> => Promise.resolve(startChart)
