import type { ColumnType, Generated, Selectable } from 'kysely'
import type { AssetMixScope, PortfolioPreferences, Showcase } from './documents'
import type {
  LiveCommentsTable,
  AdsTable,
  ArticleReadsTable,
  ArticlesTable,
  ColumnsTable,
  CoursesTable,
  KvConfigsTable,
  LessonsTable,
  LessonProgressTable,
  LiveStreamsTable,
  LiveSubscriptionsTable,
  HandPickedTable,
} from './schemaContent'

/**
 * Kysely's view of every table the migrations create: the one `DB` interface below, and a row type
 * (`Selectable<…>`) per table the data modules read. Dates (DATE) arrive as yyyy-MM-dd strings,
 * NUMERIC as decimal strings, TIMESTAMPTZ as Date, JSONB as the shapes written by the seed and import
 * (documents.ts). test/db-interface.test.ts checks it against the migrated database.
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

/** A user's watchlist group (0013). */
export interface WatchlistGroupsTable {
  group_id: Generated<number>
  user_id: string
  name: string
  position: number
  created_at: ColumnType<Date, never, never>
}

/** A picked fund in one of the user's groups (0013). */
export interface WatchlistGroupFundsTable {
  group_id: number
  user_id: string
  fund_code: string
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

export type { AssetMixScope, PortfolioPreferences, Showcase } from './documents'
export type {
  LiveCommentsTable,
  AdsTable,
  ArticleReadsTable,
  ArticlesTable,
  ColumnsTable,
  CoursesTable,
  KvConfigsTable,
  LessonsTable,
  LessonProgressTable,
  LiveStreamsTable,
  LiveSubscriptionsTable,
  HandPickedTable,
} from './schemaContent'

export interface AdjustmentPartsTable {
  adjustment_id: string
  fund_code: string
  category_code: string
  before_percent: string
  after_percent: string
  movement: string
  variety_name: string | null
  trade_unit: number | null
}

export interface AdjustmentsTable {
  adjustment_id: string
  po_code: string
  adj_date: string
  comment: string | null
  article_text: string | null
  article_link: string | null
}

export interface AdvisorFeeStepsTable {
  po_code: string
  seq: number
  lower_bound: string
  upper_bound: string | null
  fee_rate: string
  discount_fee_rate: string | null
  description: string | null
}

export interface BenchmarkValuesTable {
  index_code: string
  value_date: string
  value: string
}

export interface BenchmarksTable {
  index_code: string
  index_short_name: string
  name: string
  description: string | null
}

export interface CategoriesTable {
  category_type: string
  category_code: string
  name: string
  sort: Generated<number>
}

export interface CommunityPostsTable {
  post_id: string
  po_code: string | null
  kind: string
  content_type: string | null
  title: string
  url: string | null
  intro: string | null
  posted_date: Date
  posted_by: string | null
  cover_url: string | null
  author_avatar_url: string | null
  author_level: number | null
  contents: Generated<Array<{ type: string; detail: string }>>
}

export interface DataVersionTable {
  id: number
  version: number
  changed_at: Generated<Date>
}

export interface FundEventsTable {
  fund_code: string
  ex_date: string
  /** CHECK (kind in ('dividend', 'split')). */
  kind: 'dividend' | 'split'
  cash_per_unit: string | null
  split_ratio: string | null
  /** The day whose unit NAV a cash distribution is reinvested at, when not the ex-date (0006). */
  reinvest_date: string | null
}

/** What the demo data set was generated with (its seed and last day). */
export interface DemoMetaTable {
  key: string
  value: string
}

export interface FundNavsTable {
  fund_code: string
  nav_date: string
  nav: string
  acc_nav: string
  daily_return: string | null
  adj_nav: string | null
  /** Published daily growth rate, percent (0008). */
  growth: string | null
}

export interface FundsTable {
  fund_code: string
  fund_name: string
  category_code: string
  manager_id: string | null
  setup_date: string
  risk_level: string
  offering_stage: Generated<string>
  terminated_date: string | null
  buy_fee_rate: Generated<string>
  lowest_buy_amount: Generated<string>
  can_buy: Generated<boolean>
  can_not_buy_reason: string | null
  intro: string | null
  /** Yearly operating fees as rates (0015); null when unknown. */
  management_fee_rate: ColumnType<string | null, string | null | undefined, string | null>
  custody_fee_rate: ColumnType<string | null, string | null | undefined, string | null>
  sales_service_fee_rate: ColumnType<string | null, string | null | undefined, string | null>
  fund_size: string | null
  fund_size_date: string | null
  is_demo: Generated<boolean>
  benchmark: string | null
  /** Why the fund's sources cannot be reconciled; null when they can (0008). */
  figures_unavailable: string | null
}

export interface IntroVideosTable {
  video_id: string
  po_code: string | null
  source_url: string
  cover_url: string | null
  url: string | null
  comment_count: Generated<number>
  visit_count: Generated<number>
}

export interface InvestorMessagesTable {
  id: string
  po_code: string
  avatar: string | null
  content: string
  like_num: Generated<number>
  nick_name: string | null
  user_days: number | null
}

export interface ManagersTable {
  manager_id: string
  manager_name: string
  is_verified: Generated<boolean>
  avatar_url: string | null
  is_yingmi_extended: Generated<boolean>
  company: string | null
  intro: string | null
  career_start: string | null
  is_demo: Generated<boolean>
}

export interface PortfolioBenchmarksTable {
  po_code: string
  index_code: string
  is_default: Generated<boolean>
}

export interface PortfolioNavsTable {
  po_code: string
  nav_date: string
  nav: string
  real_value: string | null
}

export interface PortfolioPartsTable {
  po_code: string
  category_code: string
  fund_code: string
  percent: string
  unit: number | null
  variety_name: string | null
  latest_movement: Generated<string>
  latest_movement_name: string | null
  candidate_fund_codes: Generated<string[]>
  acc_profit_rate: string | null
  /** The day the fund last came into the strategy (0016): acc_profit_rate is measured from it; null when unknown. */
  entry_date: string | null
}

export interface PortfoliosTable {
  po_code: string
  po_name: string
  description: string | null
  sub_title: string | null
  philosophy: string | null
  invest_strategy: string | null
  invest_range: string | null
  risk_level: string
  created_date: string
  url: string | null
  money_type: string
  has_advisor: Generated<boolean>
  show_notes: Generated<boolean>
  is_support_smart_aip: Generated<boolean>
  running_with_real_money: Generated<boolean>
  asset_classes_testing_index: string | null
  buyers_count: Generated<number>
  followers_base: Generated<number>
  total_unit: number | null
  series_type: string | null
  is_model_po: Generated<boolean>
  /** The model portfolio an investment plan copies (migration 0011); null for a model portfolio. */
  model_po_code: Generated<string | null>
  brand: Generated<string>
  manager_id: string | null
  expected_annualized_return_rate: string | null
  default_drawdown: string | null
  min_drawdown: string | null
  thermometer_level: number | null
  thermometer_description: string | null
  how_to_buy: string | null
  how_to_sell: string | null
  feature_showcase: Generated<Showcase[]>
  performance_showcase: Generated<Showcase[]>
  asset_mix_configs: Generated<Partial<Record<AssetMixScope, Record<string, unknown>>>>
  preferences: Generated<PortfolioPreferences>
  faq: Generated<Array<{ question: string; answer: string; link?: string | null }>>
  intro_image_urls: Generated<string[]>
  lowest_buy_amount: Generated<string>
  buy_fee_rate: Generated<string>
  advisor_fee_rate: string | null
  advisor_fee_mode: string | null
  advisor_before_fee_rate: string | null
  advisor_fee_description: string | null
  advisor_monthly_cap: string | null
  advisor_discount: string | null
  can_buy: Generated<boolean>
  can_not_buy_reason: string | null
  can_redeem: Generated<boolean>
  cannot_redeem_reason: string | null
  can_aip: Generated<boolean>
  can_not_aip_reason: string | null
  can_open_plan: Generated<boolean>
  aip_guide_tips: string | null
  community_url: string | null
  trade_modes: Generated<string[]>
  can_baseline: Generated<boolean>
  cannot_baseline_reason: string | null
}

export interface RateLimitsTable {
  key: string
  window_start: Date
  count: number
}

export interface RevokedTokensTable {
  jti: string
  expires_at: Date
}

export interface WechatTokensTable {
  app_id: string
  access_token: string | null
  token_expires_at: Date | null
  ticket: string | null
  ticket_expires_at: Date | null
  failures: Generated<number>
  retry_at: Date | null
  lease_owner: string | null
  lease_until: Date | null
}

export interface SignalOrdersTable {
  sig_id: string
  seq: number
  order_type: string
  fund_code: string
  percent: string
  amount: string | null
  target_fund_code: string | null
}

export interface SignalsTable {
  sig_id: string
  po_code: string
  kind: string
  sig_date: string
  short_description: string | null
  signal_action_name: string | null
  display_signal_amount: Generated<boolean>
  intro_title: string | null
  intro_description: string | null
  intro_link: string | null
  intro_tags: Generated<string[]>
  buy_rate: string | null
  issue_number: number | null
  buy_valid_until: Date | null
}

export interface SmsCodesTable {
  phone: string
  code_hash: string
  expires_at: Date
  attempts: Generated<number>
  window_start: Date
  sent_in_window: Generated<number>
  last_sent_at: Date
}

export interface TrackingEventsTable {
  id: Generated<number>
  received_at: Generated<Date>
  source: string
  event: string | null
  anonymous_id: string | null
  /** JSONB, written as JSON text. */
  properties: ColumnType<Record<string, unknown>, string | undefined, string>
}

/** A user's NAV alert on a fund of their watchlist (0014); threshold in percent (RISE, FALL) or a unit NAV (ABOVE, BELOW). */
export interface NavAlertRulesTable {
  user_id: string
  fund_code: string
  kind: 'RISE' | 'FALL' | 'ABOVE' | 'BELOW'
  threshold: string
  created_at: Generated<Date>
}

/** The in-app 消息 list (0014): one NAV alert per user, fund and NAV day, with its read mark and platform delivery. */
export interface UserMessagesTable {
  id: Generated<number>
  user_id: string
  kind: 'NAV_ALERT'
  fund_code: string | null
  nav_date: string | null
  title: string
  body: string
  created_at: Generated<Date>
  read_at: Date | null
  delivery: Generated<'none' | 'pending' | 'sent' | 'failed'>
  /** The figures of a NAV alert for a subscription template: fund, navDate, nav, change, condition. */
  detail: ColumnType<Record<string, string> | null, string | null | undefined, string | null>
  platform: 'weapp' | 'swan' | null
  recipient: string | null
  subscribe_id: string | null
  attempts: Generated<number>
  retry_at: Date | null
  claimed_until: Date | null
  failure: string | null
  sent_at: Date | null
}

/** One-time subscription messages a user authorised for alerts, per platform (0014). */
export interface AlertSubscriptionsTable {
  user_id: string
  platform: 'weapp' | 'swan'
  recipient: string
  subscribe_id: string | null
  remaining: Generated<number>
  updated_at: Generated<Date>
}

export interface DB {
  adjustment_parts: AdjustmentPartsTable
  adjustments: AdjustmentsTable
  ads: AdsTable
  advisor_fee_steps: AdvisorFeeStepsTable
  alert_subscriptions: AlertSubscriptionsTable
  article_reads: ArticleReadsTable
  articles: ArticlesTable
  benchmark_values: BenchmarkValuesTable
  benchmarks: BenchmarksTable
  categories: CategoriesTable
  columns: ColumnsTable
  community_posts: CommunityPostsTable
  courses: CoursesTable
  data_version: DataVersionTable
  demo_meta: DemoMetaTable
  follows: FollowsTable
  fund_events: FundEventsTable
  fund_navs: FundNavsTable
  funds: FundsTable
  hand_picked: HandPickedTable
  intro_videos: IntroVideosTable
  investor_messages: InvestorMessagesTable
  kv_configs: KvConfigsTable
  lesson_progress: LessonProgressTable
  lessons: LessonsTable
  live_comments: LiveCommentsTable
  live_streams: LiveStreamsTable
  live_subscriptions: LiveSubscriptionsTable
  managers: ManagersTable
  nav_alert_rules: NavAlertRulesTable
  portfolio_benchmarks: PortfolioBenchmarksTable
  portfolio_navs: PortfolioNavsTable
  portfolio_parts: PortfolioPartsTable
  portfolios: PortfoliosTable
  rate_limits: RateLimitsTable
  revoked_tokens: RevokedTokensTable
  wechat_tokens: WechatTokensTable
  saved_filters: SavedFiltersTable
  signal_orders: SignalOrdersTable
  signals: SignalsTable
  sms_codes: SmsCodesTable
  tracking_events: TrackingEventsTable
  user_fund_picks: UserFundPicksTable
  user_holdings: UserHoldingsTable
  user_messages: UserMessagesTable
  users: UsersTable
  watchlist_groups: WatchlistGroupsTable
  watchlist_group_funds: WatchlistGroupFundsTable
}

export type PortfolioRow = Selectable<PortfoliosTable>
