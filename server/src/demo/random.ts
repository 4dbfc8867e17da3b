/** A small seeded PRNG (mulberry32) so the demo data set is the same on every machine. */
export class Random {
  private state: number
  constructor(seed: number) {
    this.state = seed >>> 0
  }
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0)
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  int(min: number, maxInclusive: number): number {
    return min + Math.floor(this.next() * (maxInclusive - min + 1))
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]
  }
  chance(p: number): boolean {
    return this.next() < p
  }
  /** Standard normal (Box–Muller). */
  gauss(): number {
    const u = 1 - this.next()
    const v = this.next()
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v)
  }
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1))
      ;[items[i], items[j]] = [items[j], items[i]]
    }
    return items
  }
}

const DAY = 86_400_000
export const toDate = (ms: number) => new Date(ms).toISOString().slice(0, 10)
export const fromDate = (s: string) => Date.parse(`${s}T00:00:00Z`)
export const addDays = (s: string, days: number) => toDate(fromDate(s) + days * DAY)

/** First days of the Spring Festival closures, 2017–2026. */
const SPRING_FESTIVAL = [
  '2017-01-27',
  '2018-02-15',
  '2019-02-04',
  '2020-01-24',
  '2021-02-11',
  '2022-01-31',
  '2023-01-21',
  '2024-02-10',
  '2025-01-28',
  '2026-02-16',
]

/** Trading days (weekdays without the main Chinese market holidays) from `from` to `to`, inclusive. */
export function tradingDays(from: string, to: string): string[] {
  const closed = new Set<string>()
  for (const start of SPRING_FESTIVAL) for (let i = 0; i < 7; i++) closed.add(addDays(start, i))
  for (let y = 2016; y <= 2027; y++) {
    closed.add(`${y}-01-01`)
    for (let d = 1; d <= 5; d++) closed.add(`${y}-05-0${d}`)
    for (let d = 1; d <= 7; d++) closed.add(`${y}-10-0${d}`)
  }
  const days: string[] = []
  for (let t = fromDate(from); t <= fromDate(to); t += DAY) {
    const wd = new Date(t).getUTCDay()
    const s = toDate(t)
    if (wd !== 0 && wd !== 6 && !closed.has(s)) days.push(s)
  }
  return days
}
