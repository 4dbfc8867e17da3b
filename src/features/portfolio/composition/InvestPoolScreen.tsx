import { Text, View } from '@tarojs/components'
import { useState, type ReactNode } from 'react'
import { StaleNotice } from '@/components/AsyncContent'
import { Card } from '@/components/Card'
import { Empty } from '@/components/Empty'
import { FigureBasisSheet } from '@/features/basis'
import { useShareSubject } from '@/components/Page'
import { execute } from '@/services/graphql'
import { PortfolioInvestPoolDocument, type PortfolioInvestPoolQuery, type PortfolioPoolFundFragment } from '@/services/generated/graphql'
import { navigateTo } from '@/services/navigation'
import { formatPercent } from '@/utils/format'
import { PortfolioFoot } from '../PortfolioFoot'
import { PortfolioPending } from '../PortfolioPending'
import { PortfolioTitle } from '../PortfolioTitle'
import { usePoCode, usePortfolioQuery } from '../hooks'
import { groupName } from './CompositionList'
import { CompositionUpdated } from './CompositionUpdated'
import { FundNavFigures } from './FundNavFigures'
import { askByKind } from '../kind'

type Answer = NonNullable<PortfolioInvestPoolQuery['portfolio']>

const loadPool = (poCode: string, progress: (partial: Answer) => void) =>
  askByKind<Answer>(
    poCode,
    async (kind, onData) =>
      (
        await execute(
          PortfolioInvestPoolDocument,
          { poCode, categoryType: kind === 'longWin' ? 'FundCategory' : null },
          { onData: (d) => onData(d.portfolio) },
        )
      ).portfolio,
    progress,
  )

/** A fund of the pool, with its NAV and daily return; `extra` beside its name (the held share). */
function PoolFund({ fund, extra, onDaily }: { fund: PortfolioPoolFundFragment; extra?: ReactNode; onDaily: (fundCode: string) => void }) {
  return (
    <View
      className='alfa-po-pool__fund'
      role='link'
      data-fund-code={fund.fundCode}
      onClick={() => navigateTo('fund', { fundCode: fund.fundCode })}
    >
      <View className='alfa-po-comp__line'>
        <Text className='alfa-po-comp__fund'>{fund.fundName}</Text>
        {extra}
      </View>
      <View className='alfa-po-comp__line alfa-po-comp__line--sub'>
        <Text className='alfa-po-comp__code alfa-po-muted'>{fund.fundCode}</Text>
        <FundNavFigures fund={fund} onBasis={onDaily} />
      </View>
    </View>
  )
}

type Group = Answer['composition']['groups'][number]

/** A group's candidate funds, each once, without the funds it already holds (parts share candidates). */
function candidatesOf(g: Group): PortfolioPoolFundFragment[] {
  const seen = new Set(g.parts.map((p) => p.fund.fundCode))
  return g.parts.flatMap((p) => p.candidateFunds).filter((c) => !seen.has(c.fundCode) && (seen.add(c.fundCode), true))
}

/** 基金池: every part's fund and its candidate funds (备选基金), by category. */
export function InvestPoolScreen() {
  const poCode = usePoCode()
  // A fund's 日涨跌幅 口径 (issue #25), outside the rows whose taps open the fund page.
  const [daily, setDaily] = useState<string | null>(null)
  const { state, data, stale, reload } = usePortfolioQuery('portfolioInvestPool', poCode, loadPool)
  useShareSubject(data?.poName)
  if (state !== 'ready' || !data) return <PortfolioPending state={state} onRetry={() => void reload()} />
  const { groups } = data.composition
  return (
    <View className='alfa-po'>
      {stale && <StaleNotice onRetry={() => reload()} />}
      <PortfolioTitle poName={data.poName} poCode={data.poCode} />
      {!data.preference.hasFundInvestPoolPage ? (
        <Empty title='暂无基金池' description='该策略没有基金池，持仓基金可在持仓构成中查看。' />
      ) : groups.length === 0 ? (
        <Empty title='基金池为空' description='该策略当前没有持仓基金，调仓后这里会列出各类基金及备选基金。' />
      ) : (
        groups.map((g, k) => (
          <Card
            key={g.categoryCode}
            title={`${groupName(g)} ${formatPercent(g.percent)}`}
            extra={k === 0 ? <CompositionUpdated composition={data.composition} /> : undefined}
          >
            <View data-category={g.categoryCode}>
              {g.parts.map((p) => (
                <PoolFund
                  key={p.fund.fundCode}
                  fund={p.fund}
                  extra={<Text className='alfa-po-comp__percent'>{formatPercent(p.percent)}</Text>}
                  onDaily={setDaily}
                />
              ))}
              {candidatesOf(g).length > 0 && (
                <View className='alfa-po-pool__candidates'>
                  <Text className='alfa-po-pool__label'>备选基金</Text>
                  {candidatesOf(g).map((c) => (
                    <PoolFund key={c.fundCode} fund={c} onDaily={setDaily} />
                  ))}
                </View>
              )}
            </View>
          </Card>
        ))
      )}
      {daily && <FigureBasisSheet fundCode={daily} figure='DAILY' onClose={() => setDaily(null)} />}
      <PortfolioFoot />
    </View>
  )
}
