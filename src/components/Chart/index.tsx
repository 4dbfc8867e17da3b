import { View, Text } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from '@/hooks/observer'
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react'
import { currentHost } from '@/platform/host'
import { windowSize } from '@/platform/systemInfo'
import { theme } from '@/platform/theme'
import { ChartCanvas } from './ChartCanvas'
import { DEFAULT_HEIGHT } from './constants'
import {
  FULLSCREEN_OFF,
  fullscreenMode,
  isLandscape,
  nextFullscreen,
  type FullscreenEvent,
  type FullscreenMode,
  type WindowResizeResult,
} from './fullscreen'
import { seriesColor } from './model'
import type { ChartMarkers, ChartOptions, ChartSeries, TooltipInfo, ValueFormat } from './types'
import './index.scss'

export * from './constants'
export * from './periods'
export * from './types'
export { PeriodTabs } from './PeriodTabs'
export type { FullscreenMode } from './fullscreen'

export interface ChartProps {
  series: ChartSeries[]
  options?: ChartOptions
  /** Inline height in CSS px (default 200). */
  height?: number
  /** How values read: 'percent' (default), 'ratio' or 'nav', or a function. */
  format?: ValueFormat
  /** Max drawdown, adjustments, peak: each drawn only when given. */
  markers?: ChartMarkers
  /** Crosshair moves (null when the finger lifts). */
  onTooltip?: (info: TooltipInfo | null) => void
  /** Offer the fullscreen toggle (default true). */
  allowFullscreen?: boolean
  /**
   * Fullscreen turned on or off. In 'native' mode (the provider's iOS app from bundle 255) the
   * page asks the app to go fullscreen here, and sets options.fullscreen to false when the app
   * reports that fullscreen ended.
   */
  onFullscreenChange?: (on: boolean, mode: FullscreenMode) => void
  /** Version gate override (tests, or a page that knows better); default from the user agent. */
  fullscreenModeOverride?: FullscreenMode
}

/** The fund/strategy line chart: F2 on every target, crosshair, markers, fullscreen. */
export const Chart = observer(function Chart(props: ChartProps) {
  const {
    series,
    options = {},
    height = DEFAULT_HEIGHT,
    format = 'percent',
    markers,
    onTooltip,
    allowFullscreen = true,
    onFullscreenChange,
  } = props
  const scheme = theme.scheme
  const mode = useMemo(() => props.fullscreenModeOverride ?? fullscreenMode(currentHost()), [props.fullscreenModeOverride])
  const [fs, dispatch] = useReducer(
    (s: typeof FULLSCREEN_OFF, e: FullscreenEvent) => nextFullscreen(s, e, mode),
    options.fullscreen ? { on: true, mode } : FULLSCREEN_OFF,
  )
  const [win, setWin] = useState(windowSize)
  const [tip, setTip] = useState<TooltipInfo | null>(null)

  // options.fullscreen drives the state when the page sets it.
  const first = useRef(true)
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    dispatch({ type: options.fullscreen ? 'enter' : 'ended' })
  }, [options.fullscreen])

  const reported = useRef(fs.on)
  useEffect(() => {
    if (reported.current !== fs.on) {
      reported.current = fs.on
      onFullscreenChange?.(fs.on, mode)
    }
  }, [fs.on, mode, onFullscreenChange])

  // While fullscreen, follow the window: turning to landscape leaves the rotated view.
  useEffect(() => {
    if (!fs.on) return
    const onResize = (res: WindowResizeResult) => {
      const now = windowSize()
      setWin(now)
      dispatch({ type: 'resize', landscape: isLandscape(res, res.size || res.deviceOrientation ? undefined : now) })
    }
    Taro.onWindowResize(onResize)
    return () => Taro.offWindowResize(onResize as Parameters<typeof Taro.offWindowResize>[0])
  }, [fs.on])

  const handleTooltip = useCallback(
    (info: TooltipInfo | null) => {
      setTip(info)
      onTooltip?.(info)
    },
    [onTooltip],
  )

  const legend = options.categories ?? (series.length > 1 ? series.map((s) => s.name) : [])
  const legendRow = legend.length > 0 && (
    <View className='alfa-chart__legend'>
      {legend.map((name, k) => (
        <View key={k} className={`alfa-chart__legend-item${options.index === k ? ' alfa-chart__legend-item--active' : ''}`}>
          <View className='alfa-chart__legend-swatch' style={{ background: seriesColor(series[k] ?? {}, k, scheme) }} />
          <Text>{name}</Text>
          {tip?.items[k] && <Text className='alfa-chart__legend-value'>{tip.items[k].text}</Text>}
        </View>
      ))}
    </View>
  )

  const rotated = fs.on && fs.mode === 'rotated'
  const native = fs.on && fs.mode === 'native'
  return (
    <View className={`alfa-chart alfa-chart--${scheme}`}>
      {legendRow}
      {native ? (
        <ChartCanvas
          series={series}
          height={win.height - 40}
          fullscreen
          index={options.index}
          format={format}
          markers={markers}
          scheme={scheme}
          onTooltip={handleTooltip}
        />
      ) : (
        <ChartCanvas
          series={series}
          height={height}
          index={options.index}
          format={format}
          markers={markers}
          scheme={scheme}
          onTooltip={handleTooltip}
        />
      )}
      {allowFullscreen && (
        <View
          className='alfa-chart__toggle'
          role='button'
          aria-label={fs.on ? '退出全屏' : '全屏'}
          onClick={() => dispatch({ type: 'toggle' })}
        >
          {fs.on ? '退出全屏' : '全屏'}
        </View>
      )}
      {rotated && (
        <View className={`alfa-chart-fullscreen alfa-chart--${scheme}`}>
          <View
            className='alfa-chart-fullscreen__stage'
            style={{ width: `${win.height}px`, height: `${win.width}px`, left: `${win.width}px` }}
          >
            {legendRow}
            <ChartCanvas
              series={series}
              width={win.height}
              height={win.width - 48}
              fullscreen
              rotated
              index={options.index}
              format={format}
              markers={markers}
              scheme={scheme}
              onTooltip={handleTooltip}
            />
            <View
              className='alfa-chart__toggle alfa-chart__toggle--exit'
              role='button'
              aria-label='退出全屏'
              onClick={() => dispatch({ type: 'exit' })}
            >
              退出全屏
            </View>
          </View>
        </View>
      )}
    </View>
  )
})
