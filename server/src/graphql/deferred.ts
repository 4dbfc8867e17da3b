import {
  GraphQLBoolean,
  GraphQLInt,
  GraphQLDirective,
  GraphQLNonNull,
  GraphQLSchema,
  GraphQLString,
  DirectiveLocation,
  Kind,
  OperationTypeNode,
  getNamedType,
  getNullableType,
  isListType,
  visit,
  type ASTNode,
  type DirectiveNode,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type FragmentSpreadNode,
  type GraphQLNamedType,
  type InlineFragmentNode,
  type OperationDefinitionNode,
  type SelectionNode,
  type SelectionSetNode,
} from 'graphql'
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit'
import { hasDirective } from './plugin-helpers'

/** One deferred fragment: its own compiled query (the path's fields, then the fragment's selection). */
export interface DeferredFragment {
  label?: string
  /** Response keys (aliases) from the root to the object the fragment's fields merge into. */
  path: string[]
  compiled: CompiledQuery
}

/** A @defer operation split for graphql-jit: the initial selection and one query per deferred fragment. */
export interface DeferPlan {
  initial: CompiledQuery
  deferred: DeferredFragment[]
}

/** A schema with @defer and @stream declared, as Yoga's defer-stream plugin adds them, to validate such documents against. */
export function withDeferDirectives(schema: GraphQLSchema): GraphQLSchema {
  const declared = (name: string) => schema.getDirective(name) != null
  const fragments = [DirectiveLocation.FRAGMENT_SPREAD, DirectiveLocation.INLINE_FRAGMENT]
  const extra = [
    declared('defer')
      ? null
      : new GraphQLDirective({
          name: 'defer',
          locations: fragments,
          args: { if: { type: new GraphQLNonNull(GraphQLBoolean), defaultValue: true }, label: { type: GraphQLString } },
        }),
    declared('stream')
      ? null
      : new GraphQLDirective({
          name: 'stream',
          locations: [DirectiveLocation.FIELD],
          args: {
            if: { type: new GraphQLNonNull(GraphQLBoolean), defaultValue: true },
            label: { type: GraphQLString },
            initialCount: { type: GraphQLInt, defaultValue: 0 },
          },
        }),
  ].filter((d): d is GraphQLDirective => d !== null)
  return extra.length ? new GraphQLSchema({ ...schema.toConfig(), directives: [...schema.getDirectives(), ...extra] }) : schema
}

const directive = (node: { directives?: readonly DirectiveNode[] }, name: string) => node.directives?.find((d) => d.name.value === name)
const conditional = (node: { directives?: readonly DirectiveNode[] }) => !!(directive(node, 'include') || directive(node, 'skip'))

interface Site {
  node: InlineFragmentNode | FragmentSpreadNode
  /** The fields and inline fragments from the operation's root down to the fragment. */
  ancestors: Array<FieldNode | InlineFragmentNode>
  path: string[]
  label?: string
}

/** Thrown inside the walk when the document has a @defer the fast path leaves to Yoga. */
class Unsupported extends Error {}

/**
 * Splits a query's @defer fragments off, or null to leave the document to Yoga's executor. Supported:
 * @defer on an inline fragment or a fragment spread written in the operation itself, with no `if` or a
 * literal `if: true` and a literal label, on a path of single objects (no list field above it), not inside
 * another @defer, a type condition other than its parent's type, or an @include/@skip. Not supported (Yoga
 * answers them): @stream, any other @defer, subscriptions and mutations, and whatever fails to compile.
 */
export function planDefer(schema: GraphQLSchema, document: DocumentNode, operationName: string | undefined): DeferPlan | null {
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)
  const operation = operationName ? operations.find((o) => o.name?.value === operationName) : operations.length === 1 ? operations[0] : null
  if (!operation || operation.operation !== OperationTypeNode.QUERY) return null
  const fragments = document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
  if (hasDirective(operation, 'stream') || fragments.some((f) => hasDirective(f, 'defer') || hasDirective(f, 'stream'))) return null
  const root = schema.getQueryType()
  if (!root) return null
  const sites: Site[] = []
  try {
    collect(schema, new Map(fragments.map((f) => [f.name.value, f])), operation.selectionSet, root, [], [], false, sites)
  } catch (err) {
    if (err instanceof Unsupported) return null
    throw err
  }
  if (!sites.length) return null
  const labels = sites.flatMap((s) => (s.label === undefined ? [] : [s.label]))
  if (new Set(labels).size !== labels.length) return null // Yoga refuses duplicate labels
  const deferred = new Set<ASTNode>(sites.map((s) => s.node))
  let empty = false
  const initialOperation = visit(operation, {
    InlineFragment: (node) => (deferred.has(node) ? null : undefined),
    FragmentSpread: (node) => (deferred.has(node) ? null : undefined),
    SelectionSet: {
      leave(node) {
        if (!node.selections.length) empty = true
      },
    },
  })
  // A selection left empty without its deferred fragments would need graphql-js's `{}`: Yoga answers it.
  if (empty) return null
  const compile = (op: OperationDefinitionNode): CompiledQuery | null => {
    const result = compileQuery(schema, { kind: Kind.DOCUMENT, definitions: [op, ...fragments] }, operation.name?.value)
    return isCompiledQuery(result) ? result : null
  }
  const initial = compile(initialOperation)
  if (!initial) return null
  const out: DeferredFragment[] = []
  for (const site of sites) {
    const compiled = compile({ ...operation, selectionSet: pathTo(site) })
    if (!compiled) return null
    out.push({ ...(site.label === undefined ? {} : { label: site.label }), path: site.path, compiled })
  }
  return { initial, deferred: out }
}

/** The selection set that reaches a deferred fragment's object along its path and selects the fragment there. */
function pathTo(site: Site): SelectionSetNode {
  const withoutDefer = site.node.directives?.filter((d) => d.name.value !== 'defer')
  let inner: SelectionNode = { ...site.node, directives: withoutDefer }
  for (let i = site.ancestors.length - 1; i >= 0; i--)
    inner = { ...site.ancestors[i], selectionSet: { kind: Kind.SELECTION_SET, selections: [inner] } }
  return { kind: Kind.SELECTION_SET, selections: [inner] }
}

function collect(
  schema: GraphQLSchema,
  fragments: Map<string, FragmentDefinitionNode>,
  set: SelectionSetNode,
  parent: GraphQLNamedType,
  ancestors: Array<FieldNode | InlineFragmentNode>,
  path: string[],
  /** Under a list field, an @include/@skip or a narrowing type condition: a @defer here goes to Yoga. */
  unsupportedHere: boolean,
  sites: Site[],
) {
  for (const sel of set.selections) {
    const defer = directive(sel, 'defer')
    if (sel.kind === Kind.FIELD) {
      if (!sel.selectionSet) continue
      const fields = 'getFields' in parent ? parent.getFields() : {}
      const def = fields[sel.name.value]
      if (!def) throw new Unsupported()
      const type = getNullableType(def.type)
      const key = sel.alias?.value ?? sel.name.value
      collect(
        schema,
        fragments,
        sel.selectionSet,
        getNamedType(type),
        [...ancestors, sel],
        [...path, key],
        unsupportedHere || isListType(type) || conditional(sel),
        sites,
      )
      continue
    }
    const typeName =
      sel.kind === Kind.INLINE_FRAGMENT ? sel.typeCondition?.name.value : fragments.get(sel.name.value)?.typeCondition.name.value
    const narrows = typeName !== undefined && typeName !== parent.name
    if (!defer) {
      // A spread without @defer: its fragment holds none (checked above).
      if (sel.kind === Kind.INLINE_FRAGMENT)
        collect(
          schema,
          fragments,
          sel.selectionSet,
          narrows ? (schema.getType(typeName) ?? parent) : parent,
          [...ancestors, sel],
          path,
          unsupportedHere || narrows || conditional(sel),
          sites,
        )
      continue
    }
    const ifArg = defer.arguments?.find((a) => a.name.value === 'if')
    const labelArg = defer.arguments?.find((a) => a.name.value === 'label')
    if (unsupportedHere || narrows || conditional(sel)) throw new Unsupported()
    if (ifArg && !(ifArg.value.kind === Kind.BOOLEAN && ifArg.value.value)) throw new Unsupported()
    if (labelArg && labelArg.value.kind !== Kind.STRING) throw new Unsupported()
    // A @defer inside a deferred fragment would need a part of its own after its parent's.
    if (sel.kind === Kind.INLINE_FRAGMENT && hasDirective(sel.selectionSet, 'defer')) throw new Unsupported()
    sites.push({
      node: sel,
      ancestors,
      path,
      ...(labelArg?.value.kind === Kind.STRING ? { label: labelArg.value.value } : {}),
    })
  }
}
