import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { RestOptions } from '../rest'
import { ok, fail } from '../http'
import { loadFunds } from './data'
import { loadManager } from '../manager/data'
import { FUND_TERMINATED_MSG, FUND_TERMINATED_STATUS } from '@alfa/common/fundStatus'

export async function fundRoutes(fastify: FastifyInstance, { database }: RestOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  /** Fund info; a terminated fund answers FUND_TERMINATED_STATUS with FUND_TERMINATED_MSG (the app fires fund-stopped). */
  app.get(
    '/info/:code',
    { schema: { params: z.object({ code: z.string().regex(/^\d{6}$/, '基金代码应为6位数字') }) } },
    async (req, reply) => {
      const { code } = req.params
      const fund = (await loadFunds(database, [code])).get(code)
      if (!fund) return fail(reply, 404, '基金不存在')
      if (fund.isTerminated)
        return fail(reply, FUND_TERMINATED_STATUS, FUND_TERMINATED_MSG, { fundCode: fund.fundCode, terminatedDate: fund.terminatedDate })
      const manager = fund.managerId ? await loadManager(database, fund.managerId) : null
      return ok({ ...fund, manager: manager ?? null })
    },
  )
}
