// What the strategy detail's own query asks of the chart, apart from the chart's code: the head
// (first screen) reads it, the chart card (./body, a later chunk on H5) draws it.
import { DEFAULT_PERIOD, periodCode, type Period } from '@/services/periods'
import type {
  PortfolioAcrLineFragment,
  PortfolioBenchmarkLineFragment,
  PortfolioChartFragment,
  PortfolioNavSeriesFragment,
  PortfolioRealMoneyLineFragment,
} from '@/services/generated/graphql'

/** The detail query asks the chart for this period; other tabs ask the history operation of the kind. */
export const DETAIL_PERIOD: Period = DEFAULT_PERIOD
export const DETAIL_RANGE = periodCode(DETAIL_PERIOD)

/**
 * A chart's answer: the NAV series (with the expected line where asked), the default benchmark and
 * the compared one where asked, and for long-win plans the accumulated return and the real-money account.
 */
export type ChartAnswer = Omit<PortfolioChartFragment, 'navHistory'> & {
  navHistory: PortfolioNavSeriesFragment & Partial<Pick<PortfolioChartFragment['navHistory'], 'expectedSeries'>>
  comparing?: PortfolioBenchmarkLineFragment | null
} & Partial<PortfolioAcrLineFragment> &
  Partial<PortfolioRealMoneyLineFragment>
