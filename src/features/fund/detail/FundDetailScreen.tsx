import { Text, View } from '@tarojs/components'
import { StaleNotice } from '@/components/AsyncContent'
import { BottomBar } from '@/components/BottomBar'
import { Deferred } from '@/components/Deferred'
import { execute } from '@/services/graphql'
import { FundDetailDocument } from '@/services/generated/graphql'
import { navigateTo } from '@/services/navigation'
import { periodCode } from '@/services/periods'
import { PickButton } from '@/features/watchlist'
import { formatNav } from '@/utils/format'
import { Card } from '@/components/Card'
import { AsOf, RiskTag, SignedRate } from '@/components/Figure'
import { useShareSubject } from '@/components/Page'
import { FundPending } from '../FundPending'
import { useFundQuery, useFundStopped } from '../hooks'
import { FiguresUnavailable } from '../performance/FiguresUnavailable'
import { FundNavChart } from '../performance/FundNavChart'
import { ReturnsGrid } from '../performance/ReturnsGrid'
import { FundStoppedNotice } from './FundStoppedNotice'
import { HoldingsCard } from './HoldingsCard'
import { ManagerCard } from './ManagerCard'
import { TradeRulesCard } from './TradeRulesCard'
import '../index.scss'

const loadDetail = async (fundCode: string) => (await execute(FundDetailDocument, { fundCode })).fund

/** Fund details: header with the latest NAV, chart, returns, manager, trade rules, holdings, pick. */
export function FundDetailScreen({
  fundCode,
  variant,
}: {
  fundCode: string
  /** The broker-0008 pages link to each other. */ variant?: '0008'
}) {
  const archivesRoute = variant ? 'fundArchives0008' : 'fundArchives'
  const { state, data: fund, stale, reload } = useFundQuery('fundDetail', fundCode, loadDetail)
  useShareSubject(fund?.fundName)
  const stopped = useFundStopped(fundCode, state === 'ready')
  if (state !== 'ready' || !fund) return <FundPending state={state} onRetry={() => void reload()} rows={8} />
  const terminated = stopped ?? (fund.isTerminated ? '该基金已终止运作' : null)
  return (
    <View className='alfa-fund'>
      {stale && <StaleNotice onRetry={() => reload()} />}
      {terminated && <FundStoppedNotice msg={terminated} terminatedDate={fund.terminatedDate} />}
      <View className='alfa-fund-head'>
        <Text className='alfa-fund-head__name'>{fund.fundName}</Text>
        <View className='alfa-fund-head__meta'>
          <Text className='alfa-fund-digits'>{fund.fundCode}</Text>
          {fund.categoryName && <Text className='alfa-tag'>{fund.categoryName}</Text>}
          <RiskTag name={fund.riskLevelName} />
        </View>
        <View className='alfa-fund-head__figures'>
          <View className='alfa-fund-head__figure'>
            <SignedRate value={fund.dailyReturn} className='alfa-fund-head__big' />
            <Text className='alfa-fund-head__label'>日涨跌幅</Text>
          </View>
          <View className='alfa-fund-head__figure'>
            <Text className='alfa-fund-head__big alfa-fund-digits'>{formatNav(fund.nav)}</Text>
            <Text className='alfa-fund-head__label'>{fund.navDate ? `单位净值（截至 ${fund.navDate}）` : '单位净值（暂无）'}</Text>
          </View>
        </View>
        {!terminated && fund.nav && (
          <View className='alfa-fund-link' role='link' onClick={() => navigateTo('valuationDetail', { fundCode })}>
            查看估值详情 ›
          </View>
        )}
      </View>
      <FundNavChart fundCode={fundCode} unavailable={fund.figuresUnavailable} onMore={() => navigateTo('fundNav', { fundCode })} />
      {/* Below the first screen: rendered in the next task, so the head paints without waiting for them. */}
      <Deferred>
        <Card
          title='阶段涨幅'
          extra={fund.figuresUnavailable ? undefined : <AsOf date={fund.navDate} />}
          onMore={() => navigateTo(archivesRoute, { fundCode, tabIndex: 0 })}
        >
          {fund.figuresUnavailable ? (
            <FiguresUnavailable reason={fund.figuresUnavailable} />
          ) : (
            <ReturnsGrid items={fund.performance.periodReturns.filter((r) => r.period !== periodCode('FIVE_YEAR'))} />
          )}
        </Card>
        <ManagerCard manager={fund.manager} route={variant ? 'manager0008' : 'manager'} />
        <TradeRulesCard rules={fund.tradeRules} />
        <HoldingsCard holdings={fund.topHoldings} />
        <Card title='基金概况' onMore={() => navigateTo('fundIntro', { fundCode })}>
          <Text className='alfa-fund-line'>{`成立日期 ${fund.setupDate}`}</Text>
          {fund.intro && <Text className='alfa-fund-line alfa-fund-clamp'>{fund.intro}</Text>}
        </Card>
        <Text className='alfa-fund-foot'>
          {fund.isDemo
            ? '净值与业绩为演示数据，不构成投资建议。'
            : '业绩按复权净值计算（分红再投资），过往业绩不代表未来表现，不构成投资建议。'}
        </Text>
      </Deferred>
      <BottomBar className='alfa-fund-bar'>
        <PickButton fundCode={fund.fundCode} />
      </BottomBar>
    </View>
  )
}
