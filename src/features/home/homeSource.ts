import { m4 } from '@/services/api'
import { configValues, type HomeData } from './homeData'

/**
 * The mini-programs' home: one REST call, /m4 on the second API (spec section 7), which carries
 * every part of the first screen; the GraphQL client stays out of the main package.
 */
export async function loadHome(): Promise<HomeData> {
  const feed = await m4()
  return {
    banners: feed.banners,
    ads: feed.ads,
    shortcuts: feed.shortcuts,
    notice: feed.notice,
    config: configValues(feed.config),
    liveEnabled: feed.liveEnabled,
    marketIndices: feed.marketIndices,
    strategies: feed.portfolios,
    handPicked: feed.handPicked,
    liveStreams: feed.liveStreams,
    columns: feed.columns,
  }
}
