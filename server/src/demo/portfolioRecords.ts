import { adjustmentArticleHtml, articlePath } from '../content/demo'
import { round, type SeedContext } from './context'
import { FUND_CATEGORIES } from './funds'
import { categoryOf, type Part, type PortfolioSeed } from './portfolioPlans'
import type { PortfolioRows } from './portfolios'
import { addDays } from '../calendar'

/**
 * A portfolio's records over its life: adjustments (调仓) with the parts they touched, signals
 * (departure records) for long-win plans and advised portfolios, and monthly smart AIP advice.
 */
export function recordsOf(
  { rnd, days }: Pick<SeedContext, 'rnd' | 'days'>,
  p: PortfolioSeed,
  parts: Part[],
  createdIndex: number,
  rows: Pick<PortfolioRows, 'adjustments' | 'adjustment_parts' | 'articles' | 'signals' | 'signal_orders'>,
) {
  // Adjustments, most recent first in queries.
  let adjNo = 0
  for (let d = createdIndex + rnd.int(40, 90); d < days.length; d += rnd.int(60, 130)) {
    const id = `ADJ-${p.poCode}-${String(++adjNo).padStart(3, '0')}`
    const comment = `第${adjNo}次调仓：${rnd.pick(['降低权益仓位', '增配债券', '替换表现落后的基金', '再平衡至目标比例', '增加海外配置'])}`
    rows.adjustments.push({
      adjustment_id: id,
      po_code: p.poCode,
      adj_date: days[d],
      comment,
      article_text: '调仓说明',
      article_link: articlePath(id),
    })
    // Each adjustment's 调仓说明 is an article of its own (the records link it inside the app); its
    // body lists each fund's move once the parts are drawn.
    const article = {
      article_id: id,
      column_id: null,
      title: `${p.poName}第${adjNo}次调仓说明`,
      cover_thumbnail_url: null,
      author: '投研团队',
      content: '',
      published_at: new Date(`${days[d]}T20:00:00+08:00`),
    }
    rows.articles.push(article)
    const touched = rnd.shuffle([...parts]).slice(0, Math.min(parts.length, rnd.int(1, 3)))
    const moves = touched.map((part) => {
      const before = Math.max(0, part.weight + (rnd.next() - 0.5) * 0.1)
      const movement = before < part.weight ? 'In' : before > part.weight ? 'Out' : 'None'
      rows.adjustment_parts.push({
        adjustment_id: id,
        fund_code: part.fund.code,
        category_code: categoryOf(p, part.fund),
        before_percent: round(before, 6),
        after_percent: round(part.weight, 6),
        movement,
        variety_name: FUND_CATEGORIES[part.fund.category].name,
        trade_unit: part.unit ? rnd.int(1, 5) : null,
      })
      return { fundName: part.fund.name, fundCode: part.fund.code, before, after: part.weight }
    })
    article.content = adjustmentArticleHtml(comment, days[d], moves)
  }
  // Signals (departure records) for long-win plans and advised portfolios.
  if (p.seriesType || p.hasAdvisor) {
    let n = 0
    for (let d = createdIndex + 20; d < days.length; d += rnd.int(30, 60)) {
      const sigId = `SIG-${p.poCode}-${String(++n).padStart(3, '0')}`
      const action = rnd.pick(['买入', '卖出', '转换'])
      rows.signals.push({
        sig_id: sigId,
        po_code: p.poCode,
        kind: 'SIGNAL',
        sig_date: days[d],
        short_description: `${action}${rnd.int(1, 3)}份${rnd.pick(['指数基金', '债券基金', '行业基金'])}`,
        signal_action_name: action,
        display_signal_amount: p.seriesType !== null,
        intro_title: `${action}信号`,
        intro_description: '根据估值与趋势发出的操作信号。',
        intro_link: `https://www.alfa.example/signal/${sigId}`,
        intro_tags: [],
        buy_rate: null,
        issue_number: null,
        buy_valid_until: null,
      })
      const fund = rnd.pick(parts).fund
      rows.signal_orders.push({
        sig_id: sigId,
        seq: 0,
        order_type: action === '转换' ? 'convert' : 'buy',
        fund_code: fund.code,
        percent: round(rnd.int(1, 10) / 100, 6),
        amount: action === '转换' ? null : `${rnd.int(1, 50) * 100}.00`,
        target_fund_code: action === '转换' ? rnd.pick(parts).fund.code : null,
      })
    }
  }
  // Smart AIP advice, monthly.
  if (p.smartAip) {
    let issue = 0
    for (let d = Math.max(createdIndex, days.length - 24 * 21); d < days.length; d += 21) {
      const sigId = `AIP-${p.poCode}-${String(++issue).padStart(3, '0')}`
      rows.signals.push({
        sig_id: sigId,
        po_code: p.poCode,
        kind: 'AIP',
        sig_date: days[d],
        short_description: `第${issue}期智能定投建议`,
        signal_action_name: '定投',
        display_signal_amount: false,
        intro_title: `第${issue}期定投建议`,
        intro_description: '根据市场温度调整本期定投金额。',
        intro_link: `https://www.alfa.example/aip/${sigId}`,
        intro_tags: rnd.shuffle(['低位多投', '高位少投', '估值', '纪律']).slice(0, 2),
        buy_rate: round(0.5 + rnd.int(0, 10) / 10, 6),
        issue_number: issue,
        buy_valid_until: new Date(`${addDays(days[d], 3)}T15:00:00+08:00`),
      })
      parts.slice(0, 4).forEach((part, k) =>
        rows.signal_orders.push({
          sig_id: sigId,
          seq: k,
          order_type: 'buy',
          fund_code: part.fund.code,
          percent: round(part.weight, 6),
          amount: null,
          target_fund_code: null,
        }),
      )
    }
  }
}
