import { Text, View } from '@tarojs/components'
import { observer } from '@/hooks/observer'
import { useEffect, useMemo } from 'react'
import { theme } from '@/platform/theme'
import type { PieScene } from './pieDraw'
import { loadPieEngine } from './pieEngine'
import { buildPieModel, type PieInput } from './pieModel'
import { CanvasHost } from './CanvasHost'
import { useF2Canvas } from './useF2'
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
  const { size: surfaceSize, draw } = useF2Canvas<PieScene>(id, size, size, loadPieEngine)
  useEffect(() => {
    if (surfaceSize) draw({ ...scene, ...surfaceSize })
  }, [scene, surfaceSize, draw])

  return (
    <View className='alfa-pie__surface' style={{ width: `${size}px`, height: `${size}px` }} aria-hidden>
      <CanvasHost id={id} className='alfa-pie__host' />
    </View>
  )
}

/**
 * A donut of categories (composition groups, asset classes) on the line chart's F2 engine, with
 * a legend of names and percents as real text beside it (screen readers and tests read it there).
 */
export const PieChart = observer(function PieChart({ items, size = 132, center, label = '构成占比' }: PieChartProps) {
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
