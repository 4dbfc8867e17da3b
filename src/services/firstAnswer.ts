/**
 * Mini-programs: no page HTML, so no first answer inside it (H5: firstAnswer.h5.ts).
 * @param _query the query text
 * @param _variables its variables
 */
export function takeFirstAnswer(_query: string, _variables: Record<string, unknown>): unknown {
  return null
}
