import { Text, View } from '@tarojs/components'
import { StaleNotice } from '@/components/AsyncContent'
import { Empty } from '@/components/Empty'
import { execute } from '@/services/graphql'
import { FundValuationDocument } from '@/services/generated/graphql'
import { formatNav, toneModifier } from '@/utils/format'
import { Card, InfoRows } from '@/components/Card'
import { DemoBadge, SignedRate } from '@/components/Figure'
import { FundPending } from '../FundPending'
import { FundTitle } from '../FundTitle'
import '../index.scss'
import { useFundQuery } from '../hooks'

const loadValuation = async (fundCode: string) => (await execute(FundValuationDocument, { fundCode })).fund

/** 估值详情: the estimated intraday valuation against the last NAV (demo figures, labelled). */
export function FundValuationScreen({ fundCode }: { fundCode: string }) {
  const { state, data: fund, stale, reload } = useFundQuery('fundValuation', fundCode, loadValuation)
  if (state !== 'ready' || !fund) return <FundPending state={state} onRetry={() => void reload()} rows={5} />
  const v = fund.valuation
  return (
    <View className='alfa-fund'>
      {stale && <StaleNotice onRetry={() => reload()} />}
      <FundTitle fund={fund} />
      {!v ? (
        <Empty
          title='暂无估值'
          description={fund.isTerminated ? '该基金已终止运作，不再提供估值。' : '基金公布首个净值后才有估值，请稍后再来。'}
        />
      ) : (
        <Card title='盘中估值' extra={v.isDemo ? <DemoBadge /> : undefined}>
          <View className='alfa-fund-head__figures'>
            <View className='alfa-fund-head__figure'>
              <Text className={`alfa-fund-head__big alfa-fund-digits alfa-num--${toneModifier(v.estimatedReturn)}`}>
                {formatNav(v.estimatedNav)}
              </Text>
              <Text className='alfa-fund-head__label'>估算净值</Text>
            </View>
            <View className='alfa-fund-head__figure'>
              <SignedRate value={v.estimatedReturn} className='alfa-fund-head__big' />
              <Text className='alfa-fund-head__label'>估算涨跌幅</Text>
            </View>
          </View>
          <InfoRows
            rows={[
              [
                '估值时间',
                <Text key='t' className='alfa-fund-digits'>
                  {v.estimatedAt}
                </Text>,
              ],
              ['上一交易日净值', <Text key='n' className='alfa-fund-digits'>{`${formatNav(v.lastNav)}（${v.lastNavDate}）`}</Text>],
            ]}
          />
          <Text className='alfa-fund-muted'>估值为演示数据，根据上一交易日净值推算，仅供参考，以基金公司公布的净值为准。</Text>
        </Card>
      )}
    </View>
  )
}
