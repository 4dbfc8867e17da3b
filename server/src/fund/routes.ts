import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { fundInfoAnswer, fundTerminatedData } from '@alfa/common/apiSchema'
import { FUND_TERMINATED_MSG, FUND_TERMINATED_STATUS } from '@alfa/common/fundStatus'
import { answers, failure, HttpError, httpError, ok } from '../http'
import { loadFunds } from './data'
import { loadManager } from '../manager/data'

export const fundRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database } = app
  /** Fund info; a terminated fund answers FUND_TERMINATED_STATUS with FUND_TERMINATED_MSG (the app fires fund-stopped). */
  app.get(
    '/info/:code',
    {
      schema: {
        params: z.object({ code: z.string().regex(/^\d{6}$/, '基金代码应为6位数字') }),
        response: {
          ...answers(fundInfoAnswer, 400, 404),
          [FUND_TERMINATED_STATUS]: failure(FUND_TERMINATED_STATUS).extend({ data: fundTerminatedData }),
        },
      },
    },
    async (req) => {
      const { code } = req.params
      const fund = (await loadFunds(database, [code])).get(code)
      if (!fund) throw httpError.notFound('基金不存在')
      if (fund.isTerminated)
        throw new HttpError(FUND_TERMINATED_STATUS, FUND_TERMINATED_MSG, {
          data: { fundCode: fund.fundCode, terminatedDate: fund.terminatedDate },
        })
      const manager = fund.managerId ? await loadManager(database, fund.managerId) : null
      return ok({ ...fund, manager: manager ?? null })
    },
  )
}
