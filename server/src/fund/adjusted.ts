/**
 * The dividend-adjusted (复权) NAV series: the first half of the return engine. Every return,
 * drawdown and volatility figure of a fund is computed from this series (performance.ts), never
 * from the unit NAV, so a distribution is not mistaken for a loss.
 *
 * Definitions (server/README.md, "Return figures"):
 * - A cash distribution of `cash` per unit on its ex-date is reinvested at that day's (ex-date)
 *   unit NAV: the holder's units grow by cash / nav, so the adjustment factor is multiplied by
 *   (1 + cash / nav).
 * - A split (份额折算/拆分) of `ratio` new units per old unit multiplies the factor by `ratio`.
 * - The adjusted NAV is unit NAV × factor; the factor is 1 before the first event, so the
 *   adjusted NAV equals the unit NAV until then.
 * - Without explicit events, cash distributions are derived from the accumulated NAV: a rise of
 *   (accumulated − unit) from one NAV day to the next is the cash paid per unit on the later day.
 */

/** One stored NAV row: decimal strings as the database keeps them. */
export interface RawNav {
  /** Trading day, yyyy-MM-dd. */
  date: string
  nav: string
  /** Accumulated NAV (累计净值); null or equal to nav when the fund never distributed. */
  accNav: string | null
}

export type FundEventKind = 'dividend' | 'split'

/** A distribution or split on its ex-date. */
export interface FundEvent {
  date: string
  kind: FundEventKind
  /** Cash per unit (dividend). */
  cash?: number
  /** New units per old unit (split). */
  ratio?: number
}

export interface AdjustedNav {
  date: string
  /** Unit NAV × the factor of reinvested distributions and splits so far. */
  adjNav: number
  /** adjNav over the previous day's adjNav, minus one; null on the first day. */
  dailyReturn: number | null
}

/**
 * Jumps of (accumulated − unit) NAV smaller than this are rounding of the two 4-place figures,
 * not a distribution (each is rounded to 0.0001, so their difference moves by up to 0.0001).
 */
export const DERIVED_CASH_MIN = 0.00015

/** Cash distributions implied by the accumulated NAV (see the module comment). */
export function deriveDistributions(rows: readonly RawNav[]): FundEvent[] {
  const out: FundEvent[] = []
  for (let i = 1; i < rows.length; i++) {
    const gap = (r: RawNav) => (r.accNav === null ? 0 : Number(r.accNav) - Number(r.nav))
    const cash = gap(rows[i]) - gap(rows[i - 1])
    if (cash >= DERIVED_CASH_MIN) out.push({ date: rows[i].date, kind: 'dividend', cash: Math.round(cash * 1e6) / 1e6 })
  }
  return out
}

/**
 * The adjusted series of one fund, oldest first. `events` are the fund's explicit distributions
 * and splits; when there are none, distributions are derived from the accumulated NAV. An event
 * dated on a day without a NAV applies on the next NAV day.
 */
export function adjustSeries(rows: readonly RawNav[], events: readonly FundEvent[] = []): AdjustedNav[] {
  const applied = events.length ? [...events].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)) : deriveDistributions(rows)
  const out: AdjustedNav[] = []
  let factor = 1
  let e = 0
  for (let i = 0; i < rows.length; i++) {
    const nav = Number(rows[i].nav)
    while (e < applied.length && applied[e].date <= rows[i].date) {
      const ev = applied[e++]
      // Before the first NAV there is nothing to adjust.
      if (i === 0 && ev.date < rows[0].date) continue
      if (ev.kind === 'split' && ev.ratio && ev.ratio > 0) factor *= ev.ratio
      else if (ev.kind === 'dividend' && ev.cash && nav > 0) factor *= 1 + ev.cash / nav
    }
    const adjNav = nav * factor
    out.push({ date: rows[i].date, adjNav, dailyReturn: i === 0 ? null : adjNav / out[i - 1].adjNav - 1 })
  }
  return out
}
