import { BREAK, visit, type DocumentNode } from 'graphql'

/** graphql-jit compiles @defer/@stream away silently, so those operations use the standard executor. */
export function hasDeferOrStream(document: DocumentNode): boolean {
  let found = false
  visit(document, {
    Directive(node) {
      if (node.name.value === 'defer' || node.name.value === 'stream') {
        found = true
        return BREAK
      }
      return undefined
    },
  })
  return found
}
