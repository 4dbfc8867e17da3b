import { Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { StaleNotice } from '@/components/AsyncContent'
import { BarButton, BottomBar } from '@/components/BottomBar'
import { Card, InfoRows } from '@/components/Card'
import { Deferred } from '@/components/Deferred'
import { AsOf, DrawdownRate, RiskTag, Tag } from '@/components/Figure'
import { useShareSubject } from '@/components/Page'
import type { RouteName } from '@/routes'
import { openLink } from '@/services/links'
import { navigateTo } from '@/services/navigation'
import { formatCount, formatNav, formatPercent } from '@/utils/format'
import { PortfolioFoot } from '../PortfolioFoot'
import { PortfolioPending } from '../PortfolioPending'
import { Showcases } from '../Showcases'
import { PoManagerCard } from '../trade/ManagerCard'
import { CompositionList } from '../composition/CompositionList'
import { CompositionPie } from '../composition/CompositionPie'
import { CompositionUpdated } from '../composition/CompositionUpdated'
import { FollowButton, useFollowersCount } from '../follow/FollowButton'
import { usePortfolioQuery } from '../hooks'
import { MONEY_TYPE_NAMES } from '@alfa/common/labels'
import { riskLevelName } from '../risk'
import { signedState } from '../signed'
import { openAipList, openTradeRules } from '../trade/notices'
import { MyService, ServiceAction } from './MyService'
import { ChartCard, DETAIL_RANGE, type ChartAnswer } from './ChartCard'
import { PlanCards } from '../plan/PlanCards'
import { loadPortfolioDetail, type PortfolioDetail } from './load'
import './index.scss'

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

/** The head: name, tags, the big figures, running days and followers. */
const Head = observer(function Head({ p }: { p: PortfolioDetail }) {
  const followers = formatCount(useFollowersCount(p.poCode, p.followersCount))
  const buyers = formatCount(p.buyersCount)
  const range = p.annualizedReturnRateRange
  const latest = p.latestNav.list[0]
  return (
    <View className='alfa-po-head'>
      <Text className='alfa-po-head__name'>{p.poName}</Text>
      {p.subTitle && <Text className='alfa-po-head__sub'>{p.subTitle}</Text>}
      <View className='alfa-po-head__tags'>
        <RiskTag name={riskLevelName(p.riskLevel, p.seriesType)} />
        <Tag>{MONEY_TYPE_NAMES[p.moneyType]}</Tag>
        {p.kind === 'longWin' && <Tag tone='primary'>{p.seriesType === 'LONG_WIN_S' ? '长赢S计划' : '长赢计划'}</Tag>}
        {p.kind === 'investPlan' && <Tag tone='primary'>定制规划</Tag>}
        {p.runningWithRealMoney && <Tag>实盘运行</Tag>}
        {signedState(p.hasSigned) === 'signed' && <Tag tone='primary'>已签约</Tag>}
      </View>
      {p.preference.displayShowcase && p.performanceShowcase.length > 0 && <Showcases items={p.performanceShowcase} />}
      {latest && (
        <View className='alfa-po-head__nav'>
          <Text>{`最新净值 ${formatNav(latest.value)}`}</Text>
          <AsOf date={latest.date} />
        </View>
      )}
      {range?.expectedAnnualizedReturnRate && (
        <View className='alfa-po-head__range'>
          <Text>{`预期年化收益 ${formatPercent(range.expectedAnnualizedReturnRate)}`}</Text>
          {range.defaultDrawdown && (
            <Text>
              ，最大回撤 <DrawdownRate value={range.defaultDrawdown} />
            </Text>
          )}
          {range.minDrawdown && (
            <Text>
              ，近1年 <DrawdownRate value={range.minDrawdown} />
            </Text>
          )}
        </View>
      )}
      <View className='alfa-po-head__meta'>
        <Text>{`运行 ${p.runningDays} 天`}</Text>
        {followers && <Text>{`${followers}人关注`}</Text>}
        {buyers && <Text>{`${buyers}人买入`}</Text>}
      </View>
    </View>
  )
})

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
      {preference.displayCompositionDetailList && <CompositionList composition={composition} />}
      <CompositionUpdated composition={composition} />
    </Card>
  )
}

/** Strategy details for every kind (ordinary, long-win, investment plan), and the entry's view. */
export function PortfolioDetailScreen({ poCode }: { poCode: string }) {
  const {
    state,
    data: p,
    stale,
    reload,
    update,
  } = usePortfolioQuery<PortfolioDetail>(
    'portfolioDetail',
    poCode,
    (code, progress) => loadPortfolioDetail(code, DETAIL_RANGE, progress),
    // Follow state and holdings are the user's: kept per user, asked again on login and logout.
    { user: 'optional' },
  )
  useShareSubject(p?.poName)
  if (state !== 'ready' || !p) return <PortfolioPending state={state} onRetry={() => void reload()} />
  const pref = p.preference
  const notice = pref.topNotice
  const chart: ChartAnswer | undefined =
    p.navHistory && p.benchmark !== undefined
      ? { navHistory: p.navHistory, benchmark: p.benchmark, acrHistory: p.acrHistory, realMoneyHistory: p.realMoneyHistory }
      : undefined
  return (
    <View className='alfa-po' data-kind={p.kind}>
      {stale && <StaleNotice onRetry={() => reload()} />}
      {notice && (
        <View className='alfa-po-notice' role={notice.link ? 'link' : 'note'} onClick={() => notice.link && openLink(notice.link)}>
          <Text>{notice.text}</Text>
        </View>
      )}
      <Head p={p} />
      {pref.displayShowcase && p.featureShowcase.length > 0 && (
        <Card title='策略特点'>
          <Showcases items={p.featureShowcase} />
        </Card>
      )}
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
    </View>
  )
}
