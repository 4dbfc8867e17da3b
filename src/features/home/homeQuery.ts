import { execute } from '@/services/graphql'
import { HomeDocument } from '@/services/generated/graphql'
import { configValues, type HomeData } from './homeData'

export { loadHandPicked, loadPopular } from './homeRest'

/** H5's home: one GraphQL document with every part of the first screen (HomeScreen.graphql). */
export function askHome(): Promise<HomeData> {
  return execute(HomeDocument, { feed: true }).then((answer) => ({
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
  }))
}
