import { sql } from 'kysely'
import type { Queryable } from '../db'
import { fundEvents } from '../fund/data'
import type { FundEvent, RawNav } from '../fund/adjusted'

export interface AipFundData {
  fundCode: string
  fundName: string
  /** Why the import could not reconcile the fund's sources (funds.figures_unavailable), or null. */
  figuresUnavailable: string | null
  /** Every NAV row, oldest first, as the engine reads them (fund/data.ts writeAdjustedNavs). */
  rows: RawNav[]
  /** The fund's explicit event list, or null when it has none (the engine then derives the events). */
  explicit: FundEvent[] | null
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
  return {
    fundCode,
    fundName: row.name,
    figuresUnavailable: row.unavailable,
    rows: row.s
      ? row.s.split(',').map((item): RawNav => {
          const [date, nav, accNav, growth] = item.split('|')
          return { date, nav, accNav: accNav || null, growth: growth || null }
        })
      : [],
    explicit: events.get(fundCode) ?? null,
  }
}
