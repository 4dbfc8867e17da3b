import { execute } from '@/services/graphql'
import {
  InvestPlanDocument,
  LongwinDocument,
  PortfolioDocument,
  type InvestPlanQuery,
  type LongwinQuery,
  type PortfolioQuery,
} from '@/services/generated/graphql'
import { user } from '@/services/user'
import type { ChartAnswer } from './ChartCard'
import { askByKind, type KindFields, type PortfolioKind } from '../kind'

type Ordinary = NonNullable<PortfolioQuery['portfolio']>
type LongWin = NonNullable<LongwinQuery['portfolio']>
type Plan = NonNullable<InvestPlanQuery['portfolio']>

/** The chart part comes later in the same response (@defer): absent until it arrives. */
type Deferred = Partial<ChartAnswer>

/** A strategy's first screen, whichever branch answered it. */
export type PortfolioDetail =
  ({ kind: 'ordinary' } & Ordinary & Deferred) | ({ kind: 'longWin' } & LongWin & Deferred) | ({ kind: 'investPlan' } & Plan & Deferred)

function ask(kind: PortfolioKind, poCode: string, range: string, onData: (p: Record<string, unknown> | null) => void) {
  const needQueryHolding = user.isLogin
  const pick = (d: { portfolio: unknown }) => onData((d.portfolio as Record<string, unknown> | null) ?? null)
  const answer = (d: { portfolio: unknown }) => (d.portfolio as KindFields | null) ?? null
  if (kind === 'longWin') return execute(LongwinDocument, { poCode, needQueryHolding, range }, { onData: pick }).then(answer)
  if (kind === 'investPlan') return execute(InvestPlanDocument, { poCode, needQueryHolding, range }, { onData: pick }).then(answer)
  return execute(PortfolioDocument, { poCode, range }, { onData: pick }).then(answer)
}

/**
 * Loads the strategy's first screen in one round trip: the kind known for the code picks the
 * branch (Portfolio, Longwin or InvestPlan); the chart part arrives later in the same response.
 * Null: no such strategy on this brand.
 */
export async function loadPortfolioDetail(
  poCode: string,
  range: string,
  progress: (partial: PortfolioDetail) => void,
): Promise<PortfolioDetail | null> {
  const got = await askByKind<KindFields>(
    poCode,
    (kind, onData) => ask(kind, poCode, range, (p) => onData(p as KindFields | null)),
    (partial, kind) => progress({ ...partial, kind } as PortfolioDetail),
  )
  return got ? ({ ...got.answer, kind: got.kind } as PortfolioDetail) : null
}
