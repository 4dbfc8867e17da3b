/**
 * The chart's canvas in WeChat: <Canvas type="2d">, whose node comes from a selector query. Its
 * backing store is sized by the (integer) pixel ratio here; F2 measures text on WeChat's
 * offscreen canvas (Taro's document.createElement('canvas') has no getContext in a mini-program).
 */
import Taro from '@tarojs/taro'
import type { ChartSurface, SurfaceRequest } from './canvasShared'
import { createMeasuringCanvas, integerPixelRatio } from './canvasShared'

export type { ChartSurface, SurfaceRequest } from './canvasShared'

interface CanvasNode {
  width: number
  height: number
  getContext(type: '2d'): unknown
  requestAnimationFrame?: (cb: () => void) => number
  cancelAnimationFrame?: (id: number) => void
}

function devicePixelRatio(): number {
  try {
    const info = typeof Taro.getWindowInfo === 'function' ? Taro.getWindowInfo() : Taro.getSystemInfoSync()
    return info.pixelRatio
  } catch {
    return 2
  }
}

function offscreenCanvas(): unknown {
  try {
    if (typeof Taro.createOffscreenCanvas === 'function') {
      const canvas = Taro.createOffscreenCanvas({ type: '2d', width: 10, height: 10 }) as unknown as { getContext?: (t: string) => unknown }
      if (canvas && typeof canvas.getContext === 'function' && canvas.getContext('2d')) return canvas
    }
  } catch {
    // Older base libraries: fall through to the measuring stand-in.
  }
  return createMeasuringCanvas()
}

export function acquireSurface(request: SurfaceRequest): Promise<ChartSurface> {
  return new Promise((resolve, reject) => {
    Taro.createSelectorQuery()
      .select(`#${request.id}`)
      .fields({ node: true, size: true })
      .exec((res: Array<{ node?: CanvasNode; width?: number; height?: number } | null>) => {
        const hit = res?.[0]
        const node = hit?.node
        if (!node) {
          reject(new Error(`canvas #${request.id} not found`))
          return
        }
        const width = hit.width || request.width
        const height = hit.height || request.height
        const pixelRatio = integerPixelRatio(devicePixelRatio())
        node.width = width * pixelRatio
        node.height = height * pixelRatio
        resolve({
          context: node.getContext('2d'),
          width,
          height,
          pixelRatio,
          offscreenCanvas: offscreenCanvas(),
          requestAnimationFrame: node.requestAnimationFrame ? (cb) => node.requestAnimationFrame!(cb) : undefined,
          cancelAnimationFrame: node.cancelAnimationFrame ? (id) => node.cancelAnimationFrame!(id) : undefined,
          destroy: () => undefined,
        })
      })
  })
}
