import type { FastifyInstance } from 'fastify'
import type { RestOptions } from '../rest'
import { ok } from '../http'
import { loadFunds } from '../fund/data'
import { listPortfolioRows } from '../portfolio/data'
import { portfolioFields } from '../portfolio/fields'
import { ads } from '../content/data'
import { handPickedRows } from './data'

/** The mini-program build's home feed on the second API (/alfa-m/v2). */
export async function miniProgramRoutes(app: FastifyInstance, { database }: RestOptions) {
  const handPicked = async () => {
    const rows = await handPickedRows(database)
    const funds = await loadFunds(
      database,
      rows.map((r) => r.fundCode),
    )
    return rows.map((r) => ({ ...funds.get(r.fundCode), reason: r.reason, seq: r.seq }))
  }

  app.get('/', async (req) => {
    const { rows } = await listPortfolioRows(database, req.broker, 0, 6)
    return ok({
      banners: await ads(database, ['HOME_BANNER']),
      portfolios: rows.map((r) => {
        const p = portfolioFields(r)
        return {
          poCode: p.poCode,
          poName: p.poName,
          subTitle: p.subTitle,
          riskLevel: p.riskLevel,
          seriesType: p.seriesType,
          performanceShowcase: p.performanceShowcase,
        }
      }),
      handPicked: (await handPicked()).slice(0, 3),
    })
  })

  app.get('/hand-picked', async () => ok({ list: await handPicked() }))
}
