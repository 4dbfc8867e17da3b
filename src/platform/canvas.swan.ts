/**
 * The chart's canvas in Baidu: Taro's swan Canvas has no type="2d", so F2 draws through the
 * legacy context (Taro.createCanvasContext(canvasId)) wrapped to look like a standard 2D context.
 * Legacy canvases draw in CSS px (the host scales them), so the pixel ratio is 1, and queued
 * commands are sent with draw(true) after every frame F2 renders.
 */
import Taro from '@tarojs/taro'
import type { ChartSurface, LegacyCanvasContext, SurfaceRequest } from './canvasShared'
import { adaptLegacyContext, createMeasuringCanvas } from './canvasShared'

export type { ChartSurface, SurfaceRequest } from './canvasShared'

function measureWith(legacy: LegacyCanvasContext) {
  return (text: string): number => {
    try {
      const fn = legacy.measureText
      const result = typeof fn === 'function' ? (fn as (t: string) => { width?: number }).call(legacy, text) : undefined
      return result && typeof result.width === 'number' ? result.width : 0
    } catch {
      return 0
    }
  }
}

export function acquireSurface(request: SurfaceRequest): Promise<ChartSurface> {
  return new Promise((resolve) => {
    Taro.createSelectorQuery()
      .select(`#${request.id}`)
      .boundingClientRect()
      .exec((res: Array<{ width?: number; height?: number } | null>) => {
        const rect = res?.[0]
        const width = rect?.width || request.width
        const height = rect?.height || request.height
        const legacy = Taro.createCanvasContext(request.id) as unknown as LegacyCanvasContext
        const measure = measureWith(legacy)
        const adapter = adaptLegacyContext(legacy, measure)
        resolve({
          context: adapter.context,
          width,
          height,
          pixelRatio: 1,
          offscreenCanvas: createMeasuringCanvas(measure),
          requestAnimationFrame: (cb) => setTimeout(cb, 16) as unknown as number,
          cancelAnimationFrame: (id) => clearTimeout(id),
          flush: () => adapter.flush(),
          destroy: () => undefined,
        })
      })
  })
}
