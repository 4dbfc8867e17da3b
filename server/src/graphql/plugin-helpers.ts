import { BREAK, visit, type ASTNode, type DocumentNode } from 'graphql'

/** Whether a directive of this name is used anywhere in the node (a document, an operation, a fragment). */
export function hasDirective(node: ASTNode, name: string): boolean {
  let found = false
  visit(node, {
    Directive(d) {
      if (d.name.value !== name) return undefined
      found = true
      return BREAK
    },
  })
  return found
}

/** graphql-jit compiles @defer/@stream away silently: such documents are split first (deferred.ts) or use the standard executor. */
export function hasDeferOrStream(document: DocumentNode): boolean {
  return hasDirective(document, 'defer') || hasDirective(document, 'stream')
}
