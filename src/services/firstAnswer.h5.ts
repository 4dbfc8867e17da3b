import { FIRST_ANSWER_ELEMENT_ID, type FirstAnswer } from '@alfa/common/firstAnswer'

/** How long after the page loaded its first answer may stand in for asking: it was current when the page came. */
export const FIRST_ANSWER_MAX_AGE_MS = 30_000

let done = false

function sameVariables(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = Object.keys(a)
  return keys.length === Object.keys(b).length && keys.every((k) => JSON.stringify(a[k]) === JSON.stringify(b[k]))
}

/**
 * The answer the page's HTML carries (server/src/h5.ts: the screen's first query, public, asked by
 * the server with the page) when it answers exactly this query with these variables; used once,
 * and only in the page's first FIRST_ANSWER_MAX_AGE_MS. Null otherwise: the app asks as always.
 */
export function takeFirstAnswer(query: string, variables: Record<string, unknown>): unknown {
  if (done || typeof document === 'undefined') return null
  const el = document.getElementById(FIRST_ANSWER_ELEMENT_ID)
  const drop = () => {
    done = true
    el?.remove()
    return null
  }
  if (!el) return drop()
  if (typeof performance !== 'undefined' && performance.now() > FIRST_ANSWER_MAX_AGE_MS) return drop()
  let answer: Partial<FirstAnswer>
  try {
    answer = JSON.parse(el.textContent ?? '') as Partial<FirstAnswer>
  } catch {
    return drop()
  }
  // Another question (asked before the screen's own): the answer waits for the screen's.
  if (answer.query !== query || !answer.variables || !sameVariables(answer.variables, variables)) return null
  const data = answer.data ?? null
  drop()
  return data
}
