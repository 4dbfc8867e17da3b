/**
 * A page's first-screen answer, sent inside its HTML (H5): the server runs the screen's first
 * query while it answers the page address, so the screen renders without a second round trip.
 * Only public queries (the same answer for every visitor, logged in or not) are answered so.
 */

/** The id of the `<script type="application/json">` element that carries the answer. */
export const FIRST_ANSWER_ELEMENT_ID = 'alfa-first-answer'

/** What the element holds: the exact query text and variables it answers, and the answer's data. */
export interface FirstAnswer {
  query: string
  variables: Record<string, unknown>
  data: unknown
}

/**
 * A row of the build's first-answers.json: the browser paths of the screens whose first query
 * it is, the query, and each variable's route parameter (from the path or the query string).
 */
export interface FirstAnswerRow {
  paths: string[]
  operationName: string
  query: string
  variables: Record<string, string>
}

export const FIRST_ANSWERS_FILE = 'first-answers.json'
