import type { Queryable } from '../db'
import { insertRows, type InsertOptions, type Row, type Table } from '../demo/bulk'
import { ASSET_CLASS_NAMES, FUND_CATEGORY_NAMES } from '@alfa/common/labels'
import { writeAdjustedNavs } from '../fund/data'
import { bumpDataVersion } from '../fund/dataVersion'
import type { FileName, FolderData, Values } from './files'
import { ImportProblems } from './read'
import { textEventConflicts, textEvents } from './reconcile'
import { writeStrategies } from './strategies'
import { evaluateNavAlerts } from '../alerts/evaluate'

/**
 * Writes a checked folder on the transaction `tx`: rows upserted by key (the same folder imported
 * again changes nothing), each imported fund's events replaced, then the adjusted NAVs of the
 * funds it touched recomputed and the data version bumped. Returns row counts per table.
 */
export async function writeFolder(
  tx: Queryable,
  data: FolderData,
  log: (message: string) => void,
  report: (line: string) => void,
): Promise<Record<string, number>> {
  const db = tx.db
  const counts: Record<string, number> = {}
  const upsert = async <T extends Table>(table: T, keys: InsertOptions<T>['onConflict'], rows: Row<T>[]) => {
    await insertRows(tx, table, rows, { onConflict: keys })
    counts[table] = rows.length
    log(`${table}: ${rows.length} rows`)
  }
  const v = <F extends FileName>(file: F): Values<F>[] => (data[file] ?? []).map((r) => r.values)

  await upsert(
    'categories',
    ['category_type', 'category_code'],
    [
      ...Object.entries(FUND_CATEGORY_NAMES).map(([c, n], i) => ({ category_type: 'FundCategory', category_code: c, name: n, sort: i })),
      ...Object.entries(ASSET_CLASS_NAMES).map(([c, n], i) => ({ category_type: 'AssetClassLevel1', category_code: c, name: n, sort: i })),
    ],
  )
  if (data['managers.csv']) {
    await upsert(
      'managers',
      ['manager_id'],
      v('managers.csv').map((m) => ({
        manager_id: m.manager_id,
        manager_name: m.manager_name,
        company: m.company,
        is_verified: m.is_verified,
        avatar_url: m.avatar_url,
        intro: m.intro,
        is_demo: false,
      })),
    )
  }
  if (data['benchmarks.csv']) {
    await upsert(
      'benchmarks',
      ['index_code'],
      v('benchmarks.csv').map((b) => ({
        index_code: b.index_code,
        index_short_name: b.index_short_name,
        name: b.name,
        description: b.description,
      })),
    )
  }
  if (data['benchmark_values.csv']) {
    await upsert(
      'benchmark_values',
      ['index_code', 'value_date'],
      v('benchmark_values.csv').map((b) => ({ index_code: b.index_code, value_date: b.value_date, value: b.value })),
    )
  }
  if (data['funds.csv']) {
    const funds = v('funds.csv')
    // A demo fund replaced by imported data keeps none of its generated NAVs or events.
    const wasDemo = (
      await db
        .selectFrom('funds')
        .select('fund_code')
        .where('is_demo', '=', true)
        .where('fund_code', '=', (eb) => eb.fn.any(eb.val(funds.map((f) => f.fund_code))))
        .execute()
    ).map((r) => r.fund_code)
    if (wasDemo.length) {
      await db
        .deleteFrom('fund_navs')
        .where('fund_code', '=', (eb) => eb.fn.any(eb.val(wasDemo)))
        .execute()
      await db
        .deleteFrom('fund_events')
        .where('fund_code', '=', (eb) => eb.fn.any(eb.val(wasDemo)))
        .execute()
    }
    await upsert(
      'funds',
      ['fund_code'],
      funds.map((f) => ({
        fund_code: f.fund_code,
        fund_name: f.fund_name,
        category_code: f.category_code,
        manager_id: f.manager_id,
        setup_date: f.setup_date,
        risk_level: f.risk_level,
        offering_stage: f.offering_stage,
        terminated_date: f.terminated_date,
        buy_fee_rate: f.buy_fee_rate,
        lowest_buy_amount: f.lowest_buy_amount,
        management_fee_rate: f.management_fee_rate,
        custody_fee_rate: f.custody_fee_rate,
        sales_service_fee_rate: f.sales_service_fee_rate,
        can_buy: !f.terminated_date,
        can_not_buy_reason: f.terminated_date ? '基金已终止运作' : null,
        intro: f.intro,
        benchmark: f.benchmark,
        is_demo: false,
      })),
    )
  }
  const touched = new Set<string>()
  const navs = v('fund_navs.csv')
  if (data['fund_navs.csv']) {
    navs.forEach((n) => touched.add(n.fund_code))
    // Without an accumulated NAV the fund never distributed: the unit NAV is its accumulated NAV.
    await upsert(
      'fund_navs',
      ['fund_code', 'nav_date'],
      navs.map((n) => ({ fund_code: n.fund_code, nav_date: n.nav_date, nav: n.nav, acc_nav: n.acc_nav ?? n.nav, growth: n.daily_growth })),
    )
  }
  // Events from the NAV rows' 分红送配 text: they replace the stored events within the imported days.
  const fromNavText = textEvents(navs)
  const listedEvents = v('fund_events.csv')
  const listed = new Set(listedEvents.map((e) => e.fund_code))
  const fromText = [...fromNavText.events.keys()].filter((c) => !listed.has(c))
  for (const c of fromText) {
    touched.add(c)
    const [from, to] = fromNavText.ranges.get(c)!
    await db.deleteFrom('fund_events').where('fund_code', '=', c).where('ex_date', '>=', from).where('ex_date', '<=', to).execute()
  }
  if (fromText.length) {
    await upsert(
      'fund_events',
      ['fund_code', 'ex_date', 'kind'],
      fromText.flatMap((c) =>
        fromNavText.events.get(c)!.map((e) => ({
          fund_code: c,
          ex_date: e.date,
          kind: e.kind,
          cash_per_unit: e.cash === null ? null : String(e.cash),
          split_ratio: e.ratio === null ? null : String(e.ratio),
        })),
      ),
    )
  }
  // A fund with both: fund_events.csv is applied; each day the two lists disagree on is reported.
  for (const [c, events] of fromNavText.events)
    if (listed.has(c)) textEventConflicts(c, events, fromNavText.ranges.get(c)!, listedEvents).forEach((line) => report(line))
  if (data['fund_events.csv']) {
    // The file holds each listed fund's whole event list.
    const codes = [...listed]
    codes.forEach((c) => touched.add(c))
    await db
      .deleteFrom('fund_events')
      .where('fund_code', '=', (eb) => eb.fn.any(eb.val(codes)))
      .execute()
    await upsert(
      'fund_events',
      ['fund_code', 'ex_date', 'kind'],
      listedEvents.map((e) => ({
        fund_code: e.fund_code,
        ex_date: e.ex_date,
        kind: e.kind,
        cash_per_unit: e.kind === 'dividend' ? e.cash_per_unit : null,
        split_ratio: e.kind === 'split' ? e.split_ratio : null,
        reinvest_date: e.kind === 'dividend' ? e.reinvest_date : null,
      })),
    )
  }
  if (touched.size) {
    let conflicts = 0
    const unavailable: string[] = []
    const written = await writeAdjustedNavs(tx, [...touched], (code, rec) => {
      for (const c of rec.conflicts) report(`conflict ${code} ${c.date}: ${c.message}`)
      conflicts += rec.conflicts.length
      if (rec.unavailable) unavailable.push(`figures unavailable ${code}: ${rec.unavailable}`)
    })
    unavailable.forEach((line) => report(line))
    counts.conflicts = conflicts
    counts.figures_unavailable = unavailable.length
    log(`adjusted NAVs: ${written} rows; ${conflicts} conflicting days; ${unavailable.length} funds without figures`)
  }
  // NAV alerts on the funds with new NAVs, once their dividend-adjusted daily changes are written.
  if (data['fund_navs.csv']) {
    counts.nav_alerts = await evaluateNavAlerts(tx, [...new Set(navs.map((n) => n.fund_code))])
    if (counts.nav_alerts) log(`NAV alerts: ${counts.nav_alerts} messages`)
  }
  // Strategies last: their NAVs are back-tested over the adjusted NAVs just written.
  const strategies = await writeStrategies(tx, data, log)
  if (strategies.problems.length) throw new ImportProblems(strategies.problems)
  Object.assign(counts, strategies.counts)
  await bumpDataVersion(tx)
  return counts
}
