import type { FastifyReply, FastifySchemaCompiler } from 'fastify'
import type { FastifySchemaValidationError } from 'fastify/types/schema'
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod'
import { z, type ZodIssue, type ZodTypeAny } from 'zod'

/** Success envelope of every REST answer: { code: 200, msg: 'ok', data }. */
export const ok = <T>(data: T) => ({ code: 200, msg: 'ok', data })

export const fail = (reply: FastifyReply, status: number, msg: string, data?: unknown) =>
  reply.code(status).send(data === undefined ? { code: status, msg } : { code: status, msg, data })

/**
 * Validates a route's zod schemas (params, querystring, body) before its handler runs, through
 * fastify-type-provider-zod; a missing body is an empty object, so the message names the fields.
 */
export const validatorCompiler: FastifySchemaCompiler<ZodTypeAny> = (route) => {
  const check = zodValidatorCompiler(route)
  const objectLike = route.schema instanceof z.ZodObject
  return (data) => check(objectLike ? (data ?? {}) : data)
}

/** One line naming each bad field, `fundCodes: fundCodes must not be empty; op: Required`; the error handler answers 400 { code, msg }. */
export function schemaErrorFormatter(errors: FastifySchemaValidationError[], dataVar: string): Error {
  const msg = errors
    .map((e) => {
      const issue = (e.params as { issue?: ZodIssue } | undefined)?.issue
      if (!issue) return `${dataVar}${e.instancePath} ${e.message ?? ''}`.trim()
      return issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message
    })
    .join('; ')
  // Users may see it as a toast: a Chinese sentence first, the field-level detail after it.
  return new Error(/^[\u4e00-\u9fff]/.test(msg) ? msg : `请求参数有误（${msg}）`)
}
