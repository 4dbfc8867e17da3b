import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import { AsyncContent } from '@/components/AsyncContent'
import { BasisSheet, BasisSteps } from '@/components/BasisSheet'
import { SignedRate } from '@/components/Figure'
import { FigureBasisSheet } from '@/features/basis'
import { useRemote } from '@/hooks/remote'
import { execute } from '@/services/graphql'
import { PortfolioGroupProfitBasisDocument, type CategoryType } from '@/services/generated/graphql'
import { formatPercent } from '@/utils/number'

/** Which composition a list shows: the sheet asks the same one. */
export interface CompositionSource {
  poCode: string
  categoryType?: CategoryType | null
  isModelPo?: boolean | null
}

/**
 * 口径 of a composition group's 累计收益率 (issue #25): each fund's adjusted NAV on the day it last
 * came into the strategy and on the strategy's last NAV day, its share and what that share cost,
 * and the group's figure as values over costs. A fund opens its own span's sheet (distributions and
 * splits between). Asked when opened; every group of the composition in one request.
 */
export function GroupProfitBasis({
  source,
  categoryCode,
  name,
  shown,
  onClose,
}: {
  source: CompositionSource
  categoryCode: string
  name: string
  /** The figure tapped. */
  shown: string
  onClose: () => void
}) {
  const { poCode, categoryType = null, isModelPo = null } = source
  const [span, setSpan] = useState<{ fundCode: string; figure: string } | null>(null)
  const { state, data, reload } = useRemote(
    `groupProfitBasis:${poCode}:${categoryType}:${isModelPo}`,
    () =>
      execute(PortfolioGroupProfitBasisDocument, { poCode, categoryType, isModelPo }).then((r) => r.portfolio?.composition.groups ?? []),
    { empty: (groups) => !groups.some((g) => g.categoryCode === categoryCode && g.accProfitBasis) },
  )
  if (span) return <FigureBasisSheet fundCode={span.fundCode} figure={span.figure} onClose={() => setSpan(null)} />
  const basis = data?.find((g) => g.categoryCode === categoryCode)?.accProfitBasis
  return (
    <BasisSheet title={`${name}累计收益率的计算口径`} onClose={onClose}>
      <AsyncContent state={state} onRetry={() => reload()} skeleton={{ rows: 4 }} emptyTitle='暂无此项数据'>
        {basis && (
          <View>
            <View className='alfa-basis__value'>
              <Text className='alfa-basis__label'>累计收益率</Text>
              <SignedRate value={basis.value} className='alfa-basis__figure' />
            </View>
            <Text className='alfa-basis__note'>{`表中为复权净值：调入日为各基金最近一次调入策略的净值日，最新为 ${basis.endDate}。点基金可查看期间的分红与拆分。`}</Text>
            <View className='alfa-basis__table alfa-group-basis' role='table'>
              <View className='alfa-basis__row alfa-basis__row--head' role='row'>
                {['基金', '调入日', '最新', '收益率', '占比'].map((h) => (
                  <Text key={h} className='alfa-basis__cell' role='columnheader'>
                    {h}
                  </Text>
                ))}
              </View>
              {basis.parts.map((p) => (
                <View
                  key={p.fund.fundCode}
                  className='alfa-basis__row'
                  role='row'
                  aria-haspopup='dialog'
                  aria-label={`${p.fund.fundName}，查看 ${p.entryDate} 至 ${p.endDate} 的分红与拆分`}
                  data-fund-code={p.fund.fundCode}
                  onClick={() => setSpan({ fundCode: p.fund.fundCode, figure: `${p.entryDate}~${p.endDate}` })}
                >
                  <Text className='alfa-basis__cell' role='cell'>
                    {p.fund.fundName}
                  </Text>
                  <View className='alfa-basis__cell' role='cell'>
                    <Text>{String(p.entryAdjNav)}</Text>
                    <Text className='alfa-group-basis__date'>{p.entryDate}</Text>
                  </View>
                  <View className='alfa-basis__cell' role='cell'>
                    <Text>{String(p.endAdjNav)}</Text>
                    <Text className='alfa-group-basis__date'>{p.endDate}</Text>
                  </View>
                  <SignedRate value={p.rate} className='alfa-basis__cell' role='cell' />
                  <Text className='alfa-basis__cell' role='cell'>
                    {formatPercent(p.percent)}
                  </Text>
                </View>
              ))}
            </View>
            <BasisSteps
              steps={[
                ...basis.steps,
                ...(formatPercent(shown) !== formatPercent(basis.value)
                  ? [`页面上的 ${formatPercent(shown)} 是数据更新时计算的；按上面的净值计算为 ${formatPercent(basis.value)}。`]
                  : []),
              ]}
            />
          </View>
        )}
      </AsyncContent>
    </BasisSheet>
  )
}
