import { startChart } from './draw'

/** F2 and the drawing code. Mini-programs have it in the chart's subpackage already. */
export const loadChartEngine = (): Promise<typeof startChart> => Promise.resolve(startChart)
