import type { Queryable } from '../db'
import { benchmarkInfos, benchmarkValueRows } from './data'

/** One index and its weight in a fund's comparison benchmark. */
export interface BenchmarkWeight {
  indexCode: string
  weight: number
}

/**
 * Parses a benchmark as the import format writes it: an index code (000300), or weights joined
 * by + (000300*0.6+H11001*0.4). Weights must be positive and add up to 1. Returns the reason
 * when the text is not a benchmark.
 */
export function parseBenchmark(text: string): BenchmarkWeight[] | string {
  const parts = text.split('+').map((p) => p.trim())
  if (parts.length === 1 && /^[\w.-]{1,32}$/.test(parts[0])) return [{ indexCode: parts[0], weight: 1 }]
  const out: BenchmarkWeight[] = []
  for (const part of parts) {
    const m = /^([\w.-]{1,32})\s*\*\s*(\d+(?:\.\d+)?)$/.exec(part)
    if (!m || !(Number(m[2]) > 0)) return `"${part}" is not INDEX*WEIGHT (e.g. 000300*0.6)`
    out.push({ indexCode: m[1], weight: Number(m[2]) })
  }
  const total = out.reduce((a, b) => a + b.weight, 0)
  if (Math.abs(total - 1) > 0.0005) return `the weights add up to ${Number(total.toFixed(4))}, not 1`
  if (new Set(out.map((w) => w.indexCode)).size !== out.length) return 'an index appears twice'
  return out
}

/**
 * A fund's comparison line from `from` to `to`, rebased to 1 on its first day: one index as it
 * is, or a weighted mix rebalanced daily (each day's return is the weighted sum of the indexes'
 * returns, on the days every index has a value). Null when an index is unknown or has no values.
 */
export async function fundBenchmark(q: Queryable, spec: string, from: string | null, to: string) {
  const weights = parseBenchmark(spec)
  if (typeof weights === 'string') return null
  const codes = weights.map((w) => w.indexCode)
  const infos = await benchmarkInfos(q, codes)
  if (infos.length !== codes.length) return null
  const rows = await benchmarkValueRows(q, codes, from, to)
  if (!rows.length) return null
  const history: Array<{ date: string; value: string }> = []
  let level = 1
  rows.forEach((r, i) => {
    if (i > 0) {
      const prev = rows[i - 1].values
      level *= 1 + weights.reduce((sum, w, k) => sum + w.weight * (Number(r.values[k]) / Number(prev[k]) - 1), 0)
    }
    history.push({ date: r.date, value: level.toFixed(4) })
  })
  const byCode = new Map(infos.map((i) => [i.indexCode, i]))
  if (weights.length === 1) return { ...byCode.get(codes[0])!, history }
  const label = weights.map((w) => `${Number((w.weight * 100).toFixed(2))}%${byCode.get(w.indexCode)!.indexShortName}`).join('+')
  return { indexCode: spec, indexShortName: label, name: label, description: '各指数按权重每日再平衡', history }
}
