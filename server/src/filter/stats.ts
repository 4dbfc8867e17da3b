import type { Database } from '../db'
import { outsideQueryScope } from '../db/abort'
import { statsFunds, statsKeyRow, statsSeries } from './data'
import { baseIndex, maxDrawdown, periodReturn, periodStart, type NavPoint, type PerformancePeriod } from '../fund/performance'

/** Periods a filter condition or a watchlist column can use (the stats cover the last 3 years). */
export const FILTER_PERIODS = ['1M', '3M', '6M', '1Y', '3Y', 'YTD'] as const satisfies readonly PerformancePeriod[]
export type FilterPeriod = (typeof FILTER_PERIODS)[number]

/** One fund's figures that filters and sorts read, computed once per NAV date. */
export interface FundStats {
  fundCode: string
  categoryCode: string
  riskLevel: string
  isTerminated: boolean
  buyFeeRate: number
  /** 基金规模 in 亿元; null when unknown. */
  fundSize: number | null
  /** Years since the manager's career start, up to the fund's last NAV date. */
  managerYears: number | null
  /** The fund's own latest NAV date: every figure here is as of this day. */
  navDate: string | null
  dailyReturn: number | null
  returns: Record<FilterPeriod, number | null>
  /** Largest fall from a peak within the last year (from the 近1年 base NAV), as a positive ratio. */
  maxDrawdown1Y: number | null
}

export interface StatsSnapshot {
  /** Latest NAV date over all funds. */
  navDate: string | null
  fundCount: number
  list: FundStats[]
  byCode: Map<string, FundStats>
}

/** How often the snapshot's key is checked again (an import also invalidates it at once: fund/dataVersion.ts). */
export const STATS_CHECK_MS = 60_000

interface Entry {
  key: string
  checkedAt: number
  snapshot: Promise<StatsSnapshot>
}

const cache = new WeakMap<Database, Entry>()

async function snapshotKey(database: Database): Promise<string> {
  const row = await statsKeyRow(database)
  return `${row?.d ?? ''}|${row?.n ?? 0}|${row?.t ?? 0}|${row?.v ?? ''}`
}

/** The per-fund statistics, rebuilt only when the data changes (latest NAV date, fund list or an import's data version). */
export async function fundStats(database: Database, now: number = Date.now()): Promise<StatsSnapshot> {
  const entry = cache.get(database)
  if (entry && now - entry.checkedAt < STATS_CHECK_MS) return entry.snapshot
  const key = await snapshotKey(database)
  const current = cache.get(database)
  if (current && current.key === key) {
    current.checkedAt = now
    return current.snapshot
  }
  // Shared by every request until the data changes: not cancelled with the request that started it.
  const snapshot = outsideQueryScope(() => buildStats(database))
  cache.set(database, { key, checkedAt: now, snapshot })
  snapshot.catch(() => cache.delete(database))
  return snapshot
}

/** Forgets the snapshot (tests, imports). */
export function invalidateFundStats(database: Database): void {
  cache.delete(database)
}

const DAY_MS = 86_400_000

async function buildStats(database: Database): Promise<StatsSnapshot> {
  const funds = await statsFunds(database)
  // Three years and a little more before each fund's OWN latest NAV: enough for every filter
  // period's base NAV, and a fund whose data ends early keeps its figures (as of its last day).
  // The adjusted NAV (fund/adjusted.ts), packed one row per fund as "date=value,…": PGlite hands
  // over 500 rows far faster than 400 000.
  const rows = await statsSeries(database)
  const series = new Map<string, { points: NavPoint[]; lastDaily: string | null }>()
  for (const row of rows) {
    const points = row.s.split(',').map((item): NavPoint => ({ date: item.slice(0, 10), value: item.slice(11) }))
    series.set(row.c, { points, lastDaily: row.r })
  }
  let latest: string | null = null
  const list = funds.map((f): FundStats => {
    const s = series.get(f.fundCode)
    const points = s?.points ?? []
    const last = points.at(-1)
    if (last && (!latest || last.date > latest)) latest = last.date
    const returns = Object.fromEntries(FILTER_PERIODS.map((p) => [p, periodReturn(points, p)])) as Record<FilterPeriod, number | null>
    const yearBase = last ? baseIndex(points, periodStart('1Y', last.date) ?? '') : -1
    const lastYear = yearBase >= 0 ? points.slice(yearBase) : points
    return {
      fundCode: f.fundCode,
      categoryCode: f.categoryCode,
      riskLevel: f.riskLevel,
      isTerminated: f.isTerminated,
      buyFeeRate: Number(f.buyFeeRate),
      fundSize: f.fundSize === null ? null : Number(f.fundSize),
      managerYears: f.careerStart && last ? Math.max(0, (Date.parse(last.date) - Date.parse(f.careerStart)) / (365.25 * DAY_MS)) : null,
      navDate: last?.date ?? null,
      dailyReturn: s?.lastDaily != null ? Number(s.lastDaily) : null,
      returns,
      maxDrawdown1Y: lastYear.length >= 2 ? Math.abs(maxDrawdown(lastYear).value) : null,
    }
  })
  return { navDate: latest, fundCount: list.length, list, byCode: new Map(list.map((f) => [f.fundCode, f])) }
}
