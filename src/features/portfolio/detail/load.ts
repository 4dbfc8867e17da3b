import { execute } from '@/services/graphql'
import {
  InvestPlanDocument,
  LongwinDocument,
  PortfolioDocument,
  type InvestPlanQuery,
  type LongwinQuery,
  type PortfolioChartFragment,
  type PortfolioQuery,
} from '@/services/generated/graphql'
import { user } from '@/services/user'
import { kindOf, kindOfAnswer, rememberKinds, type PortfolioKind } from '../kind'

type Ordinary = NonNullable<PortfolioQuery['portfolio']>
type LongWin = NonNullable<LongwinQuery['portfolio']>
type Plan = NonNullable<InvestPlanQuery['portfolio']>

/** The chart part comes later in the same response (@defer): absent until it arrives. */
type Deferred = Partial<PortfolioChartFragment>

/** A strategy's first screen, whichever branch answered it. */
export type PortfolioDetail =
  ({ kind: 'ordinary' } & Ordinary & Deferred) | ({ kind: 'longWin' } & LongWin & Deferred) | ({ kind: 'investPlan' } & Plan & Deferred)

function ask(kind: PortfolioKind, poCode: string, range: string, onData: (p: Record<string, unknown> | null) => void) {
  const needQueryHolding = user.isLogin
  const pick = (d: { portfolio: unknown }) => onData((d.portfolio as Record<string, unknown> | null) ?? null)
  if (kind === 'longWin') return execute(LongwinDocument, { poCode, needQueryHolding, range }, { onData: pick }).then((d) => d.portfolio)
  if (kind === 'investPlan')
    return execute(InvestPlanDocument, { poCode, needQueryHolding, range }, { onData: pick }).then((d) => d.portfolio)
  return execute(PortfolioDocument, { poCode, range }, { onData: pick }).then((d) => d.portfolio)
}

/**
 * Loads the strategy's first screen in one round trip: the kind known for the code picks the
 * branch (Portfolio, Longwin or InvestPlan); the chart part arrives later in the same response.
 * When the answer shows another kind (a first visit to a long-win plan by a shared link), the
 * kind is remembered and the right branch asked once more. Null: no such strategy on this brand.
 */
export async function loadPortfolioDetail(
  poCode: string,
  range: string,
  progress: (partial: PortfolioDetail) => void,
): Promise<PortfolioDetail | null> {
  let asked = kindOf(poCode)
  for (let attempt = 0; ; attempt++) {
    const branch = asked
    const shown = (p: Record<string, unknown> | null) => {
      if (p && kindOfAnswer(p) === branch) progress({ ...p, kind: branch } as PortfolioDetail)
    }
    const p = await ask(branch, poCode, range, shown)
    if (!p) return null
    rememberKinds([p])
    asked = kindOfAnswer(p)
    // A second mismatch cannot happen (the kind comes from the answer); shown as it came, it stays usable.
    if (asked === branch || attempt === 1) return { ...p, kind: asked } as PortfolioDetail
  }
}
