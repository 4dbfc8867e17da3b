import type { FastifyReply } from 'fastify'
import type { ZodTypeAny, z } from 'zod'

/** Success envelope of every REST answer: { code: 200, msg: 'ok', data }. */
export const ok = <T>(data: T) => ({ code: 200, msg: 'ok', data })

/** Parses input with zod; on failure sends 400 { code, msg } naming the bad fields and returns undefined. */
export function parseInput<S extends ZodTypeAny>(schema: S, input: unknown, reply: FastifyReply): z.infer<S> | undefined {
  const result = schema.safeParse(input ?? {})
  if (result.success) return result.data
  const msg = result.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ')
  void reply.code(400).send({ code: 400, msg })
  return undefined
}

export const fail = (reply: FastifyReply, status: number, msg: string, data?: unknown) =>
  reply.code(status).send(data === undefined ? { code: status, msg } : { code: status, msg, data })
