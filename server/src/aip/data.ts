import { sql } from 'kysely'
import type { Queryable } from '../db'
import { fundEvents } from '../fund/data'
import { reconcile, type FundEvent, type RawNav } from '../fund/adjusted'
import { aipRows, type AipRow } from './calc'

export interface AipFundData {
  fundCode: string
  fundName: string
  /** Why the import could not reconcile the fund's sources (funds.figures_unavailable), or null. */
  figuresUnavailable: string | null
  /** Every NAV day, oldest first, with the engine's adjusted NAV. */
  rows: AipRow[]
  /** The distributions and splits the engine applies: reconcile() of the rows and the fund's event list, as the import runs it (fund/data.ts). */
  events: FundEvent[]
}

interface Prepared {
  source: string
  rows: AipRow[]
  events: FundEvent[]
}

/** Funds whose parsed and reconciled history is kept; a request for one of them only reads and compares its rows. */
const PREPARED_FUNDS = 64
const prepared = new Map<string, Prepared>()

/**
 * The rows and events of a fund from its packed NAV rows and event list. reconcile() and
 * adjustSeries() are pure, so their result is kept per fund and reused while the packed text
 * (every NAV, accumulated NAV, growth and event) is the same: an import that changes any of them
 * changes the text.
 */
function prepare(fundCode: string, packed: string, explicit: FundEvent[] | null): Prepared {
  const source = `${packed}#${explicit ? JSON.stringify(explicit) : ''}`
  const kept = prepared.get(fundCode)
  if (kept && kept.source === source) return kept
  const raw = packed
    ? packed.split(',').map((item): RawNav => {
        const [date, nav, accNav, growth] = item.split('|')
        return { date, nav, accNav: accNav || null, growth: growth || null }
      })
    : []
  const { events } = reconcile(raw, explicit)
  const entry = { source, rows: aipRows(raw, events), events }
  prepared.delete(fundCode)
  prepared.set(fundCode, entry)
  // Oldest first out (a Map keeps insertion order).
  if (prepared.size > PREPARED_FUNDS) prepared.delete(prepared.keys().next().value!)
  return entry
}

/** A fund and its whole NAV history packed in one row (PGlite hands over one row much faster than thousands), and its event list; null for an unknown fund. */
export async function aipFundData(q: Queryable, fundCode: string): Promise<AipFundData | null> {
  const [{ rows }, events] = await Promise.all([
    sql<{ name: string; unavailable: string | null; s: string | null }>`
      select f.fund_name as name, f.figures_unavailable as unavailable,
        (select string_agg(to_char(nav_date, 'YYYY-MM-DD') || '|' || nav::text || '|' || coalesce(acc_nav::text, '') || '|' || coalesce(growth::text, ''), ',' order by nav_date)
          from fund_navs n where n.fund_code = f.fund_code) as s
      from funds f where f.fund_code = ${fundCode}`.execute(q.db),
    fundEvents(q, [fundCode]),
  ])
  const row = rows[0]
  if (!row) return null
  const { rows: navRows, events: applied } = prepare(fundCode, row.s ?? '', events.get(fundCode) ?? null)
  return { fundCode, fundName: row.name, figuresUnavailable: row.unavailable, rows: navRows, events: applied }
}
