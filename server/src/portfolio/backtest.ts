import { annualizedReturn, maxDrawdown, monthsBefore } from '../fund/performance'

/**
 * A strategy's NAV from what it holds (a back-test): its composition at each adjustment, valued
 * with its funds' dividend-adjusted NAVs (fund/adjusted.ts). Pure: no database, no randomness.
 *
 * Definitions (server/README.md, "Strategy NAV"):
 * - The first composition is the set-up: the NAV is 1 on its date.
 * - A composition is effective on its date: the holdings are rebalanced to its weights at that
 *   day's adjusted NAVs (the value before and after rebalancing is the same; costs are ignored).
 * - Between adjustments the holdings drift with their funds: the NAV on a day is the sum of each
 *   fund's units times its adjusted NAV that day.
 * - A fund without a NAV on a day (a holiday of its market) counts at its last NAV before it.
 * - The series has a point on every day on which a fund of the composition in effect has a NAV,
 *   up to `end` or the last day on which every fund of the last composition has one.
 */

/** One fund's weight in a composition (weights of a composition add up to 1). */
export interface Holding {
  fundCode: string
  weight: number
}

/** A composition and the day it takes effect on. */
export interface Composition {
  date: string
  holdings: Holding[]
}

/** A fund's adjusted NAV on a trading day. */
export interface AdjustedPoint {
  date: string
  adjNav: number
}

export interface BacktestPoint {
  date: string
  nav: number
}

export interface BacktestResult {
  series: BacktestPoint[]
  /** Each composition's weights just before it took effect (drifted from the one before); the set-up's is empty. */
  drifted: Array<Map<string, number>>
}

/** Why a back-test cannot be computed (a composition that does not add up, a fund without NAVs). */
export class BacktestError extends Error {
  constructor(
    message: string,
    /** The index of the composition at fault. */
    readonly composition: number,
  ) {
    super(message)
    this.name = 'BacktestError'
  }
}

/** Weights may miss 1 by this much (whole basis points of rounded parts). */
export const WEIGHT_TOLERANCE = 1e-6

export function backtest(
  compositions: readonly Composition[],
  navs: ReadonlyMap<string, readonly AdjustedPoint[]>,
  end?: string,
): BacktestResult {
  if (!compositions.length) return { series: [], drifted: [] }
  compositions.forEach((c, i) => {
    if (i > 0 && c.date <= compositions[i - 1].date)
      throw new BacktestError(`composition ${c.date} is not after ${compositions[i - 1].date}`, i)
    const sum = c.holdings.reduce((s, h) => s + h.weight, 0)
    if (Math.abs(sum - 1) > WEIGHT_TOLERANCE) throw new BacktestError(`weights on ${c.date} add up to ${sum.toFixed(6)}, not 1`, i)
    for (const h of c.holdings) {
      if (!(h.weight >= 0)) throw new BacktestError(`weight of ${h.fundCode} on ${c.date} is negative`, i)
      const series = navs.get(h.fundCode)
      if (!series?.length || series[0].date > c.date) throw new BacktestError(`fund ${h.fundCode} has no NAV on or before ${c.date}`, i)
    }
  })
  const last = compositions[compositions.length - 1]
  let stop = end ?? '9999-12-31'
  for (const h of last.holdings) {
    const s = navs.get(h.fundCode)!
    if (h.weight > 0 && s[s.length - 1].date < stop) stop = s[s.length - 1].date
  }
  // Every day on which a fund held then has a NAV.
  const days = new Set<string>()
  compositions.forEach((c, i) => {
    const until = i + 1 < compositions.length ? compositions[i + 1].date : stop
    days.add(c.date)
    for (const h of c.holdings) for (const p of navs.get(h.fundCode)!) if (p.date >= c.date && p.date <= until) days.add(p.date)
  })
  const calendar = [...days].filter((d) => d <= stop).sort()

  // Each fund's last NAV on or before the day being valued (a cursor per fund: days only move forward).
  const cursor = new Map<string, number>()
  const priceOn = (code: string, day: string) => {
    const s = navs.get(code)!
    let i = cursor.get(code) ?? 0
    while (i + 1 < s.length && s[i + 1].date <= day) i++
    cursor.set(code, i)
    return s[i].adjNav
  }
  const series: BacktestPoint[] = []
  const drifted: Array<Map<string, number>> = []
  let units = new Map<string, number>()
  let next = 0
  for (const day of calendar) {
    let value = 1
    if (series.length) {
      value = 0
      for (const [code, u] of units) value += u * priceOn(code, day)
    }
    if (next < compositions.length && compositions[next].date === day) {
      const before = new Map<string, number>()
      if (series.length) for (const [code, u] of units) before.set(code, (u * priceOn(code, day)) / value)
      drifted.push(before)
      units = new Map()
      for (const h of compositions[next].holdings)
        if (h.weight > 0) units.set(h.fundCode, (units.get(h.fundCode) ?? 0) + (value * h.weight) / priceOn(h.fundCode, day))
      next++
    }
    series.push({ date: day, nav: value })
  }
  return { series, drifted }
}

/** A strategy's headline figures from its NAVs as stored (4 places), as the API computes its own from them. */
export interface NavFigures {
  /** Last NAV over the first, minus one. */
  total: number
  /** Compound annual growth over the calendar days (fund/performance.ts annualizedReturn); 0 for a single day. */
  annual: number
  /** Max drawdown since set-up and over the last year: negative rates (0 when the NAV never fell). */
  maxDrawdown: number
  lastYearDrawdown: number
}

export function navFigures(stored: ReadonlyArray<{ date: string; value: string }>): NavFigures {
  const last = stored[stored.length - 1]
  const yearAgo = monthsBefore(last.date, 12)
  return {
    total: Number(last.value) / Number(stored[0].value) - 1,
    annual: annualizedReturn(stored) ?? 0,
    maxDrawdown: maxDrawdown(stored).value,
    lastYearDrawdown: maxDrawdown(stored.filter((x) => x.date >= yearAgo)).value,
  }
}
