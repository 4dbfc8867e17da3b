import { StepsSheet } from '@/components/BasisSheet'
import { chartBasisSteps } from './chartBasis'

export interface ChartBasisSheetProps {
  title: string
  history: Parameters<typeof chartBasisSteps>[0]
  figure: 'return' | 'drawdown'
  /** The range the figure covers, as its tab names it (近1年). */
  periodLabel: string
  onClose: () => void
}

/** The 口径 of a chart's 区间收益 or 最大回撤 (issue #25): the days and NAVs of the series it comes from. */
export default function ChartBasisSheet({ title, history, figure, periodLabel, onClose }: ChartBasisSheetProps) {
  return (
    <StepsSheet title={title} steps={chartBasisSteps(history, figure, periodLabel) ?? ['该区间暂无足够的净值数据。']} onClose={onClose} />
  )
}
