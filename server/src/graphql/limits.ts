import { GraphQLError, Kind, type ASTVisitor, type FragmentDefinitionNode, type SelectionSetNode, type ValidationContext } from 'graphql'

/** Abuse limits for every operation; the portfolio page's largest query needs far less. */
export const GRAPHQL_LIMITS = { maxDepth: 12, maxAliases: 30, maxFields: 1500 }

interface Measure {
  depth: number
  aliases: number
  fields: number
}

function measure(
  set: SelectionSetNode,
  fragments: (name: string) => FragmentDefinitionNode | null | undefined,
  depth: number,
  seen: Set<string>,
  acc: Measure,
) {
  for (const sel of set.selections) {
    if (sel.kind === Kind.FIELD) {
      acc.fields++
      if (sel.alias) acc.aliases++
      if (sel.selectionSet) {
        acc.depth = Math.max(acc.depth, depth + 1)
        measure(sel.selectionSet, fragments, depth + 1, seen, acc)
      }
    } else if (sel.kind === Kind.INLINE_FRAGMENT) {
      measure(sel.selectionSet, fragments, depth, seen, acc)
    } else {
      const name = sel.name.value
      const frag = fragments(name)
      if (frag && !seen.has(name)) {
        // A spread is counted each time it is used (that is what it costs), but never recursively.
        seen.add(name)
        measure(frag.selectionSet, fragments, depth, seen, acc)
        seen.delete(name)
      }
    }
    if (acc.fields > GRAPHQL_LIMITS.maxFields * 2) return // already far over: stop walking
  }
}

/** The largest depth, alias count and field count over a document's operations (fragments followed once per use). */
export function documentMeasure(document: import('graphql').DocumentNode): Measure {
  const fragments = new Map(
    document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((f) => [f.name.value, f]),
  )
  const out: Measure = { depth: 1, aliases: 0, fields: 0 }
  for (const d of document.definitions) {
    if (d.kind !== Kind.OPERATION_DEFINITION) continue
    const acc: Measure = { depth: 1, aliases: 0, fields: 0 }
    measure(d.selectionSet, (n) => fragments.get(n), 1, new Set(), acc)
    out.depth = Math.max(out.depth, acc.depth)
    out.aliases = Math.max(out.aliases, acc.aliases)
    out.fields = Math.max(out.fields, acc.fields)
  }
  return out
}

/**
 * The limits as one refusal (message and code), or null: the server answers it with HTTP 400
 * before anything runs; the validation rule below says the same for documents validated elsewhere.
 */
export function limitsRefusal(m: Measure): { message: string; code: string } | null {
  const { maxDepth, maxAliases, maxFields } = GRAPHQL_LIMITS
  if (m.depth > maxDepth) return { message: `Query is too deep: depth ${m.depth} exceeds the limit of ${maxDepth}`, code: 'QUERY_TOO_DEEP' }
  if (m.aliases > maxAliases)
    return { message: `Query has too many aliases: ${m.aliases} exceeds the limit of ${maxAliases}`, code: 'TOO_MANY_ALIASES' }
  if (m.fields > maxFields)
    return { message: `Query is too costly: ${m.fields} fields exceed the limit of ${maxFields}`, code: 'QUERY_TOO_COSTLY' }
  return null
}

/** Validation rule: the same limits, for documents validated on another path. */
export function limitsRule(context: ValidationContext): ASTVisitor {
  return {
    OperationDefinition(node) {
      const acc: Measure = { depth: 1, aliases: 0, fields: 0 }
      measure(node.selectionSet, (n) => context.getFragment(n), 1, new Set(), acc)
      const refusal = limitsRefusal(acc)
      if (refusal) context.reportError(new GraphQLError(refusal.message, { nodes: [node], extensions: { code: refusal.code } }))
    },
  }
}
