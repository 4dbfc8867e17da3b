import { sql, type ExpressionBuilder } from 'kysely'
import { jsonBuildObject } from 'kysely/helpers/postgres'
import type { Database } from '../db'
import { memoInRequest, primeInRequest } from '../db/abort'
import type { DB, PortfolioNavsTable, PortfolioRow } from '../db/schema'
import type { MovementDirection } from '../../generated/resolvers'
import { addDays } from '../calendar'
import { pageWithTotal, totalCount } from '../paging'
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

/** Whether the user follows the portfolio and has signed its advisory agreement. */
export function userPortfolioState(database: Database, userId: string, poCode: string) {
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

export function capitalAccountHoldings(database: Database, userId: string, poCode: string) {
  return database.db
    .selectFrom('user_holdings')
    .select(['ca_id as caId', 'units'])
    .where('user_id', '=', userId)
    .where('po_code', '=', poCode)
    .execute()
}

/** Units invested outside cash and money funds; null for a portfolio without units. */
export async function investedUnit(database: Database, row: PortfolioRow): Promise<number | null> {
  if (!row.total_unit) return null
  const { n } = await database.db
    .selectFrom('portfolio_parts')
    .select((eb) => eb.cast<number>(eb.fn.coalesce(eb.fn.sum('unit'), eb.lit(0)), 'integer').as('n'))
    .where('po_code', '=', row.po_code)
    .where('category_code', 'not in', ['CASH', 'MONEY'])
    .executeTakeFirstOrThrow()
  return n
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
  const rows = await database.db.selectFrom('categories').select(['category_code as code', 'name']).execute()
  return new Map(rows.map((r) => [r.code, r.name]))
}

/** The portfolio's parts with their funds' categories, largest first. */
export function compositionParts(database: Database, poCode: string) {
  return database.db
    .selectFrom('portfolio_parts as p')
    .innerJoin('funds as f', 'f.fund_code', 'p.fund_code')
    .select([
      'p.fund_code as fundCode',
      'f.category_code as fundCategory',
      'p.category_code as categoryCode',
      'p.percent',
      'p.unit',
      'p.variety_name as varietyName',
      'p.latest_movement as latestMovement',
      'p.latest_movement_name as latestMovementName',
      'p.candidate_fund_codes as candidateFundCodes',
      'p.acc_profit_rate as accProfitRate',
    ])
    .where('p.po_code', '=', poCode)
    .orderBy('p.percent', 'desc')
    .orderBy('p.fund_code')
    .$narrowType<{ latestMovement: MovementDirection }>() // stored as the schema's enum value (seed and importer)
    .execute()
}

export type CompositionPartRow = Awaited<ReturnType<typeof compositionParts>>[number]

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

/** The portfolio's NAVs from `start` (all of them when null), oldest first. */
function navsFrom(database: Database, poCode: string, start: string | null): Promise<SeriesPoint[]> {
  let q = database.db.selectFrom('portfolio_navs').select(['nav_date as date', 'nav as value']).where('po_code', '=', poCode)
  if (start !== null) q = q.where('nav_date', '>=', start)
  return q.orderBy('nav_date').execute()
}

export async function navSeries(
  database: Database,
  poCode: string,
  range: string | null | undefined,
  all?: boolean | null,
): Promise<SeriesPoint[]> {
  const last = await lastNavDate(database, poCode)
  if (!last) return []
  return navsFrom(database, poCode, all ? null : rangeStart(range, last))
}

/** Accumulated return over the range: each NAV over the range's first, minus one (6 places, in the database). */
export async function acrHistory(database: Database, poCode: string, range: string | null | undefined): Promise<SeriesPoint[]> {
  const last = await lastNavDate(database, poCode)
  if (!last) return []
  const start = rangeStart(range, last)
  let q = database.db
    .selectFrom('portfolio_navs')
    .select(['nav_date as date', sql<string>`round(nav / first_value(nav) over (order by nav_date) - 1, 6)`.as('value')])
    .where('po_code', '=', poCode)
  if (start !== null) q = q.where('nav_date', '>=', start)
  return q.orderBy('nav_date').execute()
}

export async function realMoneyHistory(database: Database, poCode: string, range: string | null | undefined): Promise<SeriesPoint[]> {
  const last = await lastNavDate(database, poCode)
  if (!last) return []
  const start = rangeStart(range, last)
  let q = database.db
    .selectFrom('portfolio_navs')
    .select(['nav_date as date', 'real_value as value'])
    .where('po_code', '=', poCode)
    .where('real_value', 'is not', null)
  if (start !== null) q = q.where('nav_date', '>=', start)
  return q.orderBy('nav_date').$narrowType<{ value: string }>().execute()
}

/** Daily NAVs over the range, newest first, with each day's return over the NAV before it (6 places). */
export async function dailyNavs(database: Database, poCode: string, range: string | null | undefined, offset: number, size: number) {
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

export function comparableBenchmarks(database: Database, poCode: string) {
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
  const start = from ?? (b.last ? rangeStart(range, b.last) : null)
  let q = database.db
    .selectFrom('benchmark_values')
    .select(['value_date as date', sql<string>`round(value / first_value(value) over (order by value_date), 4)`.as('value')])
    .where('index_code', '=', indexCode)
  if (start != null) q = q.where('value_date', '>=', start)
  const history: SeriesPoint[] = await q.orderBy('value_date').execute()
  const { last: _last, ...rest } = b
  return { ...rest, history }
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

export function signals(database: Database, poCode: string, kind: 'SIGNAL' | 'AIP', offset: number, size: number) {
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
