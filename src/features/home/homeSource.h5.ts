import { execute } from '@/services/graphql'
import { HomeDocument } from '@/services/generated/graphql'
import { configValues, type HomeData } from './homeData'

/** H5's home: one GraphQL document with every part of the first screen (HomeScreen.graphql). */
export async function loadHome(): Promise<HomeData> {
  const answer = await execute(HomeDocument, { feed: true })
  return {
    banners: answer.banners ?? [],
    ads: answer.ads,
    shortcuts: answer.shortcuts?.elements ?? [],
    notice: answer.notice?.elements ?? [],
    config: configValues(answer.config?.elements ?? []),
    liveEnabled: answer.liveSwitch?.value !== 'false',
    marketIndices: answer.marketIndices,
    strategies: answer.portfolios?.list ?? [],
    handPicked: null,
    liveStreams: answer.liveStreams,
    columns: answer.allColumns.map((c) => ({ columnId: c.columnId, title: c.title, articles: c.articles.list })),
  }
}
