import {
  GraphQLError,
  Kind,
  NoSchemaIntrospectionCustomRule,
  OperationTypeNode,
  specifiedRules,
  validate,
  type DocumentNode,
  type ExecutionResult,
  type GraphQLSchema,
} from 'graphql'
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit'
import { QueryAborted } from '../db/abort'
import { limitsRule } from './limits'
import { hasDirective } from './plugin-helpers'
import { planDefer, withDeferDirectives, type DeferPlan } from './deferred'
import { inChinese } from './messages'

interface Entry {
  /** The document has @defer: its operations are split (deferred), not compiled whole. */
  defer: boolean
  /** Compiled per operation name ('' for the only operation); only names the document defines. */
  compiled: Map<string, CompiledQuery | null>
  /** A @defer document's operations split for graphql-jit (deferred.ts), per operation name. */
  deferred: Map<string, DeferPlan | null>
  names: Set<string>
}

const MAX_ENTRIES = 500

/**
 * The hot path of POST /alfa/v1/graphql: a JSON request for a valid query or mutation without
 * @defer/@stream (whatever its Accept lists besides JSON: the app's lists multipart/mixed first) runs as a graphql-jit compiled query straight from Fastify, skipping
 * Yoga's fetch-API adaptation (measured: about 0.85 ms of each request); a @defer query for a client taking
 * multipart/mixed runs split (prepareDeferred, deferred.ts). Everything else
 * (invalid documents, @stream, what deferred.ts does not split, GET, subscriptions) goes to Yoga, which gives
 * the standard answers and errors. Answers are the same either way. Both caches are bounded:
 * documents (oldest out first) and, per document, the operations it really defines.
 */
export class FastPath {
  private readonly cache = new Map<DocumentNode, Entry | null>()
  private readonly rules: typeof specifiedRules
  /** The schema with @defer and @stream declared (Yoga's plugin adds them to its own copy): what documents are validated against. */
  private readonly validationSchema: GraphQLSchema

  constructor(
    private readonly schema: GraphQLSchema,
    { introspection = true }: { introspection?: boolean } = {},
  ) {
    this.rules = [...specifiedRules, limitsRule, ...(introspection ? [] : [NoSchemaIntrospectionCustomRule])]
    this.validationSchema = withDeferDirectives(schema)
  }

  private entry(document: DocumentNode, operationName: string | undefined): Entry | null {
    let entry = this.cache.get(document)
    if (entry === undefined) {
      entry = this.build(document)
      if (this.cache.size >= MAX_ENTRIES) this.cache.delete(this.cache.keys().next().value as DocumentNode)
      this.cache.set(document, entry)
    }
    // An operation name the document does not define is Yoga's error to answer (and is never cached).
    if (!entry || (operationName && !entry.names.has(operationName))) return null
    return entry
  }

  /** The split operation of a @defer document (initial selection and deferred fragments), or null to let Yoga answer it. */
  prepareDeferred(document: DocumentNode, operationName: string | undefined): DeferPlan | null {
    const entry = this.entry(document, operationName)
    if (!entry?.defer) return null
    const key = operationName ?? ''
    let plan = entry.deferred.get(key)
    if (plan === undefined) entry.deferred.set(key, (plan = planDefer(this.schema, document, operationName)))
    return plan
  }

  /** A compiled query for this (already parsed) request, or null to let Yoga answer it. */
  prepare(document: DocumentNode, operationName: string | undefined): CompiledQuery | null {
    const entry = this.entry(document, operationName)
    if (!entry || entry.defer) return null
    const key = operationName ?? ''
    let compiled = entry.compiled.get(key)
    if (compiled === undefined) {
      const result = compileQuery(this.schema, document, operationName)
      compiled = isCompiledQuery(result) ? result : null
      entry.compiled.set(key, compiled)
    }
    return compiled
  }

  private build(document: DocumentNode): Entry | null {
    if (hasDirective(document, 'stream')) return null
    if (document.definitions.some((d) => d.kind === Kind.OPERATION_DEFINITION && d.operation === OperationTypeNode.SUBSCRIPTION))
      return null
    if (validate(this.validationSchema, document, this.rules).length) return null
    const names = new Set(document.definitions.flatMap((d) => (d.kind === Kind.OPERATION_DEFINITION && d.name ? [d.name.value] : [])))
    return { defer: hasDirective(document, 'defer'), compiled: new Map(), deferred: new Map(), names }
  }
}

/** The media types of an Accept header, lower-case, without parameters, in the client's order (q values aside). */
function acceptedTypes(accept: string): string[] {
  return accept
    .split(',')
    .map((part) => part.split(';')[0].trim().toLowerCase())
    .filter(Boolean)
}

const JSON_TYPES = new Set(['application/json', 'application/graphql-response+json', 'application/*', '*/*'])

/**
 * Whether a JSON answer is one the client accepts: no Accept at all, or one naming a JSON type (the
 * app sends multipart/mixed first and both JSON types after it). A document without @defer/@stream has
 * a single result, so the fast path answers it as JSON whatever else the header lists; a client that
 * accepts only multipart/mixed or text/event-stream gets Yoga's answer in that format.
 */
export function acceptsJson(accept: string): boolean {
  const types = acceptedTypes(accept)
  return types.length === 0 || types.some((t) => JSON_TYPES.has(t))
}

/** Whether the client takes a multipart/mixed answer (incremental delivery of @defer: the app's Accept header lists it first). */
export function acceptsMultipart(accept: string): boolean {
  return acceptedTypes(accept).includes('multipart/mixed')
}

/** application/graphql-response+json when the client names it and not plain JSON; application/json otherwise. */
export function jsonTypeFor(accept: string): 'application/json' | 'application/graphql-response+json' {
  const types = acceptedTypes(accept)
  return types.includes('application/graphql-response+json') && !types.includes('application/json')
    ? 'application/graphql-response+json'
    : 'application/json'
}

/**
 * Yoga's masking, for the fast path: only GraphQLErrors thrown on purpose reach the client; any
 * other error is logged with its cause and answered as "Unexpected error."; graphql-jit's refusals
 * in Chinese (messages.ts), in production without suggestions (`suggestions: false`).
 */
export function maskErrors(
  result: ExecutionResult,
  log: (err: Error, path: readonly (string | number)[] | undefined) => void,
  { suggestions = true }: { suggestions?: boolean } = {},
): ExecutionResult {
  if (!result.errors?.length) return result
  return {
    ...result,
    errors: result.errors.map((err) => {
      const original = err.originalError
      if (!original || original instanceof GraphQLError) return inChinese(err, { suggestions })
      // A query refused because the request was cancelled is no fault to log (the answer was a 503 or nobody's).
      if (!(original instanceof QueryAborted)) log(original, err.path)
      return new GraphQLError('Unexpected error.', {
        nodes: err.nodes,
        path: err.path,
        source: err.source,
        positions: err.positions,
        extensions: { code: 'INTERNAL_SERVER_ERROR' },
      })
    }),
  }
}
