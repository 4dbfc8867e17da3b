import type { Database } from '../db'
import type { ContentType, FeeType, MovementDirection } from '../../generated/resolvers'
import type { PortfolioRow } from '../db/schema'
import { pageWithTotal, totalCount } from '../paging'
import { sumDecimals } from '../decimal'
import { FUND_CATEGORY_ASSET_CLASS } from '../fund/categories'
import { rangeStart } from '../ranges'
import { tradingDays } from '../demo/random'

export type { PortfolioRow }

export function loadPortfolioRow(database: Database, poCode: string): Promise<PortfolioRow | undefined> {
  return database.db.selectFrom('portfolios').selectAll().where('po_code', '=', poCode).executeTakeFirst()
}

/** Brand rules of spec section 1: brand-specific portfolios, and AP custom plans only on main-brand (0008) hosts. */
export function visibleOnBrand(row: PortfolioRow, broker: string): boolean {
  if (row.po_code.startsWith('AP') && broker !== '0008') return false
  return row.brand === 'all' || row.brand === broker
}

/** A page of the portfolios visible on the brand (AP custom plans on 0008 only), by code, and their total. */
export function listPortfolioRows(database: Database, broker: string, offset: number, size: number, seriesType?: string | null) {
  return pageWithTotal(
    (from, n) => {
      let q = database.db
        .selectFrom('portfolios')
        .selectAll()
        .select(totalCount)
        .where((eb) => eb.or([eb('brand', '=', 'all'), eb('brand', '=', broker)]))
      if (broker !== '0008') q = q.where('po_code', 'not like', 'AP%')
      if (seriesType != null) q = q.where('series_type', '=', seriesType)
      return q.orderBy('po_code').limit(n).offset(from).execute()
    },
    offset,
    size,
  )
}

/** Plain fields of spec section 3's Portfolio, from a row (user-dependent fields are added by the caller). */
export function portfolioFields(row: PortfolioRow, today = shanghaiToday()) {
  return {
    poCode: row.po_code,
    poName: row.po_name,
    description: row.description,
    subTitle: row.sub_title,
    philosophy: row.philosophy,
    investStrategy: row.invest_strategy,
    investRange: row.invest_range,
    riskLevel: row.risk_level,
    runningDays: Math.max(0, Math.round((Date.parse(today) - Date.parse(row.created_date)) / 86_400_000)),
    createdDate: row.created_date,
    url: row.url,
    moneyType: row.money_type,
    hasAdvisor: row.has_advisor,
    showNotes: row.show_notes,
    isSupportSmartAip: row.is_support_smart_aip,
    runningWithRealMoney: row.running_with_real_money,
    assetClassesTestingIndex: row.asset_classes_testing_index,
    buyersCount: row.buyers_count,
    totalUnit: row.total_unit,
    seriesType: row.series_type,
    isModelPo: row.is_model_po,
    isCustomPlan: row.po_code.startsWith('AP'),
    featureShowcase: row.feature_showcase,
    performanceShowcase: row.performance_showcase,
    annualizedReturnRateRange: {
      expectedAnnualizedReturnRate: row.expected_annualized_return_rate,
      defaultDrawdown: row.default_drawdown,
      minDrawdown: row.min_drawdown,
    },
    chinaIncludeAlternative: row.asset_mix_configs.chinaIncludeAlternative ?? null,
    chinaIncludeOversea: row.asset_mix_configs.chinaIncludeOversea ?? null,
    chinaOnly: row.asset_mix_configs.chinaOnly ?? null,
    global: row.asset_mix_configs.global ?? null,
    thermometer:
      row.thermometer_level == null
        ? null
        : {
            level: row.thermometer_level,
            levelDescription: row.thermometer_description,
            advice: { howToBuy: row.how_to_buy, howToSell: row.how_to_sell },
          },
    preference: row.preferences,
    faq: row.faq,
  }
}

/** Follows (true) or unfollows (false) a portfolio for a user. */
export async function setFollow(database: Database, userId: string, poCode: string, state: boolean): Promise<void> {
  if (state)
    await database.db
      .insertInto('follows')
      .values({ user_id: userId, po_code: poCode })
      .onConflict((oc) => oc.doNothing())
      .execute()
  else await database.db.deleteFrom('follows').where('user_id', '=', userId).where('po_code', '=', poCode).execute()
}

export function shanghaiToday(now = Date.now()): string {
  return new Date(now + 8 * 3_600_000).toISOString().slice(0, 10)
}

export async function followersCount(database: Database, row: PortfolioRow): Promise<number> {
  const [{ n }] = await database.query<{ n: number }>('select count(*)::int as n from follows where po_code = $1', [row.po_code])
  return row.followers_base + n
}

export async function userPortfolioState(database: Database, userId: string, poCode: string) {
  const [row] = await database.query<{ followed: boolean; signed: boolean }>(
    `select exists(select 1 from follows where user_id = $1 and po_code = $2) as followed,
            coalesce((select signed from user_holdings where user_id = $1 and po_code = $2), false) as signed`,
    [userId, poCode],
  )
  return row
}

export async function capitalAccountHoldings(database: Database, userId: string, poCode: string) {
  return database.query<{ caId: string; units: string }>(
    'select ca_id as "caId", units from user_holdings where user_id = $1 and po_code = $2',
    [userId, poCode],
  )
}

export async function investedUnit(database: Database, row: PortfolioRow): Promise<number | null> {
  if (!row.total_unit) return null
  const [{ n }] = await database.query<{ n: number }>(
    'select coalesce(sum(unit), 0)::int as n from portfolio_parts where po_code = $1 and category_code not in ($2, $3)',
    [row.po_code, 'CASH', 'MONEY'],
  )
  return n
}

interface PartRow {
  fundCode: string
  fundCategory: string
  categoryCode: string
  percent: string
  unit: number | null
  varietyName: string | null
  /** Stored as the schema's enum value (written by the seed and the importer). */
  latestMovement: MovementDirection
  latestMovementName: string | null
  candidateFundCodes: string[]
  accProfitRate: string | null
}

/** Category code of a part under a category type: fund category or asset class. */
export function categoryFor(fundCategory: string, categoryType: string | null | undefined, stored: string): string {
  if (categoryType === 'FundCategory') return fundCategory
  if (categoryType === 'AssetClassLevel1') return FUND_CATEGORY_ASSET_CLASS[fundCategory] ?? stored
  return stored
}

/** Category codes and names of one category type (composition categories, fund categories). */
export async function categoryDict(database: Database, categoryType: string) {
  return database.query<{ code: string; name: string }>(
    'select category_code as code, name from categories where category_type = $1 order by sort',
    [categoryType],
  )
}

export async function categoryNames(database: Database): Promise<Map<string, string>> {
  const rows = await database.query<{ code: string; name: string }>('select category_code as code, name from categories')
  return new Map(rows.map((r) => [r.code, r.name]))
}

export async function composition(database: Database, row: PortfolioRow, categoryType?: string | null) {
  const parts = await database.query<PartRow>(
    `select p.fund_code as "fundCode", f.category_code as "fundCategory", p.category_code as "categoryCode", p.percent, p.unit, p.variety_name as "varietyName",
            p.latest_movement as "latestMovement", p.latest_movement_name as "latestMovementName", p.candidate_fund_codes as "candidateFundCodes", p.acc_profit_rate as "accProfitRate"
     from portfolio_parts p join funds f using (fund_code) where p.po_code = $1 order by p.percent desc, p.fund_code`,
    [row.po_code],
  )
  const [updated] = await database.query<{ d: string | null }>('select max(adj_date) as d from adjustments where po_code = $1', [
    row.po_code,
  ])
  const names = await categoryNames(database)
  const groups = new Map<string, PartRow[]>()
  for (const p of parts) {
    const code = categoryFor(p.fundCategory, categoryType, p.categoryCode)
    groups.set(code, [...(groups.get(code) ?? []), { ...p, categoryCode: code }])
  }
  return {
    updatedAt: updated?.d ?? row.created_date,
    groups: [...groups.entries()].map(([categoryCode, list]) => ({
      categoryCode,
      categoryName: names.get(categoryCode) ?? null,
      percent: sumDecimals(list.map((p) => p.percent)),
      unit: list.some((p) => p.unit != null) ? list.reduce((s, p) => s + (p.unit ?? 0), 0) : null,
      accProfitRate: list[0].accProfitRate,
      parts: list.map((p) => ({
        percent: p.percent,
        categoryCode,
        unit: p.unit,
        fundCode: p.fundCode,
        candidateFundCodes: p.candidateFundCodes,
        latestMovement: p.latestMovement,
        latestMovementName: p.latestMovementName,
        varietyName: p.varietyName,
      })),
    })),
  }
}

export async function lastNavDate(database: Database, poCode: string): Promise<string | null> {
  const [row] = await database.query<{ d: string | null }>('select max(nav_date) as d from portfolio_navs where po_code = $1', [poCode])
  return row?.d ?? null
}

export interface SeriesPoint {
  date: string
  value: string
  extra?: unknown
}

export async function navSeries(
  database: Database,
  poCode: string,
  range: string | null | undefined,
  all?: boolean | null,
): Promise<SeriesPoint[]> {
  const last = await lastNavDate(database, poCode)
  if (!last) return []
  const start = all ? null : rangeStart(range, last)
  return database.query<SeriesPoint>(
    `select nav_date as date, nav as value from portfolio_navs where po_code = $1 and ($2::date is null or nav_date >= $2::date) order by nav_date`,
    [poCode, start],
  )
}

export async function navHistory(database: Database, row: PortfolioRow, range: string | null | undefined, all?: boolean | null) {
  const series = await navSeries(database, row.po_code, range, all)
  const first = series[0]
  const adjustments = first
    ? await database.query<{ date: string; adjustmentId: string }>(
        'select adj_date as date, adjustment_id as "adjustmentId" from adjustments where po_code = $1 and adj_date >= $2 order by adj_date',
        [row.po_code, first.date],
      )
    : []
  const byDate = new Map(series.map((p) => [p.date, p.value]))
  let peak = -Infinity
  let peakDate = ''
  let worst = { rate: 0, startDate: first?.date ?? '', endDate: first?.date ?? '' }
  for (const p of series) {
    const v = Number(p.value)
    if (v > peak) {
      peak = v
      peakDate = p.date
    }
    const dd = 1 - v / peak
    if (dd > worst.rate) worst = { rate: dd, startDate: peakDate, endDate: p.date }
  }
  const expected = Number(row.expected_annualized_return_rate ?? 0)
  const expectedSeries = first
    ? series
        .filter((_, i) => i % 21 === 0 || i === series.length - 1)
        .map((p) => ({
          date: p.date,
          value: (Number(first.value) * Math.pow(1 + expected, (Date.parse(p.date) - Date.parse(first.date)) / (365 * 86_400_000))).toFixed(
            4,
          ),
        }))
    : []
  return {
    series,
    adjustmentPoints: adjustments
      .filter((a) => byDate.has(a.date))
      .map((a) => ({ date: a.date, value: byDate.get(a.date)!, extra: { adjustmentId: a.adjustmentId } })),
    expectedSeries,
    maxDrawdown: first ? { ...worst, rate: worst.rate.toFixed(6) } : null,
    totalReturn: first ? (Number(series[series.length - 1].value) / Number(first.value) - 1).toFixed(6) : null,
  }
}

export async function acrHistory(database: Database, poCode: string, range: string | null | undefined): Promise<SeriesPoint[]> {
  const last = await lastNavDate(database, poCode)
  if (!last) return []
  return database.query<SeriesPoint>(
    `select nav_date as date, round(nav / first_value(nav) over (order by nav_date) - 1, 6) as value
     from portfolio_navs where po_code = $1 and ($2::date is null or nav_date >= $2::date) order by nav_date`,
    [poCode, rangeStart(range, last)],
  )
}

/** The flagship long-win plan: the first LONG_WIN plan running with real money. */
export async function flagshipLongWin(database: Database): Promise<string | null> {
  const [row] = await database.query<{ po_code: string }>(
    `select po_code from portfolios where running_with_real_money and series_type = 'LONG_WIN' order by po_code limit 1`,
  )
  return row?.po_code ?? null
}

export async function realMoneyHistory(database: Database, poCode: string, range: string | null | undefined): Promise<SeriesPoint[]> {
  const last = await lastNavDate(database, poCode)
  if (!last) return []
  return database.query<SeriesPoint>(
    `select nav_date as date, real_value as value from portfolio_navs
     where po_code = $1 and real_value is not null and ($2::date is null or nav_date >= $2::date) order by nav_date`,
    [poCode, rangeStart(range, last)],
  )
}

export async function comparableBenchmarks(database: Database, poCode: string) {
  return database.query<{ indexCode: string; indexShortName: string; name: string; description: string | null; isDefault: boolean }>(
    `select b.index_code as "indexCode", b.index_short_name as "indexShortName", b.name, b.description, pb.is_default as "isDefault"
     from portfolio_benchmarks pb join benchmarks b using (index_code) where pb.po_code = $1 order by pb.is_default desc, b.index_code`,
    [poCode],
  )
}

/** A benchmark rebased to 1 at the range start (exact: computed as NUMERIC in the database). */
export async function benchmark(database: Database, indexCode: string, range: string | null | undefined, from?: string | null) {
  const [b] = await database.query<{
    name: string
    indexCode: string
    indexShortName: string
    description: string | null
    last: string | null
  }>(
    `select name, index_code as "indexCode", index_short_name as "indexShortName", description,
            (select max(value_date) from benchmark_values where index_code = $1) as last from benchmarks where index_code = $1`,
    [indexCode],
  )
  if (!b) return null
  const start = from ?? (b.last ? rangeStart(range, b.last) : null)
  const history = await database.query<SeriesPoint>(
    `select value_date as date, round(value / first_value(value) over (order by value_date), 4) as value
     from benchmark_values where index_code = $1 and ($2::date is null or value_date >= $2::date) order by value_date`,
    [indexCode, start],
  )
  const { last: _last, ...rest } = b
  return { ...rest, history }
}

export async function dailyNavs(database: Database, poCode: string, range: string | null | undefined, offset: number, size: number) {
  const last = await lastNavDate(database, poCode)
  if (!last) return { rows: [], totalCount: 0 }
  const start = rangeStart(range, last)
  return pageWithTotal(
    (from, n) =>
      database.query<{ date: string; value: string; dailyReturn: string | null; totalCount: number }>(
        `select date, value, "dailyReturn", count(*) over ()::int as "totalCount" from (
       select nav_date as date, nav as value, round(nav / lag(nav) over (order by nav_date) - 1, 6) as "dailyReturn"
       from portfolio_navs where po_code = $1 and ($2::date is null or nav_date >= ($2::date - 7))) t
     where $2::date is null or date >= $2::date order by date desc limit $3 offset $4`,
        [poCode, start, n, from],
      ),
    offset,
    size,
  )
}

export function adjustments(database: Database, poCode: string, offset: number, size: number) {
  return pageWithTotal(
    (from, n) =>
      database.query<{
        adjustmentId: string
        date: string
        comment: string | null
        articleText: string | null
        articleLink: string | null
        totalCount: number
      }>(
        `select adjustment_id as "adjustmentId", adj_date as date, comment, article_text as "articleText", article_link as "articleLink", count(*) over ()::int as "totalCount"
     from adjustments where po_code = $1 order by adj_date desc limit $2 offset $3`,
        [poCode, n, from],
      ),
    offset,
    size,
  )
}

/** Every adjustment of a portfolio, oldest first (the adjustment chart). */
export async function adjustmentDates(database: Database, poCode: string) {
  return database.query<{ adjustmentId: string; date: string }>(
    'select adjustment_id as "adjustmentId", adj_date as date from adjustments where po_code = $1 order by adj_date',
    [poCode],
  )
}

export interface AdjustmentPartRow {
  adjustmentId: string
  fundCode: string
  fundCategory: string
  categoryCode: string
  beforePercent: string
  afterPercent: string
  movement: MovementDirection
  varietyName: string | null
  tradeUnit: number | null
}

export async function adjustmentParts(database: Database, ids: string[]): Promise<AdjustmentPartRow[]> {
  if (!ids.length) return []
  return database.query<AdjustmentPartRow>(
    `select a.adjustment_id as "adjustmentId", a.fund_code as "fundCode", f.category_code as "fundCategory", a.category_code as "categoryCode",
            a.before_percent as "beforePercent", a.after_percent as "afterPercent", a.movement, a.variety_name as "varietyName", a.trade_unit as "tradeUnit"
     from adjustment_parts a join funds f using (fund_code) where a.adjustment_id = any($1::text[]) order by a.adjustment_id, a.fund_code`,
    [ids],
  )
}

export const MOVEMENT_NAMES: Record<MovementDirection, string> = { In: '调入', Out: '调出', Convert: '转换', None: '不变' }

export function signals(database: Database, poCode: string, kind: 'SIGNAL' | 'AIP', offset: number, size: number) {
  return pageWithTotal(
    (from, n) =>
      database.query<SignalRow & { totalCount: number }>(
        `${SIGNAL_COLUMNS}, count(*) over ()::int as "totalCount" from signals where po_code = $1 and kind = $2 order by sig_date desc, sig_id desc limit $3 offset $4`,
        [poCode, kind, n, from],
      ),
    offset,
    size,
  )
}

export interface SignalRow {
  sigId: string
  poCode: string
  kind: string
  date: string
  shortDescription: string | null
  signalActionName: string | null
  displaySignalAmount: boolean
  introduction: { title: string | null; description: string | null; link: string | null; tags: string[] }
  buyRate: string | null
  issueNumber: number | null
  buyValidUntilTime: Date | null
}

const SIGNAL_COLUMNS = `select sig_id as "sigId", po_code as "poCode", kind, sig_date as date, short_description as "shortDescription",
  signal_action_name as "signalActionName", display_signal_amount as "displaySignalAmount",
  json_build_object('title', intro_title, 'description', intro_description, 'link', intro_link, 'tags', intro_tags) as introduction,
  buy_rate as "buyRate", issue_number as "issueNumber", buy_valid_until as "buyValidUntilTime"`

export async function signalById(database: Database, sigId: string): Promise<SignalRow | undefined> {
  const [row] = await database.query<SignalRow>(`${SIGNAL_COLUMNS} from signals where sig_id = $1`, [sigId])
  return row
}

export async function signalOrders(database: Database, sigId: string) {
  return database.query<{
    orderType: string
    fundCode: string
    fundName: string
    percent: string
    amount: string | null
    targetFundCode: string | null
  }>(
    `select o.order_type as "orderType", o.fund_code as "fundCode", f.fund_name as "fundName", o.percent, o.amount, o.target_fund_code as "targetFundCode"
     from signal_orders o join funds f using (fund_code) where o.sig_id = $1 order by o.seq`,
    [sigId],
  )
}

/** Next trading day strictly after `date` (weekdays without the main market holidays). */
function nextTradingDay(date: string): string {
  const t = Date.parse(`${date}T00:00:00Z`)
  const window = tradingDays(new Date(t + 86_400_000).toISOString().slice(0, 10), new Date(t + 20 * 86_400_000).toISOString().slice(0, 10))
  return window[0]
}

/** Trade dates: orders after 15:00 Shanghai time or on a closed day go to the next trading day. */
export function tradeDates(now = Date.now()) {
  const shanghai = new Date(now + 8 * 3_600_000)
  const today = shanghai.toISOString().slice(0, 10)
  const openToday = tradingDays(today, today).length === 1 && shanghai.getUTCHours() < 15
  const currentTxnDate = openToday ? today : nextTradingDay(today)
  const buyExpectConfirmDate = nextTradingDay(currentTxnDate)
  return { currentTxnDate, buyExpectConfirmDate, incomeVisibleDate: nextTradingDay(buyExpectConfirmDate) }
}

export async function tradeRule(database: Database, row: PortfolioRow, _scene?: string | null) {
  const cannot = await database.query<{ fundCode: string; fundName: string; msg: string }>(
    `select f.fund_code as "fundCode", f.fund_name as "fundName", coalesce(f.can_not_buy_reason, '暂停申购') as msg
     from portfolio_parts p join funds f using (fund_code) where p.po_code = $1 and not f.can_buy order by f.fund_code`,
    [row.po_code],
  )
  const steps = await database.query<{
    lower: string
    upper: string | null
    feeRate: string
    discountFeeRate: string | null
    description: string | null
  }>(
    `select lower_bound as lower, upper_bound as upper, fee_rate as "feeRate", discount_fee_rate as "discountFeeRate", description
     from advisor_fee_steps where po_code = $1 order by seq`,
    [row.po_code],
  )
  return {
    buying: {
      canBuy: row.can_buy,
      canNotBuyReason: row.can_not_buy_reason,
      canNotBuyResults: cannot,
      explainUrl: 'https://www.alfa.example/faq/buy',
      explainText: '买入规则说明',
      lowestBuyAmount: row.lowest_buy_amount,
      buyFeeRate: row.buy_fee_rate,
    },
    advisorCharge: row.advisor_fee_mode
      ? {
          feeRate: row.advisor_fee_rate,
          mode: row.advisor_fee_mode as FeeType, // stored as the schema's enum value
          beforeFeeRate: row.advisor_before_fee_rate,
          description: row.advisor_fee_description,
          stepRates: steps,
          monthlyCap: row.advisor_monthly_cap,
          discount: row.advisor_discount,
          displayTexts: row.advisor_fee_description ? [row.advisor_fee_description] : [],
        }
      : null,
    redeeming: { canRedeem: row.can_redeem, cannotRedeemReason: row.cannot_redeem_reason },
    dates: tradeDates(),
    regularInvestment: {
      canAip: row.can_aip,
      canNotAipReason: row.can_not_aip_reason,
      canNotAipExplainText: row.can_not_aip_reason ? '了解定投规则' : null,
      canNotAipExplainUrl: row.can_not_aip_reason ? 'https://www.alfa.example/faq/aip' : null,
      canOpenPlan: row.can_open_plan,
      aipGuideTips: row.aip_guide_tips,
    },
    other: {
      communityUrl: row.community_url,
      tradeModes: row.trade_modes,
      canBaseline: row.can_baseline,
      cannotBaselineReason: row.cannot_baseline_reason,
    },
  }
}

export async function pinnedPosts(database: Database, poCode: string) {
  return database.query<{
    postId: string
    url: string | null
    title: string
    intro: string | null
    postBy: { avatarUrl: string | null; level: number | null; nickname: string | null }
    contents: Array<{ type: string; detail: string }>
  }>(
    `select post_id as "postId", url, title, intro, json_build_object('avatarUrl', author_avatar_url, 'level', author_level, 'nickname', posted_by) as "postBy", contents
     from community_posts where po_code = $1 and kind = 'pinned' order by posted_date desc`,
    [poCode],
  )
}

export function timelinePosts(database: Database, poCode: string, type: string | null | undefined, offset: number, size: number) {
  return pageWithTotal(
    (from, n) =>
      database.query<{
        postId: string
        title: string
        url: string | null
        type: ContentType | null
        postedDate: Date
        postedBy: string | null
        coverUrl: string | null
        totalCount: number
      }>(
        `select post_id as "postId", title, url, content_type as type, posted_date as "postedDate", posted_by as "postedBy", cover_url as "coverUrl", count(*) over ()::int as "totalCount"
     from community_posts where po_code = $1 and kind = 'timeline' and ($2::text is null or content_type = $2) order by posted_date desc, post_id limit $3 offset $4`,
        [poCode, type ?? null, n, from],
      ),
    offset,
    size,
  )
}

export async function introVideo(database: Database, poCode: string) {
  const [row] = await database.query<{
    videoId: string
    sourceUrl: string
    coverUrl: string | null
    url: string | null
    commentCount: number
    visitCount: number
  }>(
    `select video_id as "videoId", source_url as "sourceUrl", cover_url as "coverUrl", url, comment_count as "commentCount", visit_count as "visitCount" from intro_videos where po_code = $1`,
    [poCode],
  )
  return row ?? null
}

export async function investorMessages(database: Database, poCode: string) {
  return database.query<{
    id: string
    avatar: string | null
    content: string
    likeNum: number
    nickName: string | null
    userDays: number | null
  }>(
    `select id, avatar, content, like_num as "likeNum", nick_name as "nickName", user_days as "userDays" from investor_messages where po_code = $1 order by like_num desc, id`,
    [poCode],
  )
}
