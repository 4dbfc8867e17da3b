import { Canvas, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react'
import { useEffect, useMemo, useRef, useState } from 'react'
import { acquireSurface, CANVAS_MODE } from '@/platform/canvas'
import type { ChartSurface } from '@/platform/canvasShared'
import { theme } from '@/platform/theme'
import type { PieRuntime, PieScene, startPie as StartPieFn } from './pieDraw'
import { loadPieEngine } from './pieEngine'
import { buildPieModel, type PieInput } from './pieModel'
import './pie.scss'

export type { PieInput } from './pieModel'

let seq = 0

export interface PieChartProps {
  /** Categories and their amounts; the shares are computed from the amounts' sum. */
  items: readonly PieInput[]
  /** Side of the donut in CSS px (default 132). */
  size?: number
  /** Text in the donut's hole; none by default. */
  center?: string
  /** What the pie shows, for screen readers (default 构成占比). */
  label?: string
}

/** One canvas with the donut drawn by F2, started once the canvas is there and the engine loaded. */
function PieCanvas({ scene, size }: { scene: Omit<PieScene, 'width' | 'height'>; size: number }) {
  const id = useMemo(() => `alfa-pie-${(seq += 1)}`, [])
  const [surfaceSize, setSurfaceSize] = useState<{ width: number; height: number } | null>(null)
  const runtime = useRef<PieRuntime | null>(null)
  const pending = useRef<{ surface: ChartSurface; startPie: typeof StartPieFn } | null>(null)

  useEffect(() => {
    let cancelled = false
    Taro.nextTick(() => {
      const engine = loadPieEngine()
      engine.catch(() => undefined) // observed below; no unhandled rejection when the canvas fails first
      acquireSurface({ id, width: size, height: size })
        .then((surface) =>
          engine.then(
            (startPie) => ({ surface, startPie }),
            (err: unknown) => {
              surface.destroy()
              throw err
            },
          ),
        )
        .then(({ surface, startPie }) => {
          if (cancelled) {
            surface.destroy()
            return
          }
          pending.current = { surface, startPie }
          setSurfaceSize({ width: surface.width, height: surface.height })
        })
        .catch(() => {
          // No canvas here (jest's DOM) or the engine chunk failed: the legend still tells it all.
        })
    })
    return () => {
      cancelled = true
      runtime.current?.destroy()
      runtime.current = null
      pending.current?.surface.destroy()
      pending.current = null
    }
    // The surface lives as long as the element; data changes go through update below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id])

  useEffect(() => {
    if (!surfaceSize) return
    const full: PieScene = { ...scene, ...surfaceSize }
    if (runtime.current) runtime.current.update(full)
    else if (pending.current) {
      const { surface, startPie } = pending.current
      pending.current = null
      runtime.current = startPie(surface, full)
    }
  }, [scene, surfaceSize])

  return (
    <View className='alfa-pie__surface' style={{ width: `${size}px`, height: `${size}px` }} aria-hidden>
      {CANVAS_MODE === 'dom' && <View id={id} className='alfa-pie__host' />}
      {CANVAS_MODE === 'node2d' && <Canvas type='2d' id={id} className='alfa-pie__host' disableScroll />}
      {CANVAS_MODE === 'legacy' && <Canvas id={id} canvasId={id} className='alfa-pie__host' disableScroll />}
    </View>
  )
}

/**
 * A donut of categories (composition groups, asset classes) on the line chart's F2 engine, with
 * a legend of names and percents as real text beside it (screen readers and tests read it there).
 */
export const PieChart = observer(function PieChart({ items, size = 132, center, label = '构成占比' }: PieChartProps) {
  theme.start()
  const scheme = theme.scheme
  const model = useMemo(() => buildPieModel(items, scheme), [items, scheme])
  const scene = useMemo(() => ({ model, center }), [model, center])
  if (model.slices.length === 0) return null
  return (
    <View className={`alfa-pie alfa-pie--${scheme}`} role='figure' aria-label={label}>
      <PieCanvas scene={scene} size={size} />
      <View className='alfa-pie__legend'>
        {model.slices.map((s) => (
          <View key={s.key} className='alfa-pie__item'>
            <View className='alfa-pie__swatch' style={{ background: s.color }} />
            <Text className='alfa-pie__name'>{s.name}</Text>
            <Text className='alfa-pie__percent'>{s.percentText}</Text>
          </View>
        ))}
      </View>
    </View>
  )
})
