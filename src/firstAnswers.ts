// The public first-screen queries the server answers inside the page's HTML on H5 (common/firstAnswer.ts).
// Read by the build (config/plugins/first-answers.ts), which writes them beside index.html with the
// route table's browser paths; the app itself does not import this table.
import type { FirstAnswerRow } from '@alfa/common/firstAnswer'
import { FundDetailDocument } from './services/generated/documents/FundDetailDocument'
import { routes, type RouteName } from './routes'

interface FirstAnswerSpec {
  /** The screens whose first query this is. */
  routes: readonly RouteName[]
  /** The query exactly as the screen asks it (its text is compared by the app). */
  document: { toString(): string }
  operationName: string
  /** Each variable's route parameter. */
  variables: Record<string, string>
}

// FundDetail: the fund's own figures, the same for every visitor (no user field, no brand).
const SPECS: readonly FirstAnswerSpec[] = [
  { routes: ['fund', 'fundEntry'], document: FundDetailDocument, operationName: 'FundDetail', variables: { fundCode: 'fundCode' } },
]

/** The rows of first-answers.json. */
export function firstAnswerRows(): FirstAnswerRow[] {
  return SPECS.map((s) => ({
    paths: s.routes.flatMap((r) => [...routes[r].h5]),
    operationName: s.operationName,
    query: s.document.toString(),
    variables: s.variables,
  }))
}
