import { lazyPart } from '@/components/LazyPart/index.h5'

/**
 * H5: the fund detail's body (the NAV chart, the cards below it, the pick bar) in a chunk of its
 * own, asked for when the head renders: the first screen's JS is the head's (ARCHITECTURE.md
 * section 7, at most 120 KB gzipped before the first paint).
 */
export const FundDetailBody = lazyPart(
  () => import(/* webpackChunkName: "fund-detail-body" */ './FundDetailBody'),
  'alfa-fund-body-pending',
)
