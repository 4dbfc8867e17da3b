import { adaptLegacyContext, createMeasuringCanvas, type ChartSurface, type LegacyCanvasContext } from '@/platform/canvasShared'

/**
 * A legacy canvas context (Baidu's kind) that records every call, behind the app's legacy adapter,
 * as a chart surface of the given size: what the drawing tests hand to F2.
 */
export function recordingSurface(width: number, height: number) {
  const calls: Array<[string, ...unknown[]]> = []
  const recorded: Record<string, unknown> = {}
  const ctx = new Proxy(recorded, {
    get: (target, name: string) =>
      name in target
        ? target[name]
        : (...args: unknown[]) => {
            calls.push([name, ...args])
            return name === 'measureText' ? { width: String(args[0]).length * 6 } : undefined
          },
    set: (target, name: string, value) => {
      target[name] = value
      return true
    },
  }) as unknown as LegacyCanvasContext
  const adapter = adaptLegacyContext(ctx)
  const raf = (cb: () => void) => setTimeout(cb, 0) as unknown as number
  const surface: ChartSurface = {
    context: adapter.context,
    width,
    height,
    pixelRatio: 1,
    offscreenCanvas: createMeasuringCanvas(),
    requestAnimationFrame: raf,
    cancelAnimationFrame: (id) => clearTimeout(id),
    flush: () => adapter.flush(),
    destroy: () => undefined,
  }
  /** Waits (up to a second) until F2 has drawn onto the context. */
  const drawn = async () => {
    for (let k = 0; k < 20 && !calls.some((c) => c[0] === 'draw'); k += 1) await new Promise((r) => setTimeout(r, 50))
  }
  return { calls, surface, drawn, raf }
}
