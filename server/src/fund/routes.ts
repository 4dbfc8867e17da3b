import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { RestOptions } from '../rest'
import { ok, parseInput, fail } from '../http'
import { loadFunds } from './data'
import { loadManager } from '../manager/data'
import { FUND_TERMINATED_MSG, FUND_TERMINATED_STATUS } from '../../../src/utils/fundStatus'

export async function fundRoutes(app: FastifyInstance, { database }: RestOptions) {
  /** Fund info; a terminated fund answers FUND_TERMINATED_STATUS with FUND_TERMINATED_MSG (the app fires fund-stopped). */
  app.get('/info/:code', async (req, reply) => {
    const p = parseInput(z.object({ code: z.string().regex(/^\d{6}$/, 'a fund code is 6 digits') }), req.params, reply)
    if (!p) return
    const fund = (await loadFunds(database, [p.code])).get(p.code)
    if (!fund) return fail(reply, 404, '基金不存在')
    if (fund.isTerminated) return fail(reply, FUND_TERMINATED_STATUS, FUND_TERMINATED_MSG, { fundCode: fund.fundCode, terminatedDate: fund.terminatedDate })
    const manager = fund.managerId ? await loadManager(database, fund.managerId) : null
    return ok({ ...fund, manager: manager ?? null })
  })
}
