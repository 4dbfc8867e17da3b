import { Text, View } from '@tarojs/components'
import { StaleNotice } from '@/components/AsyncContent'
import { Card } from '@/components/Card'
import { Empty } from '@/components/Empty'
import { execute } from '@/services/graphql'
import { AipAdviceDocument } from '@/services/generated/graphql'
import { goBackOrHome, navigateTo } from '@/services/navigation'
import { formatPercent } from '@/utils/format'
import { PortfolioPending } from '../PortfolioPending'
import { usePortfolioQuery } from '../hooks'
import { AipAdviceSummary } from './AipListScreen'
import { RecordLink } from './RecordLink'
import { RecordsTitle } from './RecordsTitle'

/** One regular-investment suggestion: its figures, the introduction, and the funds to buy. */
export function AipDetailScreen({ poCode, sigId }: { poCode: string; sigId: string }) {
  const { state, data, stale, reload } = usePortfolioQuery(`poAipDetail:${sigId}`, poCode, (code) =>
    sigId ? execute(AipAdviceDocument, { poCode: code, sigId }).then((r) => (r.portfolio ? r : null)) : Promise.resolve(null),
  )

  if (state !== 'ready' || !data?.portfolio) return <PortfolioPending state={state} onRetry={() => void reload()} />
  const { portfolio, aipAdvice: advice } = data
  if (!advice) {
    return (
      <View className='alfa-po alfa-po-records'>
        <RecordsTitle poName={portfolio.poName} poCode={poCode} />
        <Empty
          title='定投建议不存在'
          description='这期定投建议不存在或已下线，请返回列表重新选择。'
          actionText='返回'
          onAction={() => goBackOrHome()}
        />
      </View>
    )
  }
  const intro = advice.introduction
  return (
    <View className='alfa-po alfa-po-records'>
      {stale && <StaleNotice onRetry={() => reload()} />}
      <RecordsTitle poName={portfolio.poName} poCode={poCode} />
      <View className='alfa-section alfa-po-aip'>
        <AipAdviceSummary advice={advice} />
        {intro.description && <Text className='alfa-po-rec__comment'>{intro.description}</Text>}
        <RecordLink url={intro.link}>查看解读</RecordLink>
      </View>
      <Card title='本期买入'>
        <View className='alfa-po-aip-orders'>
          {advice.buyOrders.map((o) => (
            <View
              key={o.fundCode}
              className='alfa-po-aip-orders__row'
              role='link'
              onClick={() => navigateTo('fund', { fundCode: o.fundCode })}
            >
              <View className='alfa-po-aip-orders__fund'>
                <Text className='alfa-po-rec__fund'>{o.fundName}</Text>
                <Text className='alfa-po-muted'>{o.fundCode}</Text>
              </View>
              <Text className='alfa-po-rec__figure'>{formatPercent(o.percent)}</Text>
            </View>
          ))}
        </View>
      </Card>
    </View>
  )
}
