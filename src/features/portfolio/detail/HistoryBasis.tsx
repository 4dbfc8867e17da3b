import { Text, View } from '@tarojs/components'
import { BasisSheet, BasisSteps } from '@/components/BasisSheet'
import { useRemote } from '@/hooks/remote'
import { formatDrawdown, formatPercent } from '@/utils/number'
import type { PortfolioKind } from '../kind'
import { loadChartRange } from './ChartCard'
import type { ChartAnswer } from './chartAnswer'
import { annualizedBasis, chartBasisSteps } from './chartBasis'

/**
 * The strategy's stored figures over its history: the head's 最大回撤 (every NAV, range Max) and 近1年
 * (range 1Y), and the showcases' 年化收益 and 成立以来 (every NAV).
 */
export type HistoryFigure = 'max' | 'lastYear' | 'annualized' | 'total'

const WHOLE = '全部历史（含成立前的回测）'
const FIGURES: Record<HistoryFigure, { range: string; label: string; title: string }> = {
  max: { range: 'Max', label: WHOLE, title: '最大回撤的计算口径' },
  lastYear: { range: '1Y', label: '近1年', title: '近1年最大回撤的计算口径' },
  annualized: { range: 'Max', label: WHOLE, title: '年化收益的计算口径' },
  total: { range: 'Max', label: WHOLE, title: '成立以来收益的计算口径' },
}

/** A history read for a sheet is shown again without asking while it is this young (the NAVs change once a day). */
export const HISTORY_FRESH_MS = 5 * 60 * 1000

/** The steps and the figure they arrive at, from the history the sheet read. */
function basisOf(figure: HistoryFigure, answer: ChartAnswer): { steps: string[] | null; computed: string | null } {
  const history = answer.navHistory
  const { label } = FIGURES[figure]
  if (figure === 'annualized') {
    const basis = annualizedBasis(history.series, label)
    return { steps: basis?.steps ?? null, computed: basis ? String(basis.rate) : null }
  }
  if (figure === 'total') return { steps: chartBasisSteps(history, 'return', label), computed: history.totalReturn ?? null }
  return { steps: chartBasisSteps(history, 'drawdown', label), computed: history.maxDrawdown?.rate ?? null }
}

/**
 * 口径 of a strategy figure stored when its data was last updated (issue #25): the history it is
 * computed from, asked for when the sheet opens (through the app's answer cache: opened again within
 * HISTORY_FRESH_MS, the sheet shows what it read), and the steps. Should the history's figure differ from
 * the one on screen (NAVs added since it was stored), the sheet says so instead of pretending.
 */
export default function HistoryBasis({
  poCode,
  kind,
  figure,
  shown,
  onClose,
}: {
  poCode: string
  kind: PortfolioKind
  figure: HistoryFigure
  /** The rate on screen, a decimal (a drawdown's sign does not matter). */
  shown: string | number
  onClose: () => void
}) {
  const { range, title } = FIGURES[figure]
  const {
    state,
    data: answer,
    reload,
  } = useRemote(`historyBasis:${poCode}:${range}`, () => loadChartRange(poCode, kind, range, false), {
    empty: () => false,
    fresh: HISTORY_FRESH_MS,
  })

  let body
  if (state === 'loading') body = <Text className='alfa-basis__note'>正在读取净值…</Text>
  else if (state === 'error')
    body = (
      <View className='alfa-basis__note' role='alert'>
        <Text>净值读取失败，</Text>
        <Text className='alfa-po-link' role='button' onClick={() => void reload()}>
          重试
        </Text>
      </View>
    )
  else {
    const { steps, computed } = answer ? basisOf(figure, answer) : { steps: null, computed: null }
    const format = (v: string | number) => (figure === 'max' || figure === 'lastYear' ? formatDrawdown(v) : formatPercent(v, 2))
    const differs = computed != null && format(computed) !== format(shown)
    body = (
      <BasisSteps
        steps={[
          ...(steps ?? ['暂无足够的净值数据。']),
          ...(differs ? [`页面上的 ${format(shown)} 是策略数据更新时的计算结果；按目前的全部净值计算为 ${format(computed)}。`] : []),
        ]}
      />
    )
  }
  return (
    <BasisSheet title={title} onClose={onClose}>
      {body}
    </BasisSheet>
  )
}
