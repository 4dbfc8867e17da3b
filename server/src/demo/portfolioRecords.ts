import { adjustmentArticleHtml, articlePath } from '../content/demo'
import { round, type SeedContext } from './context'
import { FUND_CATEGORIES, type FundSeed } from './funds'
import { categoryOf, THERMOMETER, type PortfolioSeed } from './portfolioPlans'
import type { Holding, Timeline } from './portfolioTimeline'
import type { PortfolioRows } from './portfolios'
import { addDays } from '../calendar'

/** Trading days the demo thermometer looks back over: about two years. */
const THERMOMETER_WINDOW = 488

/**
 * The demo thermometer's level (1 低估 … 5 高估) on day `i`: where the strategy's NAV stands within
 * its range over the last two years, in fifths (a stand-in for a market valuation reading).
 */
export function thermometerLevel(navs: ArrayLike<number>, i: number): number {
  let lo = Infinity
  let hi = -Infinity
  for (let k = Math.max(0, i - THERMOMETER_WINDOW); k <= i; k++) {
    lo = Math.min(lo, navs[k])
    hi = Math.max(hi, navs[k])
  }
  if (!(hi - lo > 1e-9)) return 3
  return Math.min(5, 1 + Math.floor(((navs[i] - lo) / (hi - lo)) * 5))
}

/** A strategy has a thermometer when it holds an asset whose price the market values (not a money or bond strategy). */
export const hasThermometer = (p: PortfolioSeed) =>
  Object.keys(p.mix).some((c) => ['EQUITY', 'OVERSEA', 'COMMODITY'].includes(FUND_CATEGORIES[c as keyof typeof FUND_CATEGORIES].asset))

/**
 * A portfolio's records, all from its timeline: each decision is an adjustment (调仓) with the
 * funds whose weight it changed, before and after, and its explanation article; plans with
 * signals (long-win plans, advised portfolios) get the same decision as a signal with its orders
 * (a buy: one buy order for a fund of the category it names; a sell, a replacement, a shift: the
 * conversions it made). Smart AIP advice every 21 trading days takes its multiple from the
 * thermometer level of that day. `navs[k]` is the NAV on day createdIndex + k.
 */
export function recordsOf(
  { days }: Pick<SeedContext, 'days'>,
  p: PortfolioSeed,
  timeline: Timeline,
  navs: ArrayLike<number>,
  rows: Pick<PortfolioRows, 'adjustments' | 'adjustment_parts' | 'articles' | 'signals' | 'signal_orders'>,
) {
  const { total, createdIndex } = timeline
  const weight = (amount: number) => amount / total
  const withSignals = p.seriesType !== null || p.hasAdvisor
  let before: Holding[] = timeline.setup
  timeline.decisions.forEach((dec, k) => {
    const n = k + 1
    const date = days[dec.index]
    const id = `ADJ-${p.poCode}-${String(n).padStart(3, '0')}`
    const comment = `第${n}次调仓：${dec.comment}`
    rows.adjustments.push({
      adjustment_id: id,
      po_code: p.poCode,
      adj_date: date,
      comment,
      article_text: '调仓说明',
      article_link: articlePath(id),
    })
    const was = new Map(before.map((h) => [h.fund.code, h.amount]))
    const now = new Map(dec.holdings.map((h) => [h.fund.code, h.amount]))
    const touched = new Map<string, FundSeed>()
    for (const m of dec.moves) touched.set(m.from.code, m.from).set(m.to.code, m.to)
    const moves = [...touched.values()].map((fund) => {
      const [a, b] = [was.get(fund.code) ?? 0, now.get(fund.code) ?? 0]
      rows.adjustment_parts.push({
        adjustment_id: id,
        fund_code: fund.code,
        category_code: categoryOf(p, fund),
        before_percent: round(weight(a), 6),
        after_percent: round(weight(b), 6),
        movement: b > a ? 'In' : b < a ? 'Out' : 'None',
        variety_name: FUND_CATEGORIES[fund.category].name,
        trade_unit: p.totalUnit ? Math.abs(b - a) : null,
      })
      return { fundName: fund.name, fundCode: fund.code, before: weight(a), after: weight(b) }
    })
    rows.articles.push({
      article_id: id,
      column_id: null,
      title: `${p.poName}第${n}次调仓说明`,
      cover_thumbnail_url: null,
      author: '投研团队',
      content: adjustmentArticleHtml(comment, date, moves),
      published_at: new Date(`${date}T20:00:00+08:00`),
    })
    if (withSignals) {
      const sigId = `SIG-${p.poCode}-${String(n).padStart(3, '0')}`
      rows.signals.push({
        sig_id: sigId,
        po_code: p.poCode,
        kind: 'SIGNAL',
        sig_date: date,
        short_description: dec.description,
        signal_action_name: dec.action,
        display_signal_amount: p.seriesType !== null,
        intro_title: `${dec.action}信号`,
        intro_description: dec.comment,
        intro_link: `https://www.alfa.example/signal/${sigId}`,
        intro_tags: [],
        buy_rate: null,
        issue_number: null,
        buy_valid_until: null,
      })
      const orders =
        dec.kind === 'buy'
          ? [
              {
                order_type: 'buy',
                fund_code: dec.moves[0].to.code,
                percent: dec.moves.reduce((s, m) => s + m.amount, 0),
                target_fund_code: null,
              },
            ]
          : dec.moves.map((m) => ({ order_type: 'convert', fund_code: m.from.code, percent: m.amount, target_fund_code: m.to.code }))
      orders.forEach((o, seq) => rows.signal_orders.push({ sig_id: sigId, seq, ...o, percent: round(weight(o.percent), 6), amount: null }))
    }
    before = dec.holdings
  })
  // Smart AIP advice every 21 trading days: the multiple and the tag follow the thermometer that day.
  if (p.smartAip && hasThermometer(p)) {
    let issue = 0
    let next = 0
    for (let d = Math.max(createdIndex, days.length - 24 * 21); d < days.length; d += 21) {
      while (next < timeline.decisions.length && timeline.decisions[next].index <= d) next++
      const holdings = next ? timeline.decisions[next - 1].holdings : timeline.setup
      const sigId = `AIP-${p.poCode}-${String(++issue).padStart(3, '0')}`
      const t = THERMOMETER[thermometerLevel(navs, d - createdIndex) - 1]
      rows.signals.push({
        sig_id: sigId,
        po_code: p.poCode,
        kind: 'AIP',
        sig_date: days[d],
        short_description: `第${issue}期智能定投建议`,
        signal_action_name: '定投',
        display_signal_amount: false,
        intro_title: `第${issue}期定投建议`,
        intro_description: `市场温度${t.level}级（${t.levelDescription}），本期定投金额为计划的${t.multiple}倍。`,
        intro_tags: [t.tag, '纪律'],
        intro_link: `https://www.alfa.example/aip/${sigId}`,
        buy_rate: round(t.multiple, 6),
        issue_number: issue,
        buy_valid_until: new Date(`${addDays(days[d], 3)}T15:00:00+08:00`),
      })
      // The composition in effect that day, largest parts first.
      ;[...holdings]
        .sort((a, b) => b.amount - a.amount)
        .forEach((h, seq) =>
          rows.signal_orders.push({
            sig_id: sigId,
            seq,
            order_type: 'buy',
            fund_code: h.fund.code,
            percent: round(weight(h.amount), 6),
            amount: null,
            target_fund_code: null,
          }),
        )
    }
  }
}
