import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import { StaleNotice } from '@/components/AsyncContent'
import { execute } from '@/services/graphql'
import { FundAchievementsDocument, type FundCalendarListFragment } from '@/services/generated/graphql'
import { formatNumber, formatPercent } from '@/utils/format'
import { Card, InfoRows } from '@/components/Card'
import { AsOf, DrawdownRate, SignedRate } from '@/components/Figure'
import { FundPending } from '../FundPending'
import { FundTitle } from '../FundTitle'
import { FiguresUnavailable } from './FiguresUnavailable'
import { ReturnsGrid } from './ReturnsGrid'
import { FigureBasisSheet } from '@/features/basis'
import '../index.scss'
import { useFundQuery } from '../hooks'
import { useShareSubject } from '@/components/Page'

/** Tabs of the achievements screen, in tabIndex order. */
export const ACHIEVEMENT_TABS = ['年度业绩', '季度业绩'] as const

const loadAchievements = async (fundCode: string) => (await execute(FundAchievementsDocument, { fundCode })).fund

/** Yearly or quarterly returns (fragment FundCalendarList). */
function CalendarList({
  items,
  empty,
  onBasis,
}: {
  items: ReadonlyArray<FundCalendarListFragment>
  empty: string
  /** A tap on a row shows how its figure was computed (years only). */
  onBasis?: (label: string) => void
}) {
  if (!items.length) return <Text className='alfa-fund-muted'>{empty}</Text>
  // Newest first, as Chinese fund apps list them.
  return (
    <View className='alfa-rows'>
      {[...items].reverse().map((c) => (
        <View
          key={c.label}
          className='alfa-rows__row'
          data-label={c.label}
          {...(onBasis ? { role: 'button' as const, 'aria-haspopup': 'dialog' as const, onClick: () => onBasis(c.label) } : {})}
        >
          <Text className='alfa-rows__label alfa-fund-digits'>{c.label.replace('Q', ' 第') + (c.label.includes('Q') ? '季度' : '年')}</Text>
          <SignedRate value={c.value} />
        </View>
      ))}
    </View>
  )
}

/** Fund achievements: yearly / quarterly returns by tab, peer rank and risk statistics. */
export function FundAchievementsScreen({ fundCode, tabIndex }: { fundCode: string; tabIndex: number }) {
  const { state, data: fund, stale, reload } = useFundQuery('fundAchievements', fundCode, loadAchievements)
  useShareSubject(fund?.fundName)
  const [tab, setTab] = useState(tabIndex)
  const [basis, setBasis] = useState<string | null>(null)
  if (state !== 'ready' || !fund) return <FundPending state={state} onRetry={() => void reload()} rows={8} />
  const p = fund.performance
  const rank = p.peerRank1Y
  if (fund.figuresUnavailable)
    return (
      <View className='alfa-fund'>
        {stale && <StaleNotice onRetry={() => reload()} />}
        <FundTitle fund={fund} />
        <Card title='基金业绩'>
          <FiguresUnavailable reason={fund.figuresUnavailable} />
        </Card>
      </View>
    )
  // Every figure here is as of the latest NAV.
  const asOf = <AsOf date={fund.navDate} />
  return (
    <View className='alfa-fund'>
      {stale && <StaleNotice onRetry={() => reload()} />}
      <FundTitle fund={fund} />
      <Card title='阶段涨幅' extra={asOf}>
        <ReturnsGrid fundCode={fundCode} items={p.periodReturns} />
      </Card>
      <Card title='业绩统计' extra={asOf}>
        <InfoRows
          rows={[
            [
              '近1年同类排名',
              <Text key='r' className='alfa-fund-digits'>
                {rank ? `${rank.rank}/${rank.total}` : '--'}
              </Text>,
            ],
            ['同类', <Text key='c'>{rank?.categoryName ?? fund.categoryName ?? '--'}</Text>],
            [
              '最大回撤（成立以来）',
              <View
                key='d'
                className='alfa-fund-basis-link'
                {...(p.maxDrawdown === null
                  ? {}
                  : { role: 'button' as const, 'aria-haspopup': 'dialog' as const, onClick: () => setBasis('DRAWDOWN') })}
              >
                <DrawdownRate value={p.maxDrawdown} className='alfa-fund-digits' />
              </View>,
            ],
            [
              '回撤区间',
              <Text key='dr' className='alfa-fund-digits'>
                {p.maxDrawdownStart && p.maxDrawdownEnd ? `${p.maxDrawdownStart} 至 ${p.maxDrawdownEnd}` : '--'}
              </Text>,
            ],
            [
              '年化波动率',
              <Text key='v' className='alfa-fund-digits'>
                {formatPercent(p.volatility)}
              </Text>,
            ],
            [
              '夏普比率',
              <Text key='s' className='alfa-fund-digits'>
                {formatNumber(p.sharpeRatio, 2)}
              </Text>,
            ],
          ]}
        />
        <Text className='alfa-fund-muted'>{`由复权净值计算（分红再投资${fund.isDemo ? '，演示数据' : ''}），无风险利率按 1.5%。`}</Text>
      </Card>
      <View className='alfa-fund-tabs' role='tablist'>
        {ACHIEVEMENT_TABS.map((label, i) => (
          <View
            key={label}
            role='tab'
            aria-selected={i === tab}
            className={`alfa-fund-tabs__tab${i === tab ? ' alfa-fund-tabs__tab--active' : ''}`}
            onClick={() => setTab(i)}
          >
            {label}
          </View>
        ))}
      </View>
      <Card title={ACHIEVEMENT_TABS[tab]}>
        {tab === 0 ? (
          <CalendarList items={p.yearlyReturns} empty='暂无年度业绩：基金成立后满一个自然年再来看看。' onBasis={setBasis} />
        ) : (
          <CalendarList items={p.quarterlyReturns} empty='暂无季度业绩：基金成立后满一个季度再来看看。' onBasis={setBasis} />
        )}
      </Card>
      {basis && <FigureBasisSheet fundCode={fundCode} figure={basis} onClose={() => setBasis(null)} />}
    </View>
  )
}
