import { downsampleIndices, lttbIndices, pick, requiredIndices } from '@/utils/downsample'

/** A deterministic random walk of `n` points. */
function walk(n: number, seed = 7, scale = 1): number[] {
  let s = seed
  let v = 0
  return Array.from({ length: n }, () => {
    s = (s * 1103515245 + 12345) % 2147483648
    v += (s / 2147483648 - 0.5) * scale
    return v
  })
}

const argmax = (a: ReadonlyArray<number | null>) =>
  a.reduce<number>((best, v, i) => (v !== null && (best < 0 || v > (a[best] as number)) ? i : best), -1)
const argmin = (a: ReadonlyArray<number | null>) =>
  a.reduce<number>((best, v, i) => (v !== null && (best < 0 || v < (a[best] as number)) ? i : best), -1)

describe('downsampleIndices', () => {
  const n = 2500
  const strategy = walk(n, 7)
  const benchmark = walk(n, 99, 0.5)

  it('keeps at most the threshold, in order, with first and last', () => {
    for (const threshold of [307, 100, 50, 16]) {
      const idx = downsampleIndices([strategy], n, threshold)
      expect(idx.length).toBeLessThanOrEqual(threshold)
      expect(idx.length).toBeGreaterThan(threshold * 0.9)
      expect(idx[0]).toBe(0)
      expect(idx[idx.length - 1]).toBe(n - 1)
      for (let k = 1; k < idx.length; k += 1) expect(idx[k]).toBeGreaterThan(idx[k - 1])
    }
  })

  it('keeps the global peak and trough of every series', () => {
    const idx = downsampleIndices([strategy, benchmark], n, 100)
    expect(idx).toEqual(expect.arrayContaining([argmax(strategy), argmin(strategy), argmax(benchmark), argmin(benchmark)]))
    const drawn = pick(strategy, idx)
    expect(Math.max(...drawn)).toBe(Math.max(...strategy))
    expect(Math.min(...drawn)).toBe(Math.min(...strategy))
  })

  it('gives all series the same x positions', () => {
    const idx = downsampleIndices([strategy, benchmark], n, 200)
    const a = pick(strategy, idx)
    const b = pick(benchmark, idx)
    expect(a).toHaveLength(b.length)
    idx.forEach((i, k) => {
      expect(a[k]).toBe(strategy[i])
      expect(b[k]).toBe(benchmark[i])
    })
  })

  it('keeps a gap as a gap, with the points on both sides of it', () => {
    const gapped: Array<number | null> = strategy.map((v, i) => (i >= 1000 && i < 1100 ? null : v))
    const idx = downsampleIndices([gapped], n, 100)
    expect(idx).toEqual(expect.arrayContaining([999, 1100]))
    expect(idx.some((i) => i >= 1000 && i < 1100 && gapped[i] === null)).toBe(true)
    expect(idx.length).toBeLessThanOrEqual(100)
  })

  it('handles a series that starts late (leading nulls)', () => {
    const late: Array<number | null> = benchmark.map((v, i) => (i < 300 ? null : v))
    const idx = downsampleIndices([strategy, late], n, 120)
    expect(idx).toContain(300)
    expect(idx.length).toBeLessThanOrEqual(120)
  })

  it('returns everything when the series is short enough', () => {
    expect(downsampleIndices([[1, 2, 3]], 3, 10)).toEqual([0, 1, 2])
    expect(downsampleIndices([[]], 0, 10)).toEqual([])
  })

  it('keeps a single spike that plain bucketing would average away', () => {
    const flat = Array.from({ length: n }, (_, i) => (i === 1234 ? 50 : 0))
    expect(downsampleIndices([flat], n, 40)).toContain(1234)
  })
})

describe('lttbIndices', () => {
  it('picks exactly the threshold and the largest triangles', () => {
    const data = [0, 0, 0, 10, 0, 0, 0, 0, -10, 0, 0]
    const idx = lttbIndices([data], data.length, 4)
    expect(idx).toEqual([0, 3, 8, 10])
  })

  it('lists required indices: ends, extremes and gap edges', () => {
    const { core, gaps } = requiredIndices([[1, 5, null, null, 2, -3, 4]], 7)
    expect(core).toEqual([0, 1, 5, 6])
    expect(gaps).toEqual(expect.arrayContaining([2, 4]))
  })
})
