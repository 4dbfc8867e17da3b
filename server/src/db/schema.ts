import type { ColumnType, Generated } from 'kysely'

/**
 * Kysely's view of the tables that hold users' own data (the write side). Read-heavy content
 * tables are queried with parameterised SQL (src/<domain>/data.ts); all are created by the migrations.
 */
export interface UsersTable {
  user_id: string
  phone: string | null
  wechat_openid: string | null
  baidu_openid: string | null
  nickname: string
  avatar_url: string | null
  created_at: ColumnType<Date, never, never>
}

export interface UserFundPicksTable {
  user_id: string
  fund_code: string
  seq: number
  created_at: ColumnType<Date, never, never>
}

export interface FollowsTable {
  user_id: string
  po_code: string
  created_at: ColumnType<Date, never, never>
}

export interface SavedFiltersTable {
  filter_id: string
  user_id: string
  name: string
  form_value: ColumnType<unknown, string, string>
  created_at: ColumnType<Date, never, never>
  /** The user's order (管理筛选); null until reordered. */
  seq: ColumnType<number | null, number | null | undefined, number | null>
}

export interface UserHoldingsTable {
  user_id: string
  po_code: string
  ca_id: string
  /** NUMERIC: a decimal string. */
  units: string
  signed: boolean
}

export interface LiveCommentsTable {
  comment_id: Generated<string>
  live_id: string
  user_id: string | null
  nickname: string
  content: string
  created_at: ColumnType<Date, never, never>
}

export interface DB {
  users: UsersTable
  user_fund_picks: UserFundPicksTable
  follows: FollowsTable
  saved_filters: SavedFiltersTable
  user_holdings: UserHoldingsTable
  live_comments: LiveCommentsTable
}
