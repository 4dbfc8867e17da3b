import { FUND_CATEGORIES, type FundCategory, type FundSeed } from './funds'
import type { PortfolioSeed } from './portfolioPlans'
import type { Random } from './random'

/**
 * A demo strategy's timeline of decisions: its set-up composition and each adjustment after it.
 * Everything the strategy shows comes from this one list (portfolios.ts, portfolioRecords.ts): the
 * NAV (backtest.ts over the compositions), the adjustment records and their before/after parts,
 * the current composition (the last one), and the signals with their orders, so none can
 * contradict another.
 *
 * Amounts are whole units of the plan (unit plans: 150 units in all) or basis points (10000 in all).
 * A decision moves an amount from one fund to another:
 * - 买入 (buy): from the plan's reserve (its money part, else its bond part) into a fund of the
 *   category it names: one buy order for that fund;
 * - 卖出 (sell): from a fund of the category it names back into the reserve: a conversion out;
 * - 转换 (replace): all of a fund into another fund of its category (never itself);
 * - 转换 (shift, plans without a reserve): from a fund of one category into a fund of another.
 */

export interface Holding {
  fund: FundSeed
  amount: number
}

export interface Move {
  from: FundSeed
  to: FundSeed
  amount: number
}

export type DecisionKind = 'buy' | 'sell' | 'replace' | 'shift'

export interface Decision {
  /** Index of its trading day. */
  index: number
  kind: DecisionKind
  moves: Move[]
  /** The composition from this day on. */
  holdings: Holding[]
  comment: string
  /** 买入 / 卖出 / 转换, and the signal's one-line description. */
  action: '买入' | '卖出' | '转换'
  description: string
}

export interface Timeline {
  /** Units in all (unit plans) or 10000 basis points. */
  total: number
  createdIndex: number
  setup: Holding[]
  decisions: Decision[]
}

/** What a category is called in a signal: 指数型基金, QDII基金. */
export const categoryLabel = (c: FundCategory) => `${FUND_CATEGORIES[c].name}基金`

/** The category weight is moved into by a sell and out of by a buy: the money part, else the bond part beside riskier ones. */
export function reserveOf(p: PortfolioSeed): FundCategory | null {
  if (p.mix.MONEY) return 'MONEY'
  return p.mix.BOND && Object.keys(p.mix).length > 1 ? 'BOND' : null
}

/** A few live funds per category of the mix, in whole basis points (or units of a unit plan) that add up to the total. */
function setupHoldings(rnd: Random, p: PortfolioSeed, liveFunds: (cat: FundCategory) => FundSeed[], total: number): Holding[] {
  const parts: Array<{ fund: FundSeed; share: number }> = []
  for (const [cat, share] of Object.entries(p.mix) as Array<[FundCategory, number]>) {
    const pool = rnd.shuffle([...liveFunds(cat)])
    const n = Math.min(pool.length, rnd.int(1, 3))
    for (let k = 0; k < n; k++) parts.push({ fund: pool[k], share: share / n })
  }
  let left = total
  return parts.map((part, k) => {
    const amount = k === parts.length - 1 ? left : Math.max(1, Math.round(part.share * total))
    left -= amount
    return { fund: part.fund, amount }
  })
}

/** The strategy's decisions from its set-up on `createdIndex` to the last of `dayCount` days. */
export function timelineOf(
  rnd: Random,
  p: PortfolioSeed,
  liveFunds: (cat: FundCategory) => FundSeed[],
  createdIndex: number,
  dayCount: number,
): Timeline {
  const total = p.totalUnit ?? 10000
  const setup = setupHoldings(rnd, p, liveFunds, total)
  const reserve = reserveOf(p)
  const risky = (Object.keys(p.mix) as FundCategory[]).filter((c) => c !== reserve)
  const qty = (n: number) => (p.totalUnit ? `${n}份` : `${n / 100}%`)
  const decisions: Decision[] = []
  let current = setup
  for (let d = createdIndex + rnd.int(40, 90); d < dayCount; d += rnd.int(60, 130)) {
    const amounts = new Map(current.map((h) => [h.fund.code, h.amount]))
    const funds = new Map(current.map((h) => [h.fund.code, h.fund]))
    const held = (c: FundCategory) => current.filter((h) => h.fund.category === c).sort((a, b) => b.amount - a.amount)
    const largest = (c: FundCategory) => held(c)[0]?.fund ?? liveFunds(c)[0]
    const step = p.totalUnit ? rnd.int(1, 3) : rnd.int(2, 6) * 100
    const keep = p.totalUnit ? 1 : 100
    // A trade leans back towards the plan's mix: it buys while the reserve is above its share, sells while below.
    const reserveShare = reserve ? held(reserve).reduce((s, h) => s + h.amount, 0) / total : 0
    const lean = reserve && reserveShare > p.mix[reserve]! ? 'buy' : 'sell'
    let kind: DecisionKind = rnd.pick(reserve ? ([lean, lean, 'replace'] as const) : (['shift', 'replace'] as const))
    const x = rnd.pick(risky)
    const y = rnd.pick(risky.filter((c) => c !== x))
    const moves: Move[] = []
    if (kind === 'buy' && reserve) {
      let want = step
      for (const h of held(reserve)) {
        const n = Math.min(want, h.amount)
        if (n > 0) moves.push({ from: h.fund, to: largest(x), amount: n })
        want -= n
      }
    }
    if (kind === 'buy' && !moves.length) kind = 'sell'
    if ((kind === 'sell' && reserve) || (kind === 'shift' && y)) {
      const from = largest(x)
      const n = Math.min(step, (amounts.get(from.code) ?? 0) - keep)
      if (n > 0) moves.push({ from, to: largest(kind === 'sell' ? reserve! : y), amount: n })
    }
    if (!moves.length) kind = 'replace'
    if (kind === 'replace') {
      const choices = current.filter((h) => liveFunds(h.fund.category).some((f) => !amounts.has(f.code)))
      if (!choices.length) continue
      const from = rnd.pick(choices).fund
      const to = rnd.pick(liveFunds(from.category).filter((f) => !amounts.has(f.code)))
      moves.push({ from, to, amount: amounts.get(from.code)! })
    }
    for (const m of moves) {
      amounts.set(m.from.code, amounts.get(m.from.code)! - m.amount)
      amounts.set(m.to.code, (amounts.get(m.to.code) ?? 0) + m.amount)
      funds.set(m.to.code, m.to)
    }
    const holdings = [...amounts].filter(([, a]) => a > 0).map(([code, amount]) => ({ fund: funds.get(code)!, amount }))
    const moved = moves.reduce((s, m) => s + m.amount, 0)
    const first = moves[0]
    const [action, description, comment] =
      kind === 'buy'
        ? ([
            '买入',
            `买入${p.totalUnit ? `${moved}份${categoryLabel(x)}` : `${categoryLabel(x)}${qty(moved)}`}`,
            `增配${categoryLabel(x)}${qty(moved)}，资金来自${categoryLabel(reserve!)}`,
          ] as const)
        : kind === 'sell'
          ? ([
              '卖出',
              `卖出${p.totalUnit ? `${moved}份${categoryLabel(x)}` : `${categoryLabel(x)}${qty(moved)}`}`,
              `降低${categoryLabel(x)}仓位${qty(moved)}，转入${categoryLabel(reserve!)}`,
            ] as const)
          : kind === 'shift'
            ? ([
                '转换',
                `${categoryLabel(x)}转换为${categoryLabel(y)}${qty(moved)}`,
                `从${categoryLabel(x)}调向${categoryLabel(y)}${qty(moved)}`,
              ] as const)
            : (['转换', `${first.from.name}转换为${first.to.name}`, `替换表现落后的基金：${first.from.name}换为${first.to.name}`] as const)
    decisions.push({ index: d, kind, moves, holdings, comment, action, description })
    current = holdings
  }
  return { total, createdIndex, setup, decisions }
}
