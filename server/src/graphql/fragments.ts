import { Kind, type DocumentNode, type FragmentDefinitionNode, type SelectionSetNode } from 'graphql'

/**
 * Work counters of the document walks (tests assert on them: every walk must stay linear in the
 * document's size, however often its fragments are spread).
 */
export interface WalkStats {
  /** Selections (fields, inline fragments, fragment spreads) visited, over every pass. */
  visits: number
}

/** A document's named fragments, each after every fragment it spreads; or the first spread cycle. */
export type FragmentPlan =
  | { cycle: null; fragments: Map<string, FragmentDefinitionNode>; order: FragmentDefinitionNode[] }
  | { cycle: string[]; fragments: Map<string, FragmentDefinitionNode>; order: null }

/** Calls `spread` for every fragment spread in `set` (nested fields and inline fragments included), once per occurrence. */
function spreadsIn(set: SelectionSetNode, spread: (name: string) => void, stats?: WalkStats) {
  for (const sel of set.selections) {
    if (stats) stats.visits++
    if (sel.kind === Kind.FRAGMENT_SPREAD) spread(sel.name.value)
    else if (sel.selectionSet) spreadsIn(sel.selectionSet, spread, stats) // nesting is bounded by the guard's text check
  }
}

const plans = new WeakMap<DocumentNode, FragmentPlan>()

/**
 * Orders the fragments so that each comes after those it spreads (a walk in this order meets
 * every spread's fragment already measured, so a fragment is measured once however often it is
 * used), or finds a cycle (F spreads G spreads F), which would make any expansion endless. One pass
 * over each fragment's selections plus an iterative depth-first search: linear in the document.
 * Fragments are looked up as validation does (a later definition of a name replaces an earlier
 * one; validation refuses both duplicates and unknown names).
 */
export function fragmentPlan(document: DocumentNode, stats?: WalkStats): FragmentPlan {
  const cached = stats ? undefined : plans.get(document)
  if (cached) return cached
  const fragments = new Map<string, FragmentDefinitionNode>()
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d)
  const edges = new Map<string, string[]>()
  for (const [name, f] of fragments) {
    const out = new Set<string>()
    spreadsIn(f.selectionSet, (n) => fragments.has(n) && out.add(n), stats)
    edges.set(name, [...out])
  }
  // 1: on the search path, 2: done.
  const state = new Map<string, 1 | 2>()
  const order: FragmentDefinitionNode[] = []
  let plan: FragmentPlan | undefined
  for (const root of fragments.keys()) {
    if (state.has(root)) continue
    const path: Array<{ name: string; next: number }> = [{ name: root, next: 0 }]
    state.set(root, 1)
    while (path.length && !plan) {
      const top = path[path.length - 1]
      const targets = edges.get(top.name)!
      if (top.next < targets.length) {
        const target = targets[top.next++]
        const seen = state.get(target)
        if (seen === 1) {
          const from = path.findIndex((p) => p.name === target)
          plan = { cycle: [...path.slice(from).map((p) => p.name), target], fragments, order: null }
        } else if (seen === undefined) {
          state.set(target, 1)
          path.push({ name: target, next: 0 })
        }
      } else {
        state.set(top.name, 2)
        order.push(fragments.get(top.name)!)
        path.pop()
      }
    }
    if (plan) break
  }
  plan ??= { cycle: null, fragments, order }
  plans.set(document, plan)
  return plan
}

/** The refusal of a fragment cycle, in the words the client sees. */
export function cycleMessage(cycle: string[]): string {
  return `查询中的片段循环引用（${cycle.join(' → ')}），请求被拒绝`
}
