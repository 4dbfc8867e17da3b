/**
 * The dividend-adjusted (复权) NAV series: the first half of the return engine. Every return,
 * drawdown and volatility figure of a fund is computed from this series (performance.ts), never
 * from the unit NAV, so a distribution is not mistaken for a loss.
 *
 * Definitions (server/README.md, "Return figures"):
 * - A cash distribution of `cash` per unit on its ex-date is reinvested at the unit NAV of its
 *   reinvestment date: the ex-date (the factor is multiplied by 1 + cash / nav), or a later
 *   `reinvestDate` when the distribution named one (older funds reinvested at the NAV of the
 *   payment day). Until then the holder has the cash beside the units.
 * - A split (份额折算/拆分) of `ratio` new units per old unit multiplies the factor by `ratio`.
 * - The adjusted NAV is what one unit held at the start is worth: units × unit NAV, plus cash
 *   not yet reinvested; it equals the unit NAV until the first event.
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
  /**
   * Dividend: the day whose unit NAV the cash is reinvested at, when later than the ex-date
   * (a day without a NAV means the next NAV day). Absent: the ex-date.
   */
  reinvestDate?: string
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
 * and splits; when there are none, distributions are derived from the accumulated NAV (reinvested
 * on the ex-date). An event or reinvestment dated on a day without a NAV applies on the next NAV day.
 */
export function adjustSeries(rows: readonly RawNav[], events: readonly FundEvent[] = []): AdjustedNav[] {
  const applied = events.length ? [...events].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)) : deriveDistributions(rows)
  const out: AdjustedNav[] = []
  // Units held per unit held on the first day, and cash paid out but not yet reinvested.
  let units = 1
  let pending: Array<{ cash: number; date: string }> = []
  let e = 0
  for (let i = 0; i < rows.length; i++) {
    const nav = Number(rows[i].nav)
    while (e < applied.length && applied[e].date <= rows[i].date) {
      const ev = applied[e++]
      // Before the first NAV there is nothing to adjust.
      if (i === 0 && ev.date < rows[0].date) continue
      if (ev.kind === 'split' && ev.ratio && ev.ratio > 0) units *= ev.ratio
      else if (ev.kind === 'dividend' && ev.cash) {
        const date = ev.reinvestDate && ev.reinvestDate > ev.date ? ev.reinvestDate : ev.date
        pending.push({ cash: units * ev.cash, date })
      }
    }
    if (pending.length && nav > 0) {
      for (const p of pending) if (p.date <= rows[i].date) units += p.cash / nav
      pending = pending.filter((p) => p.date > rows[i].date)
    }
    const adjNav = units * nav + pending.reduce((sum, p) => sum + p.cash, 0)
    out.push({ date: rows[i].date, adjNav, dailyReturn: i === 0 ? null : adjNav / out[i - 1].adjNav - 1 })
  }
  return out
}
