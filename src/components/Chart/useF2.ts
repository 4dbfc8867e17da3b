import Taro from '@tarojs/taro'
import { useCallback, useEffect, useRef, useState } from 'react'
import { acquireSurface } from '@/platform/canvas'
import type { ChartSurface } from '@/platform/canvasShared'
import type { F2Runtime } from './draw'

/** What an engine chunk hands back: a function that starts F2 on a surface drawing a scene. */
export type StartF2<S> = (surface: ChartSurface, scene: S) => F2Runtime<S>

export interface F2Canvas<S> {
  /** The acquired canvas's size in CSS px; null until the canvas and the engine are there. */
  size: { width: number; height: number } | null
  /** Draws `scene`: starts F2 the first time, updates it after (call from an effect). The same function on every render. */
  draw(scene: S): void
}

/**
 * The canvas `id` acquired once its element is on screen, while the engine (`load`, its own chunk
 * on H5, the chartEngine subpackage on WeChat) loads beside it; F2 stopped and the surface released
 * on unmount. No canvas (jest's DOM) or a failed engine leaves `size` null: nothing is drawn.
 */
export function useF2Canvas<S>(id: string, width: number, height: number, load: () => Promise<StartF2<S>>): F2Canvas<S> {
  const [size, setSize] = useState<{ width: number; height: number } | null>(null)
  const runtime = useRef<F2Runtime<S> | null>(null)
  // The acquired surface and the engine, until the first scene starts F2 on it.
  const pending = useRef<{ surface: ChartSurface; start: StartF2<S> } | null>(null)

  useEffect(() => {
    let cancelled = false
    Taro.nextTick(() => {
      const engine = load()
      engine.catch(() => undefined) // observed below; no unhandled rejection when the canvas fails first
      acquireSurface({ id, width, height })
        .then((surface) =>
          engine.then(
            (start) => ({ surface, start }),
            (err: unknown) => {
              surface.destroy()
              throw err
            },
          ),
        )
        .then(({ surface, start }) => {
          if (cancelled) {
            surface.destroy()
            return
          }
          // The size builds the scene; the caller's effect starts F2 with it: one scene, one draw.
          pending.current = { surface, start }
          setSize({ width: surface.width, height: surface.height })
        })
        .catch(() => undefined)
    })
    return () => {
      cancelled = true
      runtime.current?.destroy()
      runtime.current = null
      pending.current?.surface.destroy()
      pending.current = null
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the surface lives as long as the element (its id): a new size or engine does not acquire another; data changes go through draw
  }, [id])

  const draw = useCallback((scene: S) => {
    if (runtime.current) runtime.current.update(scene)
    else if (pending.current) {
      const { surface, start } = pending.current
      pending.current = null
      runtime.current = start(surface, scene)
    }
  }, [])
  return { size, draw }
}
