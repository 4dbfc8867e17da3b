import { Text, View } from '@tarojs/components'
import { BarButton, BottomBar } from '@/components/BottomBar'
import { Card, InfoRows } from '@/components/Card'
import { Deferred } from '@/components/Deferred'
import type { RouteName } from '@/routes'
import { navigateTo } from '@/services/navigation'
import { formatPercent } from '@/utils/format'
import { PortfolioFoot } from '../PortfolioFoot'
import { PoManagerCard } from '../trade/ManagerCard'
import { CompositionList } from '../composition/CompositionList'
import { CompositionPie } from '../composition/CompositionPie'
import { CompositionUpdated } from '../composition/CompositionUpdated'
import { FollowButton } from '../follow/FollowButton'
import { openAipList, openTradeRules } from '../trade/notices'
import { MyService, ServiceAction } from './MyService'
import { ChartCard } from './ChartCard'
import type { ChartAnswer } from './chartAnswer'
import { PlanCards } from '../plan/PlanCards'
import type { PortfolioDetail } from './load'

/** The strategy's sub-screens, each shown when the strategy has it. */
export function detailLinks(p: PortfolioDetail): Array<{ route: RouteName; label: string }> {
  const pref = p.preference
  const links: Array<{ route: RouteName; label: string; when: boolean }> = [
    { route: 'portfolioInformation', label: '策略信息', when: true },
    { route: 'portfolioComposition', label: '基金组成', when: pref.displayCompositionPieChart || pref.displayCompositionDetailList },
    { route: 'portfolioAdjustment', label: '调仓记录', when: pref.hasAdjustmentHistoryPage },
    { route: 'portfolioSignal', label: '发车记录', when: p.kind === 'longWin' || ('latestSignal' in p && !!p.latestSignal) },
    { route: 'portfolioDailyNav', label: '策略走势', when: true },
    { route: 'portfolioAipList', label: '定投建议', when: p.isSupportSmartAip },
    { route: 'portfolioThermometer', label: '温度计', when: !!p.thermometer },
    { route: 'portfolioAdvisor', label: '投顾服务', when: p.hasAdvisor },
    { route: 'portfolioAnalysis', label: '策略分析', when: pref.hasAnalysisPage },
    { route: 'portfolioInvestPool', label: '基金池', when: pref.hasFundInvestPoolPage },
    { route: 'portfolioIntro', label: '策略介绍', when: pref.hasIntroPage },
    { route: 'portfolioTimeline', label: '策略动态', when: true },
    { route: 'portfolioFaq', label: '常见问题', when: true },
  ]
  return links.filter((l) => l.when).map(({ route, label }) => ({ route, label }))
}

/** Long-win plans: how many of the plan's units are invested (the user's holding is in 我的投顾服务). */
function Units({ p }: { p: Extract<PortfolioDetail, { kind: 'longWin' | 'investPlan' }> }) {
  if (!p.totalUnit) return null
  const share = p.totalUnit ? Math.min(1, (p.investedUnit ?? 0) / p.totalUnit) : 0
  return (
    <Card title='计划进度'>
      <View className='alfa-po-units' aria-label={`已投入 ${p.investedUnit ?? 0} 份，共 ${p.totalUnit} 份`}>
        <View className='alfa-po-units__bar'>
          <View className='alfa-po-units__fill' style={{ width: `${(share * 100).toFixed(1)}%` }} />
        </View>
        <Text className='alfa-po-units__text'>{`已投入 ${p.investedUnit ?? 0} / ${p.totalUnit} 份`}</Text>
      </View>
    </Card>
  )
}

/** Investment plans: the expected return per asset-mix scope, with the suggested holding time. */
function AssetMixes({ p }: { p: Extract<PortfolioDetail, { kind: 'investPlan' }> }) {
  const scopes = [
    ['含另类资产', p.chinaIncludeAlternative],
    ['含海外资产', p.chinaIncludeOversea],
    ['仅国内资产', p.chinaOnly],
    ['全球配置', p.global],
  ] as const
  const rows = scopes.flatMap(([label, mix]) =>
    mix
      ? [
          [
            label,
            <Text
              key={label}
              className='alfa-po-digits'
            >{`预期年化 ${formatPercent(mix.expectedAnnualizedReturnRate)} · 建议持有 ${mix.suggestHoldingTime ?? '--'}`}</Text>,
          ] as const,
        ]
      : [],
  )
  return rows.length ? (
    <Card title='配置方案'>
      <InfoRows rows={rows} />
    </Card>
  ) : null
}

/** The composition as a pie chart and as a grouped detail list, each when its preference says so. */
function CompositionCard({ p }: { p: PortfolioDetail }) {
  const { composition, preference } = p
  if (!(preference.displayCompositionPieChart || preference.displayCompositionDetailList) || !composition.groups.length) return null
  return (
    <Card title='基金组成' onMore={() => navigateTo('portfolioComposition', { poCode: p.poCode })}>
      {preference.displayCompositionPieChart && <CompositionPie composition={composition} />}
      {preference.displayCompositionDetailList && (
        <CompositionList composition={composition} source={{ poCode: p.poCode, categoryType: 'FundCategory' }} />
      )}
      <CompositionUpdated composition={composition} />
    </Card>
  )
}

export interface DetailBodyProps {
  p: PortfolioDetail
  /** The chart's first series, from the detail's own answer. */
  chart: ChartAnswer | undefined
  /** Changes the cached answer (a follow or unfollow). */
  update: (change: (d: PortfolioDetail) => PortfolioDetail) => void
}

/**
 * Everything of the strategy detail below its head: the chart, the sections below the fold (in
 * tasks after the chart is painted) and the bottom bar.
 */
export default function DetailBody({ p, chart, update }: DetailBodyProps) {
  const pref = p.preference
  return (
    <>
      {pref.displayPerformance && <ChartCard strategy={p} initial={chart} />}
      {/* Below the fold: rendered in tasks after the head and the chart are painted (shorter long tasks). */}
      <Deferred>
        <MyService p={p} />
        {(p.kind === 'longWin' || p.kind === 'investPlan') && <Units p={p} />}
        {p.kind === 'investPlan' && <AssetMixes p={p} />}
        <PlanCards poCode={p.poCode} kind={p.kind} smartAip={p.isSupportSmartAip} />
        {p.thermometer && (
          <Card title='温度计' onMore={() => navigateTo('portfolioThermometer', { poCode: p.poCode })}>
            <Text className='alfa-po-text'>{`当前 ${p.thermometer.level} 级 · ${p.thermometer.levelDescription}`}</Text>
          </Card>
        )}
        {pref.displayManagerIdentity && p.manager && <PoManagerCard manager={p.manager} />}
        {pref.displayDescriptionOnDetailPage && p.description && (
          <Card title='策略介绍'>
            <Text className='alfa-po-text'>{p.description}</Text>
          </Card>
        )}
        <Deferred>
          <CompositionCard p={p} />
        </Deferred>
        {'latestSignal' in p && p.latestSignal && (
          <Card title='最新信号' onMore={() => navigateTo('portfolioSignal', { poCode: p.poCode })}>
            <Text className='alfa-po-text'>{`${p.latestSignal.date} ${p.latestSignal.signalActionName ?? ''} ${p.latestSignal.shortDescription ?? ''}`}</Text>
          </Card>
        )}
        <View className='alfa-po-links'>
          {detailLinks(p).map((l) => (
            <View
              key={l.route}
              className='alfa-po-links__item'
              role='link'
              data-route={l.route}
              onClick={() =>
                l.route === 'portfolioAipList'
                  ? openAipList(p.poCode, pref.displaySmartAipDisclaimerPopup)
                  : navigateTo(l.route, { poCode: p.poCode })
              }
            >
              {l.label}
            </View>
          ))}
        </View>
        <PortfolioFoot />
      </Deferred>
      <BottomBar>
        <BarButton tone='secondary' onClick={() => openTradeRules(p.poCode)}>
          交易须知
        </BarButton>
        <ServiceAction p={p} />
        <FollowButton
          poCode={p.poCode}
          followed={p.hasFollowed}
          followersCount={p.followersCount}
          onChange={(f) => update((d) => ({ ...d, hasFollowed: f.followed, followersCount: f.followersCount }))}
        />
      </BottomBar>
    </>
  )
}
