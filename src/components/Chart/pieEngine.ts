import { startPie } from './pieDraw'

/** F2 and the pie's drawing code, bundled into each chart page's package (Baidu; WeChat uses pieEngine.weapp.ts). */
export const loadPieEngine = (): Promise<typeof startPie> => Promise.resolve(startPie)
