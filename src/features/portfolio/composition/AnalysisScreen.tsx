import { Text, View } from '@tarojs/components'
import { useState, type ReactNode } from 'react'
import { StaleNotice } from '@/components/AsyncContent'
import { Card, InfoRows } from '@/components/Card'
import { Empty } from '@/components/Empty'
import { AsOf, DrawdownRate, SignedRate } from '@/components/Figure'
import { useShareSubject } from '@/components/Page'
import { execute } from '@/services/graphql'
import { PortfolioAnalysisDocument, type PortfolioAnalysisQuery, type PortfolioAssetMixFragment } from '@/services/generated/graphql'
import { DATE, formatDate, formatPercent } from '@/utils/format'
import { PortfolioFoot } from '../PortfolioFoot'
import { PortfolioPending } from '../PortfolioPending'
import { PortfolioTitle } from '../PortfolioTitle'
import { Showcases } from '../Showcases'
import { usePoCode, usePortfolioQuery } from '../hooks'
import { kindOf } from '../kind'
import ExpectedBasis from '../detail/ExpectedBasis'
import HistoryBasis from '../detail/HistoryBasis'
import { showcaseBasis, type OpenBasis } from '../detail/historyFigures'

type Answer = NonNullable<PortfolioAnalysisQuery['portfolio']>

const loadAnalysis = async (poCode: string, progress: (partial: Answer) => void) =>
  (await execute(PortfolioAnalysisDocument, { poCode }, { onData: (d) => d.portfolio && progress(d.portfolio) })).portfolio

/** The asset-mix scopes in the order shown, with their names. */
const SCOPES = [
  ['chinaIncludeAlternative', '含另类'],
  ['chinaIncludeOversea', '含海外'],
  ['chinaOnly', '仅国内'],
  ['global', '全球'],
] as const

const STATUS_NAME: Record<string, string> = { ACTIVE: '运行中', INACTIVE: '未启用' }

/** An asset-mix scope; its 预期年化收益 opens the same 口径 (the current mix by asset class), compared with its own figure. */
function AssetMix({ name, mix, onBasis }: { name: string; mix: PortfolioAssetMixFragment; onBasis: (shown: string) => void }) {
  const status = mix.status ? (STATUS_NAME[mix.status] ?? mix.status) : null
  const rate = mix.expectedAnnualizedReturnRate
  return (
    <View className='alfa-po-mix' data-scope={name}>
      <View className='alfa-po-mix__head'>
        <Text>{name}</Text>
        {rate == null ? (
          <Text className='alfa-po-showcase__value'>{formatPercent(rate)}</Text>
        ) : (
          <View
            className='alfa-po-basis-figure'
            role='button'
            aria-haspopup='dialog'
            data-figure='expected'
            onClick={() => onBasis(String(rate))}
          >
            <Text className='alfa-po-showcase__value'>{formatPercent(rate)}</Text>
          </View>
        )}
      </View>
      <Text className='alfa-po-mix__sub'>
        {[`预期年化收益`, status && `状态 ${status}`, mix.suggestHoldingTime && `建议持有 ${mix.suggestHoldingTime}`]
          .filter(Boolean)
          .join(' · ')}
      </Text>
    </View>
  )
}

/** A figure that opens its 口径 (a button named by its label and figure). */
function BasisFigure({ basis, open, children }: { basis: OpenBasis; open: (b: OpenBasis) => void; children: ReactNode }) {
  // No figure (--): nothing to explain.
  if (basis.shown === '') return <>{children}</>
  return (
    <View className='alfa-po-basis-figure' role='button' aria-haspopup='dialog' data-figure={basis.figure} onClick={() => open(basis)}>
      {children}
    </View>
  )
}

/**
 * 策略分析: showcases, the annualised return range, asset mixes per scope, the whole history's drawdown
 * and return; each return and drawdown opens its 口径.
 */
export function AnalysisScreen() {
  const poCode = usePoCode()
  const [basis, setBasis] = useState<OpenBasis | null>(null)
  // 预期年化收益's 口径 sheet: open with the figure tapped (true: the range's).
  const [expected, setExpected] = useState<string | boolean>(false)
  const { state, data, stale, reload } = usePortfolioQuery('portfolioAnalysis', poCode, loadAnalysis)
  useShareSubject(data?.poName)
  if (state !== 'ready' || !data) return <PortfolioPending state={state} onRetry={() => void reload()} />
  const head = <PortfolioTitle poName={data.poName} poCode={data.poCode} />
  if (!data.preference.hasAnalysisPage) {
    return (
      <View className='alfa-po'>
        {head}
        <Empty title='暂无策略分析' description='该策略没有分析页，可在策略详情中查看业绩与持仓。' />
      </View>
    )
  }
  const range = data.annualizedReturnRateRange
  const mixes = SCOPES.flatMap(([field, name]) => (data[field] ? [{ name, mix: data[field] }] : []))
  const nav = data.navHistory
  const drawdown = nav?.maxDrawdown
  // Every figure here is as of the latest NAV.
  const asOf = <AsOf date={data.latestNav.list[0]?.date} />
  return (
    <View className='alfa-po'>
      {stale && <StaleNotice onRetry={() => reload()} />}
      {head}
      {data.performanceShowcase.length > 0 && (
        <Card title='业绩表现' extra={asOf}>
          <Showcases items={data.performanceShowcase} onFigure={(item) => showcaseBasis(item, setBasis)} />
        </Card>
      )}
      {data.featureShowcase.length > 0 && (
        <Card title='策略特点'>
          <Showcases items={data.featureShowcase} />
        </Card>
      )}
      <Card title='历史业绩' extra={asOf}>
        {nav ? (
          <InfoRows
            rows={[
              [
                '成立以来收益',
                <BasisFigure key='t' basis={{ figure: 'total', shown: nav.totalReturn ?? '' }} open={setBasis}>
                  <SignedRate value={nav.totalReturn} />
                </BasisFigure>,
              ],
              [
                '最大回撤',
                <View key='d' data-figure='maxDrawdown'>
                  <BasisFigure basis={{ figure: 'max', shown: drawdown?.rate ?? '' }} open={setBasis}>
                    <DrawdownRate value={drawdown?.rate} />
                  </BasisFigure>
                </View>,
              ],
              [
                '回撤区间',
                <Text key='r'>{drawdown ? `${formatDate(drawdown.startDate, DATE)} 至 ${formatDate(drawdown.endDate, DATE)}` : '--'}</Text>,
              ],
            ]}
          />
        ) : (
          <Text className='alfa-po-muted'>正在计算历史业绩…</Text>
        )}
      </Card>
      {range && (
        <Card title='预期收益与回撤'>
          <InfoRows
            rows={[
              [
                '预期年化收益',
                <View
                  key='e'
                  className='alfa-po-basis-figure'
                  role='button'
                  aria-haspopup='dialog'
                  data-figure='expected'
                  onClick={() => setExpected(true)}
                >
                  {formatPercent(range.expectedAnnualizedReturnRate)}
                </View>,
              ],
              // defaultDrawdown: the largest fall since set-up; minDrawdown: within the last year (server/README.md).
              [
                '最大回撤（成立以来）',
                <BasisFigure key='dd' basis={{ figure: 'max', shown: range.defaultDrawdown ?? '' }} open={setBasis}>
                  <DrawdownRate className='alfa-po-range-dd' value={range.defaultDrawdown} />
                </BasisFigure>,
              ],
              [
                '近1年最大回撤',
                <BasisFigure key='dd1y' basis={{ figure: 'lastYear', shown: range.minDrawdown ?? '' }} open={setBasis}>
                  <DrawdownRate className='alfa-po-range-dd' value={range.minDrawdown} />
                </BasisFigure>,
              ],
            ]}
          />
        </Card>
      )}
      {mixes.length > 0 && (
        <Card title='资产配置方案'>
          {mixes.map(({ name, mix }) => (
            <AssetMix key={name} name={name} mix={mix} onBasis={(shown) => setExpected(shown)} />
          ))}
        </Card>
      )}
      <PortfolioFoot />
      {expected !== false && (
        <ExpectedBasis poCode={data.poCode} shown={typeof expected === 'string' ? expected : null} onClose={() => setExpected(false)} />
      )}
      {basis && (
        <HistoryBasis
          poCode={data.poCode}
          kind={kindOf(data.poCode)}
          figure={basis.figure}
          shown={basis.shown}
          onClose={() => setBasis(null)}
        />
      )}
    </View>
  )
}
