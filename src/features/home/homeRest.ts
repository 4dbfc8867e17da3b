import { m4, m4HandPicked, popularPicks, POPULAR_PICKS_SIZE, type M4Answer } from '@/services/api'
import { configValues, type HomeData } from './homeData'

// Promise chains rather than async functions: no regenerator in the first screen's bundle.

/** /m4's answer as the home page shows it. */
export function fromFeed(feed: M4Answer): HomeData {
  return {
    banners: feed.banners,
    ads: feed.ads,
    shortcuts: feed.shortcuts,
    notice: feed.notice,
    config: configValues(feed.config),
    liveEnabled: feed.liveEnabled,
    marketIndices: feed.marketIndices,
    // Checked against the schema's enum values by the answer's schema (common/apiSchema.ts textOf).
    strategies: feed.portfolios as HomeData['strategies'],
    handPicked: feed.handPicked,
    liveStreams: feed.liveStreams,
    columns: feed.columns,
  }
}

/** The home's first screen from /m4 on the second API (spec section 7). */
export const loadFeed = (): Promise<HomeData> => m4().then(fromFeed)

/** 热门自选: the most picked funds (/user-fund-picks/popular, 6 by default). */
export const loadPopular = () => popularPicks(POPULAR_PICKS_SIZE).then((r) => r.list)

/** Every hand-picked fund (/m4/hand-picked). */
export const loadHandPicked = () => m4HandPicked().then((r) => r.list)
