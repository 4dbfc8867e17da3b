import { sql, type ExpressionBuilder } from 'kysely'
import { jsonBuildObject } from 'kysely/helpers/postgres'
import type { Database } from '../db'
import { memoInRequest, primeInRequest } from '../db/abort'
import type { DB, PortfolioNavsTable, PortfolioRow } from '../db/schema'
import type { MovementDirection } from '../../generated/resolvers'
import { addDays } from '../calendar'
import { pageWithTotal, totalCount } from '../paging'
import { fundQuery } from '../fund/data'
import { rangeStart } from '../ranges'

/**
 * The portfolio domain's SQL, one typed query per function: Kysely builder calls, and `sql`
 * fragments where a window function (first_value, lag) is the point. Rows come typed from the
 * Database interface (db/schema.ts). The community content's queries are in community.ts; the
 * composition, the NAV chart and the trade rule are assembled from these rows in composition.ts,
 * series.ts and tradeRule.ts, the plain fields in fields.ts.
 */

/** A portfolio's row with its followers (the seeded base plus the users following it). */
export type PortfolioHeadRow = PortfolioRow & { followers_total: number }

/**
 * A portfolio's row, its followers and its first and last NAV days in one statement (issue #24: the
 * detail's first screen reads all three); the NAV days serve the rest of the request (navDateBounds).
 */
export async function loadPortfolioRow(database: Database, poCode: string): Promise<PortfolioHeadRow | undefined> {
  const row = await database.db
    .selectFrom('portfolios as p')
    .selectAll('p')
    .select((eb) => [
      sql<number>`p.followers_base + (${eb
        .selectFrom('follows as f')
        .select((f) => f.fn.countAll().as('n'))
        .whereRef('f.po_code', '=', 'p.po_code')})::int`.as('followers_total'),
      eb
        .selectFrom('portfolio_navs as n')
        .select((n) => n.fn.min<string>('n.nav_date').as('d'))
        .whereRef('n.po_code', '=', 'p.po_code')
        .as('first_nav'),
      eb
        .selectFrom('portfolio_navs as n')
        .select((n) => n.fn.max<string>('n.nav_date').as('d'))
        .whereRef('n.po_code', '=', 'p.po_code')
        .as('last_nav'),
    ])
    .where('p.po_code', '=', poCode)
    .executeTakeFirst()
  if (!row) return undefined
  const { first_nav, last_nav, ...head } = row
  primeInRequest(navBoundsKey(poCode), { first: first_nav ?? null, last: last_nav ?? null })
  return head
}

/** Request-memo keys of the look-ups the detail's head statement answers (loadPortfolioHead primes them). */
export const headKeys = {
  manager: (managerId: string) => `manager:${managerId}`,
  comparableBenchmarks: (poCode: string) => `comparableBenchmarks:${poCode}`,
  signals: (poCode: string, kind: string, offset: number, size: number) => `signals:${poCode}:${kind}:${offset}:${size}`,
  dailyNavs: (poCode: string, range: string | null | undefined, offset: number, size: number) =>
    `dailyNavs:${poCode}:${(range ?? '1Y').toUpperCase()}:${offset}:${size}`,
  investedUnit: (poCode: string) => `investedUnit:${poCode}`,
  userState: (userId: string, poCode: string) => `state:${userId}:${poCode}`,
  holdings: (userId: string, poCode: string) => `holdings:${userId}:${poCode}`,
}

/**
 * The strategy detail's head in one statement (issue #24): the row, its followers and NAV days
 * (as loadPortfolioRow), its manager, comparable benchmarks, latest signal and latest NAV as the
 * head asks it (dailyNavs 1M, one row). Each is primed in the request's memo under the key its own
 * look-up reads, so the resolvers send nothing more; one-row parts come as columns (the driver's
 * own types: numerics stay strings), the benchmarks as JSON of text and booleans only.
 */
export async function loadPortfolioHead(
  database: Database,
  poCode: string,
  userId: string | null = null,
): Promise<PortfolioHeadRow | undefined> {
  const found = await database.db
    .selectFrom('portfolios as p')
    // The reader's holding (one row at most: the key is user and portfolio); none for nobody.
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('user_holdings as uh')
          .select(['uh.ca_id', 'uh.units', 'uh.signed'])
          .where('uh.user_id', '=', userId ?? '')
          .whereRef('uh.po_code', '=', 'p.po_code')
          .as('uh'),
      (join) => join.onTrue(),
    )
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('portfolio_navs as n')
          .select((n) => [n.fn.min<string>('n.nav_date').as('first_nav'), n.fn.max<string>('n.nav_date').as('last_nav')])
          .whereRef('n.po_code', '=', 'p.po_code')
          .as('b'),
      (join) => join.onTrue(),
    )
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('managers as m')
          .select([
            'm.manager_id as managerId',
            'm.manager_name as managerName',
            'm.is_verified as isVerified',
            'm.avatar_url as avatarUrl',
            'm.is_yingmi_extended as isYingmiExtended',
            'm.company',
            'm.intro',
            'm.is_demo as isDemo',
          ])
          .whereRef('m.manager_id', '=', 'p.manager_id')
          .as('m'),
      (join) => join.onTrue(),
    )
    // The latest signal as signals(SIGNAL, first page of one) reads it, with the count of them all.
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('signals')
          .select(signalColumns)
          .select(totalCount)
          .whereRef('signals.po_code', '=', 'p.po_code')
          .where('kind', '=', 'SIGNAL')
          .orderBy('sig_date', 'desc')
          .orderBy('sig_id', 'desc')
          .limit(1)
          .as('s'),
      (join) => join.onTrue(),
    )
    // The latest NAV as dailyNavs(1M, first page of one) reads it: the range starts a calendar month
    // before the last NAV (PostgreSQL clamps to the month's end as monthsBefore does), its return
    // over the NAV before it when that is at most a week before the range.
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom(
            eb
              .selectFrom('portfolio_navs as n')
              .select([
                'n.nav_date as date',
                'n.nav as value',
                sql<string | null>`round(nav / lag(nav) over (order by nav_date) - 1, 6)`.as('dailyReturn'),
              ])
              .whereRef('n.po_code', '=', 'p.po_code')
              .where('n.nav_date', '>=', sql<string>`((b.last_nav - interval '1 month')::date - 7)`)
              .as('t'),
          )
          .select(['t.date', 't.value', 't.dailyReturn', totalCount])
          .where('t.date', '>=', sql<string>`(b.last_nav - interval '1 month')::date`)
          .orderBy('t.date', 'desc')
          .limit(1)
          .as('l'),
      (join) => join.onTrue(),
    )
    .selectAll('p')
    .select((eb) => [
      sql<number>`p.followers_base + (${eb
        .selectFrom('follows as f')
        .select((f) => f.fn.countAll().as('n'))
        .whereRef('f.po_code', '=', 'p.po_code')})::int`.as('followers_total'),
      'b.first_nav as h_first_nav',
      'b.last_nav as h_last_nav',
      'm.managerId as h_m_managerId',
      'm.managerName as h_m_managerName',
      'm.isVerified as h_m_isVerified',
      'm.avatarUrl as h_m_avatarUrl',
      'm.isYingmiExtended as h_m_isYingmiExtended',
      'm.company as h_m_company',
      'm.intro as h_m_intro',
      'm.isDemo as h_m_isDemo',
      // Text and booleans only: nothing JSON could round.
      eb
        .selectFrom('portfolio_benchmarks as pb')
        .innerJoin('benchmarks as bm', 'bm.index_code', 'pb.index_code')
        .select(
          sql<
            ComparableBenchmark[]
          >`coalesce(json_agg(json_build_object('indexCode', bm.index_code, 'indexShortName', bm.index_short_name, 'name', bm.name, 'description', bm.description, 'isDefault', pb.is_default) order by pb.is_default desc, bm.index_code), '[]')`.as(
            'j',
          ),
        )
        .whereRef('pb.po_code', '=', 'p.po_code')
        .as('h_benchmarks'),
      's.sigId as h_s_sigId',
      's.poCode as h_s_poCode',
      's.kind as h_s_kind',
      's.date as h_s_date',
      's.shortDescription as h_s_shortDescription',
      's.signalActionName as h_s_signalActionName',
      's.displaySignalAmount as h_s_displaySignalAmount',
      's.introduction as h_s_introduction',
      's.buyRate as h_s_buyRate',
      's.issueNumber as h_s_issueNumber',
      's.buyValidUntilTime as h_s_buyValidUntilTime',
      's.totalCount as h_s_totalCount',
      'l.date as h_l_date',
      'l.value as h_l_value',
      'l.dailyReturn as h_l_dailyReturn',
      'l.totalCount as h_l_totalCount',
      eb
        .exists(
          eb
            .selectFrom('follows as uf')
            .select('uf.po_code')
            .where('uf.user_id', '=', userId ?? '')
            .whereRef('uf.po_code', '=', 'p.po_code'),
        )
        .$castTo<boolean>()
        .as('h_u_followed'),
      'uh.ca_id as h_u_caId',
      'uh.units as h_u_units',
      'uh.signed as h_u_signed',
      eb
        .selectFrom('portfolio_parts as ip')
        .select((ip) => ip.cast<number>(ip.fn.coalesce(ip.fn.sum('ip.unit'), ip.lit(0)), 'integer').as('n'))
        .whereRef('ip.po_code', '=', 'p.po_code')
        .where('ip.category_code', 'not in', INVESTED_EXCLUDED)
        .as('h_invested'),
    ])
    .where('p.po_code', '=', poCode)
    .executeTakeFirst()
  if (!found) return undefined
  const {
    h_first_nav,
    h_last_nav,
    h_m_managerId,
    h_m_managerName,
    h_m_isVerified,
    h_m_avatarUrl,
    h_m_isYingmiExtended,
    h_m_company,
    h_m_intro,
    h_m_isDemo,
    h_benchmarks,
    h_s_sigId,
    h_s_poCode,
    h_s_kind,
    h_s_date,
    h_s_shortDescription,
    h_s_signalActionName,
    h_s_displaySignalAmount,
    h_s_introduction,
    h_s_buyRate,
    h_s_issueNumber,
    h_s_buyValidUntilTime,
    h_s_totalCount,
    h_l_date,
    h_l_value,
    h_l_dailyReturn,
    h_l_totalCount,
    h_u_followed,
    h_u_caId,
    h_u_units,
    h_u_signed,
    h_invested,
    ...head
  } = found
  primeInRequest(navBoundsKey(poCode), { first: h_first_nav ?? null, last: h_last_nav ?? null })
  if (head.manager_id)
    primeInRequest(
      headKeys.manager(head.manager_id),
      h_m_managerId == null
        ? undefined
        : {
            managerId: h_m_managerId,
            managerName: h_m_managerName!,
            isVerified: h_m_isVerified!,
            avatarUrl: h_m_avatarUrl ?? null,
            isYingmiExtended: h_m_isYingmiExtended!,
            company: h_m_company ?? null,
            intro: h_m_intro ?? null,
            isDemo: h_m_isDemo!,
          },
    )
  primeInRequest(headKeys.comparableBenchmarks(poCode), h_benchmarks ?? [])
  primeInRequest(headKeys.signals(poCode, 'SIGNAL', 0, 1), {
    rows:
      h_s_sigId == null
        ? []
        : [
            {
              sigId: h_s_sigId,
              poCode: h_s_poCode!,
              kind: h_s_kind!,
              date: h_s_date!,
              shortDescription: h_s_shortDescription ?? null,
              signalActionName: h_s_signalActionName ?? null,
              displaySignalAmount: h_s_displaySignalAmount!,
              introduction: h_s_introduction!,
              buyRate: h_s_buyRate ?? null,
              issueNumber: h_s_issueNumber ?? null,
              buyValidUntilTime: h_s_buyValidUntilTime ?? null,
            },
          ],
    totalCount: h_s_totalCount ?? 0,
  })
  primeInRequest(headKeys.dailyNavs(poCode, '1M', 0, 1), {
    rows: h_l_date == null ? [] : [{ date: h_l_date, value: h_l_value!, dailyReturn: h_l_dailyReturn ?? null }],
    totalCount: h_l_totalCount ?? 0,
  })
  primeInRequest(headKeys.investedUnit(poCode), head.total_unit ? (h_invested ?? 0) : null)
  if (userId !== null) {
    primeInRequest(headKeys.userState(userId, poCode), { followed: h_u_followed, signed: h_u_signed ?? false })
    primeInRequest(headKeys.holdings(userId, poCode), h_u_caId == null ? [] : [{ caId: h_u_caId, units: h_u_units! }])
  }
  return head
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

/** The flagship long-win plan: the first LONG_WIN plan running with real money. */
export async function flagshipLongWin(database: Database): Promise<string | null> {
  const row = await database.db
    .selectFrom('portfolios')
    .select('po_code')
    .where('running_with_real_money', '=', true)
    .where('series_type', '=', 'LONG_WIN')
    .orderBy('po_code')
    .limit(1)
    .executeTakeFirst()
  return row?.po_code ?? null
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

/** The shown followers: the portfolio's base count plus the users following it. */
export async function followersCount(database: Database, row: PortfolioRow): Promise<number> {
  const { n } = await database.db
    .selectFrom('follows')
    .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('n'))
    .where('po_code', '=', row.po_code)
    .executeTakeFirstOrThrow()
  return row.followers_base + n
}

/** Whether the user follows the portfolio and has signed its advisory agreement (once per request: the detail's head reads it). */
export function userPortfolioState(database: Database, userId: string, poCode: string): Promise<{ followed: boolean; signed: boolean }> {
  return memoInRequest(headKeys.userState(userId, poCode), () => userStateRow(database, userId, poCode))
}

function userStateRow(database: Database, userId: string, poCode: string) {
  return database.db
    .selectNoFrom((eb) => [
      eb.exists(eb.selectFrom('follows').select('po_code').where('user_id', '=', userId).where('po_code', '=', poCode)).as('followed'),
      eb.fn
        .coalesce(
          eb.selectFrom('user_holdings').select('signed').where('user_id', '=', userId).where('po_code', '=', poCode),
          eb.lit(false),
        )
        .as('signed'),
    ])
    .$narrowType<{ followed: boolean; signed: boolean }>()
    .executeTakeFirstOrThrow()
}

/** The user's holding of the portfolio: one capital account at most (the key is user and portfolio); once per request, the detail's head reads it. */
export function capitalAccountHoldings(
  database: Database,
  userId: string,
  poCode: string,
): Promise<Array<{ caId: string; units: string }>> {
  return memoInRequest(headKeys.holdings(userId, poCode), () =>
    database.db
      .selectFrom('user_holdings')
      .select(['ca_id as caId', 'units'])
      .where('user_id', '=', userId)
      .where('po_code', '=', poCode)
      .execute(),
  )
}

/** Cash and money funds: not counted as invested units. */
const INVESTED_EXCLUDED = ['CASH', 'MONEY']

/** Units invested outside cash and money funds; null for a portfolio without units (once per request: the detail's head reads it). */
export function investedUnit(database: Database, row: PortfolioRow): Promise<number | null> {
  return memoInRequest(headKeys.investedUnit(row.po_code), async () => {
    if (!row.total_unit) return null
    const { n } = await database.db
      .selectFrom('portfolio_parts')
      .select((eb) => eb.cast<number>(eb.fn.coalesce(eb.fn.sum('unit'), eb.lit(0)), 'integer').as('n'))
      .where('po_code', '=', row.po_code)
      .where('category_code', 'not in', INVESTED_EXCLUDED)
      .executeTakeFirstOrThrow()
    return n
  })
}

/** Category codes and names of one category type (composition categories, fund categories). */
export function categoryDict(database: Database, categoryType: string) {
  return database.db
    .selectFrom('categories')
    .select(['category_code as code', 'name'])
    .where('category_type', '=', categoryType)
    .orderBy('sort')
    .execute()
}

export async function categoryNames(database: Database): Promise<Map<string, string>> {
  const rows = await database.db
    .selectFrom('categories')
    .select(['category_code as code', 'name'])
    .orderBy('category_type')
    .orderBy('category_code')
    .execute()
  return new Map(rows.map((r) => [r.code, r.name]))
}

/** A part of a portfolio with its fund's category. */
export interface CompositionPartRow {
  fundCode: string
  fundCategory: string
  categoryCode: string
  percent: string
  unit: number | null
  varietyName: string | null
  latestMovement: MovementDirection
  latestMovementName: string | null
  candidateFundCodes: string[]
  accProfitRate: string | null
  /** The day the fund last came in (acc_profit_rate's start); null when unknown. */
  entryDate: string | null
}

/**
 * The composition's rows in one statement (issue #24): the parts, largest first, each with
 * its fund as the fund look-up reads it (primed for the request, so the parts' funds cost nothing
 * more), the day of the latest adjustment and the category names. A portfolio without parts has no
 * row to carry them: then the day is read on its own (and no group needs a name).
 */
export async function compositionRows(database: Database, poCode: string) {
  const rows = await fundQuery(database.db)
    .innerJoin('portfolio_parts as p', 'p.fund_code', 'f.fund_code')
    .select([
      'p.category_code as part_categoryCode',
      'p.percent as part_percent',
      'p.unit as part_unit',
      'p.variety_name as part_varietyName',
      'p.latest_movement as part_latestMovement',
      'p.latest_movement_name as part_latestMovementName',
      'p.candidate_fund_codes as part_candidateFundCodes',
      'p.acc_profit_rate as part_accProfitRate',
      sql<string | null>`to_char(p.entry_date, 'YYYY-MM-DD')`.as('part_entryDate'),
    ])
    .select((eb) => [
      eb
        .selectFrom('adjustments')
        .select((a) => a.fn.max<string>('adj_date').as('d'))
        .where('adjustments.po_code', '=', poCode)
        .as('part_lastAdjustment'),
      // Code and name pairs (text only), in the order categoryNames' map is built.
      eb
        .selectFrom('categories')
        .select(sql<Array<[string, string]>>`json_agg(json_build_array(category_code, name) order by category_type, category_code)`.as('j'))
        .as('part_categoryNames'),
    ])
    .where('p.po_code', '=', poCode)
    .orderBy('p.percent', 'desc')
    .orderBy('p.fund_code')
    .execute()
  if (!rows.length)
    return {
      parts: [] as CompositionPartRow[],
      lastAdjustment: await lastAdjustmentDate(database, poCode),
      names: new Map<string, string>(), // no group to name
    }
  const { part_lastAdjustment: lastAdjustment, part_categoryNames: pairs } = rows[0]
  const parts: CompositionPartRow[] = []
  for (const r of rows) {
    const {
      part_categoryCode,
      part_percent,
      part_unit,
      part_varietyName,
      part_latestMovement,
      part_latestMovementName,
      part_candidateFundCodes,
      part_accProfitRate,
      part_entryDate,
      part_lastAdjustment: _a,
      part_categoryNames: _n,
      ...fund
    } = r
    primeInRequest(`fund:${fund.fundCode}`, fund) // the key of the fund loader's memo (graphql/context.ts batched)
    parts.push({
      fundCode: fund.fundCode,
      fundCategory: fund.categoryCode,
      categoryCode: part_categoryCode,
      percent: part_percent,
      unit: part_unit,
      varietyName: part_varietyName,
      latestMovement: part_latestMovement as MovementDirection,
      latestMovementName: part_latestMovementName,
      candidateFundCodes: part_candidateFundCodes,
      accProfitRate: part_accProfitRate,
      entryDate: part_entryDate,
    })
  }
  const names = new Map(pairs ?? [])
  primeInRequest('categoryNames', names)
  return { parts, lastAdjustment: lastAdjustment ?? null, names }
}

/** The day of the portfolio's latest adjustment; null before any. */
export async function lastAdjustmentDate(database: Database, poCode: string): Promise<string | null> {
  const row = await database.db
    .selectFrom('adjustments')
    .select((eb) => eb.fn.max<string | null>('adj_date').as('d'))
    .where('po_code', '=', poCode)
    .executeTakeFirst()
  return row?.d ?? null
}

const navBoundsKey = (poCode: string) => `portfolio_navs:bounds:${poCode}`

/** The days of the portfolio's first and last NAVs (null before any), read once per request for every resolver that needs them. */
function navDateBounds(database: Database, poCode: string): Promise<{ first: string | null; last: string | null }> {
  return memoInRequest(navBoundsKey(poCode), async () => {
    const row = await database.db
      .selectFrom('portfolio_navs')
      .select((eb) => [eb.fn.min<string | null>('nav_date').as('first'), eb.fn.max<string | null>('nav_date').as('last')])
      .where('po_code', '=', poCode)
      .executeTakeFirst()
    return { first: row?.first ?? null, last: row?.last ?? null }
  })
}

/** The day of the portfolio's latest NAV; null before any. */
export async function lastNavDate(database: Database, poCode: string): Promise<string | null> {
  return (await navDateBounds(database, poCode)).last
}

/** The day of the portfolio's first NAV; null before any. */
export async function firstNavDate(database: Database, poCode: string): Promise<string | null> {
  return (await navDateBounds(database, poCode)).first
}

/** A point of a chart: a day and a decimal value. */
export interface SeriesPoint {
  date: PortfolioNavsTable['nav_date']
  value: PortfolioNavsTable['nav']
  extra?: unknown
}

/** A portfolio's benchmark unless a comparison asks another: the one it prefers, else its asset classes' index. */
export const defaultBenchmarkCode = (row: PortfolioRow): string | null =>
  row.preferences.defaultComparableBenchmark ?? row.asset_classes_testing_index ?? null

/** What the chart reads of a portfolio from a day on (chartRows). */
export interface ChartRows {
  /** NAVs oldest first, each with its real-money value and its accumulated return since the first (6 places, in the database). */
  navs: Array<{ date: string; value: string; realValue: string | null; acr: string }>
  /** Adjustments oldest first. */
  adjustments: Array<{ adjustmentId: string; date: string }>
  /** The benchmark from the same day, rebased to 1 there; null for an unknown index, undefined when none was asked. */
  benchmark?: { name: string; indexCode: string; indexShortName: string; description: string | null; history: SeriesPoint[] } | null
}

/**
 * The chart of a portfolio from `start` on (all of it when null) in one statement (issue #24): its
 * NAVs with real-money values and accumulated returns, its adjustments, and when a benchmark and a
 * start are given that benchmark's values rebased at the start. Once per request for a portfolio,
 * start and benchmark, so the NAV chart, the accumulated-return and real-money lines and the
 * benchmark line asked together share it.
 */
export function chartRows(database: Database, poCode: string, start: string | null, benchmarkCode: string | null): Promise<ChartRows> {
  const code = start !== null ? benchmarkCode : null
  return memoInRequest(`chart:${poCode}:${start ?? '*'}:${code ?? ''}`, async () => {
    const from = (column: string) => (start === null ? sql`` : sql`and ${sql.ref(column)} >= ${start}`)
    const { rows } = await sql<{
      k: 'n' | 'a' | 'h' | 'v'
      date: string | null
      v1: string | null
      v2: string | null
      v3: string | null
      t1: string | null
      t2: string | null
      t3: string | null
    }>`
      select 'n' as k, nav_date as date, nav as v1, real_value as v2,
             round(nav / first_value(nav) over (order by nav_date) - 1, 6) as v3, null::text as t1, null::text as t2, null::text as t3
        from portfolio_navs where po_code = ${poCode} ${from('nav_date')}
      union all
      select 'a', adj_date, null, null, null, adjustment_id, null, null from adjustments where po_code = ${poCode} ${from('adj_date')}
      ${
        code === null
          ? sql``
          : sql`union all
      select 'h', null, null, null, null, name, index_short_name, description from benchmarks where index_code = ${code}
      union all
      select 'v', value_date, round(value / first_value(value) over (order by value_date), 4), null, null, null, null, null
        from benchmark_values where index_code = ${code} ${from('value_date')}`
      }
      order by k, date, t1`.execute(database.db)
    const out: ChartRows = { navs: [], adjustments: [] }
    const history: SeriesPoint[] = []
    for (const r of rows) {
      if (r.k === 'n') out.navs.push({ date: r.date!, value: r.v1!, realValue: r.v2, acr: r.v3! })
      else if (r.k === 'a') out.adjustments.push({ adjustmentId: r.t1!, date: r.date! })
      else if (r.k === 'h') out.benchmark = { name: r.t1!, indexCode: code!, indexShortName: r.t2!, description: r.t3, history }
      else history.push({ date: r.date!, value: r.v1! })
    }
    if (code !== null && !out.benchmark) out.benchmark = null
    return out
  })
}

/**
 * The portfolio's NAVs over the range (every one when `all`; none before the first NAV) and its
 * adjustments from the same day on, oldest first (chartRows: with the benchmark the chart draws beside them).
 */
export async function navSeriesWithAdjustments(
  database: Database,
  poCode: string,
  range: string | null | undefined,
  all?: boolean | null,
  benchmarkCode: string | null = null,
): Promise<{ series: SeriesPoint[]; adjustments: Array<{ adjustmentId: string; date: string }> }> {
  const last = await lastNavDate(database, poCode)
  if (!last) return { series: [], adjustments: [] }
  const { navs, adjustments } = await chartRows(database, poCode, all ? null : rangeStart(range, last), benchmarkCode)
  return { series: navs.map((n) => ({ date: n.date, value: n.value })), adjustments }
}

/** Accumulated return over the range: each NAV over the range's first, minus one (6 places, in the database; chartRows). */
export async function acrHistory(
  database: Database,
  poCode: string,
  range: string | null | undefined,
  benchmarkCode: string | null = null,
): Promise<SeriesPoint[]> {
  const last = await lastNavDate(database, poCode)
  if (!last) return []
  const { navs } = await chartRows(database, poCode, rangeStart(range, last), benchmarkCode)
  return navs.map((n) => ({ date: n.date, value: n.acr }))
}

/** The real-money values over the range, the days that have one (chartRows). */
export async function realMoneyHistory(
  database: Database,
  poCode: string,
  range: string | null | undefined,
  benchmarkCode: string | null = null,
): Promise<SeriesPoint[]> {
  const last = await lastNavDate(database, poCode)
  if (!last) return []
  const { navs } = await chartRows(database, poCode, rangeStart(range, last), benchmarkCode)
  return navs.filter((n) => n.realValue !== null).map((n) => ({ date: n.date, value: n.realValue! }))
}

/** Daily NAVs over the range, newest first, with each day's return over the NAV before it (6 places). */
export function dailyNavs(database: Database, poCode: string, range: string | null | undefined, offset: number, size: number) {
  return memoInRequest(headKeys.dailyNavs(poCode, range, offset, size), () => dailyNavRows(database, poCode, range, offset, size))
}

async function dailyNavRows(database: Database, poCode: string, range: string | null | undefined, offset: number, size: number) {
  const last = await lastNavDate(database, poCode)
  if (!last) return { rows: [], totalCount: 0 }
  const start = rangeStart(range, last)
  return pageWithTotal(
    (from, n) => {
      let navs = database.db
        .selectFrom('portfolio_navs')
        .select([
          'nav_date as date',
          'nav as value',
          sql<string | null>`round(nav / lag(nav) over (order by nav_date) - 1, 6)`.as('dailyReturn'),
        ])
        .where('po_code', '=', poCode)
      // A week before the range so that its first day has the NAV before it for its return.
      if (start !== null) navs = navs.where('nav_date', '>=', addDays(start, -7))
      let q = database.db.selectFrom(navs.as('t')).select(['date', 'value', 'dailyReturn', totalCount])
      if (start !== null) q = q.where('date', '>=', start)
      return q.orderBy('date', 'desc').limit(n).offset(from).execute()
    },
    offset,
    size,
  )
}

export interface ComparableBenchmark {
  indexCode: string
  indexShortName: string
  name: string
  description: string | null
  isDefault: boolean
}

/** The benchmarks a portfolio may be compared with, its default first (once per request; the detail's head reads them with the row). */
export function comparableBenchmarks(database: Database, poCode: string): Promise<ComparableBenchmark[]> {
  return memoInRequest(headKeys.comparableBenchmarks(poCode), () => comparableBenchmarkRows(database, poCode))
}

function comparableBenchmarkRows(database: Database, poCode: string) {
  return database.db
    .selectFrom('portfolio_benchmarks as pb')
    .innerJoin('benchmarks as b', 'b.index_code', 'pb.index_code')
    .select(['b.index_code as indexCode', 'b.index_short_name as indexShortName', 'b.name', 'b.description', 'pb.is_default as isDefault'])
    .where('pb.po_code', '=', poCode)
    .orderBy('pb.is_default', 'desc')
    .orderBy('b.index_code')
    .execute()
}

/** A benchmark rebased to 1 at the range start (exact: computed as NUMERIC in the database). */
export async function benchmark(database: Database, indexCode: string, range: string | null | undefined, from?: string | null) {
  if (from != null) return benchmarkFrom(database, indexCode, from)
  const b = await database.db
    .selectFrom('benchmarks')
    .select((eb) => [
      'name',
      'index_code as indexCode',
      'index_short_name as indexShortName',
      'description',
      eb
        .selectFrom('benchmark_values')
        .select((v) => v.fn.max<string | null>('value_date').as('d'))
        .where('benchmark_values.index_code', '=', indexCode)
        .as('last'),
    ])
    .where('index_code', '=', indexCode)
    .executeTakeFirst()
  if (!b) return null
  const start = b.last ? rangeStart(range, b.last) : null
  let q = database.db.selectFrom('benchmark_values').select(['value_date as date', rebased]).where('index_code', '=', indexCode)
  if (start != null) q = q.where('value_date', '>=', start)
  const history: SeriesPoint[] = await q.orderBy('value_date').execute()
  const { last: _last, ...rest } = b
  return { ...rest, history }
}

const rebased = sql<string>`round(value / first_value(value) over (order by value_date), 4)`.as('value')

/** A benchmark from a known day on, its head and values in one statement (issue #24: a portfolio's chart knows its start). */
async function benchmarkFrom(database: Database, indexCode: string, from: string) {
  const rows = await database.db
    .selectFrom('benchmarks as b')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('benchmark_values as v')
          .select(['v.value_date as date', rebased])
          .whereRef('v.index_code', '=', 'b.index_code')
          .where('v.value_date', '>=', from)
          .as('h'),
      (join) => join.onTrue(),
    )
    .select(['b.name', 'b.index_code as indexCode', 'b.index_short_name as indexShortName', 'b.description', 'h.date', 'h.value'])
    .where('b.index_code', '=', indexCode)
    .orderBy('h.date')
    .execute()
  if (!rows.length) return null
  const { name, indexCode: code, indexShortName, description } = rows[0]
  const history: SeriesPoint[] = rows.filter((r) => r.date != null).map((r) => ({ date: r.date!, value: r.value! }))
  return { name, indexCode: code, indexShortName, description, history }
}

/** A page of the portfolio's adjustments, newest first. */
export function adjustments(database: Database, poCode: string, offset: number, size: number) {
  return pageWithTotal(
    (from, n) =>
      database.db
        .selectFrom('adjustments')
        .select([
          'adjustment_id as adjustmentId',
          'adj_date as date',
          'comment',
          'article_text as articleText',
          'article_link as articleLink',
          totalCount,
        ])
        .where('po_code', '=', poCode)
        .orderBy('adj_date', 'desc')
        .limit(n)
        .offset(from)
        .execute(),
    offset,
    size,
  )
}

/** The portfolio's adjustments on or after `from` (all of them when null), oldest first. */
export function adjustmentDates(database: Database, poCode: string, from: string | null = null) {
  let q = database.db.selectFrom('adjustments').select(['adjustment_id as adjustmentId', 'adj_date as date']).where('po_code', '=', poCode)
  if (from !== null) q = q.where('adj_date', '>=', from)
  return q.orderBy('adj_date').execute()
}

export async function adjustmentParts(database: Database, ids: string[]) {
  if (!ids.length) return []
  return database.db
    .selectFrom('adjustment_parts as a')
    .innerJoin('funds as f', 'f.fund_code', 'a.fund_code')
    .select([
      'a.adjustment_id as adjustmentId',
      'a.fund_code as fundCode',
      'f.category_code as fundCategory',
      'a.category_code as categoryCode',
      'a.before_percent as beforePercent',
      'a.after_percent as afterPercent',
      'a.movement',
      'a.variety_name as varietyName',
      'a.trade_unit as tradeUnit',
    ])
    .where('a.adjustment_id', 'in', ids)
    .orderBy('a.adjustment_id')
    .orderBy('a.fund_code')
    .$narrowType<{ movement: MovementDirection }>() // stored as the schema's enum value
    .execute()
}

export type AdjustmentPartRow = Awaited<ReturnType<typeof adjustmentParts>>[number]

/** A signal's columns as the API names them (its introduction as one object). */
const signalColumns = (eb: ExpressionBuilder<DB, 'signals'>) =>
  [
    'sig_id as sigId',
    'po_code as poCode',
    'kind',
    'sig_date as date',
    'short_description as shortDescription',
    'signal_action_name as signalActionName',
    'display_signal_amount as displaySignalAmount',
    jsonBuildObject({
      title: eb.ref('intro_title'),
      description: eb.ref('intro_description'),
      link: eb.ref('intro_link'),
      tags: eb.ref('intro_tags'),
    }).as('introduction'),
    'buy_rate as buyRate',
    'issue_number as issueNumber',
    'buy_valid_until as buyValidUntilTime',
  ] as const

/** A page of the portfolio's signals (or AIP suggestions) of one kind, newest first (once per request: the detail's head reads the latest). */
export function signals(database: Database, poCode: string, kind: 'SIGNAL' | 'AIP', offset: number, size: number) {
  return memoInRequest(headKeys.signals(poCode, kind, offset, size), () => signalPage(database, poCode, kind, offset, size))
}

function signalPage(database: Database, poCode: string, kind: 'SIGNAL' | 'AIP', offset: number, size: number) {
  return pageWithTotal(
    (from, n) =>
      database.db
        .selectFrom('signals')
        .select(signalColumns)
        .select(totalCount)
        .where('po_code', '=', poCode)
        .where('kind', '=', kind)
        .orderBy('sig_date', 'desc')
        .orderBy('sig_id', 'desc')
        .limit(n)
        .offset(from)
        .execute(),
    offset,
    size,
  )
}

export function signalById(database: Database, sigId: string) {
  return database.db.selectFrom('signals').select(signalColumns).where('sig_id', '=', sigId).executeTakeFirst()
}

/** A signal or a regular-investment (AIP) suggestion, as the resolvers get it (the codegen maps Signal to it). */
export type SignalRow = NonNullable<Awaited<ReturnType<typeof signalById>>>

export function signalOrders(database: Database, sigId: string) {
  return database.db
    .selectFrom('signal_orders as o')
    .innerJoin('funds as f', 'f.fund_code', 'o.fund_code')
    .select([
      'o.order_type as orderType',
      'o.fund_code as fundCode',
      'f.fund_name as fundName',
      'o.percent',
      'o.amount',
      'o.target_fund_code as targetFundCode',
    ])
    .where('o.sig_id', '=', sigId)
    .orderBy('o.seq')
    .execute()
}

/** The portfolio's funds that cannot be bought now, and why. */
export function unbuyableFunds(database: Database, poCode: string) {
  return database.db
    .selectFrom('portfolio_parts as p')
    .innerJoin('funds as f', 'f.fund_code', 'p.fund_code')
    .select((eb) => [
      'f.fund_code as fundCode',
      'f.fund_name as fundName',
      eb.fn.coalesce('f.can_not_buy_reason', eb.val('暂停申购')).as('msg'),
    ])
    .where('p.po_code', '=', poCode)
    .where('f.can_buy', '=', false)
    .orderBy('f.fund_code')
    .execute()
}

/** The steps of a stepped advisor fee, lowest first. */
export function advisorFeeSteps(database: Database, poCode: string) {
  return database.db
    .selectFrom('advisor_fee_steps')
    .select(['lower_bound as lower', 'upper_bound as upper', 'fee_rate as feeRate', 'discount_fee_rate as discountFeeRate', 'description'])
    .where('po_code', '=', poCode)
    .orderBy('seq')
    .execute()
}
