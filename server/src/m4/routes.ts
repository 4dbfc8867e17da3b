import type { FastifyInstance } from 'fastify'
import type { M4Answer, M4Portfolio } from '@alfa/common/api'
import type { RestOptions } from '../rest'
import { ok } from '../http'
import { loadFunds } from '../fund/data'
import { listPortfolioRows } from '../portfolio/data'
import { portfolioFields } from '../portfolio/fields'
import { ads, keyValue, kvConfig } from '../content/data'
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
export async function miniProgramRoutes(app: FastifyInstance, { database }: RestOptions) {
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

  app.get('/', async (req) => {
    const [banners, feedAds, shortcuts, notice, config, liveSwitch, portfolios, picked, streams, columns] = await Promise.all([
      ads(database, ['HOME_BANNER']),
      ads(database, ['HOME_AD']),
      kvConfig<M4Answer['shortcuts'][number]>(database, 'widget', 'home_entries'),
      kvConfig<M4Answer['notice'][number]>(database, 'fragment', 'home_notice'),
      kvConfig<M4Answer['config'][number]>(database, 'config', 'home'),
      keyValue(database, 'enableLive'),
      listPortfolioRows(database, req.broker, 0, M4_PORTFOLIOS),
      handPicked(),
      liveStreams(database),
      columnsWithNewestArticle(database),
    ])
    const answer: M4Answer = {
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
      portfolios: portfolios.rows.map((r) => {
        const p = portfolioFields(r)
        // Stored as the schema's enum values (seed and importer), as GraphQL answers them.
        return {
          poCode: p.poCode,
          poName: p.poName,
          subTitle: p.subTitle,
          riskLevel: p.riskLevel,
          seriesType: p.seriesType,
          performanceShowcase: p.performanceShowcase.map((s) => ({ ...s, fontColor: s.fontColor ?? null })),
        } as M4Portfolio
      }),
      handPicked: picked.slice(0, M4_HAND_PICKED),
      liveStreams: streams.map(({ liveId, title, coverUrl, status, startsAt }) => ({
        liveId,
        title,
        coverUrl,
        status,
        startsAt: new Date(startsAt).toISOString(),
      })),
      columns,
    }
    return ok(answer)
  })

  app.get('/hand-picked', async () => ok({ list: await handPicked() }))
}
