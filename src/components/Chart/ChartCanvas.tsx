import { View, Text } from '@tarojs/components'
import { measureBox } from '@/platform/box'
import { useEffect, useMemo, useRef, useState, type CSSProperties } from 'react'
import { loadChartEngine } from './engine'
import { CHART_MEASURES, timed } from './timing'
import { alignSeries, buildChartModel, indexAtX, tooltipAt, xToPx, yToPx, type ChartModel, type Scheme } from './model'
import { CanvasHost } from './CanvasHost'
import { useF2Canvas } from './useF2'
import { firstTouch, touchChartX, type TouchEventLike } from './touch'
import type { ChartMarkers, ChartSeries, TooltipInfo, ValueFormat } from './types'

let seq = 0

export interface ChartCanvasProps {
  series: ChartSeries[]
  width?: number
  height: number
  fullscreen?: boolean
  /** The chart is shown rotated by 90 degrees (fullscreen while the device is upright). */
  rotated?: boolean
  index?: number
  format: ValueFormat
  markers?: ChartMarkers
  scheme: Scheme
  onTooltip?: (info: TooltipInfo | null) => void
}

/** One canvas with F2 drawing on it, and the crosshair drawn over it from touch events. */
export function ChartCanvas(props: ChartCanvasProps) {
  const { series, height, fullscreen = false, rotated = false, index, format, markers, scheme, onTooltip } = props
  const id = useMemo(() => `alfa-chart-${(seq += 1)}`, [])
  const [active, setActive] = useState<number>(-1)
  const { size, draw } = useF2Canvas<ChartModel>(id, props.width ?? 0, height, loadChartEngine)
  const box = useRef<{ left: number; top: number } | null>(null)

  const model = useMemo(
    () =>
      size
        ? timed(CHART_MEASURES.model, () =>
            buildChartModel({ series, width: size.width, height: size.height, fullscreen, index, format, markers, scheme }),
          )
        : null,
    [series, size, fullscreen, index, format, markers, scheme],
  )
  const aligned = useMemo(() => alignSeries(series), [series])

  useEffect(() => {
    if (model) draw(model)
  }, [model, draw])

  // Measure the chart's box for touches that carry client coordinates.
  const measure = () => {
    measureBox(`#${id}-touch`, (found) => {
      if (found) box.current = { left: found.left, top: found.top }
    })
  }

  const onTouch = (e: TouchEventLike & { currentTarget?: unknown }) => {
    if (!model) return
    const touch = firstTouch(e)
    if (!touch) return
    const el = e.currentTarget as { getBoundingClientRect?: () => { left: number; top: number } } | undefined
    const rect = typeof el?.getBoundingClientRect === 'function' ? el.getBoundingClientRect() : box.current
    const x = touchChartX(touch, rect, rotated)
    if (x === null) return
    const i = indexAtX(x, model)
    if (i !== active) {
      setActive(i)
      onTooltip?.(tooltipAt(aligned, series, i, format, scheme))
    }
  }
  const onEnd = () => {
    setActive(-1)
    onTooltip?.(null)
  }

  const info = model && active >= 0 ? tooltipAt(aligned, series, active, format, scheme) : null
  const crossX = model && info ? xToPx(info.index, model.dates.length, model.plot) : 0
  const onRight = model ? crossX < model.plot.left + model.plot.width / 2 : true

  const surfaceStyle: CSSProperties = { height: `${height}px` }
  if (props.width) surfaceStyle.width = `${props.width}px`

  return (
    <View
      id={`${id}-touch`}
      className='alfa-chart__surface'
      style={surfaceStyle}
      data-points={model ? model.drawn.length : undefined}
      data-width={model ? model.width : undefined}
      onTouchStart={(e) => {
        measure()
        onTouch(e)
      }}
      onTouchMove={(e) => onTouch(e)}
      onTouchEnd={onEnd}
      onTouchCancel={onEnd}
    >
      <CanvasHost id={id} className='alfa-chart__host' />
      {model && info && (
        <View className='alfa-chart__cross' aria-hidden>
          <View
            className='alfa-chart__cross-line'
            style={{ left: `${crossX}px`, top: `${model.plot.top}px`, height: `${model.plot.height}px` }}
          />
          {info.items.map((item, k) =>
            item.value === null ? null : (
              <View
                key={k}
                className='alfa-chart__cross-dot'
                style={{ left: `${crossX}px`, top: `${yToPx(item.value, model.yMin, model.yMax, model.plot)}px`, background: item.color }}
              />
            ),
          )}
          <View
            className='alfa-chart__tip'
            style={
              onRight
                ? { left: `${crossX + 8}px`, top: `${model.plot.top}px` }
                : { right: `${model.width - crossX + 8}px`, top: `${model.plot.top}px` }
            }
          >
            <Text className='alfa-chart__tip-date'>{info.date}</Text>
            {info.items.map((item, k) => (
              <View key={k} className='alfa-chart__tip-row'>
                <View className='alfa-chart__tip-swatch' style={{ background: item.color }} />
                <Text className='alfa-chart__tip-name'>{item.name}</Text>
                <Text className='alfa-chart__tip-value'>{item.text}</Text>
              </View>
            ))}
          </View>
        </View>
      )}
    </View>
  )
}
