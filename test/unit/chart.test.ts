import {
  BENCHMARK_COLOR,
  BENCHMARK_COLOR_DARK,
  GRID,
  LINE_COLOR,
  LINE_WIDTH,
  X_TICK_FRACTIONS,
  Y_SPLITS,
} from '@/components/Chart/constants'
import {
  alignSeries,
  buildChartModel,
  chartData,
  formatValue,
  indexAtX,
  indexOfDate,
  plotRect,
  seriesColor,
  tooltipAt,
  xTickIndices,
  xToPx,
  yRange,
  niceTicks,
} from '@/components/Chart/model'
import { firstTouch, touchChartX } from '@/components/Chart/touch'
import type { ChartSeries } from '@/components/Chart/types'

/** 2,500 trading days from 2015-01-05 (weekdays), two series, deterministic. */
function tenYears(n = 2500): ChartSeries[] {
  let s = 11
  const rnd = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648
  const a: ChartSeries['data'] = []
  const b: ChartSeries['data'] = []
  let x = 0
  let y = 0
  const d = new Date(Date.UTC(2015, 0, 5))
  while (a.length < n) {
    if (d.getUTCDay() % 6 !== 0) {
      x += (rnd() - 0.48) * 2
      y += (rnd() - 0.49) * 1
      const date = d.toISOString().slice(0, 10)
      a.push({ date, value: x })
      b.push({ date, value: y })
    }
    d.setUTCDate(d.getUTCDate() + 1)
  }
  return [
    { name: '策略', data: a },
    { name: '业绩基准', data: b },
  ]
}

describe('spec defaults', () => {
  it('are the named constants of spec section 9', () => {
    expect(GRID).toEqual({ left: 48, right: 20, top: 10, bottom: 30 })
    expect(Y_SPLITS).toBe(3)
    expect(LINE_COLOR).toBe('#3388FF')
    expect(LINE_WIDTH).toBe(1)
    expect(X_TICK_FRACTIONS).toEqual([0, 0.5, 1])
  })

  it('gives the plot area inside the grid', () => {
    expect(plotRect(375, 200)).toEqual({ left: 48, top: 10, width: 307, height: 160 })
  })
})

describe('colours', () => {
  it('draws the first series blue and the others grey unless a colour is given', () => {
    expect(seriesColor({}, 0)).toBe(LINE_COLOR)
    expect(seriesColor({}, 1)).toBe(BENCHMARK_COLOR)
    expect(seriesColor({}, 2, 'dark')).toBe(BENCHMARK_COLOR_DARK)
    expect(seriesColor({ color: '#FF0000' }, 1)).toBe('#FF0000')
  })
})

describe('a 10-year daily series on a 375 px canvas', () => {
  const series = tenYears()
  const model = buildChartModel({ series, width: 375, height: 200 })

  it('draws no more points than the canvas is wide, peaks and troughs included', () => {
    expect(model.dates).toHaveLength(2500)
    expect(model.drawn.length).toBeLessThanOrEqual(375)
    expect(model.drawn.length).toBeLessThanOrEqual(307)
    expect(model.drawn.length).toBeGreaterThan(250)
    const values = series[0].data.map((p) => p.value as number)
    const drawn = model.lines[0].points.map((p) => p.v as number)
    expect(Math.max(...drawn)).toBe(Math.max(...values))
    expect(Math.min(...drawn)).toBe(Math.min(...values))
    // Both series on the same x positions.
    expect(model.lines[1].points.map((p) => p.i)).toEqual(model.lines[0].points.map((p) => p.i))
    expect(chartData(model)).toHaveLength(model.drawn.length * 2)
  })

  it('labels the first, middle and last dates at the plot edges and centre', () => {
    expect(model.xTicks.map((t) => t.index)).toEqual([0, 1250, 2499])
    expect(model.xTicks.map((t) => t.label)).toEqual([series[0].data[0].date, series[0].data[1250].date, series[0].data[2499].date])
    expect(model.xTicks.map((t) => t.pos)).toEqual([48, 48 + 307 * (1250 / 2499), 355])
    expect(model.xTicks.map((t) => t.align)).toEqual(['start', 'center', 'end'])
    expect(model.xTicks[0].label).toBe('2015-01-05')
  })

  it('adds the quarter points in fullscreen', () => {
    const fs = buildChartModel({ series, width: 667, height: 327, fullscreen: true })
    expect(fs.xTicks.map((t) => t.index)).toEqual([0, 625, 1250, 1874, 2499])
    expect(fs.drawn.length).toBeLessThanOrEqual(667 - 48 - 20)
  })

  it('splits the y axis in 3 equal parts covering every value', () => {
    expect(model.yTicks).toHaveLength(Y_SPLITS + 1)
    const all = series.flatMap((s) => s.data.map((p) => p.value as number))
    expect(model.yMin).toBeLessThan(Math.min(...all))
    expect(model.yMax).toBeGreaterThan(Math.max(...all))
    const steps = model.yTicks.slice(1).map((t, k) => t.value - model.yTicks[k].value)
    steps.forEach((step) => expect(step).toBeCloseTo(steps[0], 9))
    expect(model.yTicks[0].pos).toBe(170)
    expect(model.yTicks[3].pos).toBe(10)
    model.yTicks.forEach((t) => expect(t.label).toMatch(/^-?\d+\.\d{2}%$/))
  })

  it('draws the selected series last (on top)', () => {
    expect(model.drawOrder).toEqual(['s1', 's0'])
    expect(buildChartModel({ series, width: 375, height: 200, index: 1 }).drawOrder).toEqual(['s0', 's1'])
  })

  it('finds the date under the finger and writes the crosshair text', () => {
    const i = indexAtX(48 + 307 / 2, model)
    expect(model.drawn).toContain(i)
    expect(Math.abs(i - 1249.5)).toBeLessThan(20)
    expect(indexAtX(0, model)).toBe(0)
    expect(indexAtX(1000, model)).toBe(2499)
    const tip = tooltipAt(alignSeries(series), series, 0, 'percent')
    expect(tip).toEqual({
      index: 0,
      date: '2015-01-05',
      items: [
        { name: '策略', color: LINE_COLOR, value: series[0].data[0].value, text: formatValue(series[0].data[0].value, 'percent', true) },
        {
          name: '业绩基准',
          color: BENCHMARK_COLOR,
          value: series[1].data[0].value,
          text: formatValue(series[1].data[0].value, 'percent', true),
        },
      ],
    })
  })
})

describe('formatting', () => {
  it('writes percent, ratio and NAV values', () => {
    expect(formatValue(12.345, 'percent', true)).toBe('+12.35%')
    expect(formatValue(-1.2, 'percent')).toBe('-1.20%')
    expect(formatValue(0.0123, 'ratio', true)).toBe('+1.23%')
    expect(formatValue(1.23456, 'nav')).toBe('1.2346')
    expect(formatValue(null, 'nav')).toBe('--')
    expect(formatValue(3, (v) => `${v}x`)).toBe('3x')
  })

  it('writes the tooltip with -- for a missing value', () => {
    const series: ChartSeries[] = [
      {
        name: '净值',
        data: [
          { date: '2024-01-02', value: 1.5 },
          { date: '2024-01-03', value: 1.6 },
        ],
      },
      { name: '基准', data: [{ date: '2024-01-03', value: 1.1 }] },
    ]
    const aligned = alignSeries(series)
    expect(aligned.values).toEqual([
      [1.5, 1.6],
      [null, 1.1],
    ])
    expect(tooltipAt(aligned, series, 0, 'nav')?.items.map((i) => i.text)).toEqual(['1.5000', '--'])
  })
})

describe('scales and ticks', () => {
  it('widens a flat or empty range', () => {
    expect(yRange([[null, null]])).toEqual({ min: 0, max: 1.5, ticks: [0, 0.5, 1, 1.5] })
    const flat = yRange([[2, 2]])
    expect(flat.min).toBeLessThan(2)
    expect(flat.max).toBeGreaterThan(2)
  })

  it('labels sit on round values (UI.md), three splits covering the data', () => {
    // A return chart from -6.6% to +21.1%: 0.1 steps from -10% to 20% do not reach 21.1%, 0.2 steps do.
    expect(niceTicks(-0.066, 0.211, 3)).toEqual({ min: -0.2, max: 0.4, ticks: [-0.2, 0, 0.2, 0.4] })
    expect(niceTicks(0.031, 0.21, 3)).toEqual({ min: 0, max: 0.3, ticks: [0, 0.1, 0.2, 0.3] })
    // NAVs from 1.04 to 1.29 in 0.1 steps; to 1.31 the next round step, 0.2.
    expect(niceTicks(1.04, 1.29, 3)).toEqual({ min: 1, max: 1.3, ticks: [1, 1.1, 1.2, 1.3] })
    expect(niceTicks(1.04, 1.31, 3).ticks).toEqual([1, 1.2, 1.4, 1.6])
    for (const [lo, hi] of [
      [-0.5, 0.73],
      [0.0001, 0.0009],
      [12.3, 4567.8],
    ]) {
      const t = niceTicks(lo, hi, 3)
      expect(t.min).toBeLessThanOrEqual(lo)
      expect(t.max).toBeGreaterThanOrEqual(hi)
      expect(t.ticks).toHaveLength(4)
    }
  })

  it('does not repeat ticks of a short series', () => {
    expect(xTickIndices(1)).toEqual([0])
    expect(xTickIndices(2)).toEqual([0, 1])
    expect(xTickIndices(3, true)).toEqual([0, 1, 2])
    expect(xTickIndices(0)).toEqual([])
  })

  it('finds a date or the next trading day', () => {
    const dates = ['2024-01-02', '2024-01-03', '2024-01-05']
    expect(indexOfDate(dates, '2024-01-03')).toBe(1)
    expect(indexOfDate(dates, '2024-01-04')).toBe(2)
    expect(indexOfDate(dates, '2024-02-01')).toBe(-1)
  })
})

describe('markers', () => {
  const series = tenYears(600)
  it('are drawn only when given', () => {
    const none = buildChartModel({ series, width: 375, height: 200 })
    expect(none.markers).toEqual({ adjustments: [] })
  })

  it('place drawdown, adjustments and peak on the first series', () => {
    const dates = series[0].data.map((p) => p.date)
    const model = buildChartModel({
      series,
      width: 375,
      height: 200,
      markers: { maxDrawdown: { start: dates[100], end: dates[200] }, adjustments: [dates[50], dates[50], dates[300]], peak: true },
    })
    expect(model.markers.drawdown?.x1).toBeCloseTo(xToPx(100, 600, model.plot))
    expect(model.markers.drawdown?.x2).toBeCloseTo(xToPx(200, 600, model.plot))
    expect(model.markers.adjustments.map((p) => p.index)).toEqual([50, 300])
    const values = series[0].data.map((p) => p.value as number)
    expect(model.markers.peak?.index).toBe(values.indexOf(Math.max(...values)))
    expect(model.markers.peak?.label).toBe(formatValue(Math.max(...values), 'percent', true))
  })
})

describe('touch', () => {
  it('reads canvas-local x, client x, and client y when rotated', () => {
    expect(touchChartX({ x: 40, clientX: 100 }, { left: 10, top: 0 })).toBe(40)
    expect(touchChartX({ clientX: 100, clientY: 300 }, { left: 10, top: 50 })).toBe(90)
    expect(touchChartX({ clientX: 100, clientY: 300 }, { left: 10, top: 50 }, true)).toBe(250)
    expect(firstTouch({ changedTouches: [{ clientX: 1 }] })).toEqual({ clientX: 1 })
    expect(firstTouch({})).toBeNull()
  })
})
