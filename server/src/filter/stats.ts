import { GraphQLError } from 'graphql'
import type { Database } from '../db'
import { outsideQueryScope } from '../db/abort'
import { statsFigures, statsFunds, statsKeyRow, type FundFiguresRow } from './data'
import type { PerformancePeriod } from '../fund/performance'

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
/** A request waits this long for the statistics (well inside the GraphQL time budget), then gets the previous ones, or a 503 when there are none. */
export const STATS_WAIT_MS = 5_000
/** What a request that found no statistics ready is told to wait before retrying, in seconds. */
export const STATS_RETRY_AFTER_S = 5

interface Entry {
  key: string
  checkedAt: number
  snapshot: Promise<StatsSnapshot>
}

const cache = new WeakMap<Database, Entry>()
/** The last snapshot built, kept through invalidation: served when a rebuild takes longer than a request may wait. */
const lastBuilt = new WeakMap<Database, StatsSnapshot>()

async function snapshotKey(database: Database): Promise<string> {
  const row = await statsKeyRow(database)
  return `${row?.d ?? ''}|${row?.n ?? 0}|${row?.t ?? 0}|${row?.v ?? ''}`
}

/** The statistics are being built and none were built before: a 503 the client may retry, not a request timing out. */
export function statsNotReady(): GraphQLError {
  return new GraphQLError('基金统计数据正在生成，请稍后再试', {
    extensions: { code: 'STATS_NOT_READY', http: { status: 503, headers: { 'retry-after': String(STATS_RETRY_AFTER_S) } } },
  })
}

/**
 * The per-fund statistics, rebuilt only when the data changes (latest NAV date, fund list or an
 * import's data version). A request waits at most `waitMs` for them: past that it gets the
 * previous snapshot while the new one is built, or statsNotReady() when there is none yet.
 */
export async function fundStats(database: Database, now: number = Date.now(), waitMs: number = STATS_WAIT_MS): Promise<StatsSnapshot> {
  const current = currentStats(database, now)
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), waitMs)
  })
  try {
    const first = await Promise.race([current, late])
    if (first !== 'late') return first
  } finally {
    clearTimeout(timer)
  }
  current.catch(() => {})
  const previous = lastBuilt.get(database)
  if (previous) return previous
  throw statsNotReady()
}

async function currentStats(database: Database, now: number): Promise<StatsSnapshot> {
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
  snapshot.then(
    // A build overtaken by a newer one does not replace what the newer one stored.
    (built) => (cache.get(database)?.snapshot === snapshot || !lastBuilt.has(database)) && lastBuilt.set(database, built),
    () => cache.get(database)?.snapshot === snapshot && cache.delete(database),
  )
  return snapshot
}

/** Forgets the snapshot (tests, imports); the next request builds it again (the old one is only served if that takes too long). */
export function invalidateFundStats(database: Database): void {
  cache.delete(database)
}

const DAY_MS = 86_400_000

/** A period's return from the aggregated row, as periodReturn computes it from the series: last over base, minus one. */
function periodFigure(row: FundFiguresRow, base: string | null): number | null {
  // A base exists only before the last NAV, so the series has the two points periodReturn needs.
  if (base === null) return null
  return Number(row.last) / Number(base) - 1
}

async function buildStats(database: Database): Promise<StatsSnapshot> {
  // Aggregated in the database, one row per fund: the instance never holds the funds' NAVs (issue #24: 1 GB and 15 s at 10,000 funds).
  const [funds, rows] = await Promise.all([statsFunds(database), statsFigures(database)])
  const figures = new Map(rows.map((row) => [row.c, row]))
  let latest: string | null = null
  const list = funds.map((f): FundStats => {
    const row = figures.get(f.fundCode)
    const last = row?.d ?? null
    if (last && (!latest || last > latest)) latest = last
    const returns: Record<FilterPeriod, number | null> = row
      ? {
          '1M': periodFigure(row, row.m1),
          '3M': periodFigure(row, row.m3),
          '6M': periodFigure(row, row.m6),
          '1Y': periodFigure(row, row.y1),
          '3Y': periodFigure(row, row.y3),
          YTD: periodFigure(row, row.ytd),
        }
      : { '1M': null, '3M': null, '6M': null, '1Y': null, '3Y': null, YTD: null }
    return {
      fundCode: f.fundCode,
      categoryCode: f.categoryCode,
      riskLevel: f.riskLevel,
      isTerminated: f.isTerminated,
      buyFeeRate: Number(f.buyFeeRate),
      fundSize: f.fundSize === null ? null : Number(f.fundSize),
      managerYears: f.careerStart && last ? Math.max(0, (Date.parse(last) - Date.parse(f.careerStart)) / (365.25 * DAY_MS)) : null,
      navDate: last,
      dailyReturn: row?.r != null ? Number(row.r) : null,
      returns,
      maxDrawdown1Y: row && row.ddn >= 2 && row.dd !== null ? Math.abs(Number(row.dd)) : null,
    }
  })
  return { navDate: latest, fundCount: list.length, list, byCode: new Map(list.map((f) => [f.fundCode, f])) }
}
