import type { RestManager } from '@alfa/common/api'
import { sql } from 'kysely'
import type { Database } from '../db'
import type { FundNavsTable, FundsTable } from '../db/schema'
import { rate } from '../fund/performance'
import { pageWithTotal, totalCount } from '../paging'

/** A manager as the server loads it: the REST answer's shape, shared with the app (common/api.ts). */
export type Manager = RestManager

const MANAGER_FIELDS = [
  'manager_id as managerId',
  'manager_name as managerName',
  'is_verified as isVerified',
  'avatar_url as avatarUrl',
  'is_yingmi_extended as isYingmiExtended',
  'company',
  'intro',
  'is_demo as isDemo',
] as const

export async function loadManager(database: Database, managerId: string): Promise<Manager | undefined> {
  return database.db.selectFrom('managers').select(MANAGER_FIELDS).where('manager_id', '=', managerId).executeTakeFirst()
}

/** A page of managers by id, and their total. */
export function listManagers(database: Database, offset: number, size: number) {
  return pageWithTotal(
    (from, n): Promise<Array<Manager & { totalCount: number }>> =>
      database.db
        .selectFrom('managers')
        .select([...MANAGER_FIELDS, totalCount])
        .orderBy('manager_id')
        .limit(n)
        .offset(from)
        .execute(),
    offset,
    size,
  )
}

/** The manager's page in the app (H5 route of spec section 2). */
export const managerUrl = (managerId: string) => `/alfa/fund/manager/${managerId}`

/** The codes of the funds a manager manages, in code order. */
export async function managerFundCodes(database: Database, managerId: string): Promise<string[]> {
  const rows = await database.db.selectFrom('funds').select('fund_code').where('manager_id', '=', managerId).orderBy('fund_code').execute()
  return rows.map((r) => r.fund_code)
}

/** One manager's tenure on one fund. */
export interface TenureRow {
  managerId: string
  fundCode: string
  tenureStart: string
  tenureDays: number
  tenureReturn: string | null
}

/**
 * Tenures of every fund (or one manager's funds). The demo data has no tenure history, so the
 * start is the latest of the set-up date, the manager's career start and a fixed per-fund day.
 * The return is the growth of the dividend-adjusted NAV (fund/adjusted.ts) from the first NAV
 * of the tenure to the latest: distributions reinvested, as every return figure. `fundCodes`
 * narrows it to those funds (基金对比).
 */
export async function tenures(
  database: Database,
  managerId: string | null,
  fundCodes: readonly string[] | null = null,
): Promise<TenureRow[]> {
  const { rows } = await sql<{
    managerId: NonNullable<FundsTable['manager_id']>
    fundCode: FundsTable['fund_code']
    tenureStart: string
    tenureDays: number
    startAdj: FundNavsTable['adj_nav']
    endAdj: FundNavsTable['adj_nav']
  }>`
    select t.manager_id as "managerId", t.fund_code as "fundCode", to_char(t.tenure_start, 'YYYY-MM-DD') as "tenureStart",
      (coalesce(e.nav_date, current_date) - t.tenure_start)::int as "tenureDays", s.adj_nav as "startAdj", e.adj_nav as "endAdj"
    from (select f.fund_code, f.manager_id,
            greatest(f.setup_date, coalesce(m.career_start, f.setup_date), date '2016-10-10' + (abs(hashtext(f.fund_code)) % 2500)) as tenure_start
          from funds f join managers m on m.manager_id = f.manager_id
          where (${managerId}::text is null or f.manager_id = ${managerId}) and (${fundCodes}::text[] is null or f.fund_code = any(${fundCodes}::text[]))) t
    left join lateral (select nav_date, adj_nav from fund_navs where fund_code = t.fund_code order by nav_date desc limit 1) e on true
    left join lateral (select adj_nav from fund_navs where fund_code = t.fund_code and nav_date >= least(t.tenure_start, e.nav_date) order by nav_date limit 1) s on true
    order by t.manager_id, t.tenure_start, t.fund_code`.execute(database.db)
  return rows.map((r) => ({
    managerId: r.managerId,
    fundCode: r.fundCode,
    tenureStart: r.tenureStart,
    tenureDays: Math.max(0, r.tenureDays),
    tenureReturn: r.startAdj && r.endAdj ? rate(Number(r.endAdj) / Number(r.startAdj) - 1) : null,
  }))
}

/** Years between a day and today, one decimal. */
export function yearsSince(date: string | null, today: string): string | null {
  if (!date) return null
  const days = (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${date}T00:00:00Z`)) / 86_400_000
  return (Math.max(0, Math.floor((days / 365.25) * 10)) / 10).toFixed(1)
}

export async function careerStarts(database: Database): Promise<Map<string, string | null>> {
  const rows = await database.db.selectFrom('managers').select(['manager_id', 'career_start']).execute()
  return new Map(rows.map((r) => [r.manager_id, r.career_start]))
}
