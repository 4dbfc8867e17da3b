/**
 * Downsampling of chart series by LTTB (largest triangle three buckets, Steinarsson 2013),
 * extended so that the drawn shape stays honest:
 * - the first and last points are kept;
 * - every series' global maximum and minimum (its peak and trough) are kept;
 * - the ends of every run of values around a gap (null) are kept, with one null inside the gap,
 *   so a gap still breaks the line and a line still starts and ends where its data does;
 * - several series are downsampled together onto one set of indices, so that a crosshair at one
 *   x position finds every series there.
 * The result is a sorted list of indices into the input, of length at most `threshold`.
 */

/** One series' values on the shared x positions; null is a gap. */
export type SeriesValues = ReadonlyArray<number | null | undefined>

const isValue = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v)

/** Indices that must survive downsampling: ends, extremes and gap edges of every series. */
export function requiredIndices(series: ReadonlyArray<SeriesValues>, length: number): { core: number[]; gaps: number[] } {
  const core = new Set<number>()
  const gaps = new Set<number>()
  if (length > 0) {
    core.add(0)
    core.add(length - 1)
  }
  for (const values of series) {
    let max = -1
    let min = -1
    for (let i = 0; i < length; i += 1) {
      const v = values[i]
      if (!isValue(v)) continue
      if (max < 0 || v > (values[max] as number)) max = i
      if (min < 0 || v < (values[min] as number)) min = i
    }
    if (max >= 0) core.add(max)
    if (min >= 0) core.add(min)
    // Segment ends, and the first null of every gap between two segments.
    let seenValue = false
    for (let i = 0; i < length; i += 1) {
      const here = isValue(values[i])
      const prev = i > 0 && isValue(values[i - 1])
      const next = i < length - 1 && isValue(values[i + 1])
      if (here && (!prev || !next)) gaps.add(i)
      if (here) seenValue = true
      else if (seenValue && prev) {
        // First null after a segment: keep it if another segment follows.
        let j = i + 1
        while (j < length && !isValue(values[j])) j += 1
        if (j < length) gaps.add(i)
      }
    }
  }
  for (const i of core) gaps.delete(i)
  return { core: [...core].sort((a, b) => a - b), gaps: [...gaps].sort((a, b) => a - b) }
}

/** Value range of each series (for normalising triangle areas across series of different scales). */
function spans(series: ReadonlyArray<SeriesValues>, length: number): number[] {
  return series.map((values) => {
    let lo = Infinity
    let hi = -Infinity
    for (let i = 0; i < length; i += 1) {
      const v = values[i]
      if (!isValue(v)) continue
      if (v < lo) lo = v
      if (v > hi) hi = v
    }
    return hi > lo ? hi - lo : 1
  })
}

/**
 * Plain multi-series LTTB: `threshold` indices (first and last included) chosen from 0..length-1.
 * In each bucket the point whose triangle (with the previous choice and the next bucket's average)
 * has the largest area summed over the series, each normalised by its range, is kept. Nulls take
 * no part in a triangle; a bucket where every series is null keeps its first index.
 */
export function lttbIndices(series: ReadonlyArray<SeriesValues>, length: number, threshold: number): number[] {
  if (threshold >= length || length <= 2) return Array.from({ length }, (_, i) => i)
  if (threshold < 1) return []
  if (threshold === 1) return [0]
  if (threshold === 2) return [0, length - 1]
  const scale = spans(series, length)
  const out: number[] = [0]
  const bucket = (length - 2) / (threshold - 2)
  let a = 0
  for (let b = 0; b < threshold - 2; b += 1) {
    const start = Math.floor(b * bucket) + 1
    const end = Math.min(Math.floor((b + 1) * bucket) + 1, length - 1)
    // Average of the next bucket (the last point for the last bucket).
    const nextStart = end
    const nextEnd = Math.min(Math.floor((b + 2) * bucket) + 1, length)
    let best = start
    let bestArea = -1
    const avgX = (nextStart + Math.max(nextEnd - 1, nextStart)) / 2
    const avgY = series.map((values) => {
      let sum = 0
      let count = 0
      for (let i = nextStart; i < Math.max(nextEnd, nextStart + 1); i += 1) {
        const v = values[i]
        if (isValue(v)) {
          sum += v
          count += 1
        }
      }
      return count ? sum / count : null
    })
    for (let i = start; i < end; i += 1) {
      let area = 0
      let counted = false
      series.forEach((values, s) => {
        const ya = values[a]
        const yi = values[i]
        const yn = avgY[s]
        if (!isValue(ya) || !isValue(yi) || yn === null) return
        counted = true
        area += Math.abs((a - avgX) * (yi - ya) - (a - i) * (yn - ya)) / scale[s]
      })
      if (counted && area > bestArea) {
        bestArea = area
        best = i
      }
    }
    out.push(best)
    a = best
  }
  out.push(length - 1)
  return out
}

/**
 * Indices to draw so that at most `threshold` points remain, with the guarantees listed at the
 * top of this file. `series` are value arrays on the same x positions (index i of each is the same
 * date); `length` is their common length.
 */
export function downsampleIndices(series: ReadonlyArray<SeriesValues>, length: number, threshold: number): number[] {
  const limit = Math.max(0, Math.floor(threshold))
  if (length <= limit) return Array.from({ length }, (_, i) => i)
  const { core, gaps } = requiredIndices(series, length)
  // Gap edges take at most half of the room left; the ends and extremes are always kept.
  const room = Math.max(0, limit - core.length)
  const kept = new Set<number>(core.slice(0, limit))
  for (const g of gaps.slice(0, Math.floor(room / 2))) kept.add(g)
  // LTTB fills what is left; its own first and last are the series' ends, already counted.
  const lttbBudget = limit - kept.size + 2
  if (lttbBudget > 2) {
    for (const i of lttbIndices(series, length, lttbBudget)) {
      if (kept.size >= limit) break
      kept.add(i)
    }
  }
  return [...kept].sort((x, y) => x - y)
}

/** Picks `indices` out of `values`. */
export function pick<T>(values: ReadonlyArray<T>, indices: ReadonlyArray<number>): T[] {
  return indices.map((i) => values[i])
}
