import type { PortfolioShowcaseFragment } from '@/services/generated/graphql'
import { showcaseRate } from '../Showcases'
import type { HistoryFigure } from './HistoryBasis'

/** The performance showcases computed from the strategy's history: 年化收益, 最大回撤, 成立以来. */
const SHOWCASE_FIGURES: Partial<Record<string, HistoryFigure>> = { annualized: 'annualized', maxDrawdown: 'max', total: 'total' }

/** A stored figure whose 口径 sheet is open, with the rate on screen. */
export interface OpenBasis {
  figure: HistoryFigure
  shown: string | number
}

/** The 口径 a showcase opens (Showcases' onFigure), or null for one not computed from the history. */
export function showcaseBasis(item: PortfolioShowcaseFragment, open: (basis: OpenBasis) => void): (() => void) | null {
  const figure = SHOWCASE_FIGURES[item.key]
  const rate = showcaseRate(item)
  return figure && rate !== null ? () => open({ figure, shown: rate }) : null
}
