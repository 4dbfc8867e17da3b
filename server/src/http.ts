import type { FastifyError, FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify'
import type { FastifySchemaValidationError, FastifySerializerCompiler } from 'fastify/types/schema'
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod'
import { z, type ZodIssue, type ZodTypeAny } from 'zod'

/** Success envelope of every REST answer: { code: 200, msg: 'ok', data }. */
export const ok = <T>(data: T) => ({ code: 200 as const, msg: 'ok' as const, data })

/** A route's success answer as its response schema: the envelope around the data's schema (common/apiSchema.ts). */
export const answer = <T extends ZodTypeAny>(data: T) => z.object({ code: z.literal(200), msg: z.literal('ok'), data })

/** A failure answer's schema, { code: status, msg }; the x-sign check (security.ts) adds data.reason. */
export const failure = <S extends number>(status: S) =>
  z.object({ code: z.literal(status), msg: z.string(), data: z.object({ reason: z.string() }).optional() })

/**
 * A route's response schemas: its data on 200 and { code, msg } on each failure status it answers.
 * Each failure's code is its own literal, so the handler's return type is checked against the data alone.
 */
export function answers<T extends ZodTypeAny, S extends number = never>(data: T, ...statuses: S[]) {
  return { 200: answer(data), ...Object.fromEntries(statuses.map((status) => [status, failure(status)])) } as {
    200: ReturnType<typeof answer<T>>
  } & { [K in S]: ReturnType<typeof failure<K>> }
}

/**
 * A failure a route means to answer: thrown, the error handler answers its status with
 * { code: status, msg } (and data, headers when given), whatever the status, 5xx included.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: { data?: unknown; headers?: Record<string, string> } = {},
  ) {
    super(message)
  }
}

/** Named failures, each with the Chinese message the user sees: `throw httpError.notFound('基金不存在')`. */
export const httpError = {
  badRequest: (msg: string) => new HttpError(400, msg),
  unauthorized: (msg: string) => new HttpError(401, msg),
  forbidden: (msg: string) => new HttpError(403, msg),
  notFound: (msg: string) => new HttpError(404, msg),
  /** The thing is not in the state the request needs (a stream already live, say). */
  conflict: (msg: string) => new HttpError(409, msg),
  /** The client must retry as a WebSocket upgrade. */
  upgradeRequired: (msg: string) => new HttpError(426, msg, { headers: { upgrade: 'websocket' } }),
  /** Over a rate or a cap; with retryAfterSeconds, the answer says when to try again (retry-after). */
  tooManyRequests: (msg: string, retryAfterSeconds?: number) =>
    new HttpError(429, msg, retryAfterSeconds === undefined ? {} : { headers: { 'retry-after': String(retryAfterSeconds) } }),
  /** A host service (WeChat, Baidu) failed or is unreachable. */
  badGateway: (msg: string) => new HttpError(502, msg),
  /** A service that is not configured here, or not available now. */
  serviceUnavailable: (msg: string) => new HttpError(503, msg),
}

/** The message of every unexpected failure: its cause goes to the log, never to the client. */
export const INTERNAL_MESSAGE = '服务器开小差了，请稍后再试'

/** Fastify's own refusals of a request body or address, in words the user reads (its messages are English). */
const BODY_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: '请求地址无效：含有无法解码的字符',
  FST_ERR_MAX_PARAM_LENGTH: '请求地址中的参数过长',
  FST_ERR_CTP_BODY_TOO_LARGE: '请求内容过大',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: '不支持该请求内容类型，请以 JSON（application/json）发送',
  FST_ERR_CTP_INVALID_JSON_BODY: '请求内容不是有效的 JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: '请求内容为空，应为 JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: '请求内容的长度与 Content-Length 不符',
}

/** A Fastify refusal's message in Chinese (the router's frameworkErrors in app.ts, and the error handler below). */
export const fastifyRefusal = (err: { code?: string; message: string }) => (err.code && BODY_MESSAGES[err.code]) || err.message

/**
 * Every failure in the API's shape, { code: status, msg }: named failures (HttpError) as they are,
 * other 4xx (input validation, body too large) with their message, anything else a 500 logged with its cause.
 */
export function errorHandler(err: FastifyError | HttpError, req: FastifyRequest, reply: FastifyReply) {
  if (err instanceof HttpError) {
    const { data, headers } = err.extra
    if (headers) reply.headers(headers)
    return reply
      .code(err.statusCode)
      .send(data === undefined ? { code: err.statusCode, msg: err.message } : { code: err.statusCode, msg: err.message, data })
  }
  const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500
  if (status === 500) req.log.error({ err: { message: err.message, code: err.code, stack: err.stack } }, 'request failed')
  const msg = status === 500 ? INTERNAL_MESSAGE : fastifyRefusal(err)
  return reply.code(status).send({ code: status, msg })
}

/** An answer that does not fit its route's response schema: a 500, and the log names each field that broke it. */
export class AnswerOutOfContract extends Error {
  constructor(method: string, url: string, issues: ZodIssue[]) {
    // Paths and codes only: the values may be a user's data.
    super(
      `${method} ${url} answered outside its response schema: ${issues.map((i) => `${i.path.join('.') || '(root)'} ${i.code}`).join('; ')}`,
    )
  }
}

/**
 * Serialises a route's answer through its zod response schema for that status: the answer is
 * checked against the contract (common/apiSchema.ts) where it is written, and only the contract's
 * fields are sent.
 */
export const serializerCompiler: FastifySerializerCompiler<ZodTypeAny> =
  ({ schema, method, url }) =>
  (data) => {
    const result = schema.safeParse(data)
    if (!result.success) throw new AnswerOutOfContract(method, url, result.error.issues)
    return JSON.stringify(result.data)
  }

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
// eslint-disable-next-line no-control-regex -- the control characters (and lone surrogates) input may not carry
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
