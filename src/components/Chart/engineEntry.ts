/**
 * The chart engine as one module: F2 and the drawing code of the line chart and the pie. On
 * WeChat it is bundled once, by esbuild, into its own subpackage (config/plugins/chart-engine.js)
 * that the chart pages load with require.async; H5 and Baidu import draw.ts / pieDraw.ts directly.
 */
export { startChart } from './draw'
export { startPie } from './pieDraw'
