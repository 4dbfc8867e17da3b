import { adjustSeries, type RawNav } from '../fund/adjusted'
import type { Row } from './bulk'
import { COMPANIES, DEMO_END, DEMO_SEED, round, type SeedContext } from './context'
import { ASSET_CLASS_NAMES, FUND_CATEGORY_NAMES } from '@alfa/common/labels'
import { addDays } from '../calendar'
import { Random } from './random'

/** Usual yearly fees of each category in the market (管理费率, 托管费率, 销售服务费率: C-class bond and money funds charge one). */
const DEMO_FEES: Record<FundCategory, { management_fee_rate: string; custody_fee_rate: string; sales_service_fee_rate: string }> = {
  STOCK: { management_fee_rate: '0.012', custody_fee_rate: '0.002', sales_service_fee_rate: '0' },
  MIXED: { management_fee_rate: '0.012', custody_fee_rate: '0.002', sales_service_fee_rate: '0' },
  INDEX: { management_fee_rate: '0.005', custody_fee_rate: '0.001', sales_service_fee_rate: '0' },
  BOND: { management_fee_rate: '0.003', custody_fee_rate: '0.001', sales_service_fee_rate: '0.004' },
  MONEY: { management_fee_rate: '0.0015', custody_fee_rate: '0.0005', sales_service_fee_rate: '0.0025' },
  QDII: { management_fee_rate: '0.015', custody_fee_rate: '0.0035', sales_service_fee_rate: '0' },
  GOLD: { management_fee_rate: '0.005', custody_fee_rate: '0.001', sales_service_fee_rate: '0' },
}

/** Fund categories: name, asset class, annual drift, annual volatility, risk level, themes. */
export const FUND_CATEGORIES = {
  STOCK: {
    name: FUND_CATEGORY_NAMES.STOCK,
    asset: 'EQUITY',
    mu: 0.08,
    sigma: 0.24,
    risk: 'High',
    themes: ['消费', '医疗', '科技', '新能源', '高端制造', '价值精选', '成长先锋', '蓝筹'],
  },
  MIXED: {
    name: FUND_CATEGORY_NAMES.MIXED,
    asset: 'EQUITY',
    mu: 0.07,
    sigma: 0.18,
    risk: 'MidHigh',
    themes: ['均衡', '稳健增长', '灵活配置', '优势企业', '核心资产', '红利'],
  },
  INDEX: {
    name: FUND_CATEGORY_NAMES.INDEX,
    asset: 'EQUITY',
    mu: 0.06,
    sigma: 0.21,
    risk: 'MidHigh',
    themes: ['沪深300', '中证500', '创业板', '红利指数', '中证医疗', '证券公司'],
  },
  BOND: {
    name: FUND_CATEGORY_NAMES.BOND,
    asset: 'FIXED_INCOME',
    mu: 0.04,
    sigma: 0.025,
    risk: 'MidLow',
    themes: ['纯债', '信用债', '短债', '利率债', '双债增强'],
  },
  MONEY: { name: FUND_CATEGORY_NAMES.MONEY, asset: 'CASH', mu: 0.022, sigma: 0.0008, risk: 'Low', themes: ['货币', '现金宝', '天天利'] },
  QDII: {
    name: FUND_CATEGORY_NAMES.QDII,
    asset: 'OVERSEA',
    mu: 0.075,
    sigma: 0.2,
    risk: 'High',
    themes: ['纳斯达克100', '标普500', '全球精选', '港股通', '恒生科技'],
  },
  GOLD: { name: FUND_CATEGORY_NAMES.GOLD, asset: 'COMMODITY', mu: 0.05, sigma: 0.14, risk: 'Medium', themes: ['黄金ETF联接', '黄金'] },
} as const
export type FundCategory = keyof typeof FUND_CATEGORIES

/** A generated fund as the later steps (portfolios, hand-picked funds) use it. */
export interface FundSeed {
  code: string
  name: string
  category: FundCategory
  setupIndex: number // index into the trading days where NAV starts
  endIndex: number // last index with NAV (terminated funds stop early)
  returns: Float64Array // daily return per trading day index (0 before setup)
  navs: Float64Array // NAV per trading day index (0 outside setupIndex..endIndex)
  adjNavs: Float64Array // dividend-adjusted NAV as stored (fund/adjusted.ts), per trading day index (0 outside)
  dividend: number
}

/** Share of each category among the 520 funds. */
const CATEGORY_WEIGHTS: Record<FundCategory, number> = {
  STOCK: 0.24,
  MIXED: 0.26,
  INDEX: 0.16,
  BOND: 0.18,
  MONEY: 0.06,
  QDII: 0.07,
  GOLD: 0.03,
}

/** Fund size range per category in 亿元 (log-uniform within it): money funds large, many index funds tiny. */
const FUND_SIZE_RANGE: Record<FundCategory, [number, number]> = {
  MONEY: [40, 1800],
  BOND: [2, 220],
  STOCK: [0.8, 160],
  MIXED: [0.8, 240],
  INDEX: [0.3, 90],
  QDII: [0.5, 70],
  GOLD: [1, 90],
}

/** The last quarter end on or before a date. */
function quarterEnd(date: string): string {
  const [y, m] = date.split('-').map(Number)
  const q = Math.floor(m / 3) * 3 // 0, 3, 6, 9, 12
  const end = (yy: number, mm: number) => `${yy}-${String(mm).padStart(2, '0')}-${mm === 3 || mm === 12 ? 31 : 30}`
  const candidate = q === 0 ? end(y - 1, 12) : end(y, q)
  return candidate <= date ? candidate : q - 3 <= 0 ? end(y - 1, 12) : end(y, q - 3)
}

/**
 * A fund's size (基金规模, 亿元) and its report date: the latest published quarterly report (the
 * quarter before DEMO_END), the raise for a fund set up since, the last report before a fund
 * ended; none before set-up. `u` is one uniform draw.
 */
function fundSize(
  category: FundCategory,
  stage: string,
  terminated: boolean,
  setupDate: string,
  endDate: string | null,
  u: number,
): { value: string; date: string } | null {
  if (stage !== 'SETUP') return null
  const [lo, hi] = terminated ? [0.05, 1.5] : FUND_SIZE_RANGE[category]
  const value = round(lo * Math.pow(hi / lo, u), 2)
  const reported = endDate ? quarterEnd(endDate) : quarterEnd(addDays(quarterEnd(DEMO_END), -1))
  return { value, date: setupDate > reported ? setupDate : reported }
}

/** The composition category dictionary, both types (asset classes, fund categories). */
export async function seedCategories({ insert }: SeedContext) {
  const rows: Row<'categories'>[] = []
  Object.entries(ASSET_CLASS_NAMES).forEach(([code, name], i) =>
    rows.push({ category_type: 'AssetClassLevel1', category_code: code, name, sort: i }),
  )
  Object.entries(FUND_CATEGORIES).forEach(([code, c], i) =>
    rows.push({ category_type: 'FundCategory', category_code: code, name: c.name, sort: i }),
  )
  await insert('categories', rows)
}

/**
 * 520 funds (a few still in issue, 12 terminated) and their NAV history, driven by the shared
 * market factor. Returns the funds with their daily returns, for the portfolios built on them.
 */
export async function seedFunds(ctx: SeedContext, market: Float64Array): Promise<FundSeed[]> {
  const { rnd, days } = ctx
  const catKeys = Object.keys(FUND_CATEGORIES) as FundCategory[]
  const funds: FundSeed[] = []
  const fundRows: Row<'funds'>[] = []
  // Fund size draws from a generator of its own, so adding it changed no other demo figure.
  const sizeRnd = new Random(DEMO_SEED + 2)
  for (let i = 0; i < 520; i++) {
    let x = rnd.next()
    let category: FundCategory = 'MIXED'
    for (const k of catKeys) {
      if ((x -= CATEGORY_WEIGHTS[k]) < 0) {
        category = k
        break
      }
    }
    const c = FUND_CATEGORIES[category]
    const code = String(1 + i * 1931).padStart(6, '0')
    const company = COMPANIES[i % COMPANIES.length]
    const name = `${company}${rnd.pick(c.themes)}${category === 'INDEX' ? '指数' : category === 'MONEY' ? '' : c.name.replace('型', '')}${rnd.pick(['A', 'C', ''])}`
    // Offering stage: a few funds are not set up yet and have no NAV.
    const stage =
      i % 97 === 5 ? 'ISSUE_RUNNING' : i % 131 === 7 ? 'ISSUE_PREVIOUSLY' : i % 173 === 9 ? 'ISSUE_CLOSED_BEFORE_SETUP' : 'SETUP'
    const setupIndex = stage !== 'SETUP' ? days.length : rnd.chance(0.6) ? 0 : rnd.int(1, Math.floor(days.length * 0.8))
    const terminated = stage === 'SETUP' && i % 43 === 11
    const endIndex = terminated ? rnd.int(Math.min(days.length - 2, setupIndex + 300), days.length - 2) : days.length - 1
    const returns = new Float64Array(days.length)
    const navs = new Float64Array(days.length)
    const beta = c.asset === 'EQUITY' ? 0.85 : c.asset === 'OVERSEA' ? 0.4 : 0.1
    let nav = 1
    const dividend = category === 'MONEY' ? 0 : rnd.chance(0.3) ? rnd.next() * 0.3 : 0
    for (let d = setupIndex; d <= endIndex && d < days.length; d++) {
      const prev = nav
      if (d > setupIndex) {
        const r = c.mu / 244 + (c.sigma / Math.sqrt(244)) * (beta * market[d] + Math.sqrt(1 - beta * beta) * rnd.gauss())
        nav = Math.max(0.05, nav * (1 + r))
      }
      const navText = round(nav, 4)
      const r = d > setupIndex ? Number(navText) / Number(round(prev, 4)) - 1 : 0
      returns[d] = r
      navs[d] = nav
    }
    funds.push({ code, name, category, setupIndex, endIndex, returns, navs, adjNavs: new Float64Array(days.length), dividend })
    const setupDate = setupIndex < days.length ? days[setupIndex] : addDays(DEMO_END, 20)
    const size = fundSize(category, stage, terminated, setupDate, terminated ? days[endIndex] : null, sizeRnd.next())
    fundRows.push({
      fund_code: code,
      fund_name: name,
      category_code: category,
      manager_id: `M${1001 + rnd.int(0, 99)}`,
      setup_date: setupDate,
      risk_level: c.risk,
      offering_stage: stage,
      terminated_date: terminated ? days[endIndex] : null,
      buy_fee_rate: category === 'MONEY' ? '0' : category === 'BOND' ? '0.0008' : '0.0015',
      lowest_buy_amount: category === 'MONEY' ? '0.01' : '10.00',
      ...DEMO_FEES[category],
      can_buy: !terminated && stage !== 'ISSUE_CLOSED_BEFORE_SETUP',
      can_not_buy_reason: terminated ? '基金已终止运作' : stage === 'ISSUE_CLOSED_BEFORE_SETUP' ? '募集已结束' : null,
      intro: `${name}是一只${c.name}基金，由${company}基金管理。`,
      fund_size: size?.value ?? null,
      fund_size_date: size?.date ?? null,
      is_demo: true,
    })
  }
  await ctx.insert('funds', fundRows)
  await seedFundNavs(ctx, funds)
  return funds
}

/**
 * The funds' NAV rows, sent in chunks so first start stays within a modest amount of memory. The
 * adjusted NAV and daily return come from the same engine an import uses (fund/adjusted.ts).
 */
async function seedFundNavs({ days, insert, log }: SeedContext, funds: FundSeed[]) {
  let rows: Row<'fund_navs'>[] = []
  let count = 0
  for (const f of funds) {
    const raw: Array<RawNav & { accNav: string }> = []
    for (let d = f.setupIndex; d <= f.endIndex && d < days.length; d++)
      raw.push({ date: days[d], nav: round(f.navs[d], 4), accNav: round(f.navs[d] + f.dividend, 4) })
    adjustSeries(raw).forEach((p, i) => {
      f.adjNavs[f.setupIndex + i] = Number(p.adjNav.toFixed(8))
      rows.push({
        fund_code: f.code,
        nav_date: p.date,
        nav: raw[i].nav,
        acc_nav: raw[i].accNav,
        adj_nav: p.adjNav.toFixed(8),
        daily_return: p.dailyReturn === null ? null : p.dailyReturn.toFixed(6),
      })
    })
    if (rows.length >= 100_000) {
      await insert('fund_navs', rows)
      count += rows.length
      rows = []
    }
  }
  await insert('fund_navs', rows)
  log(`demo: inserted ${count + rows.length} fund NAV rows`)
}
