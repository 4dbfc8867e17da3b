import type { startChart } from './draw'
import { loadEnginePackage } from './enginePackage'

/** F2 and the drawing code, from the chart engine subpackage shared by every chart page. */
export const loadChartEngine = (): Promise<typeof startChart> => loadEnginePackage().then((engine) => engine.startChart)
