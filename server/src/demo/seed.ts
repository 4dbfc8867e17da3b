import type { Queryable } from '../db'
import { adjustSeries, type RawNav } from '../fund/adjusted'
import {
  ASSET_CLASS_NAMES,
  FUND_CATEGORY_NAMES,
  MONEY_TYPE_NAMES,
  MOVEMENT_NAMES,
  RISK_LEVEL_NAMES,
  RISK_LEVEL_NAMES_3,
  type RiskLevel,
} from '@alfa/common/labels'
import { seedSiteContent } from './siteContent'
import { insertRows } from './bulk'
import { addDays, tradingDays } from '../calendar'
import { Random } from './random'

/** Bump when the generated data changes shape; stored in demo_meta. */
export const DEMO_SEED = 20240601
export const DEMO_START = '2016-10-10'
export const DEMO_END = '2026-09-30'
/** A demo account that already holds and signs some portfolios (log in with its phone and the dev SMS code). */
export const DEMO_USER = { userId: 'u_demo', phone: '13800000000', nickname: '演示用户' }

const COMPANIES = ['易方达', '华夏', '南方', '嘉实', '广发', '汇添富', '富国', '博时', '招商', '工银瑞信', '中欧', '兴证全球']
const SURNAMES = ['张', '王', '李', '赵', '刘', '陈', '杨', '黄', '周', '吴', '徐', '孙', '马', '朱', '胡', '郭', '何', '林', '罗', '高']
const GIVEN = [
  '伟',
  '芳',
  '娜',
  '敏',
  '静',
  '磊',
  '强',
  '军',
  '洋',
  '勇',
  '艳',
  '杰',
  '涛',
  '明',
  '超',
  '秀英',
  '晓东',
  '志刚',
  '海燕',
  '建华',
  '一鸣',
  '子涵',
  '思远',
  '雨桐',
]

/** Fund categories: name, asset class, annual drift, annual volatility, risk level, themes. */
const FUND_CATEGORIES = {
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
type FundCategory = keyof typeof FUND_CATEGORIES

const BENCHMARKS = [
  {
    indexCode: '000300',
    indexShortName: '沪深300',
    name: '沪深300指数',
    description: '沪深两市规模大、流动性好的300只股票',
    mu: 0.05,
    sigma: 0.22,
  },
  { indexCode: '000905', indexShortName: '中证500', name: '中证500指数', description: '中小市值公司的代表', mu: 0.04, sigma: 0.26 },
  { indexCode: 'H11001', indexShortName: '中债综合', name: '中债综合全价指数', description: '中国债券市场整体走势', mu: 0.01, sigma: 0.02 },
  { indexCode: '000001', indexShortName: '上证指数', name: '上证综合指数', description: '上海证券交易所全部股票', mu: 0.02, sigma: 0.2 },
  { indexCode: 'SPX', indexShortName: '标普500', name: '标准普尔500指数', description: '美国大型上市公司', mu: 0.09, sigma: 0.18 },
  { indexCode: 'MIX6040', indexShortName: '股债60/40', name: '60%沪深300+40%中债综合', description: '股债平衡基准', mu: 0.04, sigma: 0.13 },
]

interface FundSeed {
  code: string
  category: FundCategory
  setupIndex: number // index into the trading days where NAV starts
  endIndex: number // last index with NAV (terminated funds stop early)
  returns: Float64Array // daily return per trading day index (0 before setup)
  navs: Float64Array // NAV per trading day index (0 outside setupIndex..endIndex)
  dividend: number
}

interface PortfolioSeed {
  poCode: string
  poName: string
  seriesType: 'LONG_WIN' | 'LONG_WIN_S' | null
  brand: 'all' | '0008' | '0009'
  hasAdvisor: boolean
  isModelPo: boolean
  smartAip: boolean
  realMoney: boolean
  moneyType: 'Longterm' | 'Spare' | 'Steady'
  risk: RiskLevel
  mix: Partial<Record<FundCategory, number>>
  categoryType: 'AssetClassLevel1' | 'FundCategory'
  totalUnit: number | null
}

const PORTFOLIOS: PortfolioSeed[] = (() => {
  const list: PortfolioSeed[] = []
  const add = (p: Partial<PortfolioSeed> & Pick<PortfolioSeed, 'poCode' | 'poName'>) =>
    list.push({
      seriesType: null,
      brand: 'all',
      hasAdvisor: false,
      isModelPo: true,
      smartAip: false,
      realMoney: false,
      moneyType: 'Longterm',
      risk: 'Medium',
      mix: { MIXED: 0.5, BOND: 0.4, MONEY: 0.1 },
      categoryType: 'AssetClassLevel1',
      totalUnit: null,
      ...p,
    })
  add({
    poCode: 'ZH015676',
    poName: '全球多元配置',
    hasAdvisor: true,
    risk: 'Medium',
    mix: { MIXED: 0.35, BOND: 0.35, QDII: 0.2, GOLD: 0.1 },
    smartAip: true,
  })
  add({
    poCode: 'ZH015677',
    poName: '积极成长优选',
    risk: 'High',
    mix: { STOCK: 0.6, INDEX: 0.3, QDII: 0.1 },
    categoryType: 'FundCategory',
  })
  add({
    poCode: 'LW000001',
    poName: '长赢指数投资计划',
    seriesType: 'LONG_WIN',
    brand: '0008',
    hasAdvisor: true,
    realMoney: true,
    risk: 'MidHigh',
    mix: { INDEX: 0.7, BOND: 0.2, MONEY: 0.1 },
    totalUnit: 150,
    categoryType: 'FundCategory',
  })
  add({
    poCode: 'LW000002',
    poName: '长赢S计划',
    seriesType: 'LONG_WIN_S',
    brand: '0008',
    hasAdvisor: true,
    realMoney: true,
    risk: 'MidHigh',
    mix: { INDEX: 0.6, STOCK: 0.2, BOND: 0.2 },
    totalUnit: 150,
    categoryType: 'FundCategory',
  })
  add({
    poCode: 'LW000003',
    poName: '长赢稳健计划',
    seriesType: 'LONG_WIN',
    brand: 'all',
    realMoney: true,
    risk: 'MidLow',
    mix: { BOND: 0.6, INDEX: 0.3, MONEY: 0.1 },
    totalUnit: 100,
  })
  add({
    poCode: 'LW000004',
    poName: '长赢S稳进计划',
    seriesType: 'LONG_WIN_S',
    brand: 'all',
    risk: 'Medium',
    mix: { BOND: 0.5, INDEX: 0.4, MONEY: 0.1 },
    totalUnit: 100,
  })
  add({
    poCode: 'AP000001',
    poName: '我的养老规划',
    brand: '0008',
    isModelPo: false,
    hasAdvisor: true,
    smartAip: true,
    moneyType: 'Longterm',
    risk: 'Medium',
  })
  add({
    poCode: 'AP000002',
    poName: '子女教育金规划',
    brand: '0008',
    isModelPo: false,
    moneyType: 'Steady',
    risk: 'MidLow',
    mix: { BOND: 0.7, MIXED: 0.2, MONEY: 0.1 },
  })
  add({
    poCode: 'AP000003',
    poName: '购房储备计划',
    brand: '0008',
    isModelPo: false,
    hasAdvisor: true,
    moneyType: 'Spare',
    risk: 'Low',
    mix: { MONEY: 0.5, BOND: 0.5 },
  })
  const names = [
    '稳稳的幸福',
    '月月领零钱',
    '低波固收+',
    '均衡配置精选',
    '科技成长先锋',
    '消费医药双核',
    '红利低波',
    '全球科技',
    '黄金避险组合',
    '短债增强',
    '指数定投优选',
    '偏股平衡',
    '现金管理',
    '债券稳健',
    '港美股配置',
    '中证500增强',
    '核心资产精选',
    '养老目标2040',
    '灵活配置进取',
    '绝对收益探索',
    '价值投资组合',
  ]
  const profiles: Array<Pick<PortfolioSeed, 'mix' | 'risk' | 'moneyType'>> = [
    { mix: { BOND: 0.8, MONEY: 0.2 }, risk: 'Low', moneyType: 'Spare' },
    { mix: { BOND: 0.7, MIXED: 0.3 }, risk: 'MidLow', moneyType: 'Steady' },
    { mix: { MIXED: 0.5, BOND: 0.4, GOLD: 0.1 }, risk: 'Medium', moneyType: 'Steady' },
    { mix: { STOCK: 0.7, INDEX: 0.3 }, risk: 'High', moneyType: 'Longterm' },
    { mix: { MIXED: 0.6, QDII: 0.3, BOND: 0.1 }, risk: 'MidHigh', moneyType: 'Longterm' },
  ]
  names.forEach((poName, i) => {
    const profile = profiles[i % profiles.length]
    add({
      poCode: `ZH0${String(20001 + i * 37).padStart(5, '0')}`,
      poName,
      ...profile,
      brand: i % 4 === 3 ? '0009' : 'all',
      hasAdvisor: i % 3 === 0,
      smartAip: i % 5 === 1,
      realMoney: i % 7 === 2,
      categoryType: i % 2 ? 'FundCategory' : 'AssetClassLevel1',
    })
  })
  return list
})()

/** Long-win plans state risk on the three-level scale (风险低 / 风险中 / 风险高), as the app's risk tag does. */
const riskText = (p: PortfolioSeed) => (p.seriesType ? `风险${RISK_LEVEL_NAMES_3[p.risk]}` : RISK_LEVEL_NAMES[p.risk])

const THERMOMETER = [
  { level: 1, levelDescription: '低估', howToBuy: '市场处于低估区间，可以加大定投金额，分批买入。', howToSell: '不建议卖出，耐心持有。' },
  { level: 2, levelDescription: '偏低', howToBuy: '适合正常定投，逢跌加仓。', howToSell: '继续持有。' },
  { level: 3, levelDescription: '适中', howToBuy: '按计划定投即可。', howToSell: '无需操作，达到目标收益可部分止盈。' },
  { level: 4, levelDescription: '偏高', howToBuy: '减少买入金额。', howToSell: '可以分批止盈。' },
  { level: 5, levelDescription: '高估', howToBuy: '暂停买入。', howToSell: '建议分批卖出，锁定收益。' },
]

const round = (v: number, d: number) => v.toFixed(d)

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

/** True when the database has no demo (or imported) data yet. */
export async function isEmpty(database: Queryable): Promise<boolean> {
  const [row] = await database.query<{ n: number }>('select count(*)::int as n from funds')
  return Number(row.n) === 0
}

/**
 * Generates and inserts the deterministic demo data set (ARCHITECTURE.md section 5). Same seed,
 * same rows, on every machine. Returns row counts for the log.
 */
export async function seedDemoData(database: Queryable, log: (msg: string) => void = () => {}): Promise<Record<string, number>> {
  const rnd = new Random(DEMO_SEED)
  const days = tradingDays(DEMO_START, DEMO_END)
  const counts: Record<string, number> = {}
  const insert = async (table: string, columns: Array<[string, string]>, rows: unknown[][]) => {
    await insertRows(database, table, columns, rows)
    counts[table] = (counts[table] ?? 0) + rows.length
  }

  // Managers.
  const managers = Array.from({ length: 100 }, (_, i) => {
    const name = rnd.pick(SURNAMES) + rnd.pick(GIVEN)
    return [
      `M${String(1001 + i)}`,
      name,
      rnd.chance(0.6),
      `/alfa/static/demo/v1/avatar/manager-${SURNAMES.indexOf(name[0]) + 1}.png`,
      rnd.chance(0.2),
      COMPANIES[i % COMPANIES.length],
      `${name}，${rnd.int(5, 20)}年证券从业经验，擅长${rnd.pick(['价值投资', '成长股挖掘', '固收+', '量化选股', '资产配置'])}。`,
      addDays('2005-01-01', rnd.int(0, 4000)),
      true,
    ]
  })
  await insert(
    'managers',
    [
      ['manager_id', 'text'],
      ['manager_name', 'text'],
      ['is_verified', 'boolean'],
      ['avatar_url', 'text'],
      ['is_yingmi_extended', 'boolean'],
      ['company', 'text'],
      ['intro', 'text'],
      ['career_start', 'date'],
      ['is_demo', 'boolean'],
    ],
    managers,
  )

  // Benchmarks with their series.
  await insert(
    'benchmarks',
    [
      ['index_code', 'text'],
      ['index_short_name', 'text'],
      ['name', 'text'],
      ['description', 'text'],
    ],
    BENCHMARKS.map((b) => [b.indexCode, b.indexShortName, b.name, b.description]),
  )
  const market = Float64Array.from(days, () => rnd.gauss()) // a shared market factor correlates everything
  const benchRows: unknown[][] = []
  for (const b of BENCHMARKS) {
    let v = 1000 + rnd.int(0, 3000)
    days.forEach((d, i) => {
      if (i > 0) v *= 1 + b.mu / 244 + (b.sigma / Math.sqrt(244)) * (0.8 * market[i] + 0.6 * rnd.gauss())
      benchRows.push([b.indexCode, d, round(v, 4)])
    })
  }
  await insert(
    'benchmark_values',
    [
      ['index_code', 'text'],
      ['value_date', 'date'],
      ['value', 'numeric'],
    ],
    benchRows,
  )

  // Categories (the composition category dictionary, both types).
  const catRows: unknown[][] = []
  Object.entries(ASSET_CLASS_NAMES).forEach(([code, name], i) => catRows.push(['AssetClassLevel1', code, name, i]))
  Object.entries(FUND_CATEGORIES).forEach(([code, c], i) => catRows.push(['FundCategory', code, c.name, i]))
  await insert(
    'categories',
    [
      ['category_type', 'text'],
      ['category_code', 'text'],
      ['name', 'text'],
      ['sort', 'int'],
    ],
    catRows,
  )

  // Funds and their NAV history.
  const catKeys = Object.keys(FUND_CATEGORIES) as FundCategory[]
  const catWeights: Record<FundCategory, number> = {
    STOCK: 0.24,
    MIXED: 0.26,
    INDEX: 0.16,
    BOND: 0.18,
    MONEY: 0.06,
    QDII: 0.07,
    GOLD: 0.03,
  }
  const funds: FundSeed[] = []
  const fundRows: unknown[][] = []
  // Fund size draws from a generator of its own, so adding it changed no other demo figure.
  const sizeRnd = new Random(DEMO_SEED + 2)
  for (let i = 0; i < 520; i++) {
    let x = rnd.next()
    let category: FundCategory = 'MIXED'
    for (const k of catKeys) {
      if ((x -= catWeights[k]) < 0) {
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
    funds.push({ code, category, setupIndex, endIndex, returns, navs, dividend })
    const setupDate = setupIndex < days.length ? days[setupIndex] : addDays(DEMO_END, 20)
    const size = fundSize(category, stage, terminated, setupDate, terminated ? days[endIndex] : null, sizeRnd.next())
    fundRows.push([
      code,
      name,
      category,
      `M${1001 + rnd.int(0, 99)}`,
      setupDate,
      c.risk,
      stage,
      terminated ? days[endIndex] : null,
      category === 'MONEY' ? '0' : category === 'BOND' ? '0.0008' : '0.0015',
      category === 'MONEY' ? '0.01' : '10.00',
      !terminated && stage !== 'ISSUE_CLOSED_BEFORE_SETUP',
      terminated ? '基金已终止运作' : stage === 'ISSUE_CLOSED_BEFORE_SETUP' ? '募集已结束' : null,
      `${name}是一只${c.name}基金，由${company}基金管理。`,
      size?.value ?? null,
      size?.date ?? null,
      true,
    ])
  }
  await insert(
    'funds',
    [
      ['fund_code', 'text'],
      ['fund_name', 'text'],
      ['category_code', 'text'],
      ['manager_id', 'text'],
      ['setup_date', 'date'],
      ['risk_level', 'text'],
      ['offering_stage', 'text'],
      ['terminated_date', 'date'],
      ['buy_fee_rate', 'numeric'],
      ['lowest_buy_amount', 'numeric'],
      ['can_buy', 'boolean'],
      ['can_not_buy_reason', 'text'],
      ['intro', 'text'],
      ['fund_size', 'numeric'],
      ['fund_size_date', 'date'],
      ['is_demo', 'boolean'],
    ],
    fundRows,
  )
  // NAV rows leave in chunks so first start stays within a modest amount of memory. The adjusted
  // NAV and daily return come from the same engine an import uses (fund/adjusted.ts).
  const navColumns: Array<[string, string]> = [
    ['fund_code', 'text'],
    ['nav_date', 'date'],
    ['nav', 'numeric'],
    ['acc_nav', 'numeric'],
    ['adj_nav', 'numeric'],
    ['daily_return', 'numeric'],
  ]
  let navRows: unknown[][] = []
  for (const f of funds) {
    const raw: RawNav[] = []
    for (let d = f.setupIndex; d <= f.endIndex && d < days.length; d++)
      raw.push({ date: days[d], nav: round(f.navs[d], 4), accNav: round(f.navs[d] + f.dividend, 4) })
    adjustSeries(raw).forEach((p, i) =>
      navRows.push([
        f.code,
        p.date,
        raw[i].nav,
        raw[i].accNav,
        p.adjNav.toFixed(8),
        p.dailyReturn === null ? null : p.dailyReturn.toFixed(6),
      ]),
    )
    if (navRows.length >= 100_000) {
      await insert('fund_navs', navColumns, navRows)
      navRows = []
    }
  }
  await insert('fund_navs', navColumns, navRows)
  log(`demo: inserted ${counts.fund_navs} fund NAV rows`)

  // Portfolios.
  const liveFunds = (cat: FundCategory) => funds.filter((f) => f.category === cat && f.setupIndex === 0 && f.endIndex === days.length - 1)
  const poRows: unknown[][] = []
  const partRows: unknown[][] = []
  const poNavRows: unknown[][] = []
  const benchLinks: unknown[][] = []
  const stepRows: unknown[][] = []
  const adjRows: unknown[][] = []
  const adjPartRows: unknown[][] = []
  const sigRows: unknown[][] = []
  const orderRows: unknown[][] = []
  const postRows: unknown[][] = []
  const videoRows: unknown[][] = []
  const msgRows: unknown[][] = []
  const categoryOf = (p: PortfolioSeed, f: FundSeed) => (p.categoryType === 'FundCategory' ? f.category : FUND_CATEGORIES[f.category].asset)
  PORTFOLIOS.forEach((p, pi) => {
    const createdIndex = pi < 6 ? rnd.int(0, 200) : rnd.int(100, Math.floor(days.length * 0.75))
    // Composition: a few funds per category, weights in whole basis points that add up to 1.
    const parts: Array<{ fund: FundSeed; weight: number; unit: number | null }> = []
    for (const [cat, share] of Object.entries(p.mix) as Array<[FundCategory, number]>) {
      const pool = rnd.shuffle([...liveFunds(cat)])
      const n = Math.min(pool.length, rnd.int(1, 3))
      for (let k = 0; k < n; k++) parts.push({ fund: pool[k], weight: share / n, unit: null })
    }
    if (p.totalUnit) {
      let left = p.totalUnit
      parts.forEach((part, k) => {
        part.unit = k === parts.length - 1 ? left : Math.max(1, Math.round(part.weight * p.totalUnit!))
        left -= part.unit
        part.weight = part.unit / p.totalUnit!
      })
    }
    let bpLeft = 10000
    parts.forEach((part, k) => {
      const bp = k === parts.length - 1 ? bpLeft : Math.round(part.weight * 10000)
      bpLeft -= bp
      part.weight = bp / 10000
    })
    // NAV: daily-rebalanced weighted return of the parts.
    let nav = 1
    let peak = 1
    let maxDd = 0
    for (let d = createdIndex; d < days.length; d++) {
      if (d > createdIndex) nav *= 1 + parts.reduce((s, part) => s + part.weight * part.fund.returns[d], 0)
      peak = Math.max(peak, nav)
      maxDd = Math.max(maxDd, 1 - nav / peak)
      const real = p.realMoney ? round(nav * (1 - 0.002 * Math.sin(d / 50)), 4) : null
      poNavRows.push([p.poCode, days[d], round(nav, 4), real])
    }
    const years = (days.length - createdIndex) / 244
    const annual = Math.pow(nav, 1 / Math.max(years, 0.5)) - 1
    const thermo = THERMOMETER[(pi * 3) % 5]
    const manager = `M${1001 + ((pi * 7) % 100)}`
    const defaultIndex = p.risk === 'Low' || p.risk === 'MidLow' ? 'H11001' : p.mix.QDII ? 'SPX' : p.mix.MIXED ? 'MIX6040' : '000300'
    const assetMix = (status: string) => ({
      assetMixModelCode: `AM-${p.poCode}`,
      assetPlanId: `PLAN-${pi + 1}`,
      expectedAnnualizedReturnRate: round(Math.max(0.01, annual), 4),
      status,
      suggestHoldingTime: p.moneyType === 'Spare' ? '3个月以上' : p.moneyType === 'Steady' ? '1年以上' : '3年以上',
    })
    const preferences = {
      displayPerformance: true,
      displayCompositionPieChart: true,
      displayCompositionDetailList: true,
      hasAdjustmentHistoryPage: true,
      hasAnalysisPage: pi % 2 === 0,
      hasFundInvestPoolPage: p.seriesType !== null,
      displayMaxDrawdownOnChart: true,
      displayAdjustmentPoint: true,
      displayPeakPoint: pi % 3 !== 2,
      displayBenchmark: true,
      displayProfitCalculator: p.isModelPo,
      displayManagerIdentity: p.hasAdvisor,
      displayShowcase: true,
      displayDescriptionOnDetailPage: pi % 2 === 1,
      hasIntroPage: pi < 10,
      introImageUrls: pi < 10 ? [1, 2, 3].map((k) => `/alfa/static/demo/v1/po/intro-${k}.png`) : [],
      topNotice:
        pi % 4 === 0 ? { link: `https://www.alfa.example/notice/${p.poCode}`, text: '组合将于近期进行调仓，请留意调仓记录' } : null,
      defaultComparableBenchmark: defaultIndex,
      listSeriesSettings: [
        { key: 'nav', name: '组合净值', color: '#3388FF' },
        { key: 'benchmark', name: '业绩基准', color: '#FF9F1A' },
        ...(p.realMoney ? [{ key: 'realMoney', name: '实盘', color: '#F04848' }] : []),
      ],
      displaySmartAipDisclaimerPopup: p.smartAip,
    }
    poRows.push([
      p.poCode,
      p.poName,
      `${p.poName}：以${p.risk === 'Low' || p.risk === 'MidLow' ? '稳健' : '长期增值'}为目标的基金组合。`,
      p.seriesType
        ? '一份一份买入，慢慢变富'
        : `${p.moneyType === 'Spare' ? '闲钱理财' : p.moneyType === 'Steady' ? '稳健理财' : '长期投资'}`,
      '长期持有、分散配置、纪律再平衡。',
      '以资产配置为核心，精选优质基金，定期评估并调仓。',
      '境内外公募基金',
      p.risk,
      days[createdIndex],
      `https://www.alfa.example/alfa/portfolio/${p.poCode}`,
      p.moneyType,
      p.hasAdvisor,
      pi % 3 === 0,
      p.smartAip,
      p.realMoney,
      defaultIndex,
      1000 + rnd.int(0, 90000),
      rnd.int(100, 50000),
      p.totalUnit,
      p.seriesType,
      p.isModelPo,
      p.brand,
      manager,
      round(Math.max(0.01, annual), 6),
      round(maxDd, 6),
      round(maxDd * 0.6, 6),
      thermo.level,
      thermo.levelDescription,
      thermo.howToBuy,
      thermo.howToSell,
      [
        { key: 'riskLevel', displayName: '风险等级', valueText: riskText(p), fontColor: 'Primary' },
        { key: 'moneyType', displayName: '资金类型', valueText: MONEY_TYPE_NAMES[p.moneyType], fontColor: 'Primary' },
        { key: 'holding', displayName: '建议持有', valueText: assetMix('').suggestHoldingTime, fontColor: 'Warning' },
      ],
      [
        {
          key: 'annualized',
          displayName: '年化收益',
          valueText: `${(annual * 100).toFixed(2)}%`,
          fontColor: annual >= 0 ? 'Positive' : 'Negative',
        },
        { key: 'maxDrawdown', displayName: '最大回撤', valueText: `-${(maxDd * 100).toFixed(2)}%`, fontColor: 'Negative' },
        {
          key: 'total',
          displayName: '成立以来',
          valueText: `${((nav - 1) * 100).toFixed(2)}%`,
          fontColor: nav >= 1 ? 'Positive' : 'Negative',
        },
      ],
      {
        chinaIncludeAlternative: assetMix('ACTIVE'),
        chinaIncludeOversea: assetMix('ACTIVE'),
        chinaOnly: assetMix('ACTIVE'),
        global: assetMix(p.mix.QDII ? 'ACTIVE' : 'INACTIVE'),
      },
      preferences,
      [
        { question: '这个组合适合谁？', answer: '适合认同长期投资、能承受相应波动的投资者。', link: null },
        { question: '如何买入？', answer: '点击买入按钮，按组合比例一键买入。', link: 'https://www.alfa.example/faq/buy' },
        { question: '调仓时需要做什么？', answer: '收到调仓提醒后，可一键跟随调仓。', link: 'https://www.alfa.example/faq/adjust' },
      ],
      preferences.introImageUrls,
      p.seriesType ? '10.00' : '100.00',
      round(pi % 2 ? 0.0015 : 0.001, 6),
      p.hasAdvisor ? '0.005000' : null,
      p.hasAdvisor ? (pi % 2 ? 'STEP_ASSET' : 'Aum') : 'Free',
      p.hasAdvisor ? '0.008000' : null,
      p.hasAdvisor ? '投顾服务费按日计提，按季度收取' : '本组合不收取投顾服务费',
      p.hasAdvisor ? '300.00' : null,
      p.hasAdvisor ? '0.800000' : null,
      pi % 11 !== 10,
      pi % 11 === 10 ? '组合暂停申购' : null,
      true,
      null,
      !p.seriesType || p.seriesType === 'LONG_WIN',
      p.seriesType === 'LONG_WIN_S' ? '长赢S计划暂不支持定投' : null,
      p.smartAip || p.seriesType === 'LONG_WIN',
      p.smartAip ? '开启智能定投，低位多买高位少买' : null,
      `https://community.alfa.example/po/${p.poCode}`,
      p.seriesType ? ['FOLLOW'] : ['ONE_KEY_BUY', 'FOLLOW'],
      p.seriesType === 'LONG_WIN',
      p.seriesType === 'LONG_WIN' ? null : '该组合不支持底仓',
    ])
    if (p.hasAdvisor && pi % 2) {
      const steps: Array<[string, string | null, string, string]> = [
        ['0', '100000.00', '0.006000', '0.004800'],
        ['100000.00', '1000000.00', '0.005000', '0.004000'],
        ['1000000.00', null, '0.004000', '0.003200'],
      ]
      steps.forEach(([lower, upper, fee, disc], k) =>
        stepRows.push([p.poCode, k, lower, upper, fee, disc, upper ? `${lower}–${upper}元` : `${lower}元以上`]),
      )
    }
    for (const b of BENCHMARKS)
      if (b.indexCode === defaultIndex || b.indexCode === '000300' || b.indexCode === 'H11001')
        benchLinks.push([p.poCode, b.indexCode, b.indexCode === defaultIndex])
    parts.forEach((part) => {
      const candidates = liveFunds(part.fund.category)
        .slice(0, 3)
        .map((f) => f.code)
        .filter((c) => c !== part.fund.code)
      const movement = rnd.pick(['In', 'Out', 'None', 'None', 'Convert'] as const)
      partRows.push([
        p.poCode,
        categoryOf(p, part.fund),
        part.fund.code,
        round(part.weight, 6),
        part.unit,
        FUND_CATEGORIES[part.fund.category].name,
        movement,
        MOVEMENT_NAMES[movement],
        candidates,
        round(rnd.next() * 0.6 - 0.1, 6),
      ])
    })
    // Adjustments, most recent first in queries.
    let adjNo = 0
    for (let d = createdIndex + rnd.int(40, 90); d < days.length; d += rnd.int(60, 130)) {
      const id = `ADJ-${p.poCode}-${String(++adjNo).padStart(3, '0')}`
      adjRows.push([
        id,
        p.poCode,
        days[d],
        `第${adjNo}次调仓：${rnd.pick(['降低权益仓位', '增配债券', '替换表现落后的基金', '再平衡至目标比例', '增加海外配置'])}`,
        '调仓说明',
        `https://www.alfa.example/article/adjust-${p.poCode}-${adjNo}`,
      ])
      const touched = rnd.shuffle([...parts]).slice(0, Math.min(parts.length, rnd.int(1, 3)))
      touched.forEach((part) => {
        const before = Math.max(0, part.weight + (rnd.next() - 0.5) * 0.1)
        const movement = before < part.weight ? 'In' : before > part.weight ? 'Out' : 'None'
        adjPartRows.push([
          id,
          part.fund.code,
          categoryOf(p, part.fund),
          round(before, 6),
          round(part.weight, 6),
          movement,
          FUND_CATEGORIES[part.fund.category].name,
          part.unit ? rnd.int(1, 5) : null,
        ])
      })
    }
    // Signals (departure records) for long-win plans and advised portfolios.
    if (p.seriesType || p.hasAdvisor) {
      let n = 0
      for (let d = createdIndex + 20; d < days.length; d += rnd.int(30, 60)) {
        const sigId = `SIG-${p.poCode}-${String(++n).padStart(3, '0')}`
        const action = rnd.pick(['买入', '卖出', '转换'])
        sigRows.push([
          sigId,
          p.poCode,
          'SIGNAL',
          days[d],
          `${action}${rnd.int(1, 3)}份${rnd.pick(['指数基金', '债券基金', '行业基金'])}`,
          action,
          p.seriesType !== null,
          `${action}信号`,
          '根据估值与趋势发出的操作信号。',
          `https://www.alfa.example/signal/${sigId}`,
          [],
          null,
          null,
          null,
        ])
        const fund = rnd.pick(parts).fund
        orderRows.push([
          sigId,
          0,
          action === '转换' ? 'convert' : 'buy',
          fund.code,
          round(rnd.int(1, 10) / 100, 6),
          action === '转换' ? null : `${rnd.int(1, 50) * 100}.00`,
          action === '转换' ? rnd.pick(parts).fund.code : null,
        ])
      }
    }
    // Smart AIP advice, monthly.
    if (p.smartAip) {
      let issue = 0
      for (let d = Math.max(createdIndex, days.length - 24 * 21); d < days.length; d += 21) {
        const sigId = `AIP-${p.poCode}-${String(++issue).padStart(3, '0')}`
        sigRows.push([
          sigId,
          p.poCode,
          'AIP',
          days[d],
          `第${issue}期智能定投建议`,
          '定投',
          false,
          `第${issue}期定投建议`,
          '根据市场温度调整本期定投金额。',
          `https://www.alfa.example/aip/${sigId}`,
          rnd.shuffle(['低位多投', '高位少投', '估值', '纪律']).slice(0, 2),
          round(0.5 + rnd.int(0, 10) / 10, 6),
          issue,
          `${addDays(days[d], 3)}T15:00:00+08:00`,
        ])
        parts.slice(0, 4).forEach((part, k) => orderRows.push([sigId, k, 'buy', part.fund.code, round(part.weight, 6), null, null]))
      }
    }
    // Community.
    const types = ['AdjustmentExplanation', 'AdvisorReport', 'ManagerTalk', 'MarketInterpretation', 'SmartAipSuggestion']
    for (let k = 0; k < 14; k++) {
      const pinned = k < 2
      const type = types[k % types.length]
      postRows.push([
        `P-${p.poCode}-${k}`,
        p.poCode,
        pinned ? 'pinned' : 'timeline',
        type,
        `${p.poName}·${pinned ? '置顶' : ''}${{ AdjustmentExplanation: '调仓解读', AdvisorReport: '投顾月报', ManagerTalk: '主理人说', MarketInterpretation: '市场解读', SmartAipSuggestion: '定投建议' }[type]}${k}`,
        `https://community.alfa.example/post/${p.poCode}-${k}`,
        '聊聊最近的市场与组合表现。',
        `${addDays(DEMO_END, -k * 9)}T10:00:00+08:00`,
        '主理人',
        `/alfa/static/demo/v1/post/cover-${k % 6}.png`,
        '/alfa/static/demo/v1/avatar/manager-1.png',
        rnd.int(1, 9),
        [
          { type: 'text', detail: '市场短期波动不改长期逻辑，我们继续坚持纪律投资。' },
          { type: 'image', detail: `/alfa/static/demo/v1/post/img-${k % 4}.png` },
        ],
      ])
    }
    if (pi < 12)
      videoRows.push([
        `V-${p.poCode}`,
        p.poCode,
        `https://video.alfa.example/${p.poCode}.mp4`,
        `/alfa/static/demo/v1/video/cover-${pi % 4}.png`,
        `https://www.alfa.example/video/${p.poCode}`,
        rnd.int(0, 500),
        rnd.int(100, 100000),
      ])
    for (let k = 0; k < 8; k++)
      msgRows.push([
        `MSG-${p.poCode}-${k}`,
        p.poCode,
        `/alfa/static/demo/v1/avatar/user-${k}.png`,
        rnd.pick([
          '坚持定投第三年，收益转正了！',
          '跟着调仓，心里踏实。',
          '回撤的时候也没慌，长期持有。',
          '感谢主理人的解读。',
          '这个组合很适合我这种上班族。',
        ]),
        rnd.int(0, 999),
        `投资者${rnd.int(1000, 9999)}`,
        rnd.int(30, 2000),
      ])
  })
  await insert(
    'portfolios',
    [
      ['po_code', 'text'],
      ['po_name', 'text'],
      ['description', 'text'],
      ['sub_title', 'text'],
      ['philosophy', 'text'],
      ['invest_strategy', 'text'],
      ['invest_range', 'text'],
      ['risk_level', 'text'],
      ['created_date', 'date'],
      ['url', 'text'],
      ['money_type', 'text'],
      ['has_advisor', 'boolean'],
      ['show_notes', 'boolean'],
      ['is_support_smart_aip', 'boolean'],
      ['running_with_real_money', 'boolean'],
      ['asset_classes_testing_index', 'text'],
      ['buyers_count', 'int'],
      ['followers_base', 'int'],
      ['total_unit', 'int'],
      ['series_type', 'text'],
      ['is_model_po', 'boolean'],
      ['brand', 'text'],
      ['manager_id', 'text'],
      ['expected_annualized_return_rate', 'numeric'],
      ['default_drawdown', 'numeric'],
      ['min_drawdown', 'numeric'],
      ['thermometer_level', 'int'],
      ['thermometer_description', 'text'],
      ['how_to_buy', 'text'],
      ['how_to_sell', 'text'],
      ['feature_showcase', 'jsonb'],
      ['performance_showcase', 'jsonb'],
      ['asset_mix_configs', 'jsonb'],
      ['preferences', 'jsonb'],
      ['faq', 'jsonb'],
      ['intro_image_urls', 'jsonb'],
      ['lowest_buy_amount', 'numeric'],
      ['buy_fee_rate', 'numeric'],
      ['advisor_fee_rate', 'numeric'],
      ['advisor_fee_mode', 'text'],
      ['advisor_before_fee_rate', 'numeric'],
      ['advisor_fee_description', 'text'],
      ['advisor_monthly_cap', 'numeric'],
      ['advisor_discount', 'numeric'],
      ['can_buy', 'boolean'],
      ['can_not_buy_reason', 'text'],
      ['can_redeem', 'boolean'],
      ['cannot_redeem_reason', 'text'],
      ['can_aip', 'boolean'],
      ['can_not_aip_reason', 'text'],
      ['can_open_plan', 'boolean'],
      ['aip_guide_tips', 'text'],
      ['community_url', 'text'],
      ['trade_modes', 'jsonb'],
      ['can_baseline', 'boolean'],
      ['cannot_baseline_reason', 'text'],
    ],
    poRows,
  )
  await insert(
    'advisor_fee_steps',
    [
      ['po_code', 'text'],
      ['seq', 'int'],
      ['lower_bound', 'numeric'],
      ['upper_bound', 'numeric'],
      ['fee_rate', 'numeric'],
      ['discount_fee_rate', 'numeric'],
      ['description', 'text'],
    ],
    stepRows,
  )
  await insert(
    'portfolio_benchmarks',
    [
      ['po_code', 'text'],
      ['index_code', 'text'],
      ['is_default', 'boolean'],
    ],
    benchLinks,
  )
  await insert(
    'portfolio_parts',
    [
      ['po_code', 'text'],
      ['category_code', 'text'],
      ['fund_code', 'text'],
      ['percent', 'numeric'],
      ['unit', 'int'],
      ['variety_name', 'text'],
      ['latest_movement', 'text'],
      ['latest_movement_name', 'text'],
      ['candidate_fund_codes', 'jsonb'],
      ['acc_profit_rate', 'numeric'],
    ],
    partRows,
  )
  await insert(
    'portfolio_navs',
    [
      ['po_code', 'text'],
      ['nav_date', 'date'],
      ['nav', 'numeric'],
      ['real_value', 'numeric'],
    ],
    poNavRows,
  )
  await insert(
    'adjustments',
    [
      ['adjustment_id', 'text'],
      ['po_code', 'text'],
      ['adj_date', 'date'],
      ['comment', 'text'],
      ['article_text', 'text'],
      ['article_link', 'text'],
    ],
    adjRows,
  )
  await insert(
    'adjustment_parts',
    [
      ['adjustment_id', 'text'],
      ['fund_code', 'text'],
      ['category_code', 'text'],
      ['before_percent', 'numeric'],
      ['after_percent', 'numeric'],
      ['movement', 'text'],
      ['variety_name', 'text'],
      ['trade_unit', 'int'],
    ],
    adjPartRows,
  )
  await insert(
    'signals',
    [
      ['sig_id', 'text'],
      ['po_code', 'text'],
      ['kind', 'text'],
      ['sig_date', 'date'],
      ['short_description', 'text'],
      ['signal_action_name', 'text'],
      ['display_signal_amount', 'boolean'],
      ['intro_title', 'text'],
      ['intro_description', 'text'],
      ['intro_link', 'text'],
      ['intro_tags', 'jsonb'],
      ['buy_rate', 'numeric'],
      ['issue_number', 'int'],
      ['buy_valid_until', 'timestamptz'],
    ],
    sigRows,
  )
  await insert(
    'signal_orders',
    [
      ['sig_id', 'text'],
      ['seq', 'int'],
      ['order_type', 'text'],
      ['fund_code', 'text'],
      ['percent', 'numeric'],
      ['amount', 'numeric'],
      ['target_fund_code', 'text'],
    ],
    orderRows,
  )
  await insert(
    'community_posts',
    [
      ['post_id', 'text'],
      ['po_code', 'text'],
      ['kind', 'text'],
      ['content_type', 'text'],
      ['title', 'text'],
      ['url', 'text'],
      ['intro', 'text'],
      ['posted_date', 'timestamptz'],
      ['posted_by', 'text'],
      ['cover_url', 'text'],
      ['author_avatar_url', 'text'],
      ['author_level', 'int'],
      ['contents', 'jsonb'],
    ],
    postRows,
  )
  await insert(
    'intro_videos',
    [
      ['video_id', 'text'],
      ['po_code', 'text'],
      ['source_url', 'text'],
      ['cover_url', 'text'],
      ['url', 'text'],
      ['comment_count', 'int'],
      ['visit_count', 'int'],
    ],
    videoRows,
  )
  await insert(
    'investor_messages',
    [
      ['id', 'text'],
      ['po_code', 'text'],
      ['avatar', 'text'],
      ['content', 'text'],
      ['like_num', 'int'],
      ['nick_name', 'text'],
      ['user_days', 'int'],
    ],
    msgRows,
  )

  // Content: columns, articles, courses, ads, key-value configs.
  const columnTitles = ['投资入门', '基金经理说', '市场温度计', '资产配置课堂', '长赢计划周报', '养老投资']
  await insert(
    'columns',
    [
      ['column_id', 'text'],
      ['title', 'text'],
      ['cover_url', 'text'],
      ['description', 'text'],
      ['list_page_side_url', 'text'],
      ['sort', 'int'],
    ],
    columnTitles.map((t, i) => [
      `C${100 + i}`,
      t,
      `/alfa/static/demo/v1/column/${i}.png`,
      `${t}：每周更新的投资内容。`,
      `/alfa/static/demo/v1/column/${i}-side.png`,
      i,
    ]),
  )
  const articleRows: unknown[][] = []
  for (let i = 0; i < 72; i++) {
    const columnId = i < 66 ? `C${100 + (i % 6)}` : null
    articleRows.push([
      `A${10000 + i}`,
      columnId,
      `${columnId ? columnTitles[i % 6] : '专题'}｜第${Math.floor(i / 6) + 1}期：${rnd.pick(['如何看待市场波动', '定投的正确姿势', '债券基金怎么选', '什么是最大回撤', '再平衡的意义', '全球配置入门'])}`,
      `/alfa/static/demo/v1/article/${i % 10}-thumb.png`,
      rnd.pick(['投研团队', '主理人', '编辑部']),
      `<p>演示数据：这是一篇关于投资的文章（${i}）。</p>`,
      `${addDays(DEMO_END, -i * 5)}T09:30:00+08:00`,
    ])
  }
  await insert(
    'articles',
    [
      ['article_id', 'text'],
      ['column_id', 'text'],
      ['title', 'text'],
      ['cover_thumbnail_url', 'text'],
      ['author', 'text'],
      ['content', 'text'],
      ['published_at', 'timestamptz'],
    ],
    articleRows,
  )
  const courseRows: unknown[][] = []
  const lessonRows: unknown[][] = []
  ;['基金投资三步走', '读懂基金定投', '资产配置必修课', '债券基金入门', '指数基金精讲'].forEach((title, i) => {
    courseRows.push([
      `CO${200 + i}`,
      title,
      ['入门', i % 2 ? '进阶' : '免费'],
      `https://www.alfa.example/course/CO${200 + i}`,
      `${title}：${rnd.int(5, 10)}节视频课。`,
      `/alfa/static/demo/v1/course/${i}.png`,
    ])
    for (let k = 0; k < 6; k++)
      lessonRows.push([
        `L${200 + i}-${k + 1}`,
        `CO${200 + i}`,
        k + 1,
        `第${k + 1}课 ${title}`,
        rnd.int(180, 1200),
        `https://video.alfa.example/course/${200 + i}/${k + 1}.mp4`,
      ])
  })
  await insert(
    'courses',
    [
      ['course_id', 'text'],
      ['title', 'text'],
      ['tags', 'jsonb'],
      ['url', 'text'],
      ['description', 'text'],
      ['cover_url', 'text'],
    ],
    courseRows,
  )
  await insert(
    'lessons',
    [
      ['lesson_id', 'text'],
      ['course_id', 'text'],
      ['seq', 'int'],
      ['title', 'text'],
      ['duration_second', 'int'],
      ['video_url', 'text'],
    ],
    lessonRows,
  )
  const recCodes = ['HOME_BANNER', 'PORTFOLIO_DETAIL', 'FUND_DETAIL', 'MINE_BANNER']
  await insert(
    'ads',
    [
      ['ad_id', 'text'],
      ['rec_code', 'text'],
      ['display_name', 'text'],
      ['img_url', 'text'],
      ['url', 'text'],
      ['track_properties', 'jsonb'],
      ['sort', 'int'],
    ],
    Array.from({ length: 12 }, (_, i) => [
      `AD${300 + i}`,
      recCodes[i % 4],
      `广告位${i + 1}`,
      `/alfa/static/demo/v1/ad/${i}.png`,
      `https://www.alfa.example/activity/${i}`,
      { ad_id: `AD${300 + i}`, position: i % 3 },
      i,
    ]),
  )
  const kv: unknown[][] = [
    [
      'widget',
      'home_entries',
      {
        elements: [
          { picture: '/alfa/static/demo/v1/icon/fund.png', link: '/alfa/fund/000001', main: '基金', trackProperties: { entry: 'fund' } },
          {
            picture: '/alfa/static/demo/v1/icon/po.png',
            link: '/alfa/portfolio/ZH015676',
            main: '组合',
            trackProperties: { entry: 'portfolio' },
          },
          {
            picture: '/alfa/static/demo/v1/icon/live.png',
            link: '/subPkg/pages/live/index',
            main: '直播',
            trackProperties: { entry: 'live' },
          },
        ],
      },
    ],
    [
      'fragment',
      'home_notice',
      {
        elements: [
          {
            image: '/alfa/static/demo/v1/notice.png',
            link: 'https://www.alfa.example/notice',
            content: '演示数据：所有数据均为模拟生成。',
          },
        ],
      },
    ],
    [
      'config',
      'feature_switches',
      {
        elements: [
          { key: 'enableLive', value: 'true' },
          { key: 'enableDiagnosis', value: 'true' },
        ],
      },
    ],
    [
      'config',
      'customer_service',
      {
        elements: [
          { key: 'phone', value: '400-000-0000' },
          { key: 'hours', value: '9:00-18:00' },
        ],
      },
    ],
    [
      'fundIntro',
      'fund_intro',
      {
        elements: [
          { image: '/alfa/static/demo/v1/fund-intro/1.png', link: 'https://www.alfa.example/fund-terms', content: '认识基金：一份说明。' },
        ],
      },
    ],
  ]
  await insert(
    'kv_configs',
    [
      ['variant', 'text'],
      ['key', 'text'],
      ['value', 'jsonb'],
    ],
    kv,
  )
  const handPicked = funds
    .filter((f) => f.endIndex === days.length - 1 && f.setupIndex === 0)
    .filter((_, i) => i % 20 === 0)
    .slice(0, 10)
  await insert(
    'hand_picked',
    [
      ['seq', 'int'],
      ['fund_code', 'text'],
      ['reason', 'text'],
    ],
    handPicked.map((f, i) => [i + 1, f.code, rnd.pick(['长期业绩优秀', '基金经理稳定', '回撤控制好', '费率低'])]),
  )

  // Live streams and a few comments.
  await insert(
    'live_streams',
    [
      ['live_id', 'text'],
      ['title', 'text'],
      ['cover_url', 'text'],
      ['presenter', 'text'],
      ['description', 'text'],
      ['status', 'text'],
      ['starts_at', 'timestamptz'],
    ],
    [
      ['LIVE001', '四季度市场展望', '/alfa/static/demo/v1/live/1.png', '主理人', '聊聊接下来的市场', 'LIVE', `${DEMO_END}T19:30:00+08:00`],
      [
        'LIVE002',
        '定投答疑专场',
        '/alfa/static/demo/v1/live/2.png',
        '投研团队',
        '关于定投的问答',
        'REPLAY',
        `${addDays(DEMO_END, -7)}T19:30:00+08:00`,
      ],
      [
        'LIVE003',
        '养老投资怎么做',
        '/alfa/static/demo/v1/live/3.png',
        '投顾',
        '养老目标基金',
        'UPCOMING',
        `${addDays(DEMO_END, 7)}T19:30:00+08:00`,
      ],
    ],
  )
  await insert(
    'users',
    [
      ['user_id', 'text'],
      ['phone', 'text'],
      ['nickname', 'text'],
    ],
    [[DEMO_USER.userId, DEMO_USER.phone, DEMO_USER.nickname]],
  )
  await insert(
    'user_holdings',
    [
      ['user_id', 'text'],
      ['po_code', 'text'],
      ['ca_id', 'text'],
      ['units', 'numeric'],
      ['signed', 'boolean'],
    ],
    [
      [DEMO_USER.userId, 'ZH015676', 'CA0001', '12000.5000', true],
      [DEMO_USER.userId, 'LW000001', 'CA0002', '35.0000', true],
    ],
  )
  await insert(
    'live_comments',
    [
      ['live_id', 'text'],
      ['user_id', 'text'],
      ['nickname', 'text'],
      ['content', 'text'],
    ],
    [
      ['LIVE001', DEMO_USER.userId, DEMO_USER.nickname, '老师好！'],
      ['LIVE001', null, '游客', '<b>不是标签</b> 只是文字'],
    ],
  )
  await insert(
    'demo_meta',
    [
      ['key', 'text'],
      ['value', 'text'],
    ],
    [
      ['demo_seed', String(DEMO_SEED)],
      ['demo_end', DEMO_END],
    ],
  )
  await seedSiteContent(database, (table, rows) => (counts[table] = (counts[table] ?? 0) + rows))
  return counts
}
