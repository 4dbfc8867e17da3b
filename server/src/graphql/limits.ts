import {
  GraphQLError,
  Kind,
  type ASTVisitor,
  type DocumentNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
} from 'graphql'
import { fragmentPlan, type WalkStats } from './fragments'

/** Abuse limits for every operation; the portfolio page's largest query needs far less. */
export const GRAPHQL_LIMITS = { maxDepth: 12, maxAliases: 30, maxFields: 1500 }

/** What an operation would expand to, every fragment spread replaced by its fragment. */
export interface Measure {
  /** Fields nested (the operation's own selection is 1). */
  depth: number
  aliases: number
  fields: number
  /** Fragment spreads, each use counted (`...F ...F` is two, and each carries F's own spreads). */
  spreads: number
}

/** A selection set's measure: `depth` is how many field levels it nests below itself. */
function measureSet(set: SelectionSetNode, fragments: Map<string, Measure>, stats: WalkStats | undefined, acc: Measure): number {
  let height = 0
  for (const sel of set.selections) {
    if (stats) stats.visits++
    if (sel.kind === Kind.FIELD) {
      acc.fields++
      if (sel.alias) acc.aliases++
      // Nesting is bounded by the guard's check on the text (40 brackets), so this recursion is shallow.
      if (sel.selectionSet) height = Math.max(height, 1 + measureSet(sel.selectionSet, fragments, stats, acc))
    } else if (sel.kind === Kind.INLINE_FRAGMENT) {
      height = Math.max(height, measureSet(sel.selectionSet, fragments, stats, acc))
    } else {
      // A fragment is measured once (fragmentPlan's order puts it first); each use adds its measure.
      acc.spreads++
      const f = fragments.get(sel.name.value)
      if (f) {
        acc.fields += f.fields
        acc.aliases += f.aliases
        acc.spreads += f.spreads
        height = Math.max(height, f.depth)
      }
    }
  }
  return height
}

const measures = new WeakMap<DocumentNode, Map<OperationDefinitionNode, Measure> | null>()

/**
 * Each operation's measure, every fragment measured once and multiplied by its uses, so the work
 * is linear in the document's size (a chain of fragments each spreading the next twice would
 * otherwise take 2^N steps); null when the fragments spread each other in a cycle.
 */
export function operationMeasures(document: DocumentNode, stats?: WalkStats): Map<OperationDefinitionNode, Measure> | null {
  const cached = stats ? undefined : measures.get(document)
  if (cached !== undefined) return cached
  const plan = fragmentPlan(document, stats)
  let out: Map<OperationDefinitionNode, Measure> | null = null
  if (!plan.cycle) {
    const fragments = new Map<string, Measure>()
    for (const f of plan.order) {
      const acc: Measure = { depth: 0, aliases: 0, fields: 0, spreads: 0 }
      acc.depth = measureSet(f.selectionSet, fragments, stats, acc)
      fragments.set(f.name.value, acc)
    }
    out = new Map()
    for (const d of document.definitions) {
      if (d.kind !== Kind.OPERATION_DEFINITION) continue
      const acc: Measure = { depth: 0, aliases: 0, fields: 0, spreads: 0 }
      acc.depth = 1 + measureSet(d.selectionSet, fragments, stats, acc)
      out.set(d, acc)
    }
  }
  measures.set(document, out)
  return out
}

/** The largest depth, alias, field and spread counts over a document's operations; null for a fragment cycle. */
export function documentMeasure(document: DocumentNode, stats?: WalkStats): Measure | null {
  const ops = operationMeasures(document, stats)
  if (!ops) return null
  const out: Measure = { depth: 1, aliases: 0, fields: 0, spreads: 0 }
  for (const m of ops.values()) {
    out.depth = Math.max(out.depth, m.depth)
    out.aliases = Math.max(out.aliases, m.aliases)
    out.fields = Math.max(out.fields, m.fields)
    out.spreads = Math.max(out.spreads, m.spreads)
  }
  return out
}

/** A count for a message (a fragment bomb's counts reach 2^1000 and more). */
const shown = (n: number) => (n > 1e12 ? '超过 10^12' : String(n))

/**
 * The limits as one refusal (message and code), or null: the server answers it with HTTP 400
 * before anything runs; the validation rule below says the same for documents validated elsewhere.
 * Fields and fragment spreads count together against maxFields: a spread is work for every walk
 * of the document even when it adds no field.
 */
export function limitsRefusal(m: Measure): { message: string; code: string } | null {
  const { maxDepth, maxAliases, maxFields } = GRAPHQL_LIMITS
  if (m.depth > maxDepth) return { message: `查询层级过深：${m.depth} 层，超过上限 ${maxDepth} 层`, code: 'QUERY_TOO_DEEP' }
  if (m.aliases > maxAliases)
    return { message: `查询别名过多：${shown(m.aliases)} 个，超过上限 ${maxAliases} 个`, code: 'TOO_MANY_ALIASES' }
  if (m.fields + m.spreads > maxFields)
    return {
      message: `查询开销过大：${shown(m.fields)} 个字段、${shown(m.spreads)} 次片段引用，超过上限 ${maxFields}`,
      code: 'QUERY_TOO_COSTLY',
    }
  return null
}

/** Validation rule: the same limits, for documents validated on another path (a fragment cycle is NoFragmentCyclesRule's to report). */
export function limitsRule(context: ValidationContext): ASTVisitor {
  return {
    OperationDefinition(node) {
      const measure = operationMeasures(context.getDocument())?.get(node)
      const refusal = measure && limitsRefusal(measure)
      if (refusal) context.reportError(new GraphQLError(refusal.message, { nodes: [node], extensions: { code: refusal.code } }))
    },
  }
}
