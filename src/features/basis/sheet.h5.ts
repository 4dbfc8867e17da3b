import { lazyPart } from '@/components/LazyPart/index.h5'
import type { FigureBasisSheetProps } from './FigureBasisSheet'

/**
 * H5: the 口径 sheet in a chunk of its own, loaded when a figure is first tapped: the pages that offer
 * it (fund and strategy details, comparison, performance) do not carry it in their first screen's JS.
 */
export const FigureBasisSheet = lazyPart<FigureBasisSheetProps>(
  () => import(/* webpackChunkName: "basis-sheet" */ './FigureBasisSheet').then((m) => ({ default: m.FigureBasisSheet })),
  'alfa-basis-pending',
)
