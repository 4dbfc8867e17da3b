import { Text, View } from '@tarojs/components'
import { observer } from '@/hooks/observer'
import { Fragment, useState } from 'react'
import { StaleNotice } from '@/components/AsyncContent'
import { Card } from '@/components/Card'
import { AsOf, DrawdownRate, RiskTag, Tag } from '@/components/Figure'
import { useShareSubject } from '@/components/Page'
import { openLink } from '@/services/links'
import { formatCount, formatNav, formatPercent } from '@/utils/number'
import { PortfolioPending } from '../PortfolioPending'
import { Showcases } from '../Showcases'
import { useFollowersCount } from '../follow/FollowButton'
import { usePortfolioQuery } from '../hooks'
import { MONEY_TYPE_NAMES } from '@alfa/common/labels'
import { riskLevelName } from '../risk'
import { signedState } from '../signed'
import { DETAIL_RANGE, type ChartAnswer } from './chartAnswer'
import { DetailBody } from './body'
import { ExpectedBasis, HistoryBasis } from '../sheets'
import { showcaseBasis, type OpenBasis } from './historyFigures'
import { loadPortfolioDetail, type PortfolioDetail } from './load'
import './index.scss'

/** The head's running line after 预期年化收益: the drawdowns, each a button to its 口径. */
const HEAD_DRAWDOWNS = [
  { figure: 'max', field: 'defaultDrawdown', label: '最大回撤' },
  { figure: 'lastYear', field: 'minDrawdown', label: '近1年' },
] as const

/** The head: name, tags, the big figures (each stored one opens its 口径), running days and followers. */
const Head = observer(function Head({ p }: { p: PortfolioDetail }) {
  const followers = formatCount(useFollowersCount(p.poCode, p.followersCount))
  const buyers = formatCount(p.buyersCount)
  const range = p.annualizedReturnRateRange
  const latest = p.latestNav.list[0]
  // The stored figure whose 口径 sheet is open, and the rate on screen.
  const [basis, setBasis] = useState<OpenBasis | null>(null)
  // 预期年化收益's 口径 sheet is open.
  const [expected, setExpected] = useState(false)
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
      {p.preference.displayShowcase && p.performanceShowcase.length > 0 && (
        <Showcases items={p.performanceShowcase} onFigure={(item) => showcaseBasis(item, setBasis)} />
      )}
      {latest && (
        <View className='alfa-po-head__nav'>
          <Text>{`最新净值 ${formatNav(latest.value)}`}</Text>
          <AsOf date={latest.date} />
        </View>
      )}
      {range?.expectedAnnualizedReturnRate && (
        <View className='alfa-po-head__range'>
          <View
            className='alfa-po-head__figure'
            role='button'
            aria-haspopup='dialog'
            data-figure='expected'
            onClick={() => setExpected(true)}
          >
            <Text>{`预期年化收益 ${formatPercent(range.expectedAnnualizedReturnRate)}`}</Text>
          </View>
          {HEAD_DRAWDOWNS.map(({ figure, field, label }) => {
            const value = range[field]
            return (
              value && (
                <Fragment key={figure}>
                  <Text>，</Text>
                  <View
                    className='alfa-po-head__figure'
                    role='button'
                    aria-haspopup='dialog'
                    data-figure={figure}
                    onClick={() => setBasis({ figure, shown: String(value) })}
                  >
                    <Text>{`${label} `}</Text>
                    <DrawdownRate value={value} />
                  </View>
                </Fragment>
              )
            )
          })}
        </View>
      )}
      {expected && <ExpectedBasis poCode={p.poCode} onClose={() => setExpected(false)} />}
      {basis && <HistoryBasis poCode={p.poCode} kind={p.kind} figure={basis.figure} shown={basis.shown} onClose={() => setBasis(null)} />}
      <View className='alfa-po-head__meta'>
        <Text>{`运行 ${p.runningDays} 天`}</Text>
        {followers && <Text>{`${followers}人关注`}</Text>}
        {buyers && <Text>{`${buyers}人买入`}</Text>}
      </View>
    </View>
  )
})

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
      {/* The chart, the sections below it and the bar: their own chunk on H5, loaded once the head has painted (./body). */}
      <DetailBody p={p} chart={chart} update={update} />
    </View>
  )
}
