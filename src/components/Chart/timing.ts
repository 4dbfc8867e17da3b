/**
 * The chart's work on the browser's performance timeline (scripts/bench-chart.mjs reads it): the
 * model (alignment, downsampling to the canvas width, scales) and F2's draw call, the render of the frame that shows it, and draw-to-frame, as `performance.measure`
 * entries named CHART_MEASURES. Hosts without `performance.measure` (the mini-programs) just run the work.
 */
export const CHART_MEASURES = {
  model: 'alfa-chart-model',
  draw: 'alfa-chart-draw',
  paint: 'alfa-chart-paint',
  frame: 'alfa-chart-frame',
} as const

type Timeline = Pick<Performance, 'now' | 'measure'>

const timeline = (): Timeline | null =>
  typeof performance !== 'undefined' && typeof performance.measure === 'function' && typeof performance.now === 'function'
    ? performance
    : null

/** Runs `work`, recording its duration as the measure `name` where the host has a timeline. */
export function timed<T>(name: string, work: () => T, clock: Timeline | null = timeline()): T {
  if (!clock) return work()
  const start = clock.now()
  try {
    return work()
  } finally {
    clock.measure(name, { start, end: clock.now() })
  }
}

/** A start time, and a function recording the measure `name` from it to now (once). */
export function measureFrom(name: string, clock: Timeline | null = timeline()): () => void {
  if (!clock) return () => undefined
  const start = clock.now()
  let done = false
  return () => {
    if (done) return
    done = true
    clock.measure(name, { start, end: clock.now() })
  }
}
