import { kindOf, kindOfAnswer, rememberKinds } from '../kind'

interface Answered {
  poCode: string
  seriesType?: string | null
  isCustomPlan?: boolean | null
}

/**
 * Asks a strategy query in the branch of its kind (long-win plans differ), as far as the kind is
 * known before the answer (kind.ts). An answer that shows the other branch is remembered and asked
 * again (only a first visit to a long-win plan by a shared link takes that second round trip);
 * partial answers (@defer) are passed on only from the right branch.
 */
export async function askByKind<P extends Answered>(
  poCode: string,
  ask: (longWin: boolean, onData: (partial: P | null) => void) => Promise<P | null>,
  progress: (partial: P) => void,
): Promise<P | null> {
  const run = (longWin: boolean) =>
    ask(longWin, (partial) => {
      if (partial && (kindOfAnswer(partial) === 'longWin') === longWin) progress(partial)
    })
  const longWin = kindOf(poCode) === 'longWin'
  const first = await run(longWin)
  if (!first) return null
  rememberKinds([first])
  const answered = kindOfAnswer(first) === 'longWin'
  return answered === longWin ? first : run(answered)
}
