import type { ComponentType } from 'react'
import { lazyPart } from '@/components/LazyPart/index.h5'
import type { FigureBasisSheetProps } from '@/features/basis'

/**
 * H5: the fund detail's body (the NAV chart, the cards below it, the pick bar) in a chunk of its
 * own, asked for when the head renders: the first screen's JS is the head's (ARCHITECTURE.md
 * section 7, at most 120 KB gzipped before the first paint).
 */
export const FundDetailBody = lazyPart(
  () => import(/* webpackChunkName: "fund-detail-body" */ './FundDetailBody'),
  'alfa-fund-body-pending',
)

/** The 口径 sheet the head's 日涨跌幅 opens: in the body's chunk (the first screen's JS stays the head's). */
export const FigureBasisSheet = lazyPart<FigureBasisSheetProps>(
  () =>
    import(/* webpackChunkName: "fund-detail-body" */ '@/features/basis').then((m) => ({
      default: m.FigureBasisSheet as ComponentType<FigureBasisSheetProps>,
    })),
  'alfa-fund-basis-pending',
)
