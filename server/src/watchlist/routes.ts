import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { RestOptions } from '../rest'
import { ok, parseInput, fail } from '../http'
import { requireUser } from '../security'
import { loadFunds } from '../fund/data'

const fundCode = z.string().regex(/^\d{6}$/, 'a fund code is 6 digits')
const fundCodes = z.array(fundCode).min(1, 'fundCodes must not be empty').max(100, 'at most 100 fundCodes at once')

/** My Watchlist: the user's picked funds, in the user's order. */
export async function picksRoutes(app: FastifyInstance, { database }: RestOptions) {
  const picked = (userId: string) =>
    database.db.selectFrom('user_fund_picks').select(['fund_code as fundCode', 'seq']).where('user_id', '=', userId).orderBy('seq').orderBy('fund_code').execute()

  /** Most picked funds (hand-picked ones fill up), public. size defaults to 6. */
  app.get('/popular', async (req, reply) => {
    const q = parseInput(z.object({ size: z.coerce.number().int().min(1).max(50).default(6) }), req.query, reply)
    if (!q) return
    const rows = await database.query<{ fundCode: string; pickCount: number }>(
      `select fund_code as "fundCode", count(*)::int as "pickCount" from user_fund_picks group by fund_code
       union all select h.fund_code, 0 from hand_picked h
       order by "pickCount" desc, "fundCode" limit $1 * 2`, [q.size])
    const seen = new Set<string>()
    const unique = rows.filter((r) => !seen.has(r.fundCode) && seen.add(r.fundCode)).slice(0, q.size)
    const funds = await loadFunds(database, unique.map((r) => r.fundCode))
    return ok({ list: unique.map((r) => ({ ...funds.get(r.fundCode), pickCount: r.pickCount })) })
  })

  /** Adds or removes funds: { fundCodes, op: 'add' | 'remove' }. */
  app.post('/batch', async (req, reply) => {
    const userId = await requireUser(req, reply)
    if (!userId) return
    const body = parseInput(z.object({ fundCodes, op: z.enum(['add', 'remove']) }), req.body, reply)
    if (!body) return
    const codes = [...new Set(body.fundCodes)]
    if (body.op === 'add') {
      const known = await loadFunds(database, codes)
      const unknown = codes.filter((c) => !known.has(c))
      if (unknown.length) return fail(reply, 400, `unknown fund codes: ${unknown.join(', ')}`)
      await database.query(
        `insert into user_fund_picks (user_id, fund_code, seq)
         select $1, c, coalesce((select max(seq) from user_fund_picks where user_id = $1), 0) + o::int
         from unnest($2::text[]) with ordinality as t(c, o)
         on conflict (user_id, fund_code) do nothing`, [userId, codes])
    } else {
      await database.db.deleteFrom('user_fund_picks').where('user_id', '=', userId).where('fund_code', 'in', codes).execute()
    }
    return ok({ op: body.op, fundCodes: codes, list: await picked(userId) })
  })

  /** The picked fund codes in order (light; tells the app which funds are picked). */
  app.get('/list', async (req, reply) => {
    const userId = await requireUser(req, reply)
    if (!userId) return
    const list = await picked(userId)
    return ok({ list, totalCount: list.length })
  })

  /** The picked funds with their latest NAV, in order; ?fundCode= narrows to one (picked or not). */
  app.get('/detail', async (req, reply) => {
    const userId = await requireUser(req, reply)
    if (!userId) return
    const q = parseInput(z.object({ fundCode: fundCode.optional() }), req.query, reply)
    if (!q) return
    const list = await picked(userId)
    if (q.fundCode) {
      const hit = list.find((p) => p.fundCode === q.fundCode)
      return ok({ fundCode: q.fundCode, picked: Boolean(hit), seq: hit?.seq ?? null })
    }
    const funds = await loadFunds(database, list.map((p) => p.fundCode))
    return ok({ list: list.map((p) => ({ ...funds.get(p.fundCode), seq: p.seq })), totalCount: list.length })
  })

  /** Persists a new order: { fundCodes } must hold exactly the picked funds. */
  app.post('/manage-seq', async (req, reply) => {
    const userId = await requireUser(req, reply)
    if (!userId) return
    const body = parseInput(z.object({ fundCodes }), req.body, reply)
    if (!body) return
    const current = await picked(userId)
    const same = body.fundCodes.length === current.length && new Set(body.fundCodes).size === current.length && current.every((p) => body.fundCodes.includes(p.fundCode))
    if (!same) return fail(reply, 400, 'fundCodes must list every picked fund exactly once')
    await database.query(
      `update user_fund_picks p set seq = t.o from unnest($2::text[]) with ordinality as t(c, o) where p.user_id = $1 and p.fund_code = t.c`, [userId, body.fundCodes])
    return ok({ list: await picked(userId) })
  })
}
