/**
 * F2 itself, drawing a ChartModel through the legacy-context adapter (what Baidu gets) onto a
 * recording context: the commands must arrive through the legacy setters and draw(true), and the
 * line must pass through the model's positions (peak included).
 */
import { buildChartModel } from '@/components/Chart/model'
import { startChart } from '@/components/Chart/draw'
import { recordingSurface } from '../support/canvas'
import type { ChartSeries } from '@/components/Chart/types'

function series(n: number): ChartSeries[] {
  const d0 = Date.UTC(2015, 0, 5)
  const data = Array.from({ length: n }, (_, i) => ({
    date: new Date(d0 + i * 86400000).toISOString().slice(0, 10),
    value: Math.sin(i / 40) * 20 + (i === Math.floor(n * 0.7) ? 60 : 0),
  }))
  return [{ name: '策略', data }]
}

it('draws the downsampled line through the legacy adapter, peak included', async () => {
  const { calls, surface, drawn } = recordingSurface(375, 200)
  const model = buildChartModel({ series: series(2500), width: 375, height: 200, markers: { peak: true } })
  const runtime = startChart(surface, model)
  await drawn()
  runtime.destroy()

  expect(calls.some((c) => c[0] === 'draw' && c[1] === true)).toBe(true)
  expect(calls.some((c) => c[0] === 'setStrokeStyle' && c[1] === '#3388FF')).toBe(true)
  // Absolute positions of every path point (G draws each shape under its own translation).
  let t = [1, 0, 0, 1, 0, 0]
  const points: Array<{ x: number; y: number }> = []
  for (const c of calls) {
    if (c[0] === 'setTransform') t = c.slice(1) as number[]
    if (c[0] === 'lineTo' || c[0] === 'moveTo') {
      const [x, y] = c.slice(1) as number[]
      points.push({ x: t[0] * x + t[2] * y + t[4], y: t[1] * x + t[3] * y + t[5] })
    }
  }
  expect(points.length).toBeGreaterThanOrEqual(model.drawn.length)
  // Every drawn point of the line is where the model puts it, the peak included.
  const peak = model.markers.peak!
  expect(points.some((p) => Math.abs(p.x - peak.x) < 0.01 && Math.abs(p.y - peak.y) < 0.01)).toBe(true)
  const last = model.lines[0].points[model.lines[0].points.length - 1]
  const lastY = model.plot.top + model.plot.height - ((last.v! - model.yMin) / (model.yMax - model.yMin)) * model.plot.height
  expect(points.some((p) => Math.abs(p.x - 355) < 0.01 && Math.abs(p.y - lastY) < 0.01)).toBe(true)
})
