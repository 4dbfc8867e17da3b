/** A strategy detail answer (the Portfolio operation) for page tests: a model ordinary strategy, ZH015676. */

export const PREF = {
  displayPerformance: true,
  displayCompositionPieChart: true,
  displayCompositionDetailList: true,
  hasAdjustmentHistoryPage: true,
  hasAnalysisPage: false,
  hasFundInvestPoolPage: false,
  displayMaxDrawdownOnChart: true,
  displayAdjustmentPoint: false,
  displayPeakPoint: true,
  displayBenchmark: true,
  displayProfitCalculator: true,
  displayManagerIdentity: true,
  displayShowcase: true,
  displayDescriptionOnDetailPage: true,
  hasIntroPage: false,
  topNotice: { link: null, text: '组合将于近期进行调仓' },
  defaultComparableBenchmark: '000300',
  displaySmartAipDisclaimerPopup: false,
}

export const CHART = {
  navHistory: {
    totalReturn: '0.2100',
    series: [
      { date: '2024-01-02', value: '1.0000' },
      { date: '2025-01-02', value: '1.1000' },
      { date: '2026-01-02', value: '1.2100' },
    ],
    adjustmentPoints: [{ date: '2025-01-02' }],
    maxDrawdown: { rate: '-0.1234', startDate: '2024-03-01', endDate: '2024-06-03' },
  },
  benchmark: {
    indexShortName: '沪深300',
    history: [
      { date: '2024-01-02', value: '1.0000' },
      { date: '2026-01-02', value: '1.0500' },
    ],
  },
}

export function portfolio(over: Record<string, unknown> = {}) {
  return {
    poCode: 'ZH015676',
    poName: '全球多元配置',
    subTitle: '股债金全球配置',
    description: '以长期增值为目标的基金组合。',
    riskLevel: 'Medium',
    moneyType: 'Longterm',
    runningDays: 1234,
    createdDate: '2023-01-01',
    seriesType: null,
    isCustomPlan: false,
    isModelPo: true,
    hasAdvisor: true,
    isSupportSmartAip: true,
    runningWithRealMoney: false,
    followersCount: 21767,
    buyersCount: 99,
    hasFollowed: false,
    hasSigned: false,
    manager: { managerId: 'M1001', managerName: '张三', isVerified: true, avatarUrl: null, url: null },
    featureShowcase: [{ key: 'riskLevel', displayName: '风险等级', valueText: '中风险', fontColor: 'Primary' }],
    performanceShowcase: [
      { key: 'annualized', displayName: '年化收益', valueText: '8.61%', fontColor: 'Positive' },
      { key: 'maxDrawdown', displayName: '最大回撤', valueText: '-24.38%', fontColor: 'Negative' },
    ],
    annualizedReturnRateRange: { expectedAnnualizedReturnRate: '0.0800', defaultDrawdown: '0.2000', minDrawdown: '0.1000' },
    thermometer: { level: 2, levelDescription: '偏低' },
    comparableBenchmarks: [{ indexCode: '000300', indexShortName: '沪深300', isDefault: true }],
    preference: PREF,
    composition: {
      updatedAt: '2026-01-02',
      groups: [
        { percent: '0.6000', categoryCode: 'STOCK', categoryName: '股票型', unit: null, accProfitRate: null, parts: [] },
        { percent: '0.4000', categoryCode: 'BOND', categoryName: '债券型', unit: null, accProfitRate: null, parts: [] },
      ],
    },
    latestSignal: null,
    latestNav: { list: [{ date: '2026-01-02', value: '1.2100' }] },
    ...CHART,
    ...over,
  }
}
