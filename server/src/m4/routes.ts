import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import { m4Answer, m4HandPickedAnswer, type fragmentElement, type widgetElement } from '@alfa/common/apiSchema'
import { answers, ok } from '../http'
import { loadFunds } from '../fund/data'
import { listPortfolioRows } from '../portfolio/data'
import { ads, keyValueIn, kvConfigIn, kvRows } from '../content/data'
import { liveStreams } from '../live/data'
import { MARKET_INDICES, quote, summary } from '../market/data'
import { columnsWithNewestArticle, handPickedRows } from './data'

/** How many hand-picked funds the home feed carries (the rest on /m4/hand-picked). */
export const M4_HAND_PICKED = 3
/** How many strategies the home feed carries (the GraphQL home reads the same first page). */
export const M4_PORTFOLIOS = 6

/**
 * The mini-program build's home feed on the second API (/alfa-m/v2): everything the home page's
 * first screen shows in one answer, from the same data the GraphQL home document reads
 * (src/features/home/HomeScreen.graphql; server/test/home.test.ts compares the two).
 */
export const miniProgramRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database } = app
  const handPicked = async () => {
    const rows = await handPickedRows(database)
    const funds = await loadFunds(
      database,
      rows.map((r) => r.fundCode),
    )
    return rows.flatMap((r) => {
      const fund = funds.get(r.fundCode)
      return fund ? [{ ...fund, reason: r.reason, seq: r.seq }] : []
    })
  }

  app.get('/', { schema: { response: answers(m4Answer) } }, async (req) => {
    // Both ad codes in one statement and the configuration entries once (issue #24: few statements per first screen).
    const [homeAds, kv, portfolios, picked, streams, columns] = await Promise.all([
      ads(database, ['HOME_AD', 'HOME_BANNER']),
      kvRows(database),
      listPortfolioRows(database, req.broker, 0, M4_PORTFOLIOS),
      handPicked(),
      liveStreams(database),
      columnsWithNewestArticle(database),
    ])
    const banners = homeAds.filter((a) => a.recCode === 'HOME_BANNER')
    const feedAds = homeAds.filter((a) => a.recCode === 'HOME_AD')
    const shortcuts = kvConfigIn<z.input<typeof widgetElement>>(kv, 'widget', 'home_entries')
    const notice = kvConfigIn<z.input<typeof fragmentElement>>(kv, 'fragment', 'home_notice')
    const config = kvConfigIn<{ key: string; value: string | null }>(kv, 'config', 'home')
    const liveSwitch = keyValueIn(kv, 'enableLive')
    return ok({
      banners,
      ads: feedAds,
      shortcuts: shortcuts?.elements ?? [],
      notice: notice?.elements ?? [],
      config: config?.elements ?? [],
      liveEnabled: liveSwitch?.value !== 'false',
      marketIndices: MARKET_INDICES.map((d) => {
        const { indexCode, indexName, latest, changePercent, date, isDemo } = summary(quote(d))
        return { indexCode, indexName, latest, changePercent, date, isDemo }
      }),
      portfolios: portfolios.rows.map((r) => ({
        poCode: r.po_code,
        poName: r.po_name,
        subTitle: r.sub_title,
        riskLevel: r.risk_level,
        seriesType: r.series_type,
        performanceShowcase: r.performance_showcase,
      })),
      handPicked: picked.slice(0, M4_HAND_PICKED),
      liveStreams: streams.map(({ liveId, title, coverUrl, status, startsAt }) => ({ liveId, title, coverUrl, status, startsAt })),
      columns,
    })
  })

  app.get('/hand-picked', { schema: { response: answers(m4HandPickedAnswer) } }, async () => ok({ list: await handPicked() }))
}
