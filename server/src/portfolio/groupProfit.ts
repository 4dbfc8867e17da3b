import { sql } from 'kysely'
import type { Database } from '../db'

/**
 * 基金组成's 累计收益率 of a group (issue #25) and its 口径. Each fund's figure is its own holding
 * return: its dividend-adjusted NAV now over its adjusted NAV on the day it last came into the
 * strategy. A group of several funds adds them up as one holding would: each fund's current share
 * is its value, its cost is that value ÷ (1 + its return), and the group's return is the values'
 * sum over the costs' sum − 1 (a single fund's group is that fund's return).
 */

interface RatedPart {
  percent: string
  accProfitRate: string | null
}

const places = (x: number, n: number) =>
  (Object.is(Math.round(x * 10 ** n) / 10 ** n, -0) ? 0 : Math.round(x * 10 ** n) / 10 ** n).toFixed(n)

/** Values over costs − 1 from each part's share and return; null when a part has no return (imports) or no share. */
function combined(parts: ReadonlyArray<{ percent: number; rate: number }>): { value: number; cost: number; rate: number } | null {
  const value = parts.reduce((s, p) => s + p.percent, 0)
  const cost = parts.reduce((s, p) => s + p.percent / (1 + p.rate), 0)
  return parts.length && value > 0 && cost > 0 ? { value, cost, rate: value / cost - 1 } : null
}

/** The group's 累计收益率 from its parts' stored returns (6 places); null when any part lacks one. */
export function groupProfitRate(parts: readonly RatedPart[]): string | null {
  if (!parts.length || parts.some((p) => p.accProfitRate === null)) return null
  const group = combined(parts.map((p) => ({ percent: Number(p.percent), rate: Number(p.accProfitRate) })))
  return group === null ? null : places(group.rate, 6)
}

export interface PartProfitBasis {
  fundCode: string
  percent: string
  /** The stored figure this part's row would show (6 places). */
  storedRate: string | null
  entryDate: string
  entryAdjNav: string
  endDate: string
  endAdjNav: string
  rate: string
  cost: string
}

export interface GroupProfitBasis {
  value: string
  endDate: string
  parts: PartProfitBasis[]
  steps: string[]
}

interface PartNavRow {
  fundCode: string
  percent: string
  storedRate: string | null
  entryDate: string | null
  entryDay: string | null
  entryAdjNav: string | null
  endDay: string | null
  endAdjNav: string | null
}

/**
 * Every part of a strategy with its fund's adjusted NAV on its entry day and on the strategy's
 * last NAV day (each the fund's last NAV day on or before it), in one statement.
 */
export async function partNavRows(database: Database, poCode: string): Promise<Map<string, PartNavRow>> {
  const { rows } = await sql<PartNavRow>`
    select p.fund_code as "fundCode", p.percent::text as percent, p.acc_profit_rate::text as "storedRate",
      to_char(p.entry_date, 'YYYY-MM-DD') as "entryDate",
      to_char(e.nav_date, 'YYYY-MM-DD') as "entryDay", e.adj_nav::text as "entryAdjNav",
      to_char(z.nav_date, 'YYYY-MM-DD') as "endDay", z.adj_nav::text as "endAdjNav"
    from portfolio_parts p
    cross join lateral (select max(nav_date) as d from portfolio_navs n where n.po_code = p.po_code) last
    left join lateral (select nav_date, adj_nav from fund_navs f
      where f.fund_code = p.fund_code and f.nav_date <= p.entry_date order by nav_date desc limit 1) e on true
    left join lateral (select nav_date, adj_nav from fund_navs f
      where f.fund_code = p.fund_code and f.nav_date <= last.d order by nav_date desc limit 1) z on true
    where p.po_code = ${poCode}`.execute(database.db)
  return new Map(rows.map((r) => [r.fundCode, r]))
}

const pct = (x: number) => `${x > 0 ? '+' : ''}${(x * 100).toFixed(2)}%`
const share = (x: number) => `${(x * 100).toFixed(2)}%`

/**
 * The 口径 of a group's 累计收益率 from the NAVs themselves; null when a part has no entry day or
 * its fund no adjusted NAV on both days (an import's strategy: the figure is empty there too).
 */
export function groupProfitBasis(
  rows: Map<string, PartNavRow>,
  fundCodes: readonly string[],
  names: Map<string, string>,
): GroupProfitBasis | null {
  const parts: PartProfitBasis[] = []
  for (const code of fundCodes) {
    const r = rows.get(code)
    if (!r?.entryDate || !r.entryDay || !r.endDay || r.entryAdjNav === null || r.endAdjNav === null || Number(r.entryAdjNav) <= 0)
      return null
    const rate = Number(r.endAdjNav) / Number(r.entryAdjNav) - 1
    parts.push({
      fundCode: code,
      percent: r.percent,
      storedRate: r.storedRate,
      entryDate: r.entryDay,
      entryAdjNav: places(Number(r.entryAdjNav), 4),
      endDate: r.endDay,
      endAdjNav: places(Number(r.endAdjNav), 4),
      rate: places(rate, 6),
      cost: places(Number(r.percent) / (1 + rate), 6),
    })
  }
  const group = combined(parts.map((p) => ({ percent: Number(p.percent), rate: Number(p.rate) })))
  if (group === null) return null
  const { value: totalValue, cost: totalCost, rate: value } = group
  const endDate = parts.reduce((d, p) => (p.endDate > d ? p.endDate : d), parts[0].endDate)
  const nameOf = (code: string) => names.get(code) ?? code
  const steps = [
    '每只基金的收益从它最近一次调入策略的那天算起，用复权净值（分红再投资、拆分已计入），所以分红不算亏损。',
    ...parts.map(
      (p) =>
        `${nameOf(p.fundCode)}（${p.fundCode}）：${p.entryDate} 复权净值 ${p.entryAdjNav} → ${p.endDate} 复权净值 ${p.endAdjNav}，收益率 ${pct(Number(p.rate))}；当前占比 ${share(Number(p.percent))}，折合成本 ${share(Number(p.percent))} ÷ (1 ${Number(p.rate) < 0 ? '−' : '+'} ${(Math.abs(Number(p.rate)) * 100).toFixed(2)}%) = ${share(Number(p.cost))}。`,
    ),
    parts.length > 1
      ? `累计收益率 = 当前占比合计 ÷ 成本合计 − 1 = ${share(totalValue)} ÷ ${share(totalCost)} − 1 = ${pct(value)}。`
      : `累计收益率 = 最新复权净值 ÷ 调入日复权净值 − 1 = ${pct(value)}。`,
    '按各基金在调入日一次买入、此后未再加减仓计算；点基金可查看期间的分红与拆分。',
  ]
  return { value: places(value, 6), endDate, parts, steps }
}
