import type { startPie } from './pieDraw'
import { loadEnginePackage } from './enginePackage'

/** The pie's drawing code, from the same chart engine subpackage as the line chart (one F2). */
export const loadPieEngine = (): Promise<typeof startPie> => loadEnginePackage().then((engine) => engine.startPie)
