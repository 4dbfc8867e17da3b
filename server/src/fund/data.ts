import type { Database } from '../db'

export interface Fund {
  fundCode: string
  fundName: string
  nav: string | null
  navDate: string | null
  dailyReturn: string | null
  categoryCode: string
  categoryName: string | null
  riskLevel: string
  offeringStage: string
  setupDate: string
  isTerminated: boolean
  terminatedDate: string | null
  buyFeeRate: string
  lowestBuyAmount: string
  intro: string | null
  managerId: string | null
  canBuy: boolean
  canNotBuyReason: string | null
  /** 基金规模 in 亿元 and the report date it is as of; null when unknown. */
  fundSize: string | null
  fundSizeDate: string | null
}

const FUND_SELECT = `select f.fund_code as "fundCode", f.fund_name as "fundName", n.nav, n.nav_date as "navDate", n.daily_return as "dailyReturn",
  f.category_code as "categoryCode", c.name as "categoryName", f.risk_level as "riskLevel", f.offering_stage as "offeringStage",
  f.setup_date as "setupDate", f.terminated_date is not null as "isTerminated", f.terminated_date as "terminatedDate",
  f.buy_fee_rate as "buyFeeRate", f.lowest_buy_amount as "lowestBuyAmount", f.intro, f.manager_id as "managerId",
  f.can_buy as "canBuy", f.can_not_buy_reason as "canNotBuyReason", f.fund_size as "fundSize", f.fund_size_date as "fundSizeDate"
  from funds f
  left join categories c on c.category_type = 'FundCategory' and c.category_code = f.category_code
  left join lateral (select nav, nav_date, daily_return from fund_navs where fund_code = f.fund_code order by nav_date desc limit 1) n on true`

export async function loadFunds(database: Database, codes: string[]): Promise<Map<string, Fund>> {
  if (!codes.length) return new Map()
  const rows = await database.query<Fund>(`${FUND_SELECT} where f.fund_code = any($1::text[])`, [codes])
  return new Map(rows.map((r) => [r.fundCode, r]))
}

export async function listFunds(database: Database, offset: number, size: number, categoryCode?: string | null) {
  const where = categoryCode ? 'where f.category_code = $3' : ''
  const params: unknown[] = [size, offset]
  if (categoryCode) params.push(categoryCode)
  const rows = await database.query<Fund>(`${FUND_SELECT} ${where} order by f.fund_code limit $1 offset $2`, params)
  const [{ n }] = await database.query<{ n: number }>(`select count(*)::int as n from funds f ${categoryCode ? 'where f.category_code = $1' : ''}`, categoryCode ? [categoryCode] : [])
  return { rows, totalCount: n }
}

export async function fundNavHistory(database: Database, fundCode: string, start: string | null) {
  return database.query<{ date: string; value: string; extra: unknown }>(
    `select nav_date as date, nav as value, json_build_object('accNav', acc_nav, 'dailyReturn', daily_return) as extra
     from fund_navs where fund_code = $1 and ($2::date is null or nav_date >= $2::date) order by nav_date`, [fundCode, start])
}

export async function lastFundNavDate(database: Database, fundCode: string): Promise<string | null> {
  const [row] = await database.query<{ d: string | null }>('select max(nav_date) as d from fund_navs where fund_code = $1', [fundCode])
  return row?.d ?? null
}

export interface Manager {
  managerId: string
  managerName: string
  isVerified: boolean
  avatarUrl: string | null
  isYingmiExtended: boolean
  company: string | null
  intro: string | null
}

const MANAGER_SELECT = `select manager_id as "managerId", manager_name as "managerName", is_verified as "isVerified", avatar_url as "avatarUrl",
  is_yingmi_extended as "isYingmiExtended", company, intro from managers`

export async function loadManager(database: Database, managerId: string): Promise<Manager | undefined> {
  const [row] = await database.query<Manager>(`${MANAGER_SELECT} where manager_id = $1`, [managerId])
  return row
}

export async function listManagers(database: Database, offset: number, size: number) {
  const rows = await database.query<Manager>(`${MANAGER_SELECT} order by manager_id limit $1 offset $2`, [size, offset])
  const [{ n }] = await database.query<{ n: number }>('select count(*)::int as n from managers')
  return { rows, totalCount: n }
}

/** The manager's page in the app (H5 route of spec section 2). */
export const managerUrl = (managerId: string) => `/alfa/fund/manager/${managerId}`
