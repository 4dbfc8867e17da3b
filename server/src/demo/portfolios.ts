import type { PortfolioPreferences } from '../db/schema'
import { BENCHMARKS } from './benchmarks'
import { communityOf } from './community'
import { insertAll, round, rowsOf, type RowsOf, type SeedContext } from './context'
import { FUND_CATEGORIES, type FundCategory, type FundSeed } from './funds'
import { MONEY_TYPE_NAMES, MOVEMENT_NAMES } from '@alfa/common/labels'
import { PORTFOLIOS, THERMOMETER, categoryOf, riskText, type Part, type PortfolioSeed } from './portfolioPlans'
import { recordsOf } from './portfolioRecords'
import type { Random } from './random'

/** Every table the portfolio step fills, in insert order. */
const TABLES = [
  'portfolios',
  'advisor_fee_steps',
  'portfolio_benchmarks',
  'portfolio_parts',
  'portfolio_navs',
  'adjustments',
  'adjustment_parts',
  // The adjustments' explanation articles (no column, so before the content step's columns is fine).
  'articles',
  'signals',
  'signal_orders',
  'community_posts',
  'intro_videos',
  'investor_messages',
] as const
export type PortfolioRows = RowsOf<(typeof TABLES)[number]>

/**
 * The 30 portfolios on the demo funds: composition, NAV, benchmarks, fees, and each one's
 * adjustments, signals and community. Each portfolio draws from `rnd` in turn, all of its records
 * before the next portfolio.
 */
export async function seedPortfolios(ctx: SeedContext, funds: FundSeed[]) {
  const { rnd, days } = ctx
  const rows = rowsOf(TABLES)
  const liveFunds = (cat: FundCategory) => funds.filter((f) => f.category === cat && f.setupIndex === 0 && f.endIndex === days.length - 1)
  PORTFOLIOS.forEach((p, pi) => {
    const createdIndex = pi < 6 ? rnd.int(0, 200) : rnd.int(100, Math.floor(days.length * 0.75))
    const parts = composition(rnd, p, liveFunds)
    // NAV: daily-rebalanced weighted return of the parts.
    let nav = 1
    let peak = 1
    let maxDd = 0
    for (let d = createdIndex; d < days.length; d++) {
      if (d > createdIndex) nav *= 1 + parts.reduce((s, part) => s + part.weight * part.fund.returns[d], 0)
      peak = Math.max(peak, nav)
      maxDd = Math.max(maxDd, 1 - nav / peak)
      const real = p.realMoney ? round(nav * (1 - 0.002 * Math.sin(d / 50)), 4) : null
      rows.portfolio_navs.push({ po_code: p.poCode, nav_date: days[d], nav: round(nav, 4), real_value: real })
    }
    const defaultIndex = p.risk === 'Low' || p.risk === 'MidLow' ? 'H11001' : p.mix.QDII ? 'SPX' : p.mix.MIXED ? 'MIX6040' : '000300'
    rows.portfolios.push(
      portfolioRow(rnd, p, pi, { created: days[createdIndex], nav, maxDd, years: (days.length - createdIndex) / 244, defaultIndex }),
    )
    if (p.hasAdvisor && pi % 2) {
      const steps: Array<[string, string | null, string, string]> = [
        ['0', '100000.00', '0.006000', '0.004800'],
        ['100000.00', '1000000.00', '0.005000', '0.004000'],
        ['1000000.00', null, '0.004000', '0.003200'],
      ]
      steps.forEach(([lower, upper, fee, disc], k) =>
        rows.advisor_fee_steps.push({
          po_code: p.poCode,
          seq: k,
          lower_bound: lower,
          upper_bound: upper,
          fee_rate: fee,
          discount_fee_rate: disc,
          description: upper ? `${lower}–${upper}元` : `${lower}元以上`,
        }),
      )
    }
    for (const b of BENCHMARKS)
      if (b.indexCode === defaultIndex || b.indexCode === '000300' || b.indexCode === 'H11001')
        rows.portfolio_benchmarks.push({ po_code: p.poCode, index_code: b.indexCode, is_default: b.indexCode === defaultIndex })
    parts.forEach((part) => {
      const candidates = liveFunds(part.fund.category)
        .slice(0, 3)
        .map((f) => f.code)
        .filter((c) => c !== part.fund.code)
      const movement = rnd.pick(['In', 'Out', 'None', 'None', 'Convert'] as const)
      rows.portfolio_parts.push({
        po_code: p.poCode,
        category_code: categoryOf(p, part.fund),
        fund_code: part.fund.code,
        percent: round(part.weight, 6),
        unit: part.unit,
        variety_name: FUND_CATEGORIES[part.fund.category].name,
        latest_movement: movement,
        latest_movement_name: MOVEMENT_NAMES[movement],
        candidate_fund_codes: candidates,
        acc_profit_rate: round(rnd.next() * 0.6 - 0.1, 6),
      })
    })
    recordsOf(ctx, p, parts, createdIndex, rows)
    communityOf(rnd, p, pi, rows)
  })
  await insertAll(ctx, TABLES, rows)
}

/** A few live funds per category of the mix, weights in whole basis points that add up to 1 (units for unit plans). */
function composition(rnd: Random, p: PortfolioSeed, liveFunds: (cat: FundCategory) => FundSeed[]): Part[] {
  const parts: Part[] = []
  for (const [cat, share] of Object.entries(p.mix) as Array<[FundCategory, number]>) {
    const pool = rnd.shuffle([...liveFunds(cat)])
    const n = Math.min(pool.length, rnd.int(1, 3))
    for (let k = 0; k < n; k++) parts.push({ fund: pool[k], weight: share / n, unit: null })
  }
  if (p.totalUnit) {
    const total = p.totalUnit
    let left = total
    parts.forEach((part, k) => {
      part.unit = k === parts.length - 1 ? left : Math.max(1, Math.round(part.weight * total))
      left -= part.unit
      part.weight = part.unit / total
    })
  }
  let bpLeft = 10000
  parts.forEach((part, k) => {
    const bp = k === parts.length - 1 ? bpLeft : Math.round(part.weight * 10000)
    bpLeft -= bp
    part.weight = bp / 10000
  })
  return parts
}

/** The portfolio's own row: texts, flags, showcases, preferences, fees and trade rules. */
function portfolioRow(
  rnd: Random,
  p: PortfolioSeed,
  pi: number,
  figures: { created: string; nav: number; maxDd: number; years: number; defaultIndex: string },
) {
  const { nav, maxDd, defaultIndex } = figures
  const annual = Math.pow(nav, 1 / Math.max(figures.years, 0.5)) - 1
  const thermo = THERMOMETER[(pi * 3) % 5]
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
    topNotice: pi % 4 === 0 ? { link: `https://www.alfa.example/notice/${p.poCode}`, text: '组合将于近期进行调仓，请留意调仓记录' } : null,
    defaultComparableBenchmark: defaultIndex,
    listSeriesSettings: [
      { key: 'nav', name: '组合净值', color: '#3388FF' },
      { key: 'benchmark', name: '业绩基准', color: '#FF9F1A' },
      ...(p.realMoney ? [{ key: 'realMoney', name: '实盘', color: '#F04848' }] : []),
    ],
    displaySmartAipDisclaimerPopup: p.smartAip,
  } satisfies PortfolioPreferences
  return {
    po_code: p.poCode,
    po_name: p.poName,
    description: `${p.poName}：以${p.risk === 'Low' || p.risk === 'MidLow' ? '稳健' : '长期增值'}为目标的基金组合。`,
    sub_title: p.seriesType
      ? '一份一份买入，慢慢变富'
      : `${p.moneyType === 'Spare' ? '闲钱理财' : p.moneyType === 'Steady' ? '稳健理财' : '长期投资'}`,
    philosophy: '长期持有、分散配置、纪律再平衡。',
    invest_strategy: '以资产配置为核心，精选优质基金，定期评估并调仓。',
    invest_range: '境内外公募基金',
    risk_level: p.risk,
    created_date: figures.created,
    url: `https://www.alfa.example/alfa/portfolio/${p.poCode}`,
    money_type: p.moneyType,
    has_advisor: p.hasAdvisor,
    show_notes: pi % 3 === 0,
    is_support_smart_aip: p.smartAip,
    running_with_real_money: p.realMoney,
    asset_classes_testing_index: defaultIndex,
    buyers_count: 1000 + rnd.int(0, 90000),
    followers_base: rnd.int(100, 50000),
    total_unit: p.totalUnit,
    series_type: p.seriesType,
    is_model_po: p.isModelPo,
    brand: p.brand,
    manager_id: `M${1001 + ((pi * 7) % 100)}`,
    expected_annualized_return_rate: round(Math.max(0.01, annual), 6),
    default_drawdown: round(maxDd, 6),
    min_drawdown: round(maxDd * 0.6, 6),
    thermometer_level: thermo.level,
    thermometer_description: thermo.levelDescription,
    how_to_buy: thermo.howToBuy,
    how_to_sell: thermo.howToSell,
    feature_showcase: [
      { key: 'riskLevel', displayName: '风险等级', valueText: riskText(p), fontColor: 'Primary' },
      { key: 'moneyType', displayName: '资金类型', valueText: MONEY_TYPE_NAMES[p.moneyType], fontColor: 'Primary' },
      { key: 'holding', displayName: '建议持有', valueText: assetMix('').suggestHoldingTime, fontColor: 'Warning' },
    ],
    performance_showcase: [
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
    asset_mix_configs: {
      chinaIncludeAlternative: assetMix('ACTIVE'),
      chinaIncludeOversea: assetMix('ACTIVE'),
      chinaOnly: assetMix('ACTIVE'),
      global: assetMix(p.mix.QDII ? 'ACTIVE' : 'INACTIVE'),
    },
    preferences,
    faq: [
      { question: '这个组合适合谁？', answer: '适合认同长期投资、能承受相应波动的投资者。', link: null },
      { question: '如何买入？', answer: '点击买入按钮，按组合比例一键买入。', link: 'https://www.alfa.example/faq/buy' },
      { question: '调仓时需要做什么？', answer: '收到调仓提醒后，可一键跟随调仓。', link: 'https://www.alfa.example/faq/adjust' },
    ],
    intro_image_urls: preferences.introImageUrls,
    lowest_buy_amount: p.seriesType ? '10.00' : '100.00',
    buy_fee_rate: round(pi % 2 ? 0.0015 : 0.001, 6),
    advisor_fee_rate: p.hasAdvisor ? '0.005000' : null,
    advisor_fee_mode: p.hasAdvisor ? (pi % 2 ? 'STEP_ASSET' : 'Aum') : 'Free',
    advisor_before_fee_rate: p.hasAdvisor ? '0.008000' : null,
    advisor_fee_description: p.hasAdvisor ? '投顾服务费按日计提，按季度收取' : '本组合不收取投顾服务费',
    advisor_monthly_cap: p.hasAdvisor ? '300.00' : null,
    advisor_discount: p.hasAdvisor ? '0.800000' : null,
    can_buy: pi % 11 !== 10,
    can_not_buy_reason: pi % 11 === 10 ? '组合暂停申购' : null,
    can_redeem: true,
    cannot_redeem_reason: null,
    can_aip: !p.seriesType || p.seriesType === 'LONG_WIN',
    can_not_aip_reason: p.seriesType === 'LONG_WIN_S' ? '长赢S计划暂不支持定投' : null,
    can_open_plan: p.smartAip || p.seriesType === 'LONG_WIN',
    aip_guide_tips: p.smartAip ? '开启智能定投，低位多买高位少买' : null,
    community_url: `https://community.alfa.example/po/${p.poCode}`,
    trade_modes: p.seriesType ? ['FOLLOW'] : ['ONE_KEY_BUY', 'FOLLOW'],
    can_baseline: p.seriesType === 'LONG_WIN',
    cannot_baseline_reason: p.seriesType === 'LONG_WIN' ? null : '该组合不支持底仓',
  } satisfies PortfolioRows['portfolios'][number]
}
