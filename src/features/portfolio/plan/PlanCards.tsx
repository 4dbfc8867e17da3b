import { Text, View } from '@tarojs/components'
import { useState, type ReactNode } from 'react'
import { Card } from '@/components/Card'
import { DrawdownRate, SignedRate } from '@/components/Figure'
import { useRemote } from '@/hooks/remote'
import { execute } from '@/services/graphql'
import {
  GetLatestAipAdvicesDocument,
  InvestPlanModelPortfolioDocument,
  RealFundHistoryDocument,
  SmartAipNavHistoryDocument,
} from '@/services/generated/graphql'
import { navigateTo } from '@/services/navigation'
import { formatDate, formatMultiple, formatNav, DATE } from '@/utils/format'
import type { PortfolioKind } from '../kind'
import { ChartBasisSheet, type ChartBasisSheetProps } from '../sheets'
import './index.scss'

type YearHistory = ChartBasisSheetProps['history']

/** A figure of a year's history that opens its 口径 (issue #25): the days and NAVs of the series it comes from. */
function YearFigure({ history, figure, children }: { history: YearHistory; figure: 'return' | 'drawdown'; children: ReactNode }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <View className='alfa-plan-figure' role='button' aria-haspopup='dialog' data-figure={figure} onClick={() => setOpen(true)}>
        {children}
      </View>
      {open && (
        <ChartBasisSheet
          title={figure === 'return' ? '近1年收益的计算口径' : '最大回撤的计算口径'}
          history={history}
          figure={figure}
          periodLabel='近1年'
          onClose={() => setOpen(false)}
        />
      )}
    </>
  )
}

/** The plan's own figures over a year beside its model portfolio's (InvestPlanModelPortfolio, isModelPo false and true). */
const loadComparison = async (poCode: string) => {
  const [own, model] = await Promise.all([
    execute(InvestPlanModelPortfolioDocument, { poCode, isModelPo: false }),
    execute(InvestPlanModelPortfolioDocument, { poCode, isModelPo: true }),
  ])
  return own.portfolio && model.portfolio ? { own: own.portfolio, model: model.portfolio } : null
}

/** 我的计划 vs 模型组合: the year's return and drawdown of each; the composition screen shows both holdings. */
function ModelComparison({ poCode }: { poCode: string }) {
  const { state, data } = useRemote(`planModel:${poCode}`, () => loadComparison(poCode))
  if (state !== 'ready' || !data?.own.modelPortfolio) return null
  const rows = [
    ['我的计划', data.own.navHistory],
    [`模型组合 · ${data.own.modelPortfolio.poName}`, data.model.navHistory],
  ] as const
  return (
    <Card title='计划与模型组合' onMore={() => navigateTo('portfolioComposition', { poCode })}>
      <View className='alfa-plan-compare'>
        {rows.map(([label, nav]) => (
          <View key={label} className='alfa-plan-compare__row' data-series={label === '我的计划' ? 'own' : 'model'}>
            <Text className='alfa-plan-compare__name'>{label}</Text>
            <Text className='alfa-po-muted'>近1年</Text>
            {nav.totalReturn != null ? (
              <YearFigure history={nav} figure='return'>
                <SignedRate value={nav.totalReturn} />
              </YearFigure>
            ) : (
              <Text>--</Text>
            )}
            <Text className='alfa-po-muted'>最大回撤</Text>
            {nav.maxDrawdown ? (
              <YearFigure history={nav} figure='drawdown'>
                <DrawdownRate value={nav.maxDrawdown.rate} />
              </YearFigure>
            ) : (
              <Text>--</Text>
            )}
          </View>
        ))}
      </View>
    </Card>
  )
}

/** 最新定投建议: the five newest advices (getLatestAipAdvices, spec section 9), each opening its detail. */
function LatestAdvices({ poCode }: { poCode: string }) {
  const { state, data } = useRemote(
    `latestAipAdvices:${poCode}`,
    async () => (await execute(GetLatestAipAdvicesDocument, { poCode })).portfolio,
  )
  if (state !== 'ready' || !data?.aipAdvices.list.length) return null
  return (
    <Card title='最新定投建议' onMore={() => navigateTo('portfolioAipList', { poCode })}>
      {data.aipAdvices.list.map((a) => (
        <View
          key={a.sigId}
          className='alfa-plan-advice'
          role='link'
          data-sig-id={a.sigId}
          onClick={() => navigateTo('portfolioAipDetail', { poCode, sigId: a.sigId })}
        >
          <Text className='alfa-plan-advice__issue'>{`第${a.issueNumber}期`}</Text>
          <Text className='alfa-po-muted'>{formatDate(a.buyDate, DATE)}</Text>
          <Text className='alfa-plan-advice__rate'>{`买入 ${formatMultiple(a.buyRate)}`}</Text>
          {a.introduction.tags[0] && <Text className='alfa-tag'>{a.introduction.tags[0]}</Text>}
        </View>
      ))}
    </Card>
  )
}

/** 智能定投走势: the smart-AIP strategy's return and drawdown over a year (SmartAipNavHistory). */
function SmartAipSeries({ poCode }: { poCode: string }) {
  const { state, data } = useRemote(
    `smartAipNav:${poCode}`,
    async () => (await execute(SmartAipNavHistoryDocument, { poCode, range: '1Y' })).portfolio,
  )
  const nav = data?.navHistory
  if (state !== 'ready' || !data?.isSupportSmartAip || !nav?.series.length) return null
  const last = nav.series[nav.series.length - 1]
  return (
    <Card title='智能定投走势'>
      <View className='alfa-plan-series' data-points={nav.series.length}>
        <Text className='alfa-po-muted'>近1年收益</Text>
        {nav.totalReturn != null ? (
          <YearFigure history={nav} figure='return'>
            <SignedRate value={nav.totalReturn} />
          </YearFigure>
        ) : (
          <Text>--</Text>
        )}
        {nav.maxDrawdown && (
          <>
            <Text className='alfa-po-muted'>最大回撤</Text>
            <YearFigure history={nav} figure='drawdown'>
              <DrawdownRate value={nav.maxDrawdown.rate} />
            </YearFigure>
          </>
        )}
        <Text className='alfa-po-muted'>{`净值 ${formatNav(last.value)}（${formatDate(last.date, DATE)}）`}</Text>
      </View>
    </Card>
  )
}

/** 长赢实盘: the flagship long-win plan's real-money series over a year (RealFundHistory). */
function RealFund() {
  const { state, data } = useRemote(
    'realFundHistory:1Y',
    async () => (await execute(RealFundHistoryDocument, { range: '1Y' })).realFundHistory,
  )
  if (state !== 'ready' || !data || data.length < 2) return null
  const first = data[0]
  const last = data[data.length - 1]
  const change = (Number(last.value) / Number(first.value) - 1).toFixed(6)
  return (
    <Card title='长赢实盘'>
      <View className='alfa-plan-series' data-points={data.length}>
        <Text className='alfa-po-muted'>实盘近1年</Text>
        <SignedRate value={change} />
        <Text className='alfa-po-muted'>{`实盘净值 ${formatNav(last.value)}（${formatDate(last.date, DATE)}）`}</Text>
      </View>
    </Card>
  )
}

/**
 * The detail's cards of the spec's plan operations: for an investment plan its model portfolio
 * and latest advices, for a smart-AIP strategy its series, for a long-win plan the 实盘 series.
 * Each card loads on its own and stays away when it has nothing (or fails): the head stands alone.
 */
export function PlanCards({ poCode, kind, smartAip }: { poCode: string; kind: PortfolioKind; smartAip: boolean }) {
  return (
    <View className='alfa-plan-cards'>
      {kind === 'investPlan' && <ModelComparison poCode={poCode} />}
      {kind === 'investPlan' && smartAip && <LatestAdvices poCode={poCode} />}
      {smartAip && <SmartAipSeries poCode={poCode} />}
      {kind === 'longWin' && <RealFund />}
    </View>
  )
}
