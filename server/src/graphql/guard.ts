import {
  GraphQLError,
  Kind,
  getNamedType,
  getNullableType,
  isListType,
  isObjectType,
  isInterfaceType,
  parse,
  visit,
  BREAK,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql'
import { getArgumentValues } from 'graphql/execution/values'

/**
 * What every GraphQL request passes before it runs, on both paths (the graphql-jit fast path and
 * Yoga): a bounded nesting depth checked on the text (so a 20,000-level query never reaches the
 * recursive parser), a bounded token count, and a cost model in which list sizes multiply: a
 * page of 100 funds each computing its performance costs 100 times one fund. A request over the
 * budget is refused with a 400 before anything runs, so it cannot hold the database.
 */
export const GUARD_LIMITS = {
  /** Brackets ({ ( [) open at once in the text. */
  maxNesting: 40,
  /** Parser tokens. */
  maxTokens: 20_000,
  /** Cost units per request (see `operationCost`): the app's largest call (a strategy's NAV chart over Max with five series) needs about 12,500. */
  maxCost: 30_000,
}

/** Points in a series over each range (trading days), for the cost of series fields. */
const RANGE_POINTS: Record<string, number> = {
  '1M': 22,
  '3M': 64,
  '6M': 125,
  '1Y': 250,
  YTD: 250,
  '2Y': 500,
  '3Y': 750,
  '5Y': 1250,
  TEN_YEAR: 2500,
  MAX: 2500,
  SETUP: 2500,
  ALL: 2500,
}
/** A list field without a size argument counts as this many items. */
const DEFAULT_LIST_SIZE = 10
/**
 * Fields whose resolvers read a whole NAV history or compute over many rows, in cost units per
 * call (a unit is about one row read: a fund's performance reads its whole adjusted series).
 */
const HEAVY_FIELDS: Record<string, number> = {
  'Fund.performance': 250,
  'Fund.comparisonBenchmark': 50,
  'Fund.navRows': 20,
  'Query.fundFilter': 100,
  'Query.fundFilterCount': 100,
  'Query.myPicks': 100,
  'Query.fundRanking': 100,
  'Query.industryThemes': 100,
  'Query.managerList': 200,
  'Query.search': 50,
  'Query.fundDiagnosis': 80,
}

export class GuardError extends GraphQLError {
  constructor(message: string, code: string) {
    super(message, { extensions: { code } })
  }
}

/** The deepest bracket nesting of a GraphQL text, strings and comments skipped; stops counting past `limit`. */
export function nestingDepth(text: string, limit = Infinity): number {
  let depth = 0
  let max = 0
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (c === '#') {
      while (i < text.length && text[i] !== '\n') i++
    } else if (c === '"') {
      const block = text.startsWith('"""', i)
      i += block ? 3 : 1
      while (i < text.length && !(block ? text.startsWith('"""', i) : text[i] === '"' || text[i] === '\n')) i += text[i] === '\\' ? 2 : 1
      if (block) i += 2
    } else if (c === '{' || c === '(' || c === '[') {
      if (++depth > max && (max = depth) > limit) return max
    } else if (c === '}' || c === ')' || c === ']') depth = Math.max(0, depth - 1)
  }
  return max
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/

/** Whether a string literal of the document holds a control character (an escape such as \u0000 in the text). */
export function hasControlInLiterals(document: DocumentNode): boolean {
  let found = false
  visit(document, {
    StringValue(node) {
      if (CONTROL.test(node.value)) {
        found = true
        return BREAK
      }
      return undefined
    },
  })
  return found
}

/** Parsed documents by their text (bounded: the oldest goes first). */
export class DocumentCache {
  private readonly map = new Map<string, DocumentNode | GraphQLError>()
  constructor(private readonly size = 500) {}

  /** The parsed document, a GraphQLError for a syntax error, or throws GuardError when the text is too deep or too long. */
  get(text: string): DocumentNode | GraphQLError {
    const hit = this.map.get(text)
    if (hit) {
      this.map.delete(text)
      this.map.set(text, hit)
      return hit
    }
    const depth = nestingDepth(text, GUARD_LIMITS.maxNesting)
    if (depth > GUARD_LIMITS.maxNesting)
      throw new GuardError(`Query is too deep: more than ${GUARD_LIMITS.maxNesting} levels`, 'QUERY_TOO_DEEP')
    let parsed: DocumentNode | GraphQLError
    try {
      parsed = parse(text, { maxTokens: GUARD_LIMITS.maxTokens })
      if (hasControlInLiterals(parsed)) throw new GuardError('请求含有不允许的控制字符', 'BAD_USER_INPUT')
    } catch (err) {
      if (err instanceof GuardError) throw err
      if (err instanceof GraphQLError && /token limit/i.test(err.message))
        throw new GuardError(`Query is too long: more than ${GUARD_LIMITS.maxTokens} tokens`, 'QUERY_TOO_LONG')
      parsed = err instanceof GraphQLError ? err : new GraphQLError(String(err))
    }
    if (this.map.size >= this.size) this.map.delete(this.map.keys().next().value as string)
    this.map.set(text, parsed)
    return parsed
  }
}

interface Walk {
  schema: GraphQLSchema
  fragments: Map<string, FragmentDefinitionNode>
  variables: Record<string, unknown>
  total: number
}

function argumentsOf(field: GraphQLField<unknown, unknown>, node: FieldNode, variables: Record<string, unknown>): Record<string, any> {
  try {
    return getArgumentValues(field, node, variables)
  } catch {
    return {} // invalid arguments: validation answers them
  }
}

function rangePoints(range: unknown): number {
  return RANGE_POINTS[String(range ?? '1Y').toUpperCase()] ?? RANGE_POINTS['1Y']
}

/** How many items a list field stands for. */
function listSize(parent: GraphQLNamedType, name: string, args: Record<string, any>, range: unknown): number {
  const page = args.page as { size?: unknown } | undefined
  for (const v of [page?.size, args.size, args.limit, args.days]) if (typeof v === 'number' && v > 0) return Math.min(v, 10_000)
  // A connection's list was counted by the field that took the page.
  if (name === 'list' && parent.name.endsWith('Connection')) return 1
  return range !== undefined ? rangePoints(range) : DEFAULT_LIST_SIZE
}

function walk(w: Walk, set: SelectionSetNode, type: GraphQLNamedType, multiplier: number, range: unknown, seen: Set<string>) {
  for (const sel of set.selections) {
    if (w.total > GUARD_LIMITS.maxCost * 10) return // far over: no need to count on
    if (sel.kind === Kind.INLINE_FRAGMENT) {
      const cond = sel.typeCondition ? w.schema.getType(sel.typeCondition.name.value) : type
      walk(w, sel.selectionSet, cond ?? type, multiplier, range, seen)
    } else if (sel.kind === Kind.FRAGMENT_SPREAD) {
      const frag = w.fragments.get(sel.name.value)
      if (!frag || seen.has(frag.name.value)) continue
      seen.add(frag.name.value)
      walk(w, frag.selectionSet, w.schema.getType(frag.typeCondition.name.value) ?? type, multiplier, range, seen)
      seen.delete(frag.name.value)
    } else {
      if (sel.name.value.startsWith('__')) continue
      if (!isObjectType(type) && !isInterfaceType(type)) continue
      const field = type.getFields()[sel.name.value]
      if (!field) continue
      const args = argumentsOf(field, sel, w.variables)
      const ownRange = 'range' in args ? (args.range ?? '1Y') : range
      w.total += multiplier * (HEAVY_FIELDS[`${type.name}.${field.name}`] ?? 0)
      const isList = isListType(getNullableType(field.type))
      const size = isList ? listSize(type, field.name, args, ownRange) : 1
      // A paged field (a connection) multiplies what is under its list by the page size.
      const pageSize = field.args.some((a) => a.name === 'page')
        ? ((args.page as { size?: number } | undefined)?.size ?? DEFAULT_LIST_SIZE)
        : 1
      const childMultiplier = multiplier * size * pageSize
      if (sel.selectionSet) {
        // Each object resolved costs one unit; scalar fields of an object are free.
        w.total += childMultiplier
        walk(w, sel.selectionSet, getNamedType(field.type), childMultiplier, ownRange, seen)
      } else if (isList) w.total += (multiplier * size) / 10
    }
  }
}

/** The cost of running one operation of `document` with these variables (see GUARD_LIMITS.maxCost). */
export function operationCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown>,
): number {
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)
  const op = operationName ? operations.find((o) => o.name?.value === operationName) : operations.length === 1 ? operations[0] : undefined
  if (!op) return 0 // no such operation: execution answers with its error
  const root =
    op.operation === 'mutation'
      ? schema.getMutationType()
      : op.operation === 'subscription'
        ? schema.getSubscriptionType()
        : schema.getQueryType()
  if (!root) return 0
  const fragments = new Map(
    document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((f) => [f.name.value, f]),
  )
  const w: Walk = { schema, fragments, variables, total: 0 }
  walk(w, op.selectionSet, root, 1, undefined, new Set())
  return w.total
}
