import { Text, View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import { BasisSheet, BasisSteps } from '@/components/BasisSheet'
import { formatDrawdown } from '@/utils/number'
import type { PortfolioKind } from '../kind'
import { loadChartRange } from './ChartCard'
import type { ChartAnswer } from './chartAnswer'
import { chartBasisSteps } from './chartBasis'

/** The head's two drawdowns: 最大回撤 over every NAV (range Max), 近1年 over the last year's (range 1Y). */
export type HeadDrawdown = 'max' | 'lastYear'

const FIGURES: Record<HeadDrawdown, { range: string; label: string; title: string }> = {
  max: { range: 'Max', label: '全部历史（含成立前的回测）', title: '最大回撤的计算口径' },
  lastYear: { range: '1Y', label: '近1年', title: '近1年最大回撤的计算口径' },
}

/**
 * 口径 of the strategy head's stored drawdowns (issue #25): the history the figure is computed from,
 * asked for when the sheet opens, and its peak and trough. Should the history's figure differ from the
 * one the head shows (NAVs added since it was stored), the sheet says so instead of pretending.
 */
export default function DrawdownBasis({
  poCode,
  kind,
  figure,
  shown,
  onClose,
}: {
  poCode: string
  kind: PortfolioKind
  figure: HeadDrawdown
  /** The rate the head shows (a negative decimal). */
  shown: string
  onClose: () => void
}) {
  const { range, label, title } = FIGURES[figure]
  const [attempt, setAttempt] = useState(0)
  const [answer, setAnswer] = useState<ChartAnswer | null | 'failed' | undefined>(undefined)
  useEffect(() => {
    let live = true
    setAnswer(undefined)
    loadChartRange(poCode, kind, range, false).then(
      (a) => live && setAnswer(a),
      () => live && setAnswer('failed'),
    )
    return () => {
      live = false
    }
  }, [poCode, kind, range, attempt])

  let body
  if (answer === undefined) body = <Text className='alfa-basis__note'>正在读取净值…</Text>
  else if (answer === 'failed')
    body = (
      <View className='alfa-basis__note' role='alert'>
        <Text>净值读取失败，</Text>
        <Text className='alfa-po-link' role='button' onClick={() => setAttempt((n) => n + 1)}>
          重试
        </Text>
      </View>
    )
  else {
    const steps = answer && chartBasisSteps(answer.navHistory, 'drawdown', label)
    const computed = answer?.navHistory.maxDrawdown?.rate
    const differs = computed != null && formatDrawdown(computed) !== formatDrawdown(shown)
    body = (
      <BasisSteps
        steps={[
          ...(steps ?? ['暂无足够的净值数据。']),
          ...(differs
            ? [`页面上方的 ${formatDrawdown(shown)} 是策略数据更新时的计算结果；按目前的全部净值计算为 ${formatDrawdown(computed)}。`]
            : []),
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
