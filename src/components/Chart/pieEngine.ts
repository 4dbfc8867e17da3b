import { startPie } from './pieDraw'

/** F2 and the pie's drawing code. Mini-programs have F2 in the chart's package already. */
export const loadPieEngine = (): Promise<typeof startPie> => Promise.resolve(startPie)
