import { Text, View } from '@tarojs/components'
import { StaleNotice } from '@/components/AsyncContent'
import { Card } from '@/components/Card'
import { Empty } from '@/components/Empty'
import { useShareSubject } from '@/components/Page'
import { PortfolioPending } from '../PortfolioPending'
import { PortfolioTitle } from '../PortfolioTitle'
import { usePoCode, usePortfolioQuery } from '../hooks'
import './index.scss'
import { loadThermometer } from './load'

/** The five segments, cold to hot. */
const SEGMENTS = ['低估', '偏低', '适中', '偏高', '高估'] as const

/** The valuation gauge read at a glance: five segments from 低估 (blue) to 高估 (red), the marker at the level. */
function Gauge({ level, description }: { level: number; description: string }) {
  const at = Math.min(SEGMENTS.length, Math.max(1, Math.round(level)))
  return (
    <View className='alfa-po-gauge' role='img' aria-label={`温度计 ${at}级（共5级）：${description}`}>
      <View className='alfa-po-gauge__reading'>
        <Text className={`alfa-po-gauge__level alfa-po-gauge__level--${at}`}>{at}</Text>
        <Text className='alfa-po-gauge__of'>级</Text>
        <Text className={`alfa-po-gauge__description alfa-po-gauge__level--${at}`}>{description}</Text>
      </View>
      <View className='alfa-po-gauge__bar' aria-hidden='true'>
        {SEGMENTS.map((name, i) => (
          <View
            key={name}
            className={`alfa-po-gauge__segment alfa-po-gauge__segment--${i + 1}${i + 1 === at ? ' alfa-po-gauge__segment--on' : ''}`}
          >
            {i + 1 === at && <View className='alfa-po-gauge__marker' />}
          </View>
        ))}
      </View>
      <View className='alfa-po-gauge__scale' aria-hidden='true'>
        {SEGMENTS.map((name) => (
          <Text key={name} className='alfa-po-gauge__tick'>
            {name}
          </Text>
        ))}
      </View>
    </View>
  )
}

/** The strategy's thermometer: the level and its description big, then how to buy and how to sell. */
export function ThermometerScreen() {
  const poCode = usePoCode()
  const { state, data: po, stale, reload } = usePortfolioQuery('thermometer', poCode, loadThermometer)
  useShareSubject(po?.poName)
  if (state !== 'ready' || !po) return <PortfolioPending state={state} onRetry={() => void reload()} rows={6} />
  const t = po.thermometer
  return (
    <View className='alfa-po'>
      {stale && <StaleNotice onRetry={() => reload()} />}
      <PortfolioTitle poName={po.poName} poCode={po.poCode} />
      {!t ? (
        <Empty title='该策略暂无温度计' description='温度计只对跟踪市场估值的策略提供，可在策略详情查看其他信息。' />
      ) : (
        <>
          <Card title='市场温度'>
            <Gauge level={t.level} description={t.levelDescription} />
          </Card>
          <Card title='如何买'>
            <Text className='alfa-po-text'>{t.advice.howToBuy || '暂无买入建议。'}</Text>
          </Card>
          <Card title='如何卖'>
            <Text className='alfa-po-text'>{t.advice.howToSell || '暂无卖出建议。'}</Text>
          </Card>
          <Text className='alfa-po-foot'>温度计仅反映估值水平，不构成投资建议。</Text>
        </>
      )}
    </View>
  )
}
