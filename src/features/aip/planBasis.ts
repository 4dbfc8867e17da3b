import type { AipPlanBasisQuery } from '@/services/generated/graphql'
import { formatAmount, formatPercent } from '@/utils/number'

type Plan = AipPlanBasisQuery['aipCalculation']

/**
 * 口径 of a 定投 plan in words (issue #25), from the server's own purchases and distributions: when
 * each purchase was made (and which ones moved to the next NAV day), the fee and units rule, the
 * distributions, the end value, the profit and both returns with their formulas.
 */
export function planBasisSteps(p: Plan): string[] {
  const o = p.outcome
  const first = p.purchases[0]
  const last = p.purchases[p.purchases.length - 1]
  const moved = p.purchases.filter((x) => x.date !== x.scheduledDate)
  const bought = p.purchases.reduce((sum, x) => sum + Number(x.units), 0)
  const reinvest = p.dividendMode === 'REINVEST'
  const steps = [
    `共定投 ${o.purchaseCount} 期：首期 ${first.date}（单位净值 ${first.nav}），末期 ${last.date}（单位净值 ${last.nav}）。`,
    moved.length
      ? `${moved.length} 期的扣款日不是交易日，顺延到下一个净值日，如 ${moved
          .slice(0, 3)
          .map((x) => `${x.scheduledDate}→${x.date}`)
          .join('，')}。`
      : '每期扣款日都是交易日，没有顺延。',
    `每期 ${formatAmount(p.amount)} 元，申购费率 ${formatPercent(p.feeRate, 2)}：净申购金额 = 金额 ÷ (1 + 费率)，份额 = 净申购金额 ÷ 当日单位净值。合计投入 ${formatAmount(o.invested)} 元，其中申购费 ${formatAmount(o.fees)} 元，买入 ${bought.toFixed(4)} 份。`,
  ]
  if (p.events.length) {
    const dividends = p.events.filter((e) => e.kind === 'dividend')
    const splits = p.events.filter((e) => e.kind === 'split')
    steps.push(
      `期间分红 ${dividends.length} 次${reinvest ? '，按再投资日单位净值折算为份额' : `，以现金领取，共 ${formatAmount(o.cashDividends)} 元`}${
        splits.length ? `；份额折算 ${splits.length} 次，按比例增加份额` : ''
      }；期末持有 ${o.units} 份。`,
    )
  } else steps.push('期间没有分红或份额折算。')
  steps.push(
    `期末 ${p.endNavDate} 单位净值 ${p.endNav}：市值 = ${o.units} 份 × ${p.endNav} = ${formatAmount(o.endValue)} 元。`,
    `收益 = 期末市值${reinvest ? '' : ' + 现金分红'} − 投入本金 = ${formatAmount(o.profit, { sign: true })} 元；累计收益率 = 收益 ÷ 投入本金 = ${formatPercent(o.totalReturn, 2, { sign: true })}。`,
    o.annualizedReturn === null
      ? '年化收益率（XIRR）：所有现金流在同一天，无法年化。'
      : `年化收益率（XIRR）= ${formatPercent(o.annualizedReturn, 2, { sign: true })}：把每期投入记为流出、期末市值${reinvest ? '' : '和每笔现金分红'}记为流入，按实际天数（一年 365 天）折现，求使合计为 0 的年利率；它按资金实际投入的时间计算，与累计收益率不同。`,
  )
  return steps
}
