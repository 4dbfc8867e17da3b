/**
 * WeChat: F2 and the drawing code live once per build in the chartEngine subpackage, bundled
 * by config/plugins/chart-engine.js from engineEntry.ts, and are loaded with the host's
 * require.async (WeChat's subpackage async loading, base library 2.11.2 or later). Only the
 * WeChat variants of engine.ts and pieEngine.ts import this module.
 */
import { cancelAnimationFrame, document, requestAnimationFrame, window } from '@tarojs/runtime'
import type * as EngineModule from './engineEntry'

export type ChartEngine = typeof EngineModule

/** What Taro's webpack build provides as globals (its ProvidePlugin), handed to the bundle. */
export interface EngineHost {
  window: unknown
  document: unknown
  requestAnimationFrame: unknown
  cancelAnimationFrame: unknown
}

/** chartEngine/engine.js exports a factory: the bundle runs against Taro's window and document. */
export type EngineFactory = (host: EngineHost) => ChartEngine

interface HostRequire {
  async(path: string): Promise<unknown>
}

let loading: Promise<ChartEngine> | null = null

/** Loads the engine subpackage once; a failed download is tried again by the next chart. */
export function loadEnginePackage(): Promise<ChartEngine> {
  if (!loading) {
    // The host's own require (webpack emits __non_webpack_require__ as `require`), called as
    // `require.async('<literal>')` so WeChat's code analysis sees the engine file. The build
    // replaces the placeholder with the engine's path relative to the output file this code lands
    // in: WeChat resolves it from the calling file, and webpack decides which file that is.
    loading = (__non_webpack_require__ as HostRequire)
      .async('__ALFA_CHART_ENGINE__')
      .then((factory) => (factory as EngineFactory)({ window, document, requestAnimationFrame, cancelAnimationFrame }))
    loading.catch(() => {
      loading = null
    })
  }
  return loading
}
