import type { RiskLevel } from '@alfa/common/labels'
import { FUND_CATEGORIES, type FundCategory, type FundSeed } from './funds'

/** One demo portfolio as planned: its identity, flags and fund mix (the rest is drawn from these). */
export interface PortfolioSeed {
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
  /** An investment plan's model portfolio (its own rows are the user's copy of it); null for a model. */
  model: string | null
}

/** The 30 demo portfolios (server/README.md lists them). */
export const PORTFOLIOS: PortfolioSeed[] = (() => {
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
      model: null,
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
    model: 'ZH015676',
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
    model: 'ZH020038',
    poName: '子女教育金规划',
    brand: '0008',
    isModelPo: false,
    moneyType: 'Steady',
    risk: 'MidLow',
    mix: { BOND: 0.7, MIXED: 0.2, MONEY: 0.1 },
  })
  add({
    poCode: 'AP000003',
    model: 'ZH020001',
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

/**
 * The thermometer's five levels, what each advises, and the smart AIP multiple of the plan's amount
 * that goes with it: 低估 buys more, 高估 less (the advice's tag says which).
 */
export const THERMOMETER = [
  {
    level: 1,
    levelDescription: '低估',
    multiple: 1.5,
    tag: '低位多投',
    howToBuy: '市场处于低估区间，定投金额加大到计划的1.5倍，分批买入。',
    howToSell: '不建议卖出，耐心持有。',
  },
  {
    level: 2,
    levelDescription: '偏低',
    multiple: 1.2,
    tag: '低位多投',
    howToBuy: '定投金额为计划的1.2倍，逢跌加仓。',
    howToSell: '继续持有。',
  },
  {
    level: 3,
    levelDescription: '适中',
    multiple: 1.0,
    tag: '正常定投',
    howToBuy: '按计划金额定投（1倍）。',
    howToSell: '无需操作，达到目标收益可部分止盈。',
  },
  {
    level: 4,
    levelDescription: '偏高',
    multiple: 0.8,
    tag: '高位少投',
    howToBuy: '定投金额减至计划的0.8倍。',
    howToSell: '可以分批止盈。',
  },
  {
    level: 5,
    levelDescription: '高估',
    multiple: 0.5,
    tag: '高位少投',
    howToBuy: '定投金额减至计划的0.5倍，不追高。',
    howToSell: '建议分批卖出，锁定收益。',
  },
] as const

/** A portfolio's composition category for a fund: its fund category or its asset class, as the portfolio shows them. */
export const categoryOf = (p: PortfolioSeed, f: FundSeed) =>
  p.categoryType === 'FundCategory' ? f.category : FUND_CATEGORIES[f.category].asset
