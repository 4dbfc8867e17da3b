import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  batchPicksAnswer,
  managePickSeqAnswer,
  pickDetailAnswer,
  pickDetailOfFundAnswer,
  pickListAnswer,
  pickOp,
  popularPicksAnswer,
} from '@alfa/common/apiSchema'
import { answers, httpError, ok } from '../http'
import { loadFunds, type Fund } from '../fund/data'
import { addPicks, pickedFunds, popularPicks, removePicks, reorderPicks } from './data'

const fundCode = z.string().regex(/^\d{6}$/, '基金代码应为6位数字')
const fundCodes = z.array(fundCode).min(1, '请至少选择一只基金').max(100, '一次最多操作100只基金')
const needsUser = { needsUser: true }

/** The fund's row with `extra`, or nothing when the fund is gone (removed since the list was read). */
const withFund = <E extends object>(funds: Map<string, Fund>, code: string, extra: E) => {
  const fund = funds.get(code)
  return fund ? [{ ...fund, ...extra }] : []
}

/** My Watchlist: the user's picked funds, in the user's order. */
export const watchlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database } = app

  /** Most picked funds (hand-picked ones fill up), public. size defaults to 6. */
  app.get(
    '/popular',
    {
      schema: {
        querystring: z.object({ size: z.coerce.number().int().min(1).max(50).default(6) }),
        response: answers(popularPicksAnswer, 400),
      },
    },
    async (req) => {
      const { size } = req.query
      const rows = await popularPicks(database, size)
      const seen = new Set<string>()
      const unique = rows.filter((r) => !seen.has(r.fundCode) && seen.add(r.fundCode)).slice(0, size)
      const funds = await loadFunds(
        database,
        unique.map((r) => r.fundCode),
      )
      return ok({ list: unique.flatMap((r) => withFund(funds, r.fundCode, { pickCount: r.pickCount })) })
    },
  )

  /** Adds or removes funds: { fundCodes, op: 'add' | 'remove' }. */
  app.post(
    '/batch',
    {
      config: needsUser,
      schema: { body: z.object({ fundCodes, op: pickOp }), response: answers(batchPicksAnswer, 400, 401) },
    },
    async (req) => {
      const { userId, body } = req
      const codes = [...new Set(body.fundCodes)]
      if (body.op === 'add') {
        const known = await loadFunds(database, codes)
        const unknown = codes.filter((c) => !known.has(c))
        if (unknown.length) throw httpError.badRequest(`基金不存在：${unknown.join('、')}`)
        await addPicks(database, userId, codes)
      } else {
        await removePicks(database, userId, codes)
      }
      return ok({ op: body.op, fundCodes: codes, list: await pickedFunds(database, userId) })
    },
  )

  /** The picked fund codes in order (light; tells the app which funds are picked). */
  app.get('/list', { config: needsUser, schema: { response: answers(pickListAnswer, 401) } }, async (req) => {
    const list = await pickedFunds(database, req.userId)
    return ok({ list, totalCount: list.length })
  })

  /** The picked funds with their latest NAV, in order; ?fundCode= narrows to one (picked or not). */
  app.get(
    '/detail',
    {
      config: needsUser,
      schema: {
        querystring: z.object({ fundCode: fundCode.optional() }),
        response: answers(z.union([pickDetailOfFundAnswer, pickDetailAnswer]), 400, 401),
      },
    },
    async (req) => {
      const list = await pickedFunds(database, req.userId)
      const { fundCode: code } = req.query
      if (code) {
        const hit = list.find((p) => p.fundCode === code)
        return ok({ fundCode: code, picked: Boolean(hit), seq: hit?.seq ?? null })
      }
      const funds = await loadFunds(
        database,
        list.map((p) => p.fundCode),
      )
      return ok({ list: list.flatMap((p) => withFund(funds, p.fundCode, { seq: p.seq })), totalCount: list.length })
    },
  )

  /** Persists a new order: { fundCodes } must hold exactly the picked funds. */
  app.post(
    '/manage-seq',
    {
      config: needsUser,
      schema: { body: z.object({ fundCodes }), response: answers(managePickSeqAnswer, 400, 401) },
    },
    async (req) => {
      const { userId, body } = req
      const current = await pickedFunds(database, userId)
      const same =
        body.fundCodes.length === current.length &&
        new Set(body.fundCodes).size === current.length &&
        current.every((p) => body.fundCodes.includes(p.fundCode))
      if (!same) throw httpError.badRequest('排序须包含每只自选基金，且每只只出现一次')
      await reorderPicks(database, userId, body.fundCodes)
      return ok({ list: await pickedFunds(database, userId) })
    },
  )
}
