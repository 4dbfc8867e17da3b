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

/** The deepest field nesting of a document's operations (fragments followed once per use). */
export function documentDepth(document: import('graphql').DocumentNode): number {
  const fragments = new Map(
    document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((f) => [f.name.value, f]),
  )
  let depth = 1
  for (const d of document.definitions) {
    if (d.kind !== Kind.OPERATION_DEFINITION) continue
    const acc: Measure = { depth: 1, aliases: 0, fields: 0 }
    measure(d.selectionSet, (n) => fragments.get(n), 1, new Set(), acc)
    depth = Math.max(depth, acc.depth)
  }
  return depth
}

/** Validation rule: query depth, alias count and field count (a simple cost) with clear messages. */
export function limitsRule(context: ValidationContext): ASTVisitor {
  return {
    OperationDefinition(node) {
      const acc: Measure = { depth: 1, aliases: 0, fields: 0 }
      measure(node.selectionSet, (n) => context.getFragment(n), 1, new Set(), acc)
      const { maxDepth, maxAliases, maxFields } = GRAPHQL_LIMITS
      if (acc.depth > maxDepth)
        context.reportError(
          new GraphQLError(`Query is too deep: depth ${acc.depth} exceeds the limit of ${maxDepth}`, {
            nodes: [node],
            extensions: { code: 'QUERY_TOO_DEEP' },
          }),
        )
      if (acc.aliases > maxAliases)
        context.reportError(
          new GraphQLError(`Query has too many aliases: ${acc.aliases} exceeds the limit of ${maxAliases}`, {
            nodes: [node],
            extensions: { code: 'TOO_MANY_ALIASES' },
          }),
        )
      if (acc.fields > maxFields)
        context.reportError(
          new GraphQLError(`Query is too costly: ${acc.fields} fields exceed the limit of ${maxFields}`, {
            nodes: [node],
            extensions: { code: 'QUERY_TOO_COSTLY' },
          }),
        )
    },
  }
}
