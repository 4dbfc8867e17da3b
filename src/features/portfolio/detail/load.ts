import { execute } from '@/services/graphql'
import {
  InvestPlanDocument,
  LongwinDocument,
  PortfolioDocument,
  type InvestPlanQuery,
  type LongwinQuery,
  type PortfolioQuery,
} from '@/services/generated/graphql'
import type { ChartAnswer } from './chartAnswer'
import { askByKind, kindOfAnswer, type PortfolioKind } from '../kind'
import { needQueryHolding as holdingNeeded, withHoldings } from '../signed'

type Ordinary = NonNullable<PortfolioQuery['portfolio']>
type LongWin = NonNullable<LongwinQuery['portfolio']>
type Plan = NonNullable<InvestPlanQuery['portfolio']>

/** The chart part comes later in the same response (@defer): absent until it arrives. */
type Deferred = Partial<ChartAnswer>

/** A strategy's first screen, whichever branch answered it. */
export type PortfolioDetail =
  ({ kind: 'ordinary' } & Ordinary & Deferred) | ({ kind: 'longWin' } & LongWin & Deferred) | ({ kind: 'investPlan' } & Plan & Deferred)

/**
 * Asks the branch of `kind`; its answer (and each partial one) comes tagged with that kind, which
 * is the one askByKind reports for it.
 */
function ask(
  kind: PortfolioKind,
  poCode: string,
  range: string,
  onData: (p: PortfolioDetail | null) => void,
): Promise<PortfolioDetail | null> {
  const needQueryHolding = holdingNeeded(kind, poCode)
  // A user first seen to have signed gets the holdings asked once more (signed.ts); an answer of
  // another kind is asked again in its own branch, which does it.
  const held = (p: PortfolioDetail | null) => (p && kindOfAnswer(p) === kind ? withHoldings(p, needQueryHolding) : p)
  if (kind === 'longWin') {
    const tag = (d: LongwinQuery): PortfolioDetail | null => (d.portfolio ? { ...d.portfolio, kind: 'longWin' } : null)
    return execute(LongwinDocument, { poCode, needQueryHolding, range }, { onData: (d) => onData(tag(d)) })
      .then(tag)
      .then(held)
  }
  if (kind === 'investPlan') {
    const tag = (d: InvestPlanQuery): PortfolioDetail | null => (d.portfolio ? { ...d.portfolio, kind: 'investPlan' } : null)
    return execute(InvestPlanDocument, { poCode, needQueryHolding, range }, { onData: (d) => onData(tag(d)) })
      .then(tag)
      .then(held)
  }
  const tag = (d: PortfolioQuery): PortfolioDetail | null => (d.portfolio ? { ...d.portfolio, kind: 'ordinary' } : null)
  return execute(PortfolioDocument, { poCode, needQueryHolding, range }, { onData: (d) => onData(tag(d)) })
    .then(tag)
    .then(held)
}

/**
 * Loads the strategy's first screen in one round trip: the kind known for the code picks the
 * branch (Portfolio, Longwin or InvestPlan); the chart part arrives later in the same response.
 * Null: no such strategy on this brand.
 */
export function loadPortfolioDetail(
  poCode: string,
  range: string,
  progress: (partial: PortfolioDetail) => void,
): Promise<PortfolioDetail | null> {
  return askByKind<PortfolioDetail>(poCode, (kind, onData) => ask(kind, poCode, range, onData), progress)
}
