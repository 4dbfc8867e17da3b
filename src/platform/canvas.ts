/**
 * The chart's canvas in a browser (the H5 build, and jest): a real <canvas> element created inside
 * the host element, so its backing size is ours alone (Taro's H5 Canvas component resets the
 * backing size whenever it re-renders). Mini-programs use canvas.weapp.ts and canvas.swan.ts.
 */
import type { ChartSurface, SurfaceRequest } from './canvasShared'
import { integerPixelRatio } from './canvasShared'

export type { ChartSurface, SurfaceRequest } from './canvasShared'

export function acquireSurface(request: SurfaceRequest): Promise<ChartSurface> {
  if (typeof document === 'undefined') return Promise.reject(new Error('no document'))
  const host = document.getElementById(request.id)
  if (!host) return Promise.reject(new Error(`chart host #${request.id} not found`))
  const canvas = document.createElement('canvas')
  // Layout size, not the bounding box: the fullscreen view is rotated by a CSS transform.
  const width = request.width || host.offsetWidth || Math.round(host.getBoundingClientRect().width)
  const height = request.height || host.offsetHeight || Math.round(host.getBoundingClientRect().height)
  canvas.style.display = 'block'
  canvas.style.width = `${width}px`
  canvas.style.height = `${height}px`
  canvas.setAttribute('aria-hidden', 'true')
  host.appendChild(canvas)
  const context = canvas.getContext('2d')
  if (!context) {
    canvas.remove()
    return Promise.reject(new Error('2d context unavailable'))
  }
  return Promise.resolve({
    context,
    width,
    height,
    pixelRatio: integerPixelRatio(typeof window !== 'undefined' ? window.devicePixelRatio : 1),
    destroy: () => canvas.remove(),
  })
}
