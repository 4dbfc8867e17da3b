/**
 * The regular-investment (定投) calculator of issue #25: what a plan of equal purchases of one fund
 * would have become, against the same money invested at once. It runs on the one return engine's
 * output (fund/adjusted.ts): the distributions and splits reconcile() applies and the adjusted NAV
 * adjustSeries() computes from them; it adds no return definition of its own.
 *
 * Rules (server/README.md, "Regular-investment calculator"):
 * - Purchases are scheduled on a weekday (weekly, every two weeks from the first one on or after
 *   the start) or a day of the month (1–28); a day without a NAV (the fund's NAV dates are its
 *   trading days) moves to the next NAV day. A purchase whose NAV day falls after the end is not made.
 * - Fees are front-end fees the Chinese way (价外费用): net = amount / (1 + rate), fee = amount − net,
 *   units = net / unit NAV of the purchase day. Units and fees are not rounded (a fund rounds units
 *   to 0.01; the difference is below 0.01 元 per purchase).
 * - A distribution pays units held before its ex-date × cash per unit (a purchase on the ex-date
 *   buys at the ex-date NAV and gets none); a split multiplies the units. Reinvested: the cash buys
 *   units at the unit NAV of the engine's reinvestment day (the ex-date, or the later day the
 *   distribution names, cash held beside the units until then), as adjustSeries() does; so a lump
 *   sum's return is the fund's adjusted-NAV return less the fee. Paid in cash: it is paid on that
 *   day and counted in the profit and the XIRR.
 * - Value on a day = units × unit NAV (+ cash paid so far, for the chart and the profit); profit =
 *   value at the end + cash paid − amounts invested; total return = profit / invested; annualised
 *   return = XIRR of the cash flows (purchases out, cash dividends and the end value in), Actual/365.
 */
import { adjustSeries, type FundEvent, type RawNav } from '../fund/adjusted'

export type AipFrequency = 'WEEKLY' | 'BIWEEKLY' | 'MONTHLY'
export type DividendMode = 'REINVEST' | 'CASH'

export interface AipPlan {
  /** Gross amount of each purchase, 元 (fee included). */
  amount: number
  frequency: AipFrequency
  /** 1–5 (Monday … Friday) for WEEKLY and BIWEEKLY, 1–28 for MONTHLY. */
  day: number
  startDate: string
  endDate: string
  /** Front-end fee rate, e.g. 0.0015. */
  feeRate: number
  dividendMode: DividendMode
}

/** Most points the chart series carries (downsampled evenly; the last day always kept). */
export const MAX_SERIES_POINTS = 300

export interface AipPurchase {
  /** The day the plan named. */
  scheduledDate: string
  /** The NAV day it was made on (the scheduled day, or the next NAV day). */
  date: string
  nav: number
  amount: number
  fee: number
  units: number
}

export interface AipEventApplied {
  date: string
  kind: FundEvent['kind']
  cashPerUnit: number | null
  ratio: number | null
  /** Cash mode: the cash this plan received for it (0 for a split, or when nothing was held). */
  cashPaid: number
}

export interface AipOutcome {
  purchaseCount: number
  invested: number
  fees: number
  /** Units held at the end (cash mode: after splits; reinvest mode: including reinvested units). */
  units: number
  /** Market value of the units at the end NAV. */
  endValue: number
  cashDividends: number
  profit: number
  totalReturn: number
  annualizedReturn: number | null
}

export interface AipResult {
  /** The NAV day the end value is taken at (the last NAV on or before the end date). */
  endNavDate: string
  endNav: number
  endAdjNav: number
  /** The first purchase's NAV day and its NAVs. */
  firstPurchaseDate: string
  startNav: number
  startAdjNav: number
  plan: AipOutcome
  purchases: AipPurchase[]
  events: AipEventApplied[]
  /** Invested and value (cash paid included) on NAV days from the first purchase to the end, at most MAX_SERIES_POINTS. */
  series: Array<{ date: string; invested: number; value: number }>
  /** The plan's whole invested amount in one purchase on the first purchase day. */
  lumpSum: AipOutcome & { date: string; nav: number; amount: number }
}

/** Weekday of a yyyy-MM-dd day, 1 (Monday) … 7 (Sunday). */
const isoWeekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay() || 7
const plusDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)

/** The days the plan names from start to end, inclusive, before moving to trading days. */
export function scheduledDates(frequency: AipFrequency, day: number, start: string, end: string): string[] {
  const out: string[] = []
  if (frequency === 'MONTHLY') {
    let y = Number(start.slice(0, 4))
    let m = Number(start.slice(5, 7))
    for (;;) {
      const d = `${y}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`
      if (d > end) break
      if (d >= start) out.push(d)
      if (++m > 12) {
        m = 1
        y++
      }
    }
    return out
  }
  const step = frequency === 'WEEKLY' ? 7 : 14
  for (let d = plusDays(start, (day - isoWeekday(start) + 7) % 7); d <= end; d = plusDays(d, step)) out.push(d)
  return out
}

/** Index of the first row on or after `date` (rows.length when none). */
function firstOnOrAfter(rows: ReadonlyArray<{ date: string }>, date: string): number {
  let lo = 0
  let hi = rows.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (rows[mid].date < date) lo = mid + 1
    else hi = mid
  }
  return lo
}

const YEAR_MS = 365 * 86_400_000

/**
 * Annualised money-weighted return: the rate r at which the flows' value discounted to the first
 * flow's day, (1 + r)^(−days / 365), sums to zero. Null when it is not defined (all flows on one
 * day, or no sign change). Bisection on log(1 + r): the sum falls as r rises when money goes in first.
 */
export function xirr(flows: ReadonlyArray<{ date: string; amount: number }>): number | null {
  if (flows.length < 2) return null
  const t0 = Date.parse(`${flows[0].date}T00:00:00Z`)
  const years = flows.map((f) => (Date.parse(`${f.date}T00:00:00Z`) - t0) / YEAR_MS)
  if (Math.max(...years) <= 0) return null
  const npv = (g: number) => flows.reduce((s, f, i) => s + f.amount * Math.exp(-g * years[i]), 0)
  // g = log(1 + r) from −20 (r ≈ −100%) to 20 (r ≈ 4.8e8): wide enough for a few days' swing.
  let lo = -20
  let hi = 20
  let fLo = npv(lo)
  const fHi = npv(hi)
  if (!Number.isFinite(fLo) || !Number.isFinite(fHi) || Math.sign(fLo) === Math.sign(fHi)) return null
  for (let i = 0; i < 200 && hi - lo > 1e-12; i++) {
    const mid = (lo + hi) / 2
    const fMid = npv(mid)
    if (Math.sign(fMid) === Math.sign(fLo)) {
      lo = mid
      fLo = fMid
    } else hi = mid
  }
  return Math.expm1((lo + hi) / 2)
}

/** A NAV day as the calculator reads it: unit NAV and the engine's adjusted NAV. */
export interface AipRow {
  date: string
  nav: number
  adjNav: number
}
type Row = AipRow

/** The rows of a fund with the adjusted NAV of the engine (adjustSeries) over the events it applies. */
export function aipRows(raw: readonly RawNav[], events: readonly FundEvent[]): AipRow[] {
  const adjusted = adjustSeries(raw, events)
  return raw.map((r, i) => ({ date: r.date, nav: Number(r.nav), adjNav: adjusted[i].adjNav }))
}

/** One purchase schedule run over the NAV days `from`…`to` (indexes into rows); purchases sorted by row. */
function run(
  rows: readonly Row[],
  events: readonly FundEvent[],
  buys: ReadonlyArray<{ row: number; scheduledDate: string; amount: number }>,
  plan: Pick<AipPlan, 'feeRate' | 'dividendMode'>,
  to: number,
  withSeries: boolean,
) {
  const cash = plan.dividendMode === 'CASH'
  const from = buys[0].row
  // Events by the row they apply on (a day without a NAV: the next NAV day), as adjustSeries applies them.
  const onRow = new Map<number, FundEvent[]>()
  for (const e of events) {
    const i = firstOnOrAfter(rows, e.date)
    if (i > from && i <= to) onRow.set(i, [...(onRow.get(i) ?? []), e])
  }
  let units = 0
  // Reinvest mode: cash distributed but not yet reinvested (a distribution naming a later reinvestment day).
  let pending: Array<{ cash: number; date: string }> = []
  let invested = 0
  let fees = 0
  let paid = 0
  const flows: Array<{ date: string; amount: number }> = []
  const purchases: AipPurchase[] = []
  const applied: AipEventApplied[] = []
  const series: Array<{ date: string; invested: number; value: number }> = []
  let b = 0
  for (let i = from; i <= to; i++) {
    const r = rows[i]
    // The day's events reach the units held before the day's purchases (bought at the ex-date NAV).
    for (const e of onRow.get(i) ?? []) {
      let cashPaid = 0
      if (e.kind === 'split' && e.ratio && e.ratio > 0) units *= e.ratio
      else if (e.kind === 'dividend' && e.cash && units > 0) {
        const payDate = e.reinvestDate && e.reinvestDate > e.date ? e.reinvestDate : e.date
        if (cash) {
          cashPaid = units * e.cash
          paid += cashPaid
          flows.push({ date: payDate > r.date ? payDate : r.date, amount: cashPaid })
        } else pending.push({ cash: units * e.cash, date: payDate })
      }
      applied.push({ date: e.date, kind: e.kind, cashPerUnit: e.cash ?? null, ratio: e.ratio ?? null, cashPaid })
    }
    // Reinvested at the unit NAV of the reinvestment day, as adjustSeries() does.
    if (pending.length && r.nav > 0) {
      for (const p of pending) if (p.date <= r.date) units += p.cash / r.nav
      pending = pending.filter((p) => p.date > r.date)
    }
    for (; b < buys.length && buys[b].row === i; b++) {
      const { amount, scheduledDate } = buys[b]
      const net = amount / (1 + plan.feeRate)
      const bought = net / r.nav
      units += bought
      invested += amount
      fees += amount - net
      flows.push({ date: r.date, amount: -amount })
      purchases.push({ scheduledDate, date: r.date, nav: r.nav, amount, fee: amount - net, units: bought })
    }
    if (withSeries) series.push({ date: r.date, invested, value: units * r.nav + pending.reduce((s, p) => s + p.cash, 0) + paid })
  }
  const end = rows[to]
  const endValue = units * end.nav + pending.reduce((s, p) => s + p.cash, 0)
  flows.push({ date: end.date, amount: endValue })
  flows.sort((x, y) => (x.date < y.date ? -1 : x.date > y.date ? 1 : 0))
  const profit = endValue + paid - invested
  const outcome: AipOutcome = {
    purchaseCount: purchases.length,
    invested,
    fees,
    units,
    endValue,
    cashDividends: paid,
    profit,
    totalReturn: invested > 0 ? profit / invested : 0,
    annualizedReturn: xirr(flows),
  }
  return { outcome, purchases, applied, series }
}

/** Evenly spaced points of a series, at most `max`, keeping the first and the last. */
export function downsample<T>(points: readonly T[], max: number): T[] {
  if (points.length <= max) return [...points]
  const out: T[] = []
  const step = (points.length - 1) / (max - 1)
  for (let k = 0; k < max; k++) out.push(points[Math.round(k * step)])
  return out
}

/**
 * The plan over a fund's NAV rows (aipRows(), oldest first) and the distributions and splits the
 * engine applies (reconcile()'s events). The caller has checked the plan (validate.ts): the start is
 * on or after the first NAV and on or before the last, the end not before the start. Null when no
 * purchase falls between start and end.
 */
export function calculateAip(rows: readonly AipRow[], events: readonly FundEvent[], plan: AipPlan): AipResult | null {
  // The last NAV on or before the end date.
  const to = firstOnOrAfter(rows, plusDays(plan.endDate, 1)) - 1
  const buys = scheduledDates(plan.frequency, plan.day, plan.startDate, plan.endDate)
    .map((scheduledDate) => ({ scheduledDate, row: firstOnOrAfter(rows, scheduledDate), amount: plan.amount }))
    .filter((p) => p.row <= to)
  if (!buys.length || to < 0) return null
  const main = run(rows, events, buys, plan, to, true)
  const first = rows[buys[0].row]
  const total = main.outcome.invested
  const lump = run(rows, events, [{ row: buys[0].row, scheduledDate: first.date, amount: total }], plan, to, false)
  return {
    endNavDate: rows[to].date,
    endNav: rows[to].nav,
    endAdjNav: rows[to].adjNav,
    firstPurchaseDate: first.date,
    startNav: first.nav,
    startAdjNav: first.adjNav,
    plan: main.outcome,
    purchases: main.purchases,
    events: main.applied,
    series: downsample(main.series, MAX_SERIES_POINTS),
    lumpSum: { ...lump.outcome, date: first.date, nav: first.nav, amount: total },
  }
}
