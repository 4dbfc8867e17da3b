import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { m4Answer, m4HandPickedAnswer } from '@alfa/common/apiSchema'
import { answers, ok } from '../http'
import { loadFunds } from '../fund/data'
import { listPortfolioRows } from '../portfolio/data'
import { ads } from '../content/data'
import { handPickedRows } from './data'

/** The mini-program build's home feed on the second API (/alfa-m/v2). */
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
    const { rows } = await listPortfolioRows(database, req.broker, 0, 6)
    return ok({
      banners: await ads(database, ['HOME_BANNER']),
      portfolios: rows.map((r) => ({
        poCode: r.po_code,
        poName: r.po_name,
        subTitle: r.sub_title,
        riskLevel: r.risk_level,
        seriesType: r.series_type,
        performanceShowcase: r.performance_showcase,
      })),
      handPicked: (await handPicked()).slice(0, 3),
    })
  })

  app.get('/hand-picked', { schema: { response: answers(m4HandPickedAnswer) } }, async () => ok({ list: await handPicked() }))
}
