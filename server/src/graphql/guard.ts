import {
  GraphQLError,
  Kind,
  OperationTypeNode,
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
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql'
import { getArgumentValues } from 'graphql/execution/values'
import { cycleMessage, fragmentPlan, type WalkStats } from './fragments'
import { documentMeasure, limitsRefusal } from './limits'

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
/** Lists whose length is bounded by what they hold, not by the range above them (基金对比: at most 4 funds, 240 chart points). */
const LIST_SIZES: Record<string, number> = {
  'FundComparison.funds': 4,
  'FundComparison.chartFundCodes': 4,
  'FundComparison.series': 240,
  'FundComparison.overlaps': 6,
  'FundComparison.best': 40,
  'ComparisonPoint.values': 4,
  'ComparedFund.periodReturns': 8,
  'ComparedFund.yearlyReturns': 30,
  'ComparedFund.managers': 1,
  'HoldingsOverlap.commonNames': 10,
}
/** The ranges a fragment can be used under: none, or one of the sizes above. */
const RANGES: Points[] = [undefined, ...new Set(Object.values(RANGE_POINTS))]
/** A list field without a size argument counts as this many items. */
const DEFAULT_LIST_SIZE = 10
/**
 * Fields whose resolvers query the database or compute over many rows, in cost units per call; a
 * function of the range's points for a field that reads its range whatever page it answers. A unit
 * is about 40 µs of the server's time on a busy 2-core machine: the weights come from
 * server/bench/cost.ts, which runs the heaviest query of each shape the budget admits (a fund's
 * performance reads and folds its whole adjusted series: 250).
 */
const HEAVY_FIELDS: Record<string, number | ((points: number) => number)> = {
  'Fund.performance': 250,
  // 口径 reads a fund's whole history and its events, reconciles and replays them, per call: about 40 ms (bench/cost.ts).
  'Fund.figureBasis': 1000,
  'Fund.comparisonBenchmark': 50,
  'Fund.navRows': 100,
  'Manager.funds': 10,
  'Manager.managedFunds': 30,
  'Portfolio.dailyNavs': (points) => 60 + points / 20,
  'Portfolio.tradeRule': 60,
  'Portfolio.adjustments': 30,
  'Portfolio.manager': 30,
  'Portfolio.composition': 20,
  'Portfolio.timelinePosts': 20,
  'Portfolio.comparableBenchmarks': 50,
  'Portfolio.capitalAccountHoldings': 50,
  'Portfolio.introVideo': 30,
  'Portfolio.investorMessages': 40,
  'Portfolio.latestSignal': 10,
  'Portfolio.followersCount': 5,
  'Portfolio.investedUnit': 5,
  'Portfolio.hasSigned': 10,
  'Portfolio.hasFollowed': 10,
  'Signal.buyOrders': 15,
  'Signal.convertOrders': 15,
  'Query.fundFilter': 100,
  'Query.fundFilterCount': 100,
  'Query.myPicks': 100,
  'Query.fundRanking': 100,
  'Query.industryThemes': 100,
  'Query.managerList': 1000,
  'Query.search': 50,
  'Query.fundDiagnosis': 2500,
  // Four funds' whole series read and folded as Fund.performance does, the chart and the managers' tenures.
  'Query.fundComparison': 1200,
  'Query.aipCalculation': 250,
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

// eslint-disable-next-line no-control-regex -- the control characters a variable may not carry
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

/**
 * Why a request's variables (JSON parsed from the body or the GET query string) are refused, or
 * null: a control character in any string or key at any depth (they would reach the database), or
 * nesting deeper than the text's bracket limit (no variable of the API nests more than a few
 * levels, and a deep one would overflow the stack of whatever serialises it). An explicit stack,
 * so no depth overflows this check either.
 */
export function variablesRefusal(variables: unknown): GuardError | null {
  const stack: Array<[unknown, number]> = [[variables, 0]]
  while (stack.length) {
    const [value, depth] = stack.pop()!
    if (typeof value === 'string') {
      if (CONTROL.test(value)) return new GuardError('请求含有不允许的控制字符', 'BAD_USER_INPUT')
    } else if (value !== null && typeof value === 'object') {
      if (depth >= GUARD_LIMITS.maxNesting) return new GuardError(`变量嵌套过深：超过 ${GUARD_LIMITS.maxNesting} 层`, 'BAD_USER_INPUT')
      if (Array.isArray(value)) for (const v of value) stack.push([v, depth + 1])
      else
        for (const [k, v] of Object.entries(value)) {
          if (CONTROL.test(k)) return new GuardError('请求含有不允许的控制字符', 'BAD_USER_INPUT')
          stack.push([v, depth + 1])
        }
    }
  }
  return null
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
    if (depth > GUARD_LIMITS.maxNesting) throw new GuardError(`查询嵌套过深：超过 ${GUARD_LIMITS.maxNesting} 层`, 'QUERY_TOO_DEEP')
    let parsed: DocumentNode | GraphQLError
    try {
      parsed = parse(text, { maxTokens: GUARD_LIMITS.maxTokens })
      if (hasControlInLiterals(parsed)) throw new GuardError('请求含有不允许的控制字符', 'BAD_USER_INPUT')
    } catch (err) {
      if (err instanceof GuardError) throw err
      if (err instanceof GraphQLError && /token limit/i.test(err.message))
        throw new GuardError(`查询过长：超过 ${GUARD_LIMITS.maxTokens} 个词法单元`, 'QUERY_TOO_LONG')
      parsed = err instanceof GraphQLError ? err : new GraphQLError(String(err))
    }
    if (this.map.size >= this.size) this.map.delete(this.map.keys().next().value as string)
    this.map.set(text, parsed)
    return parsed
  }
}

/** Points of the nearest enclosing `range`, or undefined outside any ranged field. */
type Points = number | undefined

interface Walk {
  schema: GraphQLSchema
  variables: Record<string, unknown>
  /** Arguments per field node (a fragment is walked once per range it is used under). */
  args: Map<FieldNode, Record<string, unknown>>
  /** Each fragment's cost for one use, per enclosing range (fragments are costed before the sets that spread them). */
  fragments: Map<string, Map<Points, number>>
  stats?: WalkStats
}

function argumentsOf(w: Walk, field: GraphQLField<unknown, unknown>, node: FieldNode): Record<string, unknown> {
  let args = w.args.get(node)
  if (!args) {
    try {
      args = getArgumentValues(field, node, w.variables)
    } catch {
      args = {} // invalid arguments: validation answers them
    }
    w.args.set(node, args)
  }
  return args
}

function rangePoints(range: unknown): number {
  return RANGE_POINTS[(typeof range === 'string' ? range : '1Y').toUpperCase()] ?? RANGE_POINTS['1Y']
}

/** A size argument as the cost counts it: a positive number up to 10,000; anything else is refused when it runs, or is the default. */
const sizeOf = (v: unknown): number | undefined => (typeof v === 'number' && v > 0 ? Math.min(v, 10_000) : undefined)

/** How many items a list field stands for. */
function listSize(parent: GraphQLNamedType, name: string, args: Record<string, unknown>, points: Points): number {
  const fixed = LIST_SIZES[`${parent.name}.${name}`]
  if (fixed) return fixed
  const page = args.page as { size?: unknown } | undefined
  for (const v of [page?.size, args.size, args.limit, args.days]) if (sizeOf(v)) return sizeOf(v)!
  // A connection's list was counted by the field that took the page.
  if (name === 'list' && parent.name.endsWith('Connection')) return 1
  return points ?? DEFAULT_LIST_SIZE
}

/** `n` items each costing `each`: 0 for no items whatever each costs (a fragment bomb's cost is Infinity). */
const times = (n: number, each: number) => (n === 0 ? 0 : n * each)

/** The cost of one run of `set` on an object of `type` under a range of `points`; fragments spread in it are costed already. */
function costOf(w: Walk, set: SelectionSetNode, type: GraphQLNamedType, points: Points): number {
  let total = 0
  for (const sel of set.selections) {
    if (w.stats) w.stats.visits++
    if (sel.kind === Kind.INLINE_FRAGMENT) {
      const cond = sel.typeCondition ? w.schema.getType(sel.typeCondition.name.value) : type
      total += costOf(w, sel.selectionSet, cond ?? type, points)
    } else if (sel.kind === Kind.FRAGMENT_SPREAD) {
      total += w.fragments.get(sel.name.value)?.get(points) ?? 0
    } else {
      if (sel.name.value.startsWith('__')) continue
      if (!isObjectType(type) && !isInterfaceType(type)) continue
      const field = type.getFields()[sel.name.value]
      if (!field) continue
      const args = argumentsOf(w, field, sel)
      // A field with a range argument reads that range (1Y when absent, as the resolvers do) for everything under it.
      const own = field.args.some((a) => a.name === 'range') ? rangePoints(args.range) : points
      const weight = HEAVY_FIELDS[`${type.name}.${field.name}`] ?? 0
      total += typeof weight === 'number' ? weight : weight(own ?? RANGE_POINTS['1Y'])
      const isList = isListType(getNullableType(field.type))
      const size = isList ? listSize(type, field.name, args, own) : 1
      // A paged field (a connection) multiplies what is under its list by the page size.
      const pageSize = field.args.some((a) => a.name === 'page')
        ? (sizeOf((args.page as { size?: unknown } | undefined)?.size) ?? DEFAULT_LIST_SIZE)
        : 1
      if (sel.selectionSet) {
        // Each object resolved costs one unit; scalar fields of an object are free.
        total += times(size * pageSize, 1 + costOf(w, sel.selectionSet, getNamedType(field.type), own))
      } else if (isList) total += size / 10
    }
  }
  return total
}

/**
 * The cost of running one operation of `document` with these variables (see GUARD_LIMITS.maxCost),
 * list sizes multiplied through every level and every fragment use. Each fragment is costed once
 * per enclosing range (none, or one of RANGE_POINTS' few sizes) and its cost multiplied by its uses,
 * so the work is linear in the document's size. Infinity when the fragments spread each other in a
 * cycle (the guard refuses that first).
 */
export function operationCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown>,
  stats?: WalkStats,
): number {
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)
  const op = operationName ? operations.find((o) => o.name?.value === operationName) : operations.length === 1 ? operations[0] : undefined
  if (!op) return 0 // no such operation: execution answers with its error
  const root =
    op.operation === OperationTypeNode.MUTATION
      ? schema.getMutationType()
      : op.operation === OperationTypeNode.SUBSCRIPTION
        ? schema.getSubscriptionType()
        : schema.getQueryType()
  if (!root) return 0
  const plan = fragmentPlan(document, stats)
  if (plan.cycle) return Infinity
  const w: Walk = { schema, variables, args: new Map(), fragments: new Map(), stats }
  for (const f of plan.order) {
    const type = schema.getType(f.typeCondition.name.value)
    const costs = new Map<Points, number>()
    // An unknown type condition is validation's to refuse.
    if (type) for (const points of RANGES) costs.set(points, costOf(w, f.selectionSet, type, points))
    w.fragments.set(f.name.value, costs)
  }
  return costOf(w, op.selectionSet, root, undefined)
}

/**
 * Every check a parsed document passes before it runs, each linear in the document's size:
 * fragment cycles first (before any walk that follows spreads), then the depth, alias and
 * field limits, then the cost of the operation with these variables. Throws a GuardError (400).
 */
export function checkDocument(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown>,
  stats?: WalkStats,
): void {
  const plan = fragmentPlan(document, stats)
  if (plan.cycle) throw new GuardError(cycleMessage(plan.cycle), 'FRAGMENT_CYCLE')
  const refusal = limitsRefusal(documentMeasure(document, stats)!)
  if (refusal) throw new GuardError(refusal.message, refusal.code)
  const cost = operationCost(schema, document, operationName, variables, stats)
  if (!(cost <= GUARD_LIMITS.maxCost))
    throw new GuardError(
      `查询开销过大：${cost > 1e12 ? '超过 10^12' : Math.round(cost)} 个单位，超过上限 ${GUARD_LIMITS.maxCost}（列表大小相乘，请缩小分页或区间）`,
      'QUERY_TOO_COSTLY',
    )
}

/** Passed checks per parsed document (the DocumentCache hands out one object per text): operation name and variables → passed. */
const passed = new WeakMap<DocumentNode, Map<string, true>>()
const PASSED_PER_DOCUMENT = 64

/**
 * checkDocument, remembered when it passes: the app sends the same few documents with the same
 * variables again and again, and the walk is the same pure function of them (about 0.8 ms of a
 * strategy detail's request). A refusal is not remembered: it throws each time.
 */
export function checkDocumentOnce(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown>,
): void {
  const key = `${operationName ?? ''}\u0000${JSON.stringify(variables)}`
  let seen = passed.get(document)
  if (seen?.has(key)) return
  checkDocument(schema, document, operationName, variables)
  if (!seen) passed.set(document, (seen = new Map()))
  if (seen.size >= PASSED_PER_DOCUMENT) seen.delete(seen.keys().next().value as string)
  seen.set(key, true)
}
