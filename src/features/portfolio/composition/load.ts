import { askByKind, type KindFields } from '../kind'

/**
 * Asks a strategy query in the branch of its kind (long-win plans differ): kind.ts askByKind with
 * a long-win or other branch.
 */
export const askLongWinOrNot = <P extends KindFields>(
  poCode: string,
  ask: (longWin: boolean, onData: (partial: P | null) => void) => Promise<P | null>,
  progress: (partial: P) => void,
): Promise<P | null> => askByKind<P>(poCode, (kind, onData) => ask(kind === 'longWin', onData), progress).then((got) => got?.answer ?? null)
