/**
 * Demo market indices: deterministic series from a seed per index code, so every server and
 * every test sees the same figures. The latest trading day is the demo data's last day.
 */

export interface MarketIndexDef {
  indexCode: string
  indexName: string
  base: number
  sigma: number
}

export const MARKET_INDICES: readonly MarketIndexDef[] = [
  { indexCode: '000001', indexName: '上证指数', base: 3300, sigma: 0.012 },
  { indexCode: '399001', indexName: '深证成指', base: 10800, sigma: 0.015 },
  { indexCode: '399006', indexName: '创业板指', base: 2200, sigma: 0.019 },
  { indexCode: '000300', indexName: '沪深300', base: 3900, sigma: 0.013 },
  { indexCode: '000905', indexName: '中证500', base: 5800, sigma: 0.016 },
  { indexCode: '000688', indexName: '科创50', base: 1000, sigma: 0.021 },
  { indexCode: 'HSI', indexName: '恒生指数', base: 19500, sigma: 0.016 },
  { indexCode: 'HSTECH', indexName: '恒生科技', base: 4300, sigma: 0.024 },
]

/** The last trading day of the demo data. */
export const MARKET_LAST_DAY = '2026-09-30'
export const MAX_DAILY_POINTS = 500

/** mulberry32 seeded from a string. */
function random(seed: string): () => number {
  let h = 1779033703
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 3432918353)
  let a = h >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function gauss(next: () => number): number {
  return Math.sqrt(-2 * Math.log(next() || 1e-12)) * Math.cos(2 * Math.PI * next())
}

/** Weekdays ending on `last`, oldest first. */
export function tradingDaysBack(last: string, count: number): string[] {
  const out: string[] = []
  const d = new Date(`${last}T00:00:00Z`)
  while (out.length < count) {
    const w = d.getUTCDay()
    if (w !== 0 && w !== 6) out.push(d.toISOString().slice(0, 10))
    d.setUTCDate(d.getUTCDate() - 1)
  }
  return out.reverse()
}

export interface Quote {
  def: MarketIndexDef
  daily: { time: string; value: number }[]
}

const cache = new Map<string, Quote>()

/** The index's daily closes over MAX_DAILY_POINTS + 1 trading days. */
export function quote(def: MarketIndexDef): Quote {
  const hit = cache.get(def.indexCode)
  if (hit) return hit
  const next = random(`market:${def.indexCode}`)
  const days = tradingDaysBack(MARKET_LAST_DAY, MAX_DAILY_POINTS + 1)
  let v = def.base * (0.85 + 0.3 * next())
  const daily = days.map((time, i) => {
    if (i > 0) v *= 1 + 0.0002 + def.sigma * gauss(next)
    return { time, value: Math.round(v * 100) / 100 }
  })
  const q = { def, daily }
  cache.set(def.indexCode, q)
  return q
}

/** Minutes of a trading session: 09:30–11:30 and 13:00–15:00 (242 points). */
export function sessionMinutes(): string[] {
  const out: string[] = []
  const push = (from: number, to: number) => {
    for (let m = from; m <= to; m++) out.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`)
  }
  push(9 * 60 + 30, 11 * 60 + 30)
  push(13 * 60, 15 * 60)
  return out
}

/** A Brownian bridge from the previous close to the latest close over the session. */
export function intraday(q: Quote): { time: string; value: number }[] {
  const n = q.daily.length
  const from = q.daily[n - 2].value
  const to = q.daily[n - 1].value
  const minutes = sessionMinutes()
  const next = random(`intraday:${q.def.indexCode}:${q.daily[n - 1].time}`)
  const steps = minutes.length - 1
  let walk = 0
  const raw = minutes.map((_, i) => (i === 0 ? 0 : (walk += gauss(next))))
  return minutes.map((time, i) => {
    const bridge = raw[i] - (raw[steps] * i) / steps
    const value = from + ((to - from) * i) / steps + bridge * from * q.def.sigma * 0.08
    return { time, value: Math.round(value * 100) / 100 }
  })
}

export const points = (x: number) => x.toFixed(2)

export function summary(q: Quote) {
  const n = q.daily.length
  const latest = q.daily[n - 1].value
  const previousClose = q.daily[n - 2].value
  const change = Math.round((latest - previousClose) * 100) / 100
  return {
    indexCode: q.def.indexCode,
    indexName: q.def.indexName,
    date: q.daily[n - 1].time,
    latest: points(latest),
    previousClose: points(previousClose),
    change: points(change),
    changePercent: (Math.round((change / previousClose) * 1e6) / 1e6).toFixed(6),
    isDemo: true,
  }
}
