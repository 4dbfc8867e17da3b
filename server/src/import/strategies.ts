import { sql } from 'kysely'
import type { Queryable } from '../db'
import type { PortfolioPreferences } from '../db/schema'
import { insertRows, type Row } from '../demo/bulk'
import { FUND_CATEGORY_ASSET_CLASS } from '../fund/categories'
import { FUND_CATEGORY_NAMES, MOVEMENT_NAMES } from '@alfa/common/labels'
import { backtest, BacktestError, navFigures, WEIGHT_TOLERANCE, type AdjustedPoint, type Composition } from '../portfolio/backtest'
import { assetClassReturns, expectedAnnualReturn } from '../portfolio/expected'
import type { FolderData, ParsedRow, Values } from './files'

/**
 * Strategies in an import (format: server/README.md, "Strategies"): portfolios.csv names them,
 * portfolio_compositions.csv holds each one's composition history (the first date is its set-up,
 * each later date an adjustment; each date lists every fund held from that day on). On import the
 * NAV is the back-test of that history over the funds' adjusted NAVs (portfolio/backtest.ts), and
 * the adjustments, the current composition and the figures come from it: an imported strategy is
 * a real back-test. An imported strategy's whole history is replaced by the file's.
 */

type CompositionRow = ParsedRow<'portfolio_compositions.csv'>

/** Each strategy's compositions by date, oldest first, with the rows they came from. */
function byStrategy(rows: readonly CompositionRow[]) {
  const out = new Map<string, Map<string, CompositionRow[]>>()
  for (const r of rows) {
    const dates = out.get(r.values.po_code) ?? new Map<string, CompositionRow[]>()
    out.set(r.values.po_code, dates)
    dates.set(r.values.effective_date, [...(dates.get(r.values.effective_date) ?? []), r])
  }
  for (const [code, dates] of out) out.set(code, new Map([...dates].sort(([a], [b]) => a.localeCompare(b))))
  return out
}

/** What the rows say without the database's NAVs: every strategy has compositions, every composition adds up to 1. */
export function checkStrategies(data: FolderData, problems: string[]) {
  const strategies = data['portfolios.csv'] ?? []
  const rows = data['portfolio_compositions.csv'] ?? []
  if (!data['portfolios.csv'] && !data['portfolio_compositions.csv']) return
  const named = new Set(strategies.map((s) => s.values.po_code))
  const grouped = byStrategy(rows)
  for (const s of strategies)
    if (!grouped.has(s.values.po_code))
      problems.push(`portfolios.csv:${s.line}: po_code — ${s.values.po_code} has no composition in portfolio_compositions.csv`)
  for (const [code, dates] of grouped) {
    if (!named.has(code)) {
      const first = [...dates.values()][0][0]
      problems.push(`portfolio_compositions.csv:${first.line}: po_code — strategy ${code} is not in portfolios.csv`)
      continue
    }
    for (const [date, list] of dates) {
      const sum = list.reduce((s, r) => s + Number(r.values.weight), 0)
      if (Math.abs(sum - 1) > WEIGHT_TOLERANCE)
        problems.push(
          `portfolio_compositions.csv:${list[0].line}: weight — the weights of ${code} on ${date} add up to ${sum.toFixed(6)}, not 1 (lines ${list.map((r) => r.line).join(', ')})`,
        )
    }
  }
}

const DEFAULT_PREFERENCES: PortfolioPreferences = {
  displayPerformance: true,
  displayCompositionPieChart: true,
  displayCompositionDetailList: true,
  hasAdjustmentHistoryPage: true,
  hasAnalysisPage: true,
  hasFundInvestPoolPage: false,
  displayMaxDrawdownOnChart: true,
  displayAdjustmentPoint: true,
  displayPeakPoint: true,
  displayBenchmark: true,
  displayProfitCalculator: false,
  displayManagerIdentity: false,
  displayShowcase: true,
  displayDescriptionOnDetailPage: true,
  hasIntroPage: false,
  introImageUrls: [],
  topNotice: null,
  defaultComparableBenchmark: null,
  listSeriesSettings: [
    { key: 'nav', name: '组合净值', color: '#3388FF' },
    { key: 'benchmark', name: '业绩基准', color: '#FF9F1A' },
  ],
  displaySmartAipDisclaimerPopup: false,
}

const percentText = (v: number) => `${(v * 100).toFixed(2)}%`

/**
 * Writes the folder's strategies on the import's transaction, after its funds and their adjusted
 * NAVs: each one's NAV back-tested, its adjustments, current composition and figures. Throws
 * ImportProblems (the transaction rolls back: nothing written) when a composition holds a fund
 * without a NAV by its date or whose figures are unavailable: returns those problems (the caller
 * throws ImportProblems, and the transaction rolls back) and writes nothing. Else row counts.
 */
export async function writeStrategies(
  tx: Queryable,
  data: FolderData,
  log: (message: string) => void,
): Promise<{ counts: Record<string, number>; problems: string[] }> {
  const strategies = (data['portfolios.csv'] ?? []).map((r) => r.values)
  if (!strategies.length) return { counts: {}, problems: [] }
  const grouped = byStrategy(data['portfolio_compositions.csv'] ?? [])
  const codes = [...new Set((data['portfolio_compositions.csv'] ?? []).map((r) => r.values.fund_code))]
  const funds = new Map(
    (
      await tx.db
        .selectFrom('funds')
        .select(['fund_code', 'category_code', 'figures_unavailable'])
        .where('fund_code', '=', (eb) => eb.fn.any(eb.val(codes)))
        .execute()
    ).map((f) => [f.fund_code, f]),
  )
  const { rows: navRows } = await sql<{ c: string; d: string; v: string }>`
    select fund_code as c, to_char(nav_date, 'YYYY-MM-DD') as d, adj_nav::text as v from fund_navs
    where fund_code = any(${codes}::text[]) and adj_nav is not null order by fund_code, nav_date`.execute(tx.db)
  const navs = new Map<string, AdjustedPoint[]>()
  for (const r of navRows) navs.set(r.c, [...(navs.get(r.c) ?? []), { date: r.d, adjNav: Number(r.v) }])

  const problems: string[] = []
  const returns = assetClassReturns()
  const rows = {
    portfolios: [] as Row<'portfolios'>[],
    navs: [] as Row<'portfolio_navs'>[],
    parts: [] as Row<'portfolio_parts'>[],
    adjustments: [] as Row<'adjustments'>[],
    adjParts: [] as Row<'adjustment_parts'>[],
    benchmarks: [] as Row<'portfolio_benchmarks'>[],
  }
  for (const s of strategies) {
    const dates = [...grouped.get(s.po_code)!]
    const unavailable = dates.flatMap(([, list]) => list).filter((r) => funds.get(r.values.fund_code)?.figures_unavailable)
    for (const r of unavailable)
      problems.push(
        `portfolio_compositions.csv:${r.line}: fund_code — fund ${r.values.fund_code}'s figures are unavailable (${funds.get(r.values.fund_code)!.figures_unavailable}): a strategy cannot be valued with it`,
      )
    if (unavailable.length) continue
    const compositions: Composition[] = dates.map(([date, list]) => ({
      date,
      holdings: list.map((r) => ({ fundCode: r.values.fund_code, weight: Number(r.values.weight) })),
    }))
    let series
    try {
      series = backtest(compositions, navs).series
    } catch (err) {
      if (!(err instanceof BacktestError)) throw err
      problems.push(`portfolio_compositions.csv:${dates[err.composition][1][0].line}: effective_date — ${s.po_code}: ${err.message}`)
      continue
    }
    const stored = series.map((p) => ({ date: p.date, value: p.nav.toFixed(4) }))
    stored.forEach((p) => rows.navs.push({ po_code: s.po_code, nav_date: p.date, nav: p.value, real_value: null }))
    const f = navFigures(stored)
    const category = (code: string) => funds.get(code)!.category_code
    const current = compositions[compositions.length - 1].holdings
    const expected = expectedAnnualReturn(
      current.map((h) => ({ fundCategory: category(h.fundCode), weight: h.weight })),
      returns,
    )
    rows.portfolios.push(strategyRow(s, dates[0][0], expected, f))
    if (s.benchmark) rows.benchmarks.push({ po_code: s.po_code, index_code: s.benchmark, is_default: true })
    // Adjustments: every date after the set-up, with the funds whose weight it changed.
    const lastMove = new Map<string, 'In' | 'Out'>()
    for (let k = 1; k < compositions.length; k++) {
      const id = `ADJ-${s.po_code}-${String(k).padStart(3, '0')}`
      const before = new Map(compositions[k - 1].holdings.map((h) => [h.fundCode, h.weight]))
      const after = new Map(compositions[k].holdings.map((h) => [h.fundCode, h.weight]))
      const comment = dates[k][1].find((r) => r.values.comment)?.values.comment ?? null
      rows.adjustments.push({
        adjustment_id: id,
        po_code: s.po_code,
        adj_date: compositions[k].date,
        comment,
        article_text: null,
        article_link: null,
      })
      for (const code of new Set([...before.keys(), ...after.keys()])) {
        const [a, b] = [before.get(code) ?? 0, after.get(code) ?? 0]
        if (Math.abs(a - b) < 1e-9) continue
        lastMove.set(code, b > a ? 'In' : 'Out')
        rows.adjParts.push({
          adjustment_id: id,
          fund_code: code,
          category_code: FUND_CATEGORY_ASSET_CLASS[category(code)],
          before_percent: a.toFixed(6),
          after_percent: b.toFixed(6),
          movement: b > a ? 'In' : 'Out',
          variety_name: FUND_CATEGORY_NAMES[category(code)],
          trade_unit: null,
        })
      }
    }
    for (const h of current) {
      const movement = lastMove.get(h.fundCode) ?? 'None'
      rows.parts.push({
        po_code: s.po_code,
        category_code: FUND_CATEGORY_ASSET_CLASS[category(h.fundCode)],
        fund_code: h.fundCode,
        percent: h.weight.toFixed(6),
        unit: null,
        variety_name: FUND_CATEGORY_NAMES[category(h.fundCode)],
        latest_movement: movement,
        latest_movement_name: MOVEMENT_NAMES[movement],
        candidate_fund_codes: [],
        acc_profit_rate: null,
      })
    }
  }
  if (problems.length) return { counts: {}, problems }

  // Each imported strategy's history is the file's: what the database held before goes.
  const poCodes = strategies.map((s) => s.po_code)
  await tx.db
    .deleteFrom('adjustment_parts')
    .where('adjustment_id', 'in', (eb) =>
      eb
        .selectFrom('adjustments')
        .select('adjustment_id')
        .where('po_code', '=', eb.fn.any(eb.val(poCodes))),
    )
    .execute()
  for (const table of ['adjustments', 'portfolio_navs', 'portfolio_parts', 'portfolio_benchmarks'] as const)
    await tx.db
      .deleteFrom(table)
      .where('po_code', '=', (eb) => eb.fn.any(eb.val(poCodes)))
      .execute()
  await insertRows(tx, 'portfolios', rows.portfolios, { onConflict: ['po_code'] })
  await insertRows(tx, 'portfolio_navs', rows.navs)
  await insertRows(tx, 'portfolio_parts', rows.parts)
  await insertRows(tx, 'adjustments', rows.adjustments)
  await insertRows(tx, 'adjustment_parts', rows.adjParts)
  await insertRows(tx, 'portfolio_benchmarks', rows.benchmarks)
  log(`strategies: ${rows.portfolios.length}, ${rows.navs.length} NAVs back-tested, ${rows.adjustments.length} adjustments`)
  return {
    counts: { portfolios: rows.portfolios.length, portfolio_navs: rows.navs.length, adjustments: rows.adjustments.length },
    problems: [],
  }
}

/** An imported strategy's own row: what the file says, the figures of its back-test, defaults for the rest. */
function strategyRow(s: Values<'portfolios.csv'>, created: string, expected: number, f: ReturnType<typeof navFigures>): Row<'portfolios'> {
  return {
    po_code: s.po_code,
    po_name: s.po_name,
    description: s.description,
    risk_level: s.risk_level,
    created_date: created,
    money_type: s.money_type,
    is_model_po: s.is_model_po,
    asset_classes_testing_index: s.benchmark,
    expected_annualized_return_rate: expected.toFixed(6),
    default_drawdown: f.maxDrawdown.toFixed(6),
    min_drawdown: f.lastYearDrawdown.toFixed(6),
    // No market valuation comes with an import: no thermometer (and no smart AIP).
    thermometer_level: null,
    feature_showcase: [],
    performance_showcase: [
      { key: 'annualized', displayName: '年化收益', valueText: percentText(f.annual), fontColor: f.annual >= 0 ? 'Positive' : 'Negative' },
      { key: 'maxDrawdown', displayName: '最大回撤', valueText: percentText(f.maxDrawdown), fontColor: 'Negative' },
      { key: 'total', displayName: '成立以来', valueText: percentText(f.total), fontColor: f.total >= 0 ? 'Positive' : 'Negative' },
    ],
    asset_mix_configs: {},
    preferences: { ...DEFAULT_PREFERENCES, defaultComparableBenchmark: s.benchmark },
    trade_modes: ['ONE_KEY_BUY'],
  }
}
