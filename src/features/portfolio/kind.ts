import { isCustomPlan } from '@/services/brand'
import { expiringStorage } from '@/services/storage'

/**
 * The three kinds of strategy, each with its own query branch (spec section 4): long-win plans
 * (seriesType LONG_WIN / LONG_WIN_S), investment (AP custom) plans on the main brand, and
 * ordinary portfolios.
 */
export type PortfolioKind = 'ordinary' | 'longWin' | 'investPlan'

const KIND_KEY = 'portfolio_kinds'
const KIND_TTL_MS = 30 * 24 * 3600_000
/** Remembered kinds are bounded: the most recent ones are kept. */
const MAX_KINDS = 200

/** The kinds as a tag names them. */
export const KIND_NAMES: Record<PortfolioKind, string> = { ordinary: '策略', longWin: '长赢计划', investPlan: '投资计划' }

/** The kind an answer shows. */
export function kindOfAnswer(p: { seriesType?: string | null; isCustomPlan?: boolean | null }): PortfolioKind {
  if (p.seriesType) return 'longWin'
  return p.isCustomPlan ? 'investPlan' : 'ordinary'
}

function remembered(): Record<string, PortfolioKind> {
  return expiringStorage.get<Record<string, PortfolioKind>>(KIND_KEY) ?? {}
}

/**
 * The kind of a strategy before its first answer: custom plans by their code, other kinds as
 * learnt from an earlier answer (the strategy lists and pages remember every kind they show),
 * ordinary otherwise. A screen whose answer shows another kind remembers it and asks again
 * (only a first visit to a long-win plan by a shared link takes that second round trip).
 */
export function kindOf(poCode: string): PortfolioKind {
  if (isCustomPlan(poCode)) return 'investPlan'
  return remembered()[poCode] ?? 'ordinary'
}

/** Whether the kind of a code is known before an answer: a custom plan by its code, or one an earlier answer showed. */
export function kindKnown(poCode: string): boolean {
  return isCustomPlan(poCode) || poCode in remembered()
}

/** Records the kinds that answers showed. */
export function rememberKinds(list: ReadonlyArray<{ poCode: string; seriesType?: string | null; isCustomPlan?: boolean | null }>): void {
  if (!list.length) return
  const known = remembered()
  let changed = false
  for (const p of list) {
    const kind = kindOfAnswer(p)
    if (known[p.poCode] === kind) continue
    delete known[p.poCode]
    known[p.poCode] = kind
    changed = true
  }
  if (!changed) return
  const entries = Object.entries(known)
  expiringStorage.set(KIND_KEY, Object.fromEntries(entries.slice(-MAX_KINDS)), KIND_TTL_MS)
}

/** What an answer needs to tell its kind. */
export interface KindFields {
  poCode: string
  seriesType?: string | null
  isCustomPlan?: boolean | null
}

/**
 * Asks a strategy query in the branch of its kind, as far as the kind is known before the answer
 * (kindOf). An answer that shows another kind is remembered and asked again in its branch (only a
 * first visit to a long-win plan by a shared link takes that second round trip); partial answers
 * (@defer) reach `progress` only from the right branch. Null: no such strategy on this brand.
 */
export async function askByKind<P extends KindFields>(
  poCode: string,
  ask: (kind: PortfolioKind, onData: (partial: P | null) => void) => Promise<P | null>,
  progress?: (partial: P) => void,
): Promise<P | null> {
  const run = (kind: PortfolioKind) =>
    ask(kind, (partial) => {
      if (partial && progress && kindOfAnswer(partial) === kind) progress(partial)
    })
  const kind = kindOf(poCode)
  const first = await run(kind)
  if (!first) return null
  rememberKinds([first])
  const actual = kindOfAnswer(first)
  return actual === kind ? first : run(actual)
}
