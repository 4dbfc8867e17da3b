import { PERIOD_NAMES, type PeriodCode } from '@alfa/common/labels'
import type { PeriodReturnsFieldsFragment } from './generated/graphql'

/**
 * The app's one period vocabulary: the spec's chart periods (TEN_YEAR, YTD, SETUP, Max) and the
 * shorter spans written the same way. The server writes a period three more ways; PERIODS below is
 * the one table between them, used where a value leaves for the server or comes back from it.
 */
export type Period =
  'ONE_MONTH' | 'THREE_MONTH' | 'SIX_MONTH' | 'ONE_YEAR' | 'THREE_YEAR' | 'FIVE_YEAR' | 'TEN_YEAR' | 'YTD' | 'SETUP' | 'Max'

type ReturnsField = Exclude<keyof PeriodReturnsFieldsFragment, 'asOf'>

/**
 * Each period at the server's edge: `code`, its range and period arguments and a period return's
 * `period` ('1M'); for the periods fund statistics cover, `fundPeriod`, the FundPeriod of the filter's
 * conditions and sort ('M1'), and `field`, the FundPeriodReturns field ('m1').
 */
const PERIODS = {
  ONE_MONTH: { code: '1M', fundPeriod: 'M1', field: 'm1' },
  THREE_MONTH: { code: '3M', fundPeriod: 'M3', field: 'm3' },
  SIX_MONTH: { code: '6M', fundPeriod: 'M6', field: 'm6' },
  ONE_YEAR: { code: '1Y', fundPeriod: 'Y1', field: 'y1' },
  THREE_YEAR: { code: '3Y', fundPeriod: 'Y3', field: 'y3' },
  FIVE_YEAR: { code: '5Y' },
  TEN_YEAR: { code: 'TEN_YEAR' },
  YTD: { code: 'YTD', fundPeriod: 'YTD', field: 'ytd' },
  SETUP: { code: 'SETUP' },
  Max: { code: 'Max' },
} as const satisfies Record<Period, { code: PeriodCode; fundPeriod?: string; field?: ReturnsField }>

/** The periods fund statistics cover (filter conditions and sort, period-return columns), in order. */
export type ReturnPeriod = { [P in Period]: (typeof PERIODS)[P] extends { fundPeriod: string } ? P : never }[Period]
export type FundPeriod = (typeof PERIODS)[ReturnPeriod]['fundPeriod']

/** Every period, shortest first. */
export const ALL_PERIOD_VALUES = Object.keys(PERIODS) as Period[]

export const RETURN_PERIODS = ALL_PERIOD_VALUES.filter((p): p is ReturnPeriod => 'fundPeriod' in PERIODS[p])

/** The server's code of a period ('1M'). */
export const periodCode = (period: Period): PeriodCode => PERIODS[period].code

/** The Chinese name of a period (近1月). */
export const periodName = (period: Period): string => PERIOD_NAMES[PERIODS[period].code]

/** The filter's FundPeriod of a period ('M1'). */
export const fundPeriodOf = (period: ReturnPeriod): FundPeriod => PERIODS[period].fundPeriod

/** The period of a FundPeriod the server or a saved filter gave. */
export const periodOfFundPeriod = (fundPeriod: FundPeriod): ReturnPeriod =>
  RETURN_PERIODS.find((p) => PERIODS[p].fundPeriod === fundPeriod) ?? 'ONE_YEAR'

/** A period's return among a fund's FundPeriodReturns. */
export const periodReturn = (returns: Pick<PeriodReturnsFieldsFragment, ReturnsField>, period: ReturnPeriod): string | null =>
  returns[PERIODS[period].field]

/** The period a chart shows first (and the strategy detail's query asks for with the head). */
export const DEFAULT_PERIOD: Period = 'ONE_YEAR'
