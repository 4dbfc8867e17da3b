import { AsyncContent } from '@/components/AsyncContent'
import { BasisSheet, BasisSteps } from '@/components/BasisSheet'
import { useRemote } from '@/hooks/remote'
import { execute } from '@/services/graphql'
import { PortfolioExpectedBasisDocument } from '@/services/generated/graphql'
import { formatPercent } from '@/utils/number'

/**
 * 口径 of a strategy's 预期年化收益 (issue #25): not its history but its current mix — each asset
 * class's weight times its long-run annual return, added up. Asked when the sheet opens.
 */
export default function ExpectedBasis({
  poCode,
  shown: shownHere,
  onClose,
}: {
  poCode: string
  /** The figure tapped when it is not the head's (an asset-mix scope's); the head's by default. */
  shown?: string | null
  onClose: () => void
}) {
  const { state, data, reload } = useRemote(
    `expectedBasis:${poCode}`,
    () => execute(PortfolioExpectedBasisDocument, { poCode }).then((r) => r.portfolio),
    { empty: (p) => !p || p.expectedReturnBasis.length === 0 },
  )
  const parts = data?.expectedReturnBasis ?? []
  const sum = parts.reduce((a, x) => a + Number(x.contribution), 0)
  const shown = shownHere ?? data?.annualizedReturnRateRange?.expectedAnnualizedReturnRate
  const steps = [
    ...parts.map(
      (x) =>
        `${x.assetClassName}：占当前持仓 ${formatPercent(x.weight)} × 长期年化收益 ${formatPercent(x.rate)} = ${formatPercent(x.contribution)}。`,
    ),
    `预期年化收益 = 各类资产的占比 × 长期年化收益之和 = ${formatPercent(sum)}。`,
    ...(shown != null && formatPercent(shown) !== formatPercent(sum)
      ? [`页面上的 ${formatPercent(shown)} 是按策略数据更新时的持仓计算的；按当前持仓计算为 ${formatPercent(sum)}。`]
      : []),
    '各类资产的长期年化收益是假设值（服务端配置），不是策略的历史收益，也不代表未来表现。',
  ]
  return (
    <BasisSheet title='预期年化收益的计算口径' onClose={onClose}>
      <AsyncContent state={state} onRetry={() => reload()} skeleton={{ rows: 3 }} emptyTitle='暂无持仓数据'>
        <BasisSteps steps={steps} />
      </AsyncContent>
    </BasisSheet>
  )
}
