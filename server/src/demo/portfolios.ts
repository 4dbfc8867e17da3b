import type { PortfolioPreferences } from '../db/schema'
import { backtest, navFigures, type AdjustedPoint } from '../portfolio/backtest'
import { assetClassReturns, expectedAnnualReturn } from '../portfolio/expected'
import { BENCHMARKS } from './benchmarks'
import { communityOf } from './community'
import { insertAll, round, rowsOf, type RowsOf, type SeedContext } from './context'
import { FUND_CATEGORIES, type FundCategory, type FundSeed } from './funds'
import { ASSET_CLASS_NAMES, MOVEMENT_NAMES } from '@alfa/common/labels'
import { PORTFOLIOS, THERMOMETER, categoryOf, type PortfolioSeed } from './portfolioPlans'
import { hasThermometer, recordsOf, thermometerLevel } from './portfolioRecords'
import { timelineOf } from './portfolioTimeline'
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
 * The 30 portfolios on the demo funds. Each one's timeline of decisions (portfolioTimeline.ts) is
 * drawn from `rnd` in turn, all of its records before the next portfolio; its NAV is the back-test
 * of its compositions over the funds' adjusted NAVs (portfolio/backtest.ts), and every figure,
 * record and signal comes from that timeline and that NAV.
 */
export async function seedPortfolios(ctx: SeedContext, funds: FundSeed[]) {
  const { rnd, days } = ctx
  const rows = rowsOf(TABLES)
  const returns = assetClassReturns()
  const liveFunds = (cat: FundCategory) => funds.filter((f) => f.category === cat && f.setupIndex === 0 && f.endIndex === days.length - 1)
  const adjusted = new Map<string, AdjustedPoint[]>()
  const pointsOf = (f: FundSeed) => {
    if (!adjusted.has(f.code)) {
      const pts: AdjustedPoint[] = []
      for (let d = f.setupIndex; d <= f.endIndex; d++) pts.push({ date: days[d], adjNav: f.adjNavs[d] })
      adjusted.set(f.code, pts)
    }
    return adjusted.get(f.code)!
  }
  PORTFOLIOS.forEach((p, pi) => {
    const createdIndex = pi < 6 ? rnd.int(0, 200) : rnd.int(100, Math.floor(days.length * 0.75))
    const timeline = timelineOf(rnd, p, liveFunds, createdIndex, days.length)
    const steps = [{ index: createdIndex, holdings: timeline.setup }, ...timeline.decisions]
    const compositions = steps.map((s) => ({
      date: days[s.index],
      holdings: s.holdings.map((h) => ({ fundCode: h.fund.code, weight: h.amount / timeline.total })),
    }))
    const navMap = new Map(steps.flatMap((s) => s.holdings.map((h) => [h.fund.code, pointsOf(h.fund)] as const)))
    const { series } = backtest(compositions, navMap)
    const navs = series.map((pt) => pt.nav)
    series.forEach((pt, k) => {
      const real = p.realMoney ? round(pt.nav * (1 - 0.002 * Math.sin((createdIndex + k) / 50)), 4) : null
      rows.portfolio_navs.push({ po_code: p.poCode, nav_date: pt.date, nav: round(pt.nav, 4), real_value: real })
    })
    const current = steps[steps.length - 1].holdings
    const expected = expectedAnnualReturn(
      current.map((h) => ({ fundCategory: h.fund.category, weight: h.amount / timeline.total })),
      returns,
    )
    const defaultIndex = p.risk === 'Low' || p.risk === 'MidLow' ? 'H11001' : p.mix.QDII ? 'SPX' : p.mix.MIXED ? 'MIX6040' : '000300'
    const thermo = hasThermometer(p) ? THERMOMETER[thermometerLevel(navs, navs.length - 1) - 1] : null
    rows.portfolios.push(
      portfolioRow(rnd, p, pi, {
        created: days[createdIndex],
        stored: series.map((pt) => ({ date: pt.date, value: round(pt.nav, 4) })),
        expected,
        defaultIndex,
        thermo,
        current: current.map((h) => ({ category: h.fund.category, weight: h.amount / timeline.total })),
        adjustments: timeline.decisions.length,
      }),
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
    const lastIndex = createdIndex + series.length - 1
    current.forEach((h) => {
      // The fund's latest move: the last decision that changed its amount; its profit since it last came in.
      let movement: 'In' | 'Out' | 'Convert' | 'None' = 'None'
      let entry = createdIndex
      let before = timeline.setup.find((x) => x.fund.code === h.fund.code)?.amount ?? 0
      for (const dec of timeline.decisions) {
        const after = dec.holdings.find((x) => x.fund.code === h.fund.code)?.amount ?? 0
        if (after !== before) {
          movement = dec.kind === 'replace' && before === 0 ? 'Convert' : after > before ? 'In' : 'Out'
          if (before === 0) entry = dec.index
        }
        before = after
      }
      rows.portfolio_parts.push({
        po_code: p.poCode,
        category_code: categoryOf(p, h.fund),
        fund_code: h.fund.code,
        percent: round(h.amount / timeline.total, 6),
        unit: p.totalUnit ? h.amount : null,
        variety_name: FUND_CATEGORIES[h.fund.category].name,
        latest_movement: movement,
        latest_movement_name: MOVEMENT_NAMES[movement],
        candidate_fund_codes: liveFunds(h.fund.category)
          .filter((f) => f.code !== h.fund.code)
          .slice(0, 3)
          .map((f) => f.code),
        acc_profit_rate: round(h.fund.adjNavs[lastIndex] / h.fund.adjNavs[entry] - 1, 6),
        entry_date: days[entry],
      })
    })
    recordsOf(ctx, p, timeline, navs, rows)
    communityOf(rnd, p, pi, rows)
  })
  await insertAll(ctx, TABLES, rows)
}

/** What the subtitle says: the strategy's approach (never its money type or risk, which the header's tags show). */
const SUBTITLES: Record<PortfolioSeed['risk'], string> = {
  Low: '低波动，追求稳定回报',
  MidLow: '以债为主，适度增强',
  Medium: '股债均衡，攻守兼备',
  MidHigh: '以权益为主，分散配置',
  High: '精选权益基金，追求长期增值',
}

const percentText = (v: number) => `${(v * 100).toFixed(2)}%`

/** The portfolio's own row: texts, flags, showcases, preferences, fees and trade rules. */
function portfolioRow(
  rnd: Random,
  p: PortfolioSeed,
  pi: number,
  figures: {
    created: string
    /** The NAVs as stored (4 places): every figure below is computed from these, as the API computes its own. */
    stored: Array<{ date: string; value: string }>
    expected: number
    defaultIndex: string
    thermo: (typeof THERMOMETER)[number] | null
    current: Array<{ category: FundCategory; weight: number }>
    adjustments: number
  },
) {
  const { stored, expected, defaultIndex, thermo } = figures
  // Drawdowns are negative rates (server/README.md, "Strategy figures"): since set-up, and over the last year.
  const { total, annual, maxDrawdown: maxDd, lastYearDrawdown: lastYearDd } = navFigures(stored)
  const byAsset = new Map<string, number>()
  for (const c of figures.current) {
    const asset = FUND_CATEGORIES[c.category].asset
    byAsset.set(asset, (byAsset.get(asset) ?? 0) + c.weight)
  }
  const [mainAsset, mainShare] = [...byAsset].sort((a, b) => b[1] - a[1])[0]
  const assetMix = (status: string) => ({
    assetMixModelCode: `AM-${p.poCode}`,
    assetPlanId: `PLAN-${pi + 1}`,
    expectedAnnualizedReturnRate: round(expected, 4),
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
    sub_title: p.seriesType ? '一份一份买入，慢慢变富' : SUBTITLES[p.risk],
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
    // A personal plan (isModelPo false) is one family's: no crowd buys or follows it.
    buyers_count: p.isModelPo ? 1000 + rnd.int(0, 90000) : 1,
    followers_base: p.isModelPo ? rnd.int(100, 50000) : rnd.int(0, 3),
    total_unit: p.totalUnit,
    series_type: p.seriesType,
    is_model_po: p.isModelPo,
    model_po_code: p.model,
    brand: p.brand,
    manager_id: `M${1001 + ((pi * 7) % 100)}`,
    expected_annualized_return_rate: round(expected, 6),
    default_drawdown: round(maxDd, 6),
    min_drawdown: round(lastYearDd, 6),
    thermometer_level: thermo?.level ?? null,
    thermometer_description: thermo?.levelDescription ?? null,
    how_to_buy: thermo?.howToBuy ?? null,
    how_to_sell: thermo?.howToSell ?? null,
    // Not the risk or the money type: the header's tags show those.
    feature_showcase: [
      {
        key: 'mainAsset',
        displayName: '主要资产',
        valueText: `${ASSET_CLASS_NAMES[mainAsset]} ${(mainShare * 100).toFixed(0)}%`,
        fontColor: 'Primary',
      },
      { key: 'adjustments', displayName: '调仓次数', valueText: `${figures.adjustments}次`, fontColor: 'Primary' },
      { key: 'holding', displayName: '建议持有', valueText: assetMix('').suggestHoldingTime, fontColor: 'Warning' },
    ],
    performance_showcase: [
      {
        key: 'annualized',
        displayName: '年化收益',
        valueText: percentText(annual),
        fontColor: annual >= 0 ? 'Positive' : 'Negative',
      },
      { key: 'maxDrawdown', displayName: '最大回撤', valueText: percentText(maxDd), fontColor: 'Negative' },
      {
        key: 'total',
        displayName: '成立以来',
        valueText: percentText(total),
        fontColor: total >= 0 ? 'Positive' : 'Negative',
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
