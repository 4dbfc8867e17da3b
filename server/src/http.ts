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

/** Deepest JSON nesting any call takes (objects and arrays): the app sends at most a few levels. */
export const MAX_JSON_DEPTH = 32

/** Input the server refuses with a 400 and a Chinese message (the error handler answers { code, msg }). */
export class BadInput extends Error {
  readonly statusCode = 400
}

export const TOO_DEEP_MESSAGE = `请求内容嵌套过深（最多 ${MAX_JSON_DEPTH} 层）`
export const CONTROL_MESSAGE = '请求含有不允许的控制字符'

/**
 * Whether JSON text nests objects and arrays deeper than `max`: one pass over the characters,
 * brackets inside strings skipped, so a 5,000-deep body is refused before JSON.parse builds it.
 */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c)
        i++ // backslash: the next character is escaped
      else if (c === 0x22) inString = false
    } else if (c === 0x22) inString = true
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true
    } else if (c === 0x7d || c === 0x5d) depth--
  }
  return false
}

/**
 * C0 control characters other than tab, line feed and carriage return, and DEL: no field of any
 * call carries them, and NUL breaks PostgreSQL text and jsonb. Lone UTF-16 surrogates (an escaped
 * "\ud800") are refused with them: PostgreSQL's jsonb cannot hold one either.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/**
 * Whether a parsed value (body, query, params) holds a control character in any key or string,
 * however deep: an explicit stack, not recursion, so no nesting can overflow it.
 */
export function hasControlCharacter(value: unknown): boolean {
  const stack: unknown[] = [value]
  while (stack.length) {
    const v = stack.pop()
    if (typeof v === 'string') {
      if (CONTROL.test(v)) return true
    } else if (Array.isArray(v)) {
      for (const item of v) stack.push(item)
    } else if (v !== null && typeof v === 'object') {
      for (const [k, item] of Object.entries(v)) {
        if (CONTROL.test(k)) return true
        stack.push(item)
      }
    }
  }
  return false
}

/** JSON text from a client: refused (BadInput) when nested deeper than MAX_JSON_DEPTH or holding a control character once parsed. */
export function parseClientJson(text: string): unknown {
  if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) throw new BadInput(TOO_DEEP_MESSAGE)
  const value: unknown = JSON.parse(text)
  if (hasControlCharacter(value)) throw new BadInput(CONTROL_MESSAGE)
  return value
}
