import { Text, View } from '@tarojs/components'
import { navigateTo } from '@/services/navigation'
import { formatNumber, formatPercent, toneOf } from '@/utils/number'
import type { HomeData } from './homeData'
import { Section } from './Section'

/** The market summary strip: the main indices with their points and today's change; a tap opens 市场行情. */
export function MarketStrip({ quotes }: { quotes: HomeData['marketIndices'] }) {
  if (!quotes.length) return null
  return (
    <Section name='market' title='市场行情' more={{ text: quotes[0].date, onTap: () => navigateTo('stockMarket') }}>
      <View className='alfa-home__quotes'>
        {quotes.map((q) => {
          const tone = toneOf(q.changePercent)
          return (
            <View key={q.indexCode} className='alfa-home__quote' role='link' onClick={() => void navigateTo('stockMarket')}>
              <Text className='alfa-home__quote-name'>{q.indexName}</Text>
              <Text className={`alfa-home__quote-latest alfa-home__tone--${tone}`}>{formatNumber(q.latest, 2)}</Text>
              <Text className={`alfa-home__quote-change alfa-home__tone--${tone}`}>
                {formatPercent(q.changePercent, 2, { sign: true })}
              </Text>
            </View>
          )
        })}
      </View>
      {quotes.some((q) => q.isDemo) && (
        <View className='alfa-home__demo'>
          <Text className='alfa-home__tag alfa-home__tag--demo'>演示数据</Text>
        </View>
      )}
    </Section>
  )
}
