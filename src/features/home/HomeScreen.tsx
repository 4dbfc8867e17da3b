import { Text, View } from '@tarojs/components'
import { AsyncContent } from '@/components/AsyncContent'
import { useRemote } from '@/hooks/remote'
import { navigateTo } from '@/services/navigation'
import { ColumnArticles } from './ColumnArticles'
import { EntryGrid } from './EntryGrid'
import { HandPickedFunds, PopularPicks } from './FundPicks'
import { HOME_KEY } from './homeData'
import { loadHome } from './homeSource'
import { LiveStreams } from './LiveStreams'
import { MarketStrip } from './MarketStrip'
import { Banners, FeedAd, Notice, Shortcuts } from './Promotions'
import { StrategyCards } from './StrategyCards'
import './HomeScreen.scss'

/**
 * The home page: search, the entry tiles (no data needed), then what one request brings (banners,
 * shortcuts, the notice, the market strip, hand-picked strategies and funds, the in-feed ad, live
 * streams, column articles, the disclaimer), and the popular picks asked after it. Pull-down
 * refreshes; offline it shows what it showed last, marked as not fresh.
 */
export function HomeScreen() {
  const { state, data, stale, reload } = useRemote(HOME_KEY, loadHome, { empty: () => false })
  return (
    <View className='alfa-home'>
      <View className='alfa-home__search' role='button' onClick={() => void navigateTo('search')}>
        <Text className='alfa-home__search-text'>搜索基金、经理、策略</Text>
      </View>
      <EntryGrid />
      <AsyncContent state={state} stale={stale} onRetry={() => reload()} skeleton={{ rows: 6, figure: true }}>
        {data && (
          <View className='alfa-home__feed'>
            <Banners ads={data.banners} />
            <Shortcuts elements={data.shortcuts} />
            <Notice elements={data.notice} />
            <MarketStrip quotes={data.marketIndices} />
            <StrategyCards strategies={data.strategies} />
            <FeedAd ads={data.ads} />
            {data.handPicked && <HandPickedFunds first={data.handPicked} />}
            <PopularPicks />
            {data.liveEnabled && <LiveStreams streams={data.liveStreams} />}
            <ColumnArticles columns={data.columns} />
            {data.config.homeDisclaimer && <Text className='alfa-home__disclaimer'>{data.config.homeDisclaimer}</Text>}
          </View>
        )}
      </AsyncContent>
    </View>
  )
}
