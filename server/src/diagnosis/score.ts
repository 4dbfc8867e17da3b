import { annualizedReturn, maxDrawdown, volatility, type NavPoint } from '../fund/performance'

export interface DimensionScore {
  key: 'returns' | 'risk' | 'stability' | 'manager' | 'cost'
  name: string
  score: number
  level: string
  basis: string
  explanation: string
}

export interface DiagnosisInput {
  /** Accumulated NAV over the window, oldest first. */
  series: readonly NavPoint[]
  buyFeeRate: number
  /** Years since the manager's career start; null when unknown. */
  managerYears: number | null
}

const clamp = (x: number) => Math.max(0, Math.min(100, Math.round(x)))
/** A signed percent with 2 decimals (half away from zero); one that rounds to zero is 0.00%, never -0.00% or +0.00%. */
const pct = (x: number) => {
  const hundredths = Math.sign(x) * Math.round(Math.abs(x) * 10000)
  return hundredths === 0 ? '0.00%' : `${hundredths > 0 ? '+' : ''}${(hundredths / 100).toFixed(2)}%`
}

export function levelOf(score: number): string {
  return score >= 80 ? '优秀' : score >= 60 ? '良好' : score >= 40 ? '一般' : '较弱'
}

export const WEIGHTS: Record<DimensionScore['key'], number> = { returns: 0.3, risk: 0.25, stability: 0.2, manager: 0.15, cost: 0.1 }

/** The five scores. Each maps one statistic linearly onto 0–100; the explanation says how. */
export function diagnose({ series, buyFeeRate, managerYears }: DiagnosisInput): DimensionScore[] {
  if (series.length < 2) return []
  const annual = annualizedReturn(series) ?? 0
  const drawdown = maxDrawdown(series).value ?? 0
  const vol = volatility(series) ?? 0
  const dims: Omit<DimensionScore, 'level'>[] = [
    {
      key: 'returns',
      name: '收益能力',
      score: clamp(50 + annual * 400),
      basis: `年化收益 ${pct(annual)}`,
      explanation:
        annual >= 0.08
          ? '年化收益较高，长期赚钱能力突出。'
          : annual >= 0
            ? '收益为正，但长期回报一般。'
            : '统计期内整体亏损，收益能力偏弱。',
    },
    {
      key: 'risk',
      name: '抗风险能力',
      score: clamp(100 - Math.abs(drawdown) * 200),
      basis: `最大回撤 ${pct(-Math.abs(drawdown))}`,
      explanation:
        Math.abs(drawdown) <= 0.1
          ? '最大回撤小，下跌时守得住。'
          : Math.abs(drawdown) <= 0.25
            ? '回撤处于中等水平，需能承受一定波动。'
            : '历史最大回撤较深，持有期间可能经历较大亏损。',
    },
    {
      key: 'stability',
      name: '收益稳定性',
      score: clamp(100 - vol * 250),
      basis: `年化波动率 ${(vol * 100).toFixed(2)}%`,
      explanation:
        vol <= 0.1 ? '净值走势平稳，持有体验较好。' : vol <= 0.2 ? '净值有一定起伏，属于正常水平。' : '净值波动大，短期涨跌幅度明显。',
    },
    {
      key: 'manager',
      name: '基金经理',
      score: managerYears === null ? 40 : clamp(40 + managerYears * 4),
      basis: managerYears === null ? '暂无经理信息' : `从业 ${managerYears.toFixed(1)} 年`,
      explanation:
        managerYears === null
          ? '暂无基金经理信息，无法评估。'
          : managerYears >= 10
            ? '经理从业时间长，经历过完整的牛熊周期。'
            : managerYears >= 5
              ? '经理有一定从业经验。'
              : '经理从业时间较短，风格有待观察。',
    },
    {
      key: 'cost',
      name: '持有成本',
      score: clamp(100 - buyFeeRate * 10000),
      basis: `申购费率 ${(buyFeeRate * 100).toFixed(2)}%`,
      explanation:
        buyFeeRate <= 0.0005
          ? '申购费很低，交易成本小。'
          : buyFeeRate <= 0.0015
            ? '申购费处于常见的打折后水平。'
            : '申购费偏高，频繁交易成本较大。',
    },
  ]
  return dims.map((d) => ({ ...d, level: levelOf(d.score) }))
}

export function totalScore(dims: readonly DimensionScore[]): number {
  return dims.length ? Math.round(dims.reduce((s, d) => s + d.score * WEIGHTS[d.key], 0)) : 0
}

export function summaryOf(total: number, dims: readonly DimensionScore[]): string {
  if (!dims.length) return '该基金暂无足够的净值数据，暂时无法诊断。'
  const best = [...dims].sort((a, b) => b.score - a.score)[0]
  const worst = [...dims].sort((a, b) => a.score - b.score)[0]
  return `综合得分 ${total} 分（${levelOf(total)}）。${best.name}表现最好，${worst.name}相对薄弱。`
}
