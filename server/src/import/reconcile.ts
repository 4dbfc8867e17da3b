import { parseDistributionText, type Values } from './files'

/** A distribution or split read from a NAV day's 分红送配 text. */
interface TextEvent {
  date: string
  kind: 'dividend' | 'split'
  cash: number | null
  ratio: number | null
}

/** The events of the NAV rows' 分红送配 texts per fund, and the first and last day each fund's NAV rows cover. */
export function textEvents(navs: ReadonlyArray<Values<'fund_navs.csv'>>) {
  const events = new Map<string, TextEvent[]>()
  const ranges = new Map<string, [from: string, to: string]>()
  for (const n of navs) {
    const r = ranges.get(n.fund_code)
    ranges.set(n.fund_code, r ? [n.nav_date < r[0] ? n.nav_date : r[0], n.nav_date > r[1] ? n.nav_date : r[1]] : [n.nav_date, n.nav_date])
    const ev = n.distribution_text ? parseDistributionText(n.distribution_text) : null
    if (!ev) continue
    const list = events.get(n.fund_code) ?? []
    list.push({
      date: n.nav_date,
      kind: ev.kind,
      cash: ev.kind === 'dividend' ? ev.cash : null,
      ratio: ev.kind === 'split' ? ev.ratio : null,
    })
    events.set(n.fund_code, list)
  }
  return { events, ranges }
}

/**
 * The conflict report of a fund whose events come both from its 分红送配 text and from
 * fund_events.csv (which is applied): one line per day, within the imported NAV days, the two disagree on.
 */
export function textEventConflicts(
  fundCode: string,
  fromText: ReadonlyArray<TextEvent>,
  [from, to]: [string, string],
  listed: ReadonlyArray<Values<'fund_events.csv'>>,
): string[] {
  const csv = listed.filter((e) => e.fund_code === fundCode && e.ex_date >= from && e.ex_date <= to)
  const key = (kind: string, amount: number | string | null) => `${kind} ${amount === null ? '' : Number(amount)}`
  const a = new Map(fromText.map((e) => [e.date, key(e.kind, e.kind === 'dividend' ? e.cash : e.ratio)]))
  const b = new Map(csv.map((e) => [e.ex_date, key(e.kind, e.kind === 'dividend' ? e.cash_per_unit : e.split_ratio)]))
  const lines: string[] = []
  for (const d of [...new Set([...a.keys(), ...b.keys()])].sort())
    if (a.get(d) !== b.get(d))
      lines.push(
        `conflict ${fundCode} ${d}: 分红送配 text says ${a.get(d) ?? 'nothing'}, fund_events.csv says ${b.get(d) ?? 'nothing'}; applied: fund_events.csv`,
      )
  return lines
}
