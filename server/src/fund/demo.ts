/**
 * Demo figures the data set does not hold: top holdings and the intraday valuation. Both are
 * derived from the fund code (and the NAV date) alone, so every start shows the same figures;
 * the app labels them 演示数据.
 */

/** FNV-1a: a small stable hash of a string. */
export function stableHash(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h
}

/** A deterministic sequence in [0, 1) seeded by a string. */
export function seededRandom(seed: string): () => number {
  let s = stableHash(seed) || 1
  return () => {
    // xorshift32
    s ^= s << 13
    s >>>= 0
    s ^= s >>> 17
    s ^= s << 5
    s >>>= 0
    return s / 0x100000000
  }
}

const STOCKS: Array<[string, string]> = [
  ['600519', '贵州茅台'],
  ['300750', '宁德时代'],
  ['601318', '中国平安'],
  ['600036', '招商银行'],
  ['000858', '五粮液'],
  ['000333', '美的集团'],
  ['601012', '隆基绿能'],
  ['600276', '恒瑞医药'],
  ['002594', '比亚迪'],
  ['600900', '长江电力'],
  ['601899', '紫金矿业'],
  ['000651', '格力电器'],
  ['300059', '东方财富'],
  ['600030', '中信证券'],
  ['002415', '海康威视'],
  ['601166', '兴业银行'],
  ['000568', '泸州老窖'],
  ['603259', '药明康德'],
  ['600809', '山西汾酒'],
  ['300760', '迈瑞医疗'],
]
const BONDS: Array<[string, string]> = [
  ['019698', '23国债05'],
  ['230205', '23国开05'],
  ['220215', '22国开15'],
  ['019706', '23国债13'],
  ['2228024', '22农业银行二级'],
  ['230405', '23农发05'],
  ['2320012', '23兴业银行CD'],
  ['019687', '22国债22'],
  ['210210', '21国开10'],
  ['2128037', '21建设银行二级'],
]
const OVERSEAS: Array<[string, string]> = [
  ['AAPL', '苹果'],
  ['MSFT', '微软'],
  ['NVDA', '英伟达'],
  ['AMZN', '亚马逊'],
  ['GOOGL', '谷歌'],
  ['META', 'Meta'],
  ['00700', '腾讯控股'],
  ['09988', '阿里巴巴'],
  ['TSLA', '特斯拉'],
  ['AVGO', '博通'],
]
const GOLD: Array<[string, string]> = [
  ['AU9999', '黄金9999'],
  ['AUTD', '黄金T+D'],
]

export interface DemoHolding {
  securityCode: string
  securityName: string
  percent: string
}

/** Top ten holdings by category; money-market funds disclose none. Percents fall from first to last. */
export function demoHoldings(fundCode: string, categoryCode: string): DemoHolding[] {
  const pool =
    categoryCode === 'MONEY'
      ? []
      : categoryCode === 'BOND'
        ? BONDS
        : categoryCode === 'QDII'
          ? OVERSEAS
          : categoryCode === 'GOLD'
            ? GOLD
            : STOCKS
  if (!pool.length) return []
  const rnd = seededRandom(`holdings:${fundCode}`)
  const picked = [...pool]
    .map((s) => ({ s, k: rnd() }))
    .sort((a, b) => a.k - b.k)
    .slice(0, Math.min(10, pool.length))
    .map((x) => x.s)
  const top = categoryCode === 'GOLD' ? 0.6 + rnd() * 0.3 : 0.06 + rnd() * 0.04
  let p = top
  return picked.map(([securityCode, securityName]) => {
    const percent = p.toFixed(4)
    p = Math.max(0.005, p * (0.8 + rnd() * 0.15))
    if (categoryCode === 'GOLD') p = Math.max(0.005, (0.95 - top) * 0.9)
    return { securityCode, securityName, percent }
  })
}

/** Last quarter end on or before a date (holdings are reported per quarter). */
export function quarterEnd(date: string): string {
  const y = Number(date.slice(0, 4))
  const q = Math.floor((Number(date.slice(5, 7)) - 1) / 3)
  const ends = [`${y - 1}-12-31`, `${y}-03-31`, `${y}-06-30`, `${y}-09-30`, `${y}-12-31`]
  return date >= ends[q + 1] ? ends[q + 1] : ends[q]
}

/** Typical daily moves by category, for the size of the demo estimate. */
const DAILY_SIGMA: Record<string, number> = {
  STOCK: 0.015,
  MIXED: 0.012,
  INDEX: 0.014,
  BOND: 0.0015,
  MONEY: 0.0001,
  QDII: 0.012,
  GOLD: 0.01,
}

export interface DemoValuation {
  lastNav: string
  lastNavDate: string
  estimatedNav: string
  estimatedReturn: string
  estimatedAt: string
  isDemo: true
}

function nextWeekday(date: string): string {
  const d = new Date(`${date}T00:00:00Z`)
  do d.setUTCDate(d.getUTCDate() + 1)
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6)
  return d.toISOString().slice(0, 10)
}

/** The estimate for the trading day after the last NAV, at 14:30 Shanghai time. */
export function demoValuation(fundCode: string, categoryCode: string, nav: string, navDate: string): DemoValuation {
  const rnd = seededRandom(`valuation:${fundCode}:${navDate}`)
  const sigma = DAILY_SIGMA[categoryCode] ?? 0.01
  // Sum of uniforms: a bell-shaped move within about ±2 sigma.
  const move = (rnd() + rnd() + rnd() - 1.5) * sigma * 1.3
  const lastNav = Number(nav)
  const estimated = Math.round(lastNav * (1 + move) * 10000) / 10000
  const ret = estimated / lastNav - 1
  const r = Math.round(ret * 10000) / 10000
  return {
    lastNav: lastNav.toFixed(4),
    lastNavDate: navDate,
    estimatedNav: estimated.toFixed(4),
    estimatedReturn: (Object.is(r, -0) ? 0 : r).toFixed(4),
    estimatedAt: `${nextWeekday(navDate)} 14:30`,
    isDemo: true,
  }
}
