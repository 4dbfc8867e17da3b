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
 * - Which distributions and splits happened is reconciled from up to four sources (reconcile()
 *   below): the explicit event list, the published daily growth rate, the accumulated NAV, and the
 *   unit NAV, in that order of precedence.
 */

/** One stored NAV row: decimal strings as the database keeps them. */
export interface RawNav {
  /** Trading day, yyyy-MM-dd. */
  date: string
  nav: string
  /** Accumulated NAV (累计净值); null or equal to nav when the fund never distributed. */
  accNav: string | null
  /** The vendor's published daily growth rate (日增长率) in percent, distributions reinvested; null when not given. */
  growth?: string | null
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

/** A day on which the sources disagree: what each said, and what was applied. */
export interface Conflict {
  date: string
  /** `unit NAV 2.4020 → 2.3710 (-1.2906%), accumulated NAV … — daily growth says …; applied: …` */
  message: string
}

export interface Reconciliation {
  /** The distributions and splits the adjusted NAV applies (the explicit list when there is one). */
  events: FundEvent[]
  conflicts: Conflict[]
  /** Why the sources cannot be reconciled (Chinese, for screens), or null when they can. */
  unavailable: string | null
}

type Source = 'events' | 'daily growth' | 'accumulated NAV'

/** A source's verdict on one day: the factor by which units changed (1: nothing happened) and its rounding tolerance. */
interface Verdict {
  source: Source
  factor: number
  tol: number
}

/** Half a unit in the last place of a published figure: 4-place NAVs are rounded to ±0.00005 (3 places assumed when the 4th is 0). */
function halfUlp(value: string, minPlaces: number): number {
  const [, frac = ''] = value.trim().split('.')
  return 0.5 * 10 ** -Math.max(minPlaces, frac.replace(/0+$/, '').length)
}

/** The factor by which a holder's units change on a day with these events (a dividend reinvested on the day: (nav + cash) / nav). */
function eventFactor(list: readonly FundEvent[], nav: number): number {
  let f = 1
  for (const e of list) {
    if (e.kind === 'split' && e.ratio && e.ratio > 0) f *= e.ratio
    else if (e.kind === 'dividend' && e.cash && nav > 0) f *= (nav + e.cash) / nav
  }
  return f
}

const pct = (x: number) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(4)}%`
const describe = (f: number, nav: number) =>
  Math.abs(f - 1) < 1e-12 ? 'nothing paid or split' : f > 1 ? `${((f - 1) * nav).toFixed(4)} paid per unit` : `a split of ${f.toFixed(6)}`

/**
 * Which distributions and splits a fund's sources say happened, day by day, and where they
 * disagree. Precedence (server/README.md, "Where the events come from"):
 *   1. the explicit event list (fund_events.csv, or the 分红送配 text of fund_navs.csv), when the fund has one;
 *   2. the published daily growth rate, when given: a day whose rate differs from the unit NAV's
 *      move beyond rounding had an event of factor (1 + rate) × previous NAV / NAV;
 *   3. the accumulated NAV: related to the unit NAV by a slope k (1 when it is unit NAV + cash paid,
 *      the conversion ratio when it stayed on the scale before a 份额折算), so a day on which it does
 *      not move by k × the unit NAV's move had an event; a constant ratio is a scale, not cash;
 *   4. the unit NAV alone: nothing happened.
 * Every day on which a source disagrees with the applied one is a conflict. The fund cannot be
 * reconciled when two lower sources agree with each other against the applied one, or when the
 * accumulated NAV is the only evidence and implies events on implausibly many days.
 * `explicit` null: the fund has no event list.
 */
export function reconcile(rows: readonly RawNav[], explicit: readonly FundEvent[] | null): Reconciliation {
  const n = rows.length
  const u = rows.map((r) => Number(r.nav))
  const acc = rows.map((r) => (r.accNav === null || r.accNav === '' ? null : Number(r.accNav)))
  const ulpU = rows.map((r) => halfUlp(r.nav, 3))
  const ulpA = rows.map((r) => (r.accNav ? halfUlp(r.accNav, 3) : 0))
  const sorted = explicit ? [...explicit].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)) : []
  // Explicit events by the NAV row they apply on (an event dated on a day without a NAV applies on the next NAV day).
  const onRow = new Map<number, FundEvent[]>()
  let e = 0
  for (let i = 0; i < n && e < sorted.length; i++) {
    while (e < sorted.length && sorted[e].date <= rows[i].date) {
      if (i > 0 || sorted[e].date === rows[0].date) onRow.set(i, [...(onRow.get(i) ?? []), sorted[e]])
      e++
    }
  }

  /** Slope of the accumulated NAV against the unit NAV over the next informative days from `from`, or null. */
  const slopeAhead = (from: number): number | null => {
    const ratios: number[] = []
    for (let j = Math.max(from, 1); j < n && j < from + 40 && ratios.length < 8; j++) {
      const a0 = acc[j - 1]
      const a1 = acc[j]
      const du = u[j] - u[j - 1]
      if (a0 === null || a1 === null || onRow.has(j) || Math.abs(du) < 20 * (ulpU[j] + ulpU[j - 1])) continue
      ratios.push((a1 - a0) / du)
    }
    if (!ratios.length) return null
    ratios.sort((x, y) => x - y)
    return ratios[ratios.length >> 1]
  }
  /** The candidate slope nearest `estimate` when within 2% of it, else the estimate itself. */
  const snap = (estimate: number, candidates: number[]) => {
    const best = candidates.reduce((b, c) => (Math.abs(c - estimate) < Math.abs(b - estimate) ? c : b))
    return Math.abs(best - estimate) <= 0.02 * Math.abs(estimate) ? best : estimate
  }
  // The slope at the start: 1 (accumulated = unit + cash) or the first day's ratio (a scale), whichever the next days follow.
  let k = 1
  if (acc[0] !== null && Math.abs(acc[0] - u[0]) > ulpA[0] + ulpU[0]) {
    const ahead = slopeAhead(1)
    if (ahead !== null) k = snap(ahead, [1, acc[0] / u[0]])
  }

  const events: FundEvent[] = []
  const conflicts: Conflict[] = []
  const unsettled: string[] = []
  let accOnly = 0
  let accDays = 0
  for (let i = 1; i < n; i++) {
    const u0 = u[i - 1]
    const u1 = u[i]
    const date = rows[i].date
    const verdicts: Verdict[] = []
    const notes: string[] = []
    if (explicit) verdicts.push({ source: 'events', factor: eventFactor(onRow.get(i) ?? [], u1), tol: 1e-6 })

    const g = rows[i].growth
    if (g !== null && g !== undefined && g.trim() !== '') {
      const rate = Number(g) / 100
      const fG = ((1 + rate) * u0) / u1
      const tol = (halfUlp(g, 2) / 100) * (u0 / u1) + ((1 + rate) * ulpU[i - 1]) / u1 + (fG * ulpU[i]) / u1 + 1e-12
      const moved = Math.abs(u1 / u0 - 1) > (ulpU[i] + ulpU[i - 1]) / u0
      if (rate === 0 && moved) notes.push(`daily growth ${g}% while the unit NAV moved: taken as not published`)
      else if (i >= 2 && Math.abs(fG - 1) > tol && Math.abs(1 + rate - u1 / u[i - 2]) <= tol + (ulpU[i - 2] + ulpU[i]) / u[i - 2])
        notes.push(`daily growth ${g}% is the move from ${rows[i - 2].date}: taken as not published for this day`)
      else verdicts.push({ source: 'daily growth', factor: fG, tol })
    }

    const a0 = acc[i - 1]
    const a1 = acc[i]
    let accJumped = false
    if (a0 !== null && a1 !== null) {
      accDays++
      const tolA = ulpA[i - 1] + ulpA[i] + k * (ulpU[i - 1] + ulpU[i])
      const residual = a1 - a0 - k * (u1 - u0)
      const tol = tolA / k / u1 + 1e-12
      if (Math.abs(residual) <= tolA) verdicts.push({ source: 'accumulated NAV', factor: 1, tol })
      else {
        accJumped = true
        const fA = (u0 + (a1 - a0) / k) / u1
        if (fA > 0) verdicts.push({ source: 'accumulated NAV', factor: fA, tol })
        else notes.push(`the accumulated NAV's move implies a factor of ${fA.toFixed(6)}: unusable`)
      }
    }

    // Precedence; where the applied source and another agree, the tighter of the two gives the figure.
    const applied: Verdict = verdicts[0] ?? { source: 'accumulated NAV', factor: 1, tol: 0 }
    const agree = (x: Verdict, y: Verdict) => Math.abs(x.factor - y.factor) <= x.tol + y.tol
    let factor = applied.factor
    if (applied.source !== 'events') {
      if (Math.abs(applied.factor - 1) <= applied.tol) factor = 1
      else {
        const tighter = verdicts.find((v) => v !== applied && agree(v, applied) && v.tol < applied.tol)
        if (tighter) factor = tighter.factor
      }
    }
    const unitOnly = !verdicts.length
    const against = verdicts.filter((v) => v !== applied && !agree(v, applied))
    if (against.length || notes.length) {
      const ev = onRow.get(i)
      const said = verdicts.map((v) => `${v.source} says ${describe(v.factor, u1)}`)
      const values = [
        `unit NAV ${rows[i - 1].nav} → ${rows[i].nav} (${pct(u1 / u0 - 1)})`,
        a0 !== null && a1 !== null ? `accumulated NAV ${rows[i - 1].accNav} → ${rows[i].accNav}` : 'no accumulated NAV',
        g ? `daily growth ${g}%` : 'no daily growth',
        explicit
          ? `events: ${ev?.length ? ev.map((x) => (x.kind === 'split' ? `split ${x.ratio}` : `dividend ${x.cash}`)).join(', ') : 'none'}`
          : 'no event list',
      ]
      conflicts.push({
        date,
        message: `${values.join(', ')} — ${[...said, ...notes].join('; ')}; applied: ${unitOnly ? 'unit NAV' : applied.source} (${describe(factor, u1)}, day return ${pct((factor * u1) / u0 - 1)})`,
      })
      // Two lower sources agreeing with each other against the applied one: the precedence cannot settle it.
      if (against.length >= 2 && against.some((x, j) => against.some((y, m) => m !== j && agree(x, y)))) unsettled.push(date)
    }
    if (applied.source === 'accumulated NAV' && factor !== 1) accOnly++

    if (!explicit && factor !== 1) {
      // A factor below 1, or a jump of more than half the NAV, is a split; anything else a distribution reinvested on the day.
      if (factor < 1 || factor >= 1.5) events.push({ date, kind: 'split', ratio: Math.round(factor * 1e8) / 1e8 })
      else events.push({ date, kind: 'dividend', cash: Math.round((factor - 1) * u1 * 1e6) / 1e6 })
    }
    // After a jump of the accumulated NAV its slope may have changed (a split it did not follow): read it from the next days.
    if (accJumped) {
      const ahead = slopeAhead(i + 1)
      if (ahead !== null) k = snap(ahead, [k, k * factor, a1 !== null && u1 > 0 ? a1 / u1 : k])
    }
  }
  if (explicit) events.push(...sorted)

  let unavailable: string | null = null
  if (unsettled.length)
    unavailable = `单位净值、累计净值、日增长率与分红拆分记录在 ${unsettled[0]}${unsettled.length > 1 ? ` 等 ${unsettled.length} 天` : ''}互相矛盾，无法确定当天的分红或拆分`
  else if (accOnly > Math.max(3, 0.02 * accDays))
    unavailable = `仅有累计净值可推算分红，但它与单位净值在 ${accOnly} 天对不上，无法确定分红或拆分`
  return { events, conflicts, unavailable }
}

/** Cash distributions and splits implied by the NAV rows alone (no event list): reconcile()'s events. */
export function deriveDistributions(rows: readonly RawNav[]): FundEvent[] {
  return reconcile(rows, null).events
}

/**
 * The adjusted series of one fund, oldest first. `events` are the fund's distributions and splits
 * to apply; without them (undefined) they are reconciled from the NAV rows (reconcile()). An
 * event or reinvestment dated on a day without a NAV applies on the next NAV day.
 */
export function adjustSeries(rows: readonly RawNav[], events?: readonly FundEvent[]): AdjustedNav[] {
  const applied = [...(events ?? reconcile(rows, null).events)].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
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
