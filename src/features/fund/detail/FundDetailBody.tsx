import { Text } from '@tarojs/components'
import { observer } from '@/hooks/observer'
import { BottomBar } from '@/components/BottomBar'
import { Card } from '@/components/Card'
import { Deferred } from '@/components/Deferred'
import { AsOf } from '@/components/Figure'
import type { FundDetailQuery } from '@/services/generated/graphql'
import { navigateTo } from '@/services/navigation'
import { periodCode } from '@/services/periods'
import { PickButton } from '@/features/watchlist'
import { CompareToggle, CompareTrayBar, compareTray } from '@/features/compare'
import { FiguresUnavailable } from '../performance/FiguresUnavailable'
import { FundNavChart } from '../performance/FundNavChart'
import { ReturnsGrid } from '../performance/ReturnsGrid'
import { HoldingsCard } from './HoldingsCard'
import { ManagerCard } from './ManagerCard'
import { TradeRulesCard } from './TradeRulesCard'

export interface FundDetailBodyProps {
  fund: NonNullable<FundDetailQuery['fund']>
  fundCode: string
  /** The broker-0008 pages link to each other. */
  variant?: '0008'
}

/** Everything of the fund detail below its head: the NAV chart, the cards below it (in a task after the chart), the pick and compare bar. */
export default observer(function FundDetailBody({ fund, fundCode, variant }: FundDetailBodyProps) {
  const archivesRoute = variant ? 'fundArchives0008' : 'fundArchives'
  return (
    <>
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
            <ReturnsGrid fundCode={fundCode} items={fund.performance.periodReturns.filter((r) => r.period !== periodCode('FIVE_YEAR'))} />
          )}
        </Card>
        <Card title='定投计算器' onMore={() => navigateTo('aipCalculator', { fundCode })}>
          <Text className='alfa-fund-line'>按历史净值测算每周、每两周或每月定投这只基金的收益，并与一次性投入对比。</Text>
        </Card>
        <Card title='净值提醒' onMore={() => navigateTo('navAlert', { fundCode })}>
          <Text className='alfa-fund-line'>日涨跌幅或单位净值达到你设定的值时，在「消息」里提醒你（需先加入自选）。</Text>
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
      <BottomBar className='alfa-fund-bar' note={compareTray.count ? <CompareTrayBar compact /> : undefined}>
        <PickButton fundCode={fund.fundCode} />
        <CompareToggle fund={{ fundCode: fund.fundCode, fundName: fund.fundName }} />
      </BottomBar>
    </>
  )
})
